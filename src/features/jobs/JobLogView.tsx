import { useTranslation } from 'react-i18next';
import { useGetJobLogsQuery } from '../../api/areas/jobs';
import { formatDateTime } from '../../lib/intlFormat';

/** A job's log lines, oldest first; polled while the job runs. */
export function JobLogView({ uuid, live }: { uuid: string; live: boolean }) {
  const { t, i18n } = useTranslation();
  const { data, isLoading, isError } = useGetJobLogsQuery({ id: uuid }, { pollingInterval: live ? 2000 : 0 });
  if (isLoading) return <p className="muted">{t('app.loading')}</p>;
  if (isError) return <p className="job-error">{t('jobs.log.error')}</p>;
  if (!data || data.length === 0) return <p className="muted">{t('jobs.log.empty')}</p>;
  return (
    <ol className="job-log" aria-label={t('jobs.log.title')}>
      {data.map((line) => (
        <li key={line.ID} className={`job-log-${line.Level}`}>
          <time dateTime={line.At}>{formatDateTime(line.At, i18n.language)}</time> <span className="job-log-level">{line.Level}</span> {line.Message}
        </li>
      ))}
    </ol>
  );
}
