import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import { useGetTaskSchedulerPreviewQuery } from '../../../api/areas/taskSchedulers';
import { useDebounced } from '../../../lib/useDebounced';
import type { TaskSchedulerOccurrence } from '../../../api/generated/historian.gen';
import { useFormErrors } from '../../../components/form/useFormErrors';
import { formatRunTime, formatTimeIn, formatWallTime } from './taskSchedulerRules';

/** How long typing pauses before the preview is asked for. */
export const PREVIEW_DELAY_MS = 400;
const PREVIEW_COUNT = 10;

interface SchedulePreviewProps {
  rule: string;
  timezone: string;
  /** The server's field errors of the rule and zone, for the form to show on those fields. */
  onErrors: (errors: Record<string, string[]>) => void;
}

function DstNote({ occurrence, timezone }: { occurrence: TaskSchedulerOccurrence; timezone: string }) {
  const { t, i18n } = useTranslation();
  if (occurrence.Dst === 'none') return null;
  const wall = formatWallTime(occurrence.Local, i18n.language);
  const text =
    occurrence.Dst === 'gap'
      ? t('task_schedulers.preview.gap', { wall, actual: formatTimeIn(occurrence.At, timezone, i18n.language) })
      : t('task_schedulers.preview.overlap', { wall });
  return (
    <span className="schedule-preview-dst">
      <TriangleAlert size={16} aria-hidden="true" />
      {text}
    </span>
  );
}

/**
 * The next ten runs of the rule being edited, before it is saved, each flagged when daylight
 * saving time moves it (DOMAIN §8): a wall time that does not exist that day, or one that happens twice.
 */
export function SchedulePreview({ rule, timezone, onErrors }: SchedulePreviewProps) {
  const { t, i18n } = useTranslation();
  const formErrors = useFormErrors();
  const asked = useDebounced({ rule: rule.trim(), timezone }, PREVIEW_DELAY_MS);
  const skip = asked.rule === '' || asked.timezone === '';
  const { currentData, data: lastData, error, isFetching } = useGetTaskSchedulerPreviewQuery({ rRule: asked.rule, timezone: asked.timezone, count: PREVIEW_COUNT }, { skip });
  // While a changed rule is asked for, the runs of the last one stay (marked busy).
  const data = currentData ?? (isFetching ? lastData : undefined);
  const errors = error && !skip ? formErrors(error, ['RRule', 'Timezone']) : null;
  const errorKey = JSON.stringify(errors ?? {});

  useEffect(() => {
    onErrors(JSON.parse(errorKey));
  }, [errorKey, onErrors]);

  const flagged = data?.Occurrences.filter((occurrence) => occurrence.Dst !== 'none').length ?? 0;
  let body;
  if (skip) body = <p className="muted">{t('task_schedulers.preview.empty_rule')}</p>;
  else if (errors) body = <p role="alert">{t('task_schedulers.preview.invalid')}</p>;
  else if (!data) body = <p role="status">{t('app.loading')}</p>;
  else if (data.Occurrences.length === 0) body = <p>{t('task_schedulers.preview.none')}</p>;
  else {
    body = (
      <ol className="schedule-preview-list">
        {data.Occurrences.map((occurrence) => (
          <li key={occurrence.At} className={occurrence.Dst === 'none' ? undefined : 'schedule-preview-flagged'}>
            <time dateTime={occurrence.At}>{formatRunTime(occurrence.At, asked.timezone, i18n.language)}</time>
            <DstNote occurrence={occurrence} timezone={asked.timezone} />
          </li>
        ))}
      </ol>
    );
  }
  return (
    <section className="schedule-preview" aria-labelledby="schedule-preview-title" aria-busy={isFetching || undefined}>
      <h2 id="schedule-preview-title">{t('task_schedulers.preview.title')}</h2>
      {data && flagged > 0 && !errors && (
        <p className="schedule-preview-summary">
          <TriangleAlert size={16} aria-hidden="true" />
          {t('task_schedulers.preview.flagged', { count: flagged })}
        </p>
      )}
      {body}
    </section>
  );
}
