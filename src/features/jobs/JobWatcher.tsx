import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { jobsApi, useGetJobsQuery } from '../../api/areas/jobs';
import type { Job, JobState } from '../../api/generated/historian.gen';
import { jobTypeLabel } from '../../lib/jobLabels';
import { hasEnded } from '../../lib/jobRules';
import { jobEndTold, jobsPanelOpened } from '../../state/jobsPanel';
import { selectKnownActiveJobs } from '../../state/jobsWatch';
import { toastShown, type ShowToast } from '../../state/toasts';

const WATCHED: JobState[] = ['pending', 'running'];
const POLL_MS = 2000;

/**
 * Tells the user in a toast when a job they started ends (done, failed or canceled), with a link
 * that opens the jobs panel on it. It polls the user's pending and running jobs only while there
 * are some to watch (state/jobsWatch.ts), and asks for each one that left that list how it ended.
 */
export function JobWatcher() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const userId = useAppSelector((state) => state.session.userId);
  const started = useAppSelector((state) => state.jobsPanel.started);
  const known = useAppSelector(selectKnownActiveJobs);
  const knownRef = useRef(known);
  knownRef.current = known;
  const watched = useRef(new Set<string>());
  const told = useRef(new Set<string>());
  const skip = started.length === 0 && known === '' && watched.current.size === 0;
  const { data, fulfilledTimeStamp } = useGetJobsQuery({ mine: true, states: WATCHED, limit: 100 }, { skip, pollingInterval: POLL_MS });

  useEffect(() => {
    if (!data) return;
    const active = new Set(data.map((job) => job.UUID));
    // Also the jobs another list showed running: one may have ended between two of these polls.
    const candidates = new Set([...watched.current, ...started, ...knownRef.current.split(',').filter(Boolean)]);
    const gone = [...candidates].filter((uuid) => !active.has(uuid) && !told.current.has(uuid));
    watched.current = active;
    for (const uuid of gone) {
      void dispatch(jobsApi.endpoints.getJob.initiate({ id: uuid }, { subscribe: false, forceRefetch: true }))
        .unwrap()
        .then((job) => {
          if (hasEnded(job) && !told.current.has(uuid)) {
            told.current.add(uuid);
            if (job.CreatedByUUID === userId) dispatch(toastShown(endToast(job, jobTypeLabel(t, job.Type))));
          }
          if (job.State !== 'pending' && job.State !== 'running') dispatch(jobEndTold(uuid));
        })
        .catch(() => dispatch(jobEndTold(uuid)));
    }
    // The answer's time, not its content: an unchanged list that came again is looked at again.
  }, [data, fulfilledTimeStamp, started, dispatch, t, userId]);

  return null;
}

function endToast(job: Job, type: string): ShowToast {
  const action = { labelKey: 'jobs.toast.show', event: jobsPanelOpened(job.UUID) };
  if (job.State === 'done') return { type: 'success', messageKey: 'jobs.toast.done', values: { type }, action };
  if (job.State === 'failed') return { type: 'danger', messageKey: 'jobs.toast.failed', values: { type, error: job.Error ?? '' }, action };
  return { type: 'info', messageKey: 'jobs.toast.canceled', values: { type }, action };
}
