import type { Db } from '../db/db';
import { openDatabase } from '../db/open';
import { startPostgres, type PostgresServer } from '../db/testing/postgresServer';
import { taskSchedulersRepository } from '../repositories/taskSchedulers';
import { tickSchedulers, type LoopLog } from './schedulerLoop';
import { registerTaskJobTypes } from './taskTypes';

// Two servers on one real PostgreSQL (two pools) tick their scheduler loops at the same moments:
// each due occurrence becomes exactly one job (the claim is FOR UPDATE SKIP LOCKED, the job's
// dedupe key backs it up).

const START_TIMEOUT_MS = 180_000;
const quiet: LoopLog = { info: () => undefined, warn: () => undefined, error: (data, message) => console.error(message, data) };
let server: PostgresServer;
let first: Db;
let second: Db;

beforeAll(async () => {
  server = await startPostgres();
  const url = await server.createDatabase();
  first = await openDatabase({ dataDir: '/nonexistent-unused', databaseUrl: url });
  second = await openDatabase({ dataDir: '/nonexistent-unused', databaseUrl: url });
  registerTaskJobTypes('/nonexistent-export-root');
}, START_TIMEOUT_MS);

afterAll(async () => {
  await first?.close();
  await second?.close();
  await server?.stop();
});

it('two servers ticking together enqueue each due occurrence of 20 schedulers exactly once', async () => {
  const { rows } = await first.query<{ uuid: string }>('SELECT uuid FROM organizations WHERE is_root');
  const organization = rows[0].uuid;
  const minute = 60_000;
  const start = Math.floor(Date.UTC(2026, 5, 1) / minute) * minute;
  const schedulers: string[] = [];
  for (let n = 0; n < 20; n += 1) {
    const row = await taskSchedulersRepository(first).create(organization, {
      name: `every minute ${n}`,
      description: '',
      rrule: 'FREQ=MINUTELY',
      timezone: 'UTC',
      taskType: 'parquet_export',
      state: 'running',
      settings: { Period: '1m', FileInterval: '1m', MeasurementUUIDs: [] },
      nextRunAt: new Date(start),
    });
    schedulers.push(row.uuid);
  }
  // Five minutes, both servers ticking at each.
  for (let tick = 0; tick < 5; tick += 1) {
    const now = start + tick * minute + 1_000;
    await Promise.all([tickSchedulers(first, now, quiet), tickSchedulers(second, now, quiet), tickSchedulers(first, now, quiet)]);
  }
  const jobs = await first.query<{ task_scheduler_uuid: string; dedupe_key: string }>('SELECT task_scheduler_uuid, dedupe_key FROM jobs WHERE type = $1', ['parquet_export']);
  expect(jobs.rows).toHaveLength(20 * 5);
  expect(new Set(jobs.rows.map((job) => job.dedupe_key)).size).toBe(100);
  for (const uuid of schedulers) expect(jobs.rows.filter((job) => job.task_scheduler_uuid === uuid)).toHaveLength(5);
}, 60_000);
