import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../db/db';
import { openDatabase } from '../db/open';
import { openTestDatabase } from '../db/testing/testDatabase';
import { exited, startServerProcess } from '../testing/serverProcess';
import { enqueueJob } from './queue';
import { registerTestJobTypes, TEST_JOB_TYPES } from './testJobTypes';
import { INTERRUPTED_ERROR } from './transitions';

// A real server process (server/main.ts with HISTORIAN_TEST_JOB_TYPES=1) is killed with SIGKILL
// while two jobs run, then started again on the same PGlite data directory: the resumable job
// continues from its checkpoint, the other fails as interrupted, and neither runs twice at once.
// The jobs count their runs and steps in a file (server/jobs/testJobTypes.ts).


let work: string;
let dataDir: string;
let clientDir: string;
let server: ChildProcess | undefined;

beforeAll(async () => {
  registerTestJobTypes();
  work = await mkdtemp(path.join(tmpdir(), 'historian-job-restart-'));
  clientDir = path.join(work, 'client');
  await mkdir(clientDir);
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>test</title>');
});

afterAll(async () => {
  server?.kill('SIGKILL');
  await rm(work, { recursive: true, force: true });
});

const startServer = async () => (await startServerProcess({ dataDir, clientDir, env: { HISTORIAN_TEST_JOB_TYPES: '1' } })).child;

async function lines(file: string): Promise<string[]> {
  return (await readFile(file, 'utf8').catch(() => '')).split('\n').filter(Boolean);
}

async function waitForLines(file: string, until: (all: string[]) => boolean, what: string): Promise<string[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const all = await lines(file);
    if (until(all)) return all;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${all.join(' | ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('after a SIGKILL and a restart, a resumable job continues from its checkpoint and another fails as interrupted; none runs twice', async () => {
  // A migrated copy of the test template, so the server skips initdb.
  const template = await openTestDatabase();
  dataDir = template.dataDir;
  const file = path.join(work, 'runs.txt');
  const organization = (await template.db.query<{ uuid: string }>('SELECT uuid FROM organizations WHERE is_root')).rows[0].uuid;
  const enqueue = (type: string) => enqueueJob(template.db, { type, organizationUuid: organization, payload: { file, steps: 40, stepMs: 50 }, createdBy: { uuid: null, name: 'test' } });
  const resumable = (await enqueue(TEST_JOB_TYPES.resumable)).uuid;
  const once = (await enqueue(TEST_JOB_TYPES.once)).uuid;
  await template.db.close();

  server = await startServer();
  const steps = (all: string[], uuid: string) => all.filter((line) => line.startsWith(`step ${uuid} `)).length;
  await waitForLines(file, (all) => steps(all, resumable) >= 3 && steps(all, once) >= 3, 'both jobs to take steps');
  server.kill('SIGKILL');
  await exited(server);
  const beforeKill = await lines(file);

  server = await startServer();
  // Its end line, not its last step: a stop between the two would rightly put it back to pending.
  const after = await waitForLines(file, (all) => all.includes(`end ${resumable}`), 'the resumable job to finish');
  server.kill('SIGTERM');
  await exited(server);
  server = undefined;

  const starts = (uuid: string) => after.filter((line) => line.startsWith(`start ${uuid} `));
  expect(starts(once)).toHaveLength(1);
  expect(starts(resumable)).toHaveLength(2);
  // The second run starts where the last checkpoint of the first said (a step done after it may repeat).
  const resumedFrom = Number(starts(resumable)[1].split(' ')[2]);
  expect(resumedFrom).toBeGreaterThanOrEqual(steps(beforeKill, resumable) - 1);
  const secondRun = after.slice(after.indexOf(starts(resumable)[1])).filter((line) => !line.startsWith('end '));
  expect(secondRun.filter((line) => line.startsWith(`step ${resumable} `))).toEqual(
    Array.from({ length: 40 - resumedFrom }, (_, i) => `step ${resumable} ${resumedFrom + i}`),
  );
  // Nothing of the job that could not resume ran after the restart.
  expect(after.slice(beforeKill.length).some((line) => line.includes(once))).toBe(false);

  const db: Db = await openDatabase({ dataDir, databaseUrl: undefined }, { onWarning: () => undefined });
  try {
    const { rows } = await db.query<{ uuid: string; state: string; error: string | null; attempt: number }>(
      'SELECT uuid, state, error, attempt FROM jobs WHERE uuid = ANY($1::uuid[])',
      [[resumable, once]],
    );
    expect(rows.find((row) => row.uuid === resumable)).toMatchObject({ state: 'done', attempt: 2, error: null });
    expect(rows.find((row) => row.uuid === once)).toMatchObject({ state: 'failed', error: INTERRUPTED_ERROR });
  } finally {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}, 60_000);
