import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useGetJobsQuery } from '../../api/areas/jobs';
import { Modal } from '../../components/Modal/Modal';
import { jobsPanelClosed, selectJobsPanel } from '../../state/jobsPanel';
import { isActive } from '../../lib/jobRules';
import { JobItem } from './JobItem';
import './jobs.css';

const SHOWN = 50;

/**
 * The jobs panel: the jobs the user may see in the organization (their own; every one with
 * ReadLogs), newest first, with live progress while any is pending or running.
 */
export function JobsPanel() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { open, focusJobUuid } = useAppSelector(selectJobsPanel);
  const [mineOnly, setMineOnly] = useState(false);
  const mineId = useId();
  const { data, isLoading, isError, refetch } = useGetJobsQuery({ mine: mineOnly || undefined, limit: SHOWN }, { skip: !open });
  const live = (data ?? []).some(isActive);
  // Polls once a second while a job moves; a list of ended jobs is not asked again.
  useGetJobsQuery({ mine: mineOnly || undefined, limit: SHOWN }, { skip: !open || !live, pollingInterval: 1000 });
  const close = () => dispatch(jobsPanelClosed());

  return (
    <Modal open={open} title={t('jobs.panel.title')} onCancel={close} labels={{ cancel: t('jobs.panel.close') }} width="960px" className="jobs-panel">
      <div className="jobs-toolbar">
        <p className="muted">{t('jobs.panel.description')}</p>
        <label htmlFor={mineId} className="jobs-mine">
          <input id={mineId} type="checkbox" checked={mineOnly} onChange={(event) => setMineOnly(event.target.checked)} /> {t('jobs.panel.mine_only')}
        </label>
      </div>
      {isLoading && <p role="status">{t('app.loading')}</p>}
      {isError && (
        <p className="job-error">
          {t('jobs.panel.error')}{' '}
          <button type="button" onClick={() => refetch()}>
            {t('jobs.panel.retry')}
          </button>
        </p>
      )}
      {data && data.length === 0 && <p role="status">{t('jobs.panel.empty')}</p>}
      {data && data.length > 0 && (
        <ul className="jobs-list" aria-label={t('jobs.panel.list')}>
          {data.map((job) => (
            <JobItem key={job.UUID} job={job} initiallyOpen={job.UUID === focusJobUuid} />
          ))}
        </ul>
      )}
    </Modal>
  );
}
