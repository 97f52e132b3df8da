import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openTestDatabase, type TestDatabase } from '../db/testing/testDatabase';
import { jobsRepository } from './jobsRepository';
import { enqueueJob } from './queue';
import { registerTestJobTypes, TEST_JOB_TYPES } from './testJobTypes';

// buildApp runs jobs only when asked (jobRunner), and the app's close stops its runner: a job
// enqueued afterwards waits for the next server.

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
  registerTestJobTypes();
}, 60_000);

afterAll(async () => {
  await database?.cleanup();
});

it('runs jobs with jobRunner, none without it, and stops running them once the app is closed', async () => {
  const { db } = database;
  const organization = (await db.query<{ uuid: string }>('SELECT uuid FROM organizations WHERE is_root')).rows[0].uuid;
  const enqueue = async () => (await enqueueJob(db, { type: TEST_JOB_TYPES.once, organizationUuid: organization, payload: { steps: 1, stepMs: 1 }, createdBy: { uuid: null, name: 'test' } })).uuid;
  const stateOf = async (uuid: string) => (await jobsRepository(db).get(uuid, organization))?.state;
  const ctx = { db, config: loadConfig({ NODE_ENV: 'test' }), version: '0.0.0-test' };

  const plain = await buildApp(ctx, { logLevel: 'silent' });
  const untouched = await enqueue();
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await stateOf(untouched)).toBe('pending');
  await plain.close();

  const app = await buildApp(ctx, { logLevel: 'silent', jobRunner: { pollMs: 50, recoverEveryMs: 60_000 } });
  const deadline = Date.now() + 10_000;
  while ((await stateOf(untouched)) !== 'done') {
    if (Date.now() > deadline) throw new Error('the job was not run');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await app.close();
  const later = await enqueue();
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await stateOf(later)).toBe('pending');
});
