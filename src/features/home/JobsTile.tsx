import { ListChecks, Workflow } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { useGetJobsQuery } from '../../api/areas/jobs';
import type { JobState } from '../../api/generated/historian.gen';
import { JobStateBadge } from '../../components/StatusIcon/JobStateBadge';
import { jobTypeLabel } from '../../lib/jobLabels';
import { isActive, percentOf } from '../../lib/jobRules';
import { jobsPanelOpened } from '../../state/jobsPanel';
import { Tile } from './HealthTiles';
import { formatNumber } from './homeFormat';
import { HOME_POLL_MS } from './useHomeData';

const UNFINISHED: JobState[] = ['pending', 'running', 'paused'];
const SHOWN = 3;

/** The jobs of the organization the user may see that have not ended, and the way to all of them (the jobs panel). */
export function JobsTile() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { data, isError } = useGetJobsQuery({ states: UNFINISHED, limit: 20 });
  const live = (data ?? []).some(isActive);
  // Progress moves every second or so while a job runs; otherwise the home page's own pace.
  useGetJobsQuery({ states: UNFINISHED, limit: 20 }, { pollingInterval: live ? 2000 : HOME_POLL_MS, skipPollingIfUnfocused: true });
  const jobs = data ?? [];

  return (
    <Tile id="jobs" title={t('home.tiles.jobs.title')} icon={<Workflow aria-hidden="true" size={18} />} tone={jobs.some((job) => job.State === 'running') ? 'good' : 'neutral'}>
      {isError && <p className="home-tile-error">{t('home.tiles.jobs.error')}</p>}
      {data && jobs.length === 0 && <p className="muted">{t('home.tiles.jobs.none')}</p>}
      {jobs.length > 0 && (
        <>
          <p className="home-tile-figure">
            <strong>{formatNumber(jobs.length, i18n.language)}</strong> {t('home.tiles.jobs.count', { count: jobs.length })}
          </p>
          <ul className="home-jobs" aria-label={t('home.tiles.jobs.list')}>
            {jobs.slice(0, SHOWN).map((job) => {
              const type = jobTypeLabel(t, job.Type);
              return (
                <li key={job.UUID}>
                  <JobStateBadge state={job.State} /> <span className="home-job-type">{type}</span>
                  <progress max={100} value={percentOf(job.Progress)} aria-label={t('jobs.progress_of', { type })} />
                </li>
              );
            })}
          </ul>
        </>
      )}
      <button type="button" className="home-action" aria-haspopup="dialog" onClick={() => dispatch(jobsPanelOpened())}>
        <ListChecks aria-hidden="true" size={16} /> {t('home.tiles.jobs.show_all')}
      </button>
    </Tile>
  );
}
