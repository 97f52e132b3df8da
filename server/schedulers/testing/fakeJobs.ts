import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db';
import type { EnqueueJobInput, JobContext, JobsPort, JobTypeDefinition } from '../jobsPort';

// A stand-in for the job mechanism in tests: jobs are rows of a table of the test's database,
// made in the caller's transaction, with the dedupe key unique, as the real queue promises.

export interface FakeJobs extends JobsPort {
  types: Map<string, JobTypeDefinition>;
  list(): Promise<{ uuid: string; type: string; organization_uuid: string; payload: unknown; dedupe_key: string | null; task_scheduler_uuid: string | null }[]>;
}

export async function fakeJobs(db: Db): Promise<FakeJobs> {
  await db.exec(`CREATE TABLE IF NOT EXISTS fake_jobs (
    uuid uuid PRIMARY KEY, type text NOT NULL, organization_uuid uuid NOT NULL, payload jsonb NOT NULL,
    task_scheduler_uuid uuid, dedupe_key text UNIQUE, created_at timestamptz NOT NULL DEFAULT clock_timestamp())`);
  await db.exec('DELETE FROM fake_jobs');
  const types = new Map<string, JobTypeDefinition>();
  return {
    types,
    registerJobType(type, def) {
      types.set(type, def);
    },
    async enqueueJob(tx: Db, input: EnqueueJobInput) {
      const { rows } = await tx.query<{ uuid: string }>(
        `INSERT INTO fake_jobs (uuid, type, organization_uuid, payload, task_scheduler_uuid, dedupe_key) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (dedupe_key) DO NOTHING RETURNING uuid`,
        [randomUUID(), input.type, input.organizationUuid, JSON.stringify(input.payload), input.taskSchedulerUuid ?? null, input.dedupeKey ?? null],
      );
      if (rows[0]) return { uuid: rows[0].uuid, created: true };
      const existing = await tx.query<{ uuid: string }>('SELECT uuid FROM fake_jobs WHERE dedupe_key = $1', [input.dedupeKey]);
      return { uuid: existing.rows[0].uuid, created: false };
    },
    async list() {
      const { rows } = await db.query<{ uuid: string; type: string; organization_uuid: string; payload: unknown; dedupe_key: string | null; task_scheduler_uuid: string | null }>(
        'SELECT uuid, type, organization_uuid, payload, dedupe_key, task_scheduler_uuid FROM fake_jobs ORDER BY created_at',
      );
      return rows;
    },
  };
}

/** A job context that keeps what the job reports. */
export function fakeJobContext(db: Db, job: { organizationUuid: string; payload: unknown }, checkpointState: unknown = null) {
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
  };
  return { ctx, reported };
}
