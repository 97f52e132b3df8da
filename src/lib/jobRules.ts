import type { Job, JobState } from '../api/generated/historian.gen';

// What the jobs panel shows and offers for a job, from its state (DOMAIN.md §8). The server
// decides again; these only keep buttons away that could not succeed.

export const ACTIVE_STATES: readonly JobState[] = ['pending', 'running'];
export const ENDED_STATES: readonly JobState[] = ['done', 'failed', 'canceled'];

/** A job whose progress moves: the panel and the watcher poll while one is listed. */
export const isActive = (job: Pick<Job, 'State'>) => ACTIVE_STATES.includes(job.State);
export const hasEnded = (job: Pick<Job, 'State'>) => ENDED_STATES.includes(job.State);

export interface JobActions {
  pause: boolean;
  resume: boolean;
  cancel: boolean;
}

/** pending → canceled; running → paused (resumable types) | canceled; paused → running | canceled. */
export function jobActions(job: Pick<Job, 'State' | 'Pausable' | 'PauseRequested' | 'CancelRequested'>): JobActions {
  const stopping = job.CancelRequested || job.PauseRequested;
  return {
    pause: job.State === 'running' && job.Pausable && !stopping,
    resume: job.State === 'paused',
    cancel: (job.State === 'pending' || job.State === 'paused' || job.State === 'running') && !job.CancelRequested,
  };
}

/** 0.42 → 42 (whole per cent, never above 100). */
export const percentOf = (progress: number) => Math.min(100, Math.max(0, Math.floor(progress * 100)));
