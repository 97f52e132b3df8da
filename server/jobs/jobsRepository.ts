import type { Db } from '../db/db';
import { INTERRUPTED_ERROR, type JobState } from './transitions';

// The SQL of the job mechanism. Every statement stands alone (no transaction spans a job's run):
// PGlite has one connection, and a transaction held while a job runs would stall every request.
// Writes by a runner are guarded by its runner id and the running state, so a runner that lost
// its lease can no longer change the job.

export interface JobRow {
  uuid: string;
  organization_uuid: string;
  type: string;
  task_scheduler_uuid: string | null;
  state: JobState;
  payload: unknown;
  resumable: boolean;
  progress: number;
  progress_message: string | null;
  result: unknown;
  error: string | null;
  created_by_uuid: string | null;
  created_by_name: string;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  checkpoint: unknown;
  attempt: number;
  runner_id: string | null;
  lease_expires_at: Date | null;
  pause_requested: boolean;
  cancel_requested: boolean;
  dedupe_key: string | null;
}

export interface JobLogRow {
  id: number;
  at: Date;
  level: 'info' | 'warn' | 'error';
  message: string;
}

export interface NewJob {
  type: string;
  organizationUuid: string;
  payload: unknown;
  resumable: boolean;
  createdByUuid: string | null;
  createdByName: string;
  taskSchedulerUuid: string | null;
  dedupeKey: string | null;
}

export interface ControlFlags {
  pause_requested: boolean;
  cancel_requested: boolean;
}

/** How a run ended, as the runner writes it. */
export type RunOutcome =
  | { state: 'done'; result: unknown }
  | { state: 'failed'; error: string }
  | { state: 'canceled' }
  | { state: 'paused' }
  /** A resumable job stopped by its server's shutdown: another run continues it. */
  | { state: 'pending' };

export interface JobListFilter {
  organizationUuid: string;
  /** Only jobs this user created (a caller without READ_LOGS sees only theirs). */
  createdByUuid?: string;
  states?: readonly string[];
  types?: readonly string[];
  taskSchedulerUuid?: string;
  limit: number;
  offset: number;
}

const json = (value: unknown) => JSON.stringify(value === undefined ? null : value);
const seconds = (ms: number) => `${Math.max(1, Math.ceil(ms / 1000))} seconds`;

export function jobsRepository(db: Db) {
  return {
    /** Inserts the job, or finds the one already enqueued under the same dedupe key. */
    async insert(job: NewJob): Promise<{ uuid: string; created: boolean }> {
      const { rows } = await db.query<{ uuid: string }>(
        `INSERT INTO jobs (type, organization_uuid, payload, resumable, created_by_uuid, created_by_name, task_scheduler_uuid, dedupe_key)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8)
         ON CONFLICT (dedupe_key) DO NOTHING
         RETURNING uuid`,
        [job.type, job.organizationUuid, json(job.payload), job.resumable, job.createdByUuid, job.createdByName, job.taskSchedulerUuid, job.dedupeKey],
      );
      if (rows.length === 1) return { uuid: rows[0].uuid, created: true };
      const existing = await db.query<{ uuid: string }>('SELECT uuid FROM jobs WHERE dedupe_key = $1', [job.dedupeKey]);
      if (existing.rows.length !== 1) throw new Error('A job with this dedupe key vanished while it was enqueued');
      return { uuid: existing.rows[0].uuid, created: false };
    },

    /**
     * Takes up to `limit` pending jobs of the given types, oldest first, for `runnerId`. SKIP LOCKED
     * lets runners on several servers claim at once without waiting on, or taking, the same row.
     */
    async claim(runnerId: string, types: readonly string[], limit: number, leaseMs: number): Promise<JobRow[]> {
      if (limit <= 0 || types.length === 0) return [];
      const { rows } = await db.query<JobRow>(
        `UPDATE jobs SET state = 'running', runner_id = $1, lease_expires_at = now() + $4::interval,
                started_at = COALESCE(started_at, now())
         WHERE uuid IN (SELECT uuid FROM jobs WHERE state = 'pending' AND type = ANY($2::text[])
                        ORDER BY created_at LIMIT $3 FOR UPDATE SKIP LOCKED)
         RETURNING *`,
        [runnerId, [...types], limit, seconds(leaseMs)],
      );
      return rows;
    },

    /** Extends the lease and reads what was asked of the job; null when the runner no longer holds it. */
    async renew(uuid: string, runnerId: string, leaseMs: number): Promise<ControlFlags | null> {
      const { rows } = await db.query<ControlFlags>(
        `UPDATE jobs SET lease_expires_at = now() + $3::interval
         WHERE uuid = $1 AND runner_id = $2 AND state = 'running'
         RETURNING pause_requested, cancel_requested`,
        [uuid, runnerId, seconds(leaseMs)],
      );
      return rows[0] ?? null;
    },

    async saveCheckpoint(uuid: string, runnerId: string, state: unknown): Promise<ControlFlags | null> {
      const { rows } = await db.query<ControlFlags>(
        `UPDATE jobs SET checkpoint = $3::jsonb WHERE uuid = $1 AND runner_id = $2 AND state = 'running'
         RETURNING pause_requested, cancel_requested`,
        [uuid, runnerId, json(state)],
      );
      return rows[0] ?? null;
    },

    async setProgress(uuid: string, runnerId: string, fraction: number, message: string | null): Promise<void> {
      await db.query(
        `UPDATE jobs SET progress = $3, progress_message = COALESCE($4, progress_message)
         WHERE uuid = $1 AND runner_id = $2 AND state = 'running'`,
        [uuid, runnerId, fraction, message],
      );
    },

    async log(uuid: string, level: JobLogRow['level'], message: string): Promise<void> {
      await db.query('INSERT INTO job_logs (job_uuid, level, message) VALUES ($1, $2, $3)', [uuid, level, message]);
    },

    /** Writes how the run ended and lets go of the lease; false when the runner had lost the job. */
    async finish(uuid: string, runnerId: string, outcome: RunOutcome): Promise<boolean> {
      const finished = outcome.state === 'done' || outcome.state === 'failed' || outcome.state === 'canceled';
      const { rowCount } = await db.query(
        `UPDATE jobs SET state = $3::text, runner_id = NULL, lease_expires_at = NULL,
                result = $4::jsonb, error = $5, finished_at = CASE WHEN $6::boolean THEN now() END,
                progress = CASE WHEN $3 = 'done' THEN 1 ELSE progress END,
                pause_requested = false
         WHERE uuid = $1 AND runner_id = $2 AND state = 'running'`,
        [
          uuid,
          runnerId,
          outcome.state,
          outcome.state === 'done' ? json(outcome.result) : null,
          outcome.state === 'failed' ? outcome.error : null,
          finished,
        ],
      );
      return rowCount === 1;
    },

    /**
     * Running jobs whose runner is gone: with `all`, every running job (PGlite at start: the data
     * directory's lock proves no other process runs one); else those whose lease expired. A cancel
     * asked before the death wins, then a pause; a resumable job goes back to pending to continue
     * from its checkpoint (attempt + 1); any other fails with INTERRUPTED_ERROR.
     */
    async recover(all: boolean): Promise<{ uuid: string; state: JobState; organization_uuid: string }[]> {
      const { rows } = await db.query<{ uuid: string; state: JobState; organization_uuid: string }>(
        `UPDATE jobs SET
           state = CASE WHEN cancel_requested THEN 'canceled'
                        WHEN NOT resumable THEN 'failed'
                        WHEN pause_requested THEN 'paused'
                        ELSE 'pending' END,
           error = CASE WHEN NOT cancel_requested AND NOT resumable THEN $1 END,
           finished_at = CASE WHEN cancel_requested OR NOT resumable THEN now() END,
           attempt = CASE WHEN resumable AND NOT cancel_requested THEN attempt + 1 ELSE attempt END,
           pause_requested = false,
           runner_id = NULL, lease_expires_at = NULL
         WHERE state = 'running' AND ($2::boolean OR lease_expires_at < now())
         RETURNING uuid, state, organization_uuid`,
        [INTERRUPTED_ERROR, all],
      );
      return rows;
    },

    async get(uuid: string, organizationUuid: string): Promise<JobRow | undefined> {
      const { rows } = await db.query<JobRow>('SELECT * FROM jobs WHERE uuid = $1 AND organization_uuid = $2', [uuid, organizationUuid]);
      return rows[0];
    },

    async list(filter: JobListFilter): Promise<{ rows: JobRow[]; total: number }> {
      const where = ['organization_uuid = $1'];
      const params: unknown[] = [filter.organizationUuid];
      const add = (clause: (n: number) => string, value: unknown) => {
        params.push(value);
        where.push(clause(params.length));
      };
      if (filter.createdByUuid !== undefined) add((n) => `created_by_uuid = $${n}`, filter.createdByUuid);
      if (filter.states && filter.states.length > 0) add((n) => `state = ANY($${n}::text[])`, [...filter.states]);
      if (filter.types && filter.types.length > 0) add((n) => `type = ANY($${n}::text[])`, [...filter.types]);
      if (filter.taskSchedulerUuid !== undefined) add((n) => `task_scheduler_uuid = $${n}`, filter.taskSchedulerUuid);
      const condition = where.join(' AND ');
      const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE ${condition}`, params);
      const { rows } = await db.query<JobRow>(
        `SELECT * FROM jobs WHERE ${condition} ORDER BY created_at DESC, uuid LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, filter.limit, filter.offset],
      );
      return { rows, total: total.rows[0].n };
    },

    async logs(uuid: string): Promise<JobLogRow[]> {
      const { rows } = await db.query<JobLogRow>('SELECT id, at, level, message FROM job_logs WHERE job_uuid = $1 ORDER BY id LIMIT 1000', [uuid]);
      return rows;
    },

    /** running → (paused when the runner stops at a checkpoint); only a running, resumable job. */
    async requestPause(uuid: string): Promise<boolean> {
      const { rowCount } = await db.query(
        `UPDATE jobs SET pause_requested = true WHERE uuid = $1 AND state = 'running' AND resumable AND NOT cancel_requested`,
        [uuid],
      );
      return rowCount === 1;
    },

    /** paused → pending: a runner takes it again and it continues from its checkpoint. */
    async resume(uuid: string): Promise<boolean> {
      const { rowCount } = await db.query(`UPDATE jobs SET state = 'pending', pause_requested = false WHERE uuid = $1 AND state = 'paused'`, [uuid]);
      return rowCount === 1;
    },

    /** pending or paused → canceled at once; running → canceled by its runner, which is told now. */
    async cancel(uuid: string): Promise<'canceled' | 'requested' | false> {
      const now = await db.query(
        `UPDATE jobs SET state = 'canceled', finished_at = now(), pause_requested = false
         WHERE uuid = $1 AND state IN ('pending', 'paused')`,
        [uuid],
      );
      if (now.rowCount === 1) return 'canceled';
      const later = await db.query(`UPDATE jobs SET cancel_requested = true WHERE uuid = $1 AND state = 'running'`, [uuid]);
      return later.rowCount === 1 ? 'requested' : false;
    },
  };
}
