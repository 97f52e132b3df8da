import type { Db } from '../db/db';

// The job types this process can run. A feature registers its type once at start (its module's
// top level or the app's start-up), then enqueues jobs of it with enqueueJob (queue.ts).

export interface JobContext {
  /** The app's Db (not a transaction): a job never holds a transaction open while it runs. */
  db: Db;
  job: {
    uuid: string;
    type: string;
    organizationUuid: string;
    payload: unknown;
    createdByUuid: string | null;
    createdByName: string;
    taskSchedulerUuid: string | null;
  };
  /** What the last checkpoint() saved, or null on a first run. */
  checkpointState: unknown;
  progress(fraction: number, message?: string): Promise<void>;
  log(level: 'info' | 'warn' | 'error', message: string): Promise<void>;
  /** Saves state; throws JobInterrupted when pause or cancel was asked (or the server stops). */
  checkpoint(state: unknown): Promise<void>;
  /**
   * Saves state inside the job's own transaction `tx`, so that a chunk of work and the checkpoint
   * after it commit together (a kill between them cannot make the job redo the chunk). Throws
   * JobInterrupted('lease-lost') when this runner no longer holds the job, which rolls the chunk back.
   * Call checkpoint() after the commit as well, for pause and cancel.
   */
  checkpointWithin(tx: Db, state: unknown): Promise<void>;
  /** Aborted when pause/cancel is asked or the server stops. */
  signal: AbortSignal;
}

export interface JobTypeDefinition {
  run(ctx: JobContext): Promise<unknown>;
  /** Continues from its checkpoint after a pause or after the server died; else such a job fails. */
  resumable?: boolean;
  /** Needed in the organization, beside READ_LOGS, to pause, resume or cancel someone else's job. */
  managePrivilege?: string;
}

/** Why a running job stopped before it ended; thrown by checkpoint(). */
export type InterruptReason = 'pause' | 'cancel' | 'shutdown' | 'lease-lost';

export class JobInterrupted extends Error {
  constructor(readonly reason: InterruptReason) {
    super(`job interrupted: ${reason}`);
    this.name = 'JobInterrupted';
  }
}

const types = new Map<string, JobTypeDefinition>();

export function registerJobType(type: string, def: JobTypeDefinition): void {
  if (type.trim() === '') throw new Error('A job type needs a name');
  // Registering the same definition again (a module loaded twice in tests) is harmless.
  const known = types.get(type);
  if (known && known !== def) throw new Error(`Job type ${type} is registered twice`);
  types.set(type, def);
}

export function jobType(type: string): JobTypeDefinition | undefined {
  return types.get(type);
}

export function registeredJobTypes(): string[] {
  return [...types.keys()];
}

/** Tests only: forget a type registered by a test. */
export function unregisterJobType(type: string): void {
  types.delete(type);
}
