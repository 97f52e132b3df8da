import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../db/db';
import { openTestDatabase, type TestDatabase } from '../db/testing/testDatabase';
import { jobsRepository, type JobRow } from './jobsRepository';
import { enqueueJob, notifyJobControl } from './queue';
import { registerJobType } from './registry';
import { startJobRunner, type JobRunner } from './runner';
import { registerTestJobTypes, TEST_JOB_TYPES } from './testJobTypes';
import { canTransition, INTERRUPTED_ERROR } from './transitions';

// The job mechanism on a real (PGlite) database: states and transitions of DOMAIN.md §8, claims,
// pause and resume from a checkpoint, cancel, and jobs whose server stopped while they ran.

let database: TestDatabase;
let db: Db;
let organization: string;
let dir: string;
const runners: JobRunner[] = [];

const fast = { pollMs: 50, heartbeatMs: 50, recoverEveryMs: 100 };
const runner = (options = {}) => {
  const started = startJobRunner(db, { ...fast, onError: () => undefined, ...options });
  runners.push(started);
  return started;
};

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  const { rows } = await db.query<{ uuid: string }>('SELECT uuid FROM organizations WHERE is_root');
  organization = rows[0].uuid;
  dir = await mkdtemp(path.join(tmpdir(), 'historian-jobs-'));
  registerTestJobTypes();
  registerJobType('test.fails', { run: async () => Promise.reject(new Error('the export directory is gone')) });
  registerJobType('test.renames', {
    run: async (ctx) => {
      await ctx.db.query("UPDATE organizations SET description = 'renamed by a job' WHERE uuid = $1", [ctx.job.organizationUuid]);
      return {};
    },
  });
}, 60_000);

afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});

afterAll(async () => {
  await database?.cleanup();
  await rm(dir, { recursive: true, force: true });
});

const byMe = { uuid: null, name: 'test' };
let fileCount = 0;
const countFile = () => path.join(dir, `count-${(fileCount += 1)}.txt`);
const lines = async (file: string) => (await readFile(file, 'utf8').catch(() => '')).split('\n').filter(Boolean);
const job = async (uuid: string): Promise<JobRow> => {
  const row = await jobsRepository(db).get(uuid, organization);
  if (!row) throw new Error(`no job ${uuid}`);
  return row;
};
async function waitFor<T>(read: () => Promise<T>, until: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (until(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const enqueueCounting = (type: string, payload: object) => enqueueJob(db, { type, organizationUuid: organization, payload, createdBy: byMe });

describe('audit', () => {
  it('what a job changes is audited as changed by the user who started it', async () => {
    runner();
    const { uuid } = await enqueueJob(db, { type: 'test.renames', organizationUuid: organization, payload: {}, createdBy: { uuid: null, name: 'olga' } });
    await waitFor(() => job(uuid), (row) => row.state === 'done', 'the job to finish');
    const { rows } = await db.query<{ user_name: string; after: unknown }>(
      "SELECT user_name, after FROM audit_logs WHERE subject_uuid = $1 AND action = 'Update' ORDER BY created_at DESC LIMIT 1",
      [organization],
    );
    expect(rows[0]).toEqual({ user_name: 'olga', after: { description: 'renamed by a job' } });
  });
});

describe('job transitions (DOMAIN.md §8)', () => {
  it('allows pending→running|canceled, running→paused|done|failed|canceled, paused→running via pending|canceled, and nothing out of an end state', () => {
    expect(canTransition('pending', 'running')).toBe(true);
    expect(canTransition('pending', 'paused')).toBe(false);
    expect(canTransition('running', 'paused')).toBe(true);
    expect(canTransition('paused', 'pending')).toBe(true);
    expect(canTransition('paused', 'done')).toBe(false);
    for (const end of ['done', 'failed', 'canceled'] as const) expect(canTransition(end, 'pending')).toBe(false);
  });

  it('a retry is a new job: a finished job cannot be resumed or canceled', async () => {
    const { uuid } = await enqueueCounting(TEST_JOB_TYPES.once, { steps: 1, stepMs: 1 });
    const r = runner();
    await waitFor(() => job(uuid), (row) => row.state === 'done', 'done');
    await r.stop();
    expect(await jobsRepository(db).resume(uuid)).toBe(false);
    expect(await jobsRepository(db).cancel(uuid)).toBe(false);
    expect(await jobsRepository(db).requestPause(uuid)).toBe(false);
  });
});

describe('enqueue and run', () => {
  it('runs a job to done with its result, full progress, times and log', async () => {
    const file = countFile();
    const { uuid, created } = await enqueueCounting(TEST_JOB_TYPES.once, { file, steps: 3, stepMs: 5 });
    expect(created).toBe(true);
    expect((await job(uuid)).state).toBe('pending');
    runner();
    const done = await waitFor(() => job(uuid), (row) => row.state === 'done', 'done');
    expect(done).toMatchObject({ progress: 1, result: { steps: 3 }, error: null, runner_id: null, lease_expires_at: null });
    expect(done.started_at).toBeInstanceOf(Date);
    expect(done.finished_at).toBeInstanceOf(Date);
    expect(await lines(file)).toEqual([`start ${uuid} 0`, `step ${uuid} 0`, `step ${uuid} 1`, `step ${uuid} 2`, `end ${uuid}`]);
    expect((await jobsRepository(db).logs(uuid)).map((log) => log.message)).toEqual(['counted 3 steps']);
  });

  it('a dedupe key makes one job however often it is enqueued', async () => {
    const input = { type: TEST_JOB_TYPES.once, organizationUuid: organization, payload: {}, createdBy: byMe, dedupeKey: `occurrence-${Date.now()}` };
    const [first, second] = await Promise.all([enqueueJob(db, input), enqueueJob(db, input)]);
    expect(first.uuid).toBe(second.uuid);
    expect([first.created, second.created].sort()).toEqual([false, true]);
  });

  it('refuses a type no one registered', async () => {
    await expect(enqueueCounting('nobody.knows', {})).rejects.toThrow(/Unknown job type/);
  });

  it('a job that throws is failed with its error, also in its log', async () => {
    const { uuid } = await enqueueJob(db, { type: 'test.fails', organizationUuid: organization, payload: null, createdBy: byMe });
    runner();
    const failed = await waitFor(() => job(uuid), (row) => row.state === 'failed', 'failed');
    expect(failed.error).toBe('the export directory is gone');
    expect((await jobsRepository(db).logs(uuid)).map((log) => [log.level, log.message])).toEqual([['error', 'the export directory is gone']]);
  });

  it('claims take each pending job once: overlapping claims never share a job (SKIP LOCKED)', async () => {
    const uuids = await Promise.all([1, 2, 3, 4, 5].map(() => enqueueCounting(TEST_JOB_TYPES.once, { steps: 1 })));
    const repo = jobsRepository(db);
    const claims = await Promise.all([repo.claim('a', [TEST_JOB_TYPES.once], 3, 30_000), repo.claim('b', [TEST_JOB_TYPES.once], 3, 30_000)]);
    const claimed = claims.flat().map((row) => row.uuid);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort()).toEqual(uuids.map((u) => u.uuid).sort());
    for (const [index, rows] of claims.entries()) {
      for (const row of rows) await repo.finish(row.uuid, index === 0 ? 'a' : 'b', { state: 'canceled' });
    }
  });
});

describe('pause, resume and cancel', () => {
  it('a paused job continues from its checkpoint when resumed', async () => {
    const file = countFile();
    const { uuid } = await enqueueCounting(TEST_JOB_TYPES.resumable, { file, steps: 20, stepMs: 30 });
    runner();
    await waitFor(() => job(uuid), (row) => row.progress >= 0.2, 'progress');
    expect(await jobsRepository(db).requestPause(uuid)).toBe(true);
    notifyJobControl(uuid);
    const paused = await waitFor(() => job(uuid), (row) => row.state === 'paused', 'paused');
    const next = Number(Reflect.get(Object(paused.checkpoint), 'next'));
    expect(next).toBeGreaterThan(0);
    expect(next).toBeLessThan(20);
    expect(paused.runner_id).toBeNull();

    expect(await jobsRepository(db).resume(uuid)).toBe(true);
    await waitFor(() => job(uuid), (row) => row.state === 'done', 'done');
    const log = await lines(file);
    expect(log.filter((line) => line.startsWith('start'))).toEqual([`start ${uuid} 0`, `start ${uuid} ${next}`]);
    // Every step once: the run after the pause starts where the checkpoint said.
    expect(log.filter((line) => line.startsWith('step'))).toEqual(Array.from({ length: 20 }, (_, n) => `step ${uuid} ${n}`));
  });

  it('only a running job of a resumable type can be paused', async () => {
    const { uuid } = await enqueueCounting(TEST_JOB_TYPES.once, { steps: 50, stepMs: 20 });
    expect(await jobsRepository(db).requestPause(uuid)).toBe(false);
    runner();
    await waitFor(() => job(uuid), (row) => row.state === 'running', 'running');
    expect(await jobsRepository(db).requestPause(uuid)).toBe(false);
    expect(await jobsRepository(db).cancel(uuid)).toBe('requested');
    await waitFor(() => job(uuid), (row) => row.state === 'canceled', 'canceled');
  });

  it('cancel ends a pending or paused job at once and a running one at its next checkpoint', async () => {
    const pending = await enqueueCounting(TEST_JOB_TYPES.once, { steps: 1 });
    expect(await jobsRepository(db).cancel(pending.uuid)).toBe('canceled');
    expect(await job(pending.uuid)).toMatchObject({ state: 'canceled', finished_at: expect.any(Date) });

    const file = countFile();
    const running = await enqueueCounting(TEST_JOB_TYPES.resumable, { file, steps: 100, stepMs: 20 });
    runner();
    await waitFor(() => job(running.uuid), (row) => row.progress > 0, 'progress');
    expect(await jobsRepository(db).cancel(running.uuid)).toBe('requested');
    notifyJobControl(running.uuid);
    const canceled = await waitFor(() => job(running.uuid), (row) => row.state === 'canceled', 'canceled');
    expect(canceled.progress).toBeLessThan(1);
    expect(canceled.finished_at).toBeInstanceOf(Date);
    const steps = (await lines(file)).filter((line) => line.startsWith('step')).length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await lines(file)).filter((line) => line.startsWith('step')).length).toBe(steps);
  });
});

describe('a server that stops while jobs run', () => {
  async function orphan(type: string, payload: object, leaseExpired: boolean): Promise<string> {
    const { uuid } = await enqueueCounting(type, payload);
    await db.query(
      `UPDATE jobs SET state = 'running', runner_id = 'dead-server', started_at = now(), checkpoint = '{"next": 2}',
              lease_expires_at = now() + CASE WHEN $2 THEN interval '-1 second' ELSE interval '1 hour' END
       WHERE uuid = $1`,
      [uuid, leaseExpired],
    );
    return uuid;
  }

  it('resumes a resumable job from its checkpoint (attempt 2) and fails any other with "interrupted"', async () => {
    const file = countFile();
    const resumable = await orphan(TEST_JOB_TYPES.resumable, { file, steps: 4, stepMs: 1 }, true);
    const once = await orphan(TEST_JOB_TYPES.once, { file, steps: 4, stepMs: 1 }, true);
    runner();
    expect(await waitFor(() => job(resumable), (row) => row.state === 'done', 'done')).toMatchObject({ attempt: 2 });
    expect(await job(once)).toMatchObject({ state: 'failed', error: INTERRUPTED_ERROR, attempt: 1 });
    expect(await lines(file)).toEqual([`start ${resumable} 2`, `step ${resumable} 2`, `step ${resumable} 3`, `end ${resumable}`]);
  });

  it('leaves a job under a live lease alone, unless told that no other server can run it (PGlite at start)', async () => {
    const live = await orphan(TEST_JOB_TYPES.once, { steps: 1 }, false);
    const r = runner();
    await r.idle();
    expect((await job(live)).state).toBe('running');
    await r.stop();
    runner({ recoverAllAtStart: true });
    await waitFor(() => job(live), (row) => row.state === 'failed', 'failed');
  });

  it('stopping the runner hands a resumable job back to pending and fails one that cannot resume', async () => {
    const resumable = await enqueueCounting(TEST_JOB_TYPES.resumable, { steps: 100, stepMs: 20 });
    const once = await enqueueCounting(TEST_JOB_TYPES.once, { steps: 100, stepMs: 20 });
    const r = runner();
    await waitFor(() => Promise.all([job(resumable.uuid), job(once.uuid)]), (rows) => rows.every((row) => row.progress > 0), 'both running');
    await r.stop();
    expect(await job(resumable.uuid)).toMatchObject({ state: 'pending', runner_id: null });
    expect(await job(once.uuid)).toMatchObject({ state: 'failed', error: INTERRUPTED_ERROR });
    await jobsRepository(db).cancel(resumable.uuid);
  });
});
