import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { useCancelJobMutation, useGetJobQuery } from '../../api/areas/jobs';
import type { Job } from '../../api/generated/historian.gen';
import { hasEnded } from '../../lib/jobRules';
import { jobStarted } from '../../state/jobsPanel';

const JOB_POLL_MS = 1000;
export const DAY_MS = 86_400_000;

/** An epoch time as the value of a datetime-local input (local time, to the minute). */
export function toLocalInput(time: number): string {
  const date = new Date(time - new Date(time).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 16);
}

export interface JobRange {
  /** ISO times of the range's ends. */
  Start: string;
  End: string;
}

/** What a start mutation answers (RTK Query's result of a job-starting endpoint). */
export type JobStartAnswer = { data: { JobUUID: string }; error?: undefined } | { data?: undefined; error: unknown };

export interface UseRangeJobOptions {
  /** The clock; the range opens as the last day to the minute. */
  now: () => number;
  /** The longest range allowed; unlimited when absent. */
  maxRangeMs?: number;
  /** Starts the job over the range (a dry run or for real). */
  start: (range: JobRange, dryRun: boolean) => Promise<JobStartAnswer>;
}

/**
 * A range, checked, and the job that a dry run or an apply over it starts: started through the
 * caller's mutation, followed in the jobs panel, and polled through the jobs area until it ends.
 */
export function useRangeJob({ now, maxRangeMs, start }: UseRangeJobOptions) {
  const dispatch = useDispatch();
  const [range, setRange] = useState(() => {
    const end = Math.floor(now() / 60_000) * 60_000;
    return { start: toLocalInput(end - DAY_MS), end: toLocalInput(end) };
  });
  const [job, setJob] = useState<{ uuid: string; dryRun: boolean } | null>(null);
  const [cancelJob, cancelState] = useCancelJobMutation();
  const [ended, setEnded] = useState(false);
  const polled = useGetJobQuery({ id: job?.uuid ?? '' }, { skip: job === null, pollingInterval: ended ? 0 : JOB_POLL_MS });
  // The answer of an earlier job is not this one's.
  const current: Job | undefined = polled.data && polled.data.UUID === job?.uuid ? polled.data : undefined;
  const jobEnded = current !== undefined && hasEnded(current);
  if (jobEnded !== ended) setEnded(jobEnded);

  const startMs = new Date(range.start).getTime();
  const endMs = new Date(range.end).getTime();
  const rangeValid = !Number.isNaN(startMs) && !Number.isNaN(endMs) && startMs < endMs && (maxRangeMs === undefined || endMs - startMs <= maxRangeMs);
  const running = job !== null && !ended;

  const run = async (dryRun: boolean) => {
    if (!rangeValid) return;
    setEnded(false);
    const answer = await start({ Start: new Date(startMs).toISOString(), End: new Date(endMs).toISOString() }, dryRun);
    if (!answer.error && answer.data) {
      setJob({ uuid: answer.data.JobUUID, dryRun });
      dispatch(jobStarted(answer.data.JobUUID));
    }
  };
  const cancel = () => {
    if (job) void cancelJob({ id: job.uuid });
  };

  return {
    range,
    setRange,
    rangeValid,
    job,
    current,
    ended,
    running,
    dryDone: job?.dryRun === true && current?.State === 'done',
    applied: job?.dryRun === false && current?.State === 'done',
    run,
    cancel,
    canceling: cancelState.isLoading || current?.CancelRequested === true,
  };
}

export type RangeJob = ReturnType<typeof useRangeJob>;
