// Job states (SPEC §3) and the transitions between them (DOMAIN.md §8). A retry is a new job, so
// nothing leaves done, failed or canceled. "paused → running" goes through pending: a resumed job
// waits for a runner like a new one, and continues from its checkpoint.

export const JOB_STATES = ['pending', 'paused', 'running', 'done', 'failed', 'canceled'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const TRANSITIONS: Readonly<Record<JobState, readonly JobState[]>> = {
  pending: ['running', 'canceled'],
  running: ['paused', 'done', 'failed', 'canceled', 'pending'],
  paused: ['pending', 'canceled'],
  done: [],
  failed: [],
  canceled: [],
};

export const FINISHED_STATES: readonly JobState[] = ['done', 'failed', 'canceled'];

export function canTransition(from: JobState, to: JobState): boolean {
  return TRANSITIONS[from].includes(to);
}

export const isJobState = (value: string): value is JobState => (JOB_STATES as readonly string[]).includes(value);

/** The error of a job that was running when its server stopped and cannot continue from a checkpoint. */
export const INTERRUPTED_ERROR = 'interrupted: the server stopped while it ran';
