import { CircleAlert, Info, TriangleAlert } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetEventConfigurationLogsQuery } from '../../../api/areas/eventConfigurations';
import type { EventLogLevel } from '../../../api/generated/historian.gen';
import { logLineText } from './logLines';

const LEVELS: readonly EventLogLevel[] = ['info', 'warning', 'error'];
/** The server keeps at most 1,000 lines per configuration: one page holds them all. */
const LINES = 1000;
const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;

function LevelIcon({ level }: { level: EventLogLevel }) {
  if (level === 'error') return <CircleAlert {...ICON} className="evcfg-level-error" />;
  if (level === 'warning') return <TriangleAlert {...ICON} className="evcfg-level-warning" />;
  return <Info {...ICON} className="evcfg-level-info" />;
}

/** A configuration's log, newest first, filtered by level, each code in words with its values. */
export function ConfigurationLog({ configurationUuid }: { configurationUuid: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [level, setLevel] = useState<EventLogLevel | ''>('');
  const { data, error, isLoading, refetch, isFetching } = useGetEventConfigurationLogsQuery({ id: configurationUuid, limit: LINES, levels: level ? [level] : undefined });
  const time = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }), [i18n.language]);
  const formatTime = (iso: string) => (Number.isNaN(new Date(iso).getTime()) ? iso : time.format(new Date(iso)));
  const lines = useMemo(() => [...(data ?? [])].sort((a, b) => b.At.localeCompare(a.At) || b.ID - a.ID), [data]);
  const levelLabel = (value: EventLogLevel) => (value === 'error' ? t('events.log.levels.error') : value === 'warning' ? t('events.log.levels.warning') : t('events.log.levels.info'));
  return (
    <section className="evcfg-log" aria-label={t('events.log.title')} aria-busy={isFetching || undefined}>
      <div className="evcfg-log-toolbar">
        <label htmlFor={`${id}-level`}>{t('events.log.level')}</label>
        <select id={`${id}-level`} value={level} onChange={(event) => setLevel(LEVELS.find((value) => value === event.target.value) ?? '')}>
          <option value="">{t('events.log.all_levels')}</option>
          {LEVELS.map((value) => (
            <option key={value} value={value}>
              {levelLabel(value)}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => void refetch()}>
          {t('events.log.refresh')}
        </button>
      </div>
      {isLoading ? (
        <p role="status">{t('table.loading')}</p>
      ) : error ? (
        <p role="alert">{t('events.configurations.load_failed')}</p>
      ) : lines.length === 0 ? (
        <p className="muted">{t('events.log.empty')}</p>
      ) : (
        <ol className="evcfg-log-lines">
          {lines.map((line) => (
            <li key={line.ID} className={`evcfg-log-line evcfg-log-${line.Level}`}>
              <LevelIcon level={line.Level} />
              <span className="visually-hidden">{levelLabel(line.Level)}</span>
              <time dateTime={line.At}>{formatTime(line.At)}</time>
              <span className="evcfg-log-text">{logLineText(t, line, formatTime)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
