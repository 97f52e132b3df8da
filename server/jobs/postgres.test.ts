import type { Db } from '../db/db';
import { openDatabase } from '../db/open';
import { startPostgres, type PostgresServer } from '../db/testing/postgresServer';
import { enqueueJob } from './queue';
import { registerJobType } from './registry';
import { startJobRunner, type JobRunner } from './runner';

// Two servers on one real PostgreSQL (two pools, two runners) share the queue: every job runs,
// and none runs twice. Each run writes a row to a table of this test; duplicates would show.

const START_TIMEOUT_MS = 180_000;
const TYPE = 'test.pg_counted';
let server: PostgresServer;
let first: Db;
let second: Db;
const runners: JobRunner[] = [];

beforeAll(async () => {
  server = await startPostgres();
  const url = await server.createDatabase();
  first = await openDatabase({ dataDir: '/nonexistent-unused', databaseUrl: url });
  second = await openDatabase({ dataDir: '/nonexistent-unused', databaseUrl: url });
  await first.query('CREATE TABLE test_job_runs (job_uuid uuid NOT NULL, runner text NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp())');
  registerJobType(TYPE, {
    async run(ctx) {
      await ctx.db.query('INSERT INTO test_job_runs (job_uuid, runner) VALUES ($1, $2)', [ctx.job.uuid, ctx.db === first ? 'first' : 'second']);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await ctx.progress(1);
      return null;
    },
  });
}, START_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  await first?.close();
  await second?.close();
  await server?.stop();
});

it('two runners on two pools run 100 jobs, each exactly once', async () => {
  const { rows } = await first.query<{ uuid: string }>('SELECT uuid FROM organizations WHERE is_root');
  const organization = rows[0].uuid;
  const enqueued = [];
  for (let n = 0; n < 100; n += 1) {
    enqueued.push((await enqueueJob(first, { type: TYPE, organizationUuid: organization, payload: { n }, createdBy: { uuid: null, name: 'test' } })).uuid);
  }
  const options = { concurrency: 3, pollMs: 20, heartbeatMs: 200, onError: (error: unknown) => console.error(error) };
  runners.push(startJobRunner(first, options), startJobRunner(second, options));

  const deadline = Date.now() + 20_000;
  for (;;) {
    const done = await first.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE type = $1 AND state = 'done'`, [TYPE]);
    if (done.rows[0].n === 100) break;
    if (Date.now() > deadline) throw new Error(`only ${done.rows[0].n} of 100 jobs done`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const runs = await first.query<{ job_uuid: string; runner: string }>('SELECT job_uuid, runner FROM test_job_runs');
  expect(runs.rows).toHaveLength(100);
  expect(new Set(runs.rows.map((row) => row.job_uuid))).toEqual(new Set(enqueued));
  // Both servers took part: the claims interleaved instead of one server taking the whole queue.
  expect(runs.rows.filter((row) => row.runner === 'first').length).toBeGreaterThan(0);
  expect(runs.rows.filter((row) => row.runner === 'second').length).toBeGreaterThan(0);
}, 60_000);
