import { ChevronDown, ChevronRight, Pause, Play, Square } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancelJobMutation, usePauseJobMutation, useResumeJobMutation } from '../../api/areas/jobs';
import type { Job } from '../../api/generated/historian.gen';
import { formatDateTime } from '../../lib/intlFormat';
import { jobTypeLabel } from '../../lib/jobLabels';
import { JobLogView } from './JobLogView';
import { hasEnded, isActive, jobActions, percentOf } from '../../lib/jobRules';
import { JobStateBadge } from '../../components/StatusIcon/JobStateBadge';

/** One job of the panel: state, progress, who started it when, its error, its actions and its log. */
export function JobItem({ job, initiallyOpen = false }: { job: Job; initiallyOpen?: boolean }) {
  const { t, i18n } = useTranslation();
  const [logOpen, setLogOpen] = useState(initiallyOpen);
  const [pause, pausing] = usePauseJobMutation();
  const [resume, resuming] = useResumeJobMutation();
  const [cancel, canceling] = useCancelJobMutation();
  const busy = pausing.isLoading || resuming.isLoading || canceling.isLoading;
  const actions = jobActions(job);
  const type = jobTypeLabel(t, job.Type);
  const percent = percentOf(job.Progress);
  const headingId = `job-${job.UUID}`;
  const stopping = job.CancelRequested ? t('jobs.canceling') : job.PauseRequested ? t('jobs.pausing') : null;
  const when = job.FinishedAt ?? job.StartedAt ?? job.CreatedAt;
  const whenKey = job.FinishedAt ? 'jobs.finished_at' : job.StartedAt ? 'jobs.started_at' : 'jobs.created_at';

  return (
    <li className={`job-item job-item-${job.State}`} aria-labelledby={headingId}>
      <div className="job-head">
        <JobStateBadge state={job.State} />
        <h3 id={headingId} className="job-type">
          {type}
        </h3>
        <span className="job-meta muted">
          {t('jobs.started_by', { name: job.CreatedByName })} · {t(whenKey, { time: formatDateTime(when, i18n.language) })}
        </span>
        <div className="job-actions">
          {actions.pause && (
            <button type="button" disabled={busy} onClick={() => pause({ id: job.UUID })}>
              <Pause aria-hidden="true" focusable="false" size={16} /> {t('jobs.actions.pause')}
            </button>
          )}
          {actions.resume && (
            <button type="button" disabled={busy} onClick={() => resume({ id: job.UUID })}>
              <Play aria-hidden="true" focusable="false" size={16} /> {t('jobs.actions.resume')}
            </button>
          )}
          {actions.cancel && (
            <button type="button" disabled={busy} onClick={() => cancel({ id: job.UUID })}>
              <Square aria-hidden="true" focusable="false" size={16} /> {t('jobs.actions.cancel')}
            </button>
          )}
          <button type="button" className="job-log-toggle" aria-expanded={logOpen} onClick={() => setLogOpen(!logOpen)}>
            {logOpen ? <ChevronDown aria-hidden="true" focusable="false" size={16} /> : <ChevronRight aria-hidden="true" focusable="false" size={16} />}{' '}
            {t('jobs.log.title')}
          </button>
        </div>
      </div>
      {!hasEnded(job) && (
        <div className="job-progress">
          <progress max={100} value={percent} aria-label={t('jobs.progress_of', { type })} />
          <span className="job-percent">{t('jobs.percent', { percent })}</span>
          {(stopping ?? job.ProgressMessage) && <span className="muted job-progress-message">{stopping ?? job.ProgressMessage}</span>}
        </div>
      )}
      {job.Error && <p className="job-error">{job.Error}</p>}
      {logOpen && <JobLogView uuid={job.UUID} live={isActive(job)} />}
    </li>
  );
}
