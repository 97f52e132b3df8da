import { useTranslation } from 'react-i18next';
import { useGetJobsQuery } from '../../../api/areas/jobs';
import type { Job } from '../../../api/generated/historian.gen';
import { JobStateBadge } from '../../../components/StatusIcon/JobStateBadge';
import { formatRunTime } from './taskSchedulerRules';

/** How many runs the editor shows; the jobs panel has them all. */
const SHOWN = 5;
/** The runs change while they run: read again this often. */
const POLL_MS = 5_000;

function RunDetail({ job }: { job: Job }) {
  const { t, i18n } = useTranslation();
  if (job.State === 'running') return <>{t('task_schedulers.recent_runs.progress', { percent: new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(job.Progress) })}</>;
  if (job.State === 'failed' && job.Error) return <span className="task-scheduler-run-error">{job.Error}</span>;
  const files = job.Result?.Files;
  if (job.State === 'done' && Array.isArray(files)) return <>{t('task_schedulers.recent_runs.files', { count: files.length })}</>;
  return null;
}

/** The last runs of a stored scheduler (its jobs, GET /jobs?TaskSchedulerUUID=), newest first. */
export function RecentRuns({ schedulerUuid, timezone }: { schedulerUuid: string; timezone: string }) {
  const { t, i18n } = useTranslation();
  const { data, error } = useGetJobsQuery({ taskSchedulerUuid: schedulerUuid, limit: SHOWN }, { pollingInterval: POLL_MS });
  let body;
  if (error) body = <p role="alert">{t('task_schedulers.recent_runs.error')}</p>;
  else if (!data) body = <p role="status">{t('app.loading')}</p>;
  else if (data.length === 0) body = <p className="muted">{t('task_schedulers.recent_runs.none')}</p>;
  else {
    body = (
      <ul className="task-scheduler-recent-runs">
        {data.map((job) => (
          <li key={job.UUID}>
            <JobStateBadge state={job.State} />
            <time dateTime={job.CreatedAt}>{formatRunTime(job.CreatedAt, timezone, i18n.language)}</time>
            <span className="muted">{t('task_schedulers.recent_runs.by', { name: job.CreatedByName })}</span>
            <RunDetail job={job} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className="schedule-preview" aria-labelledby="recent-runs-title">
      <h2 id="recent-runs-title">{t('task_schedulers.recent_runs.title')}</h2>
      {body}
    </section>
  );
}
