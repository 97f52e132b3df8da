import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db';
import type { JobContext } from '../../jobs/registry';

/** A job context for running a task directly in a test, keeping what the task reports. */
export function testJobContext(db: Db, job: { organizationUuid: string; payload: unknown }, checkpointState: unknown = null) {
  const reported = { progress: [] as number[], logs: [] as string[], checkpoints: [] as unknown[] };
  const ctx: JobContext = {
    db,
    job: { uuid: randomUUID(), type: 'parquet_export', organizationUuid: job.organizationUuid, payload: job.payload, createdByUuid: null, createdByName: 'test', taskSchedulerUuid: null },
    checkpointState,
    signal: new AbortController().signal,
    async progress(fraction) {
      reported.progress.push(fraction);
    },
    async log(level, message) {
      reported.logs.push(`${level}: ${message}`);
    },
    async checkpoint(state) {
      reported.checkpoints.push(state);
    },
    async checkpointWithin() {},
  };
  return { ctx, reported };
}
