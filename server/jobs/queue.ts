import { EventEmitter } from 'node:events';
import type { Db } from '../db/db';
import { jobsRepository } from './jobsRepository';
import { jobType } from './registry';

// Enqueueing, and the process-local nudges that spare a runner of this process its poll: a new
// job starts at once, a pause or cancel reaches the running job at once. Runners on other servers
// see the same rows on their next poll or lease renewal.

export const jobEvents = new EventEmitter();
jobEvents.setMaxListeners(0);

export interface EnqueueJobInput {
  type: string;
  organizationUuid: string;
  payload: unknown;
  createdBy: { uuid: string | null; name: string };
  taskSchedulerUuid?: string | null;
  /** One job per key: a second enqueue with the same key answers the first job, created false. */
  dedupeKey?: string | null;
}

export async function enqueueJob(db: Db, input: EnqueueJobInput): Promise<{ uuid: string; created: boolean }> {
  const definition = jobType(input.type);
  if (!definition) throw new Error(`Unknown job type ${input.type}: register it with registerJobType first`);
  const enqueued = await jobsRepository(db).insert({
    type: input.type,
    organizationUuid: input.organizationUuid,
    payload: input.payload,
    resumable: definition.resumable === true,
    createdByUuid: input.createdBy.uuid,
    createdByName: input.createdBy.name,
    taskSchedulerUuid: input.taskSchedulerUuid ?? null,
    dedupeKey: input.dedupeKey ?? null,
  });
  if (enqueued.created) jobEvents.emit('enqueued', enqueued.uuid);
  return enqueued;
}

/** Tells the runners of this process that a pause or cancel was asked of a job. */
export function notifyJobControl(uuid: string): void {
  jobEvents.emit('control', uuid);
}
