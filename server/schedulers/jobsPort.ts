import type { Db } from '../db/db';

// What the task schedulers need of the job mechanism (server/jobs: registerJobType, enqueueJob),
// written as that mechanism's interface. The server hands the real functions in (AppContext.jobs);
// tests hand in their own. A server without them answers "run now" with 503 and starts no loop.

export interface JobContext {
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
  checkpointState: unknown;
  progress(fraction: number, message?: string): Promise<void>;
  log(level: 'info' | 'warn' | 'error', message: string): Promise<void>;
  checkpoint(state: unknown): Promise<void>;
  signal: AbortSignal;
}

export interface JobTypeDefinition {
  run(ctx: JobContext): Promise<unknown>;
  resumable?: boolean;
  managePrivilege?: string;
}

export interface EnqueueJobInput {
  type: string;
  organizationUuid: string;
  payload: unknown;
  createdBy: { uuid: string | null; name: string };
  taskSchedulerUuid?: string | null;
  dedupeKey?: string | null;
}

export interface JobsPort {
  enqueueJob(db: Db, input: EnqueueJobInput): Promise<{ uuid: string; created: boolean }>;
  registerJobType(type: string, def: JobTypeDefinition): void;
}
