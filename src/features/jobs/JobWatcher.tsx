import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { jobsApi, tagsChangedByJob, useGetJobsQuery } from '../../api/areas/jobs';
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
 * What an ended job changed (tagsChangedByJob) is fetched again, so lists show its work.
 */
export function JobWatcher() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const userId = useAppSelector((state) => state.session.userId);
  const started = useAppSelector((state) => state.jobsPanel.started);
  const known = useAppSelector(selectKnownActiveJobs);
  // Every job of the user's seen pending or running since the last poll, by this watcher or by
  // another list (the panel, the home tile): one may have ended between two polls.
  const [toCheck, setToCheck] = useState<string[]>([]);
  const told = useRef(new Set<string>());
  const skip = started.length === 0 && known === '' && toCheck.length === 0;
  const { data, fulfilledTimeStamp } = useGetJobsQuery({ mine: true, states: WATCHED, limit: 100 }, { skip, pollingInterval: POLL_MS });

  useEffect(() => {
    const seen = known.split(',').filter(Boolean);
    if (seen.length > 0) setToCheck((before) => [...new Set([...before, ...seen])]);
  }, [known]);

  const checkRef = useRef(toCheck);
  checkRef.current = toCheck;
  const startedRef = useRef(started);
  startedRef.current = started;

  useEffect(() => {
    if (!data) return;
    const active = data.map((job) => job.UUID);
    const gone = [...new Set([...checkRef.current, ...startedRef.current])].filter((uuid) => !active.includes(uuid) && !told.current.has(uuid));
    setToCheck(active);
    for (const uuid of gone) {
      void dispatch(jobsApi.endpoints.getJob.initiate({ id: uuid }, { subscribe: false, forceRefetch: true }))
        .unwrap()
        .then((job) => {
          if (hasEnded(job) && !told.current.has(uuid)) {
            told.current.add(uuid);
            const changed = tagsChangedByJob(job.Type);
            if (changed.length > 0) dispatch(jobsApi.util.invalidateTags(changed));
            if (job.CreatedByUUID === userId) dispatch(toastShown(endToast(job, jobTypeLabel(t, job.Type))));
          }
          if (job.State !== 'pending' && job.State !== 'running') dispatch(jobEndTold(uuid));
        })
        .catch(() => dispatch(jobEndTold(uuid)));
    }
    // The answer's time, not its content: an unchanged list that came again is looked at again.
  }, [data, fulfilledTimeStamp, dispatch, t, userId]);

  return null;
}

function endToast(job: Job, type: string): ShowToast {
  const action = { labelKey: 'jobs.toast.show', event: jobsPanelOpened(job.UUID) };
  if (job.State === 'done') return { type: 'success', messageKey: 'jobs.toast.done', values: { type }, action };
  if (job.State === 'failed') return { type: 'danger', messageKey: 'jobs.toast.failed', values: { type, error: job.Error ?? '' }, action };
  return { type: 'info', messageKey: 'jobs.toast.canceled', values: { type }, action };
}
