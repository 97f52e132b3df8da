import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetJobQuery } from '../../../api/areas/jobs';
import { useAppDispatch } from '../../../app/hooks';
import { hasEnded, percentOf } from '../../../lib/jobRules';
import { jobsPanelOpened } from '../../../state/jobsPanel';

// The progress of the plan's apply or undo job (src/features/jobs watches it too and tells its
// end in a toast, also when the user has left the page).

const POLL_MS = 1000;

export interface PlanJobProps {
  jobUuid: string;
  kind: 'apply' | 'undo';
  /** Once, when the job is seen ended. */
  onEnded: () => void;
}

export function PlanJob({ jobUuid, kind, onEnded }: PlanJobProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [ended, setEnded] = useState(false);
  const job = useGetJobQuery({ id: jobUuid }, { pollingInterval: ended ? 0 : POLL_MS });
  const jobEnded = job.data !== undefined && hasEnded(job.data);
  const latestOnEnded = useRef(onEnded);
  latestOnEnded.current = onEnded;
  useEffect(() => {
    if (!jobEnded) return;
    setEnded(true);
    latestOnEnded.current();
  }, [jobEnded]);
  const percent = percentOf(job.data?.Progress ?? 0);
  const running = kind === 'apply' ? t('prototypes.bulk.job.applying') : t('prototypes.bulk.job.undoing');
  return (
    <section className="bulk-job" aria-live="polite" aria-label={running}>
      <div className="bulk-job-line">
        <strong>{job.data?.State === 'done' ? (kind === 'apply' ? t('prototypes.bulk.job.applied') : t('prototypes.bulk.job.undone')) : running}</strong>
        <progress max={100} value={percent} aria-label={t('prototypes.bulk.job.progress')} />
        <span className="bulk-job-percent">{percent} %</span>
        <button type="button" className="bulk-link" onClick={() => dispatch(jobsPanelOpened(jobUuid))}>
          {t('prototypes.bulk.job.open_panel')}
        </button>
      </div>
      {job.data?.ProgressMessage && !ended && <span className="muted">{job.data.ProgressMessage}</span>}
      {job.data?.State === 'done' && (
        <p className="bulk-job-done">
          <CircleCheck size={16} aria-hidden="true" focusable="false" />
          {kind === 'apply' ? t('prototypes.bulk.job.applied_text') : t('prototypes.bulk.job.undone_text')}
        </p>
      )}
      {job.data?.State === 'failed' && <p className="form-error">{t('prototypes.bulk.job.failed', { error: job.data.Error ?? '' })}</p>}
      {job.data?.State === 'canceled' && <p className="form-error">{t('prototypes.bulk.job.canceled')}</p>}
    </section>
  );
}
