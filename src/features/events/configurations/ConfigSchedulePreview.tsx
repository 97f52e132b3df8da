import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import { useGetTaskSchedulerPreviewQuery } from '../../../api/areas/taskSchedulers';
import { useDebounced } from '../../../lib/useDebounced';
import { useEventFieldErrors } from './configRules';

// The next starts of a schedule being edited, from the server's recurrence preview (the one the
// task schedulers' editor asks, server/schedulers/recurrence.ts: the same check the rulebook's
// Schedule.Rule and Schedule.Timezone go through), before the configuration is saved.

const PREVIEW_DELAY_MS = 400;
const PREVIEW_COUNT = 5;

export interface ConfigSchedulePreviewProps {
  rule: string;
  timezone: string;
  /** The preview's field errors, on the form's Schedule.Rule and Schedule.Timezone. */
  onErrors: (errors: Record<string, string[]>) => void;
}

export function ConfigSchedulePreview({ rule, timezone, onErrors }: ConfigSchedulePreviewProps) {
  const { t, i18n } = useTranslation();
  const fieldErrors = useEventFieldErrors();
  const asked = useDebounced({ rule: rule.trim(), timezone }, PREVIEW_DELAY_MS);
  const skip = asked.rule === '' || asked.timezone === '';
  const { currentData, error, isFetching } = useGetTaskSchedulerPreviewQuery({ rRule: asked.rule, timezone: asked.timezone, count: PREVIEW_COUNT }, { skip });
  const errors = error && !skip ? fieldErrors(error, ['RRule', 'Timezone']) : null;
  const errorKey = JSON.stringify(errors ?? {});
  useEffect(() => {
    const found: Record<string, string[]> = JSON.parse(errorKey);
    onErrors(Object.fromEntries(Object.entries(found).map(([field, messages]) => [field === 'RRule' ? 'Schedule.Rule' : 'Schedule.Timezone', messages])));
  }, [errorKey, onErrors]);
  const format = useMemo(() => {
    try {
      return new Intl.DateTimeFormat(i18n.language, { weekday: 'short', dateStyle: undefined, year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: asked.timezone || undefined });
    } catch {
      return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    }
  }, [i18n.language, asked.timezone]);

  let body;
  if (skip) body = <p className="muted">{t('events.configurations.preview.empty')}</p>;
  else if (errors) body = <p role="alert">{t('events.configurations.preview.invalid')}</p>;
  else if (!currentData) body = <p role="status">{t('table.loading')}</p>;
  else if (currentData.Occurrences.length === 0) body = <p>{t('events.configurations.preview.none')}</p>;
  else
    body = (
      <ol className="evcfg-preview-list">
        {currentData.Occurrences.map((occurrence) => (
          <li key={occurrence.At}>
            <time dateTime={occurrence.At}>{format.format(new Date(occurrence.At))}</time>
            {occurrence.Dst !== 'none' && (
              <span className="evcfg-preview-dst">
                <TriangleAlert size={14} aria-hidden="true" />
                {t('events.configurations.preview.dst')}
              </span>
            )}
          </li>
        ))}
      </ol>
    );
  return (
    <section className="evcfg-preview" aria-label={t('events.configurations.preview.title')} aria-busy={isFetching || undefined}>
      <h3>{t('events.configurations.preview.title')}</h3>
      {body}
    </section>
  );
}
