import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { issueCollectorToken } from '../collectors/collectorTokens';
import { insertCollector } from '../collectors/testing/collectorFixtures';
import type { Db } from '../db/db';
import { openDatabase } from '../db/open';
import { openTestDatabase } from '../db/testing/testDatabase';
import { exited, startServerProcess } from '../testing/serverProcess';
import { insertBuiltinDatabase, insertMeasurement } from './testing/fixtures';

// Acknowledged means durable: a real server process (server/main.ts on a PGlite data directory)
// takes numbered batches through POST /collector-api/points from concurrent writers and is killed
// with SIGKILL at a random moment, five times; after each restart the writers send every batch not
// acknowledged again, under its key. In the end every acknowledged point is stored, with its value,
// and no time of a measurement holds two points.

const ROUNDS = 5;
const BATCHES = 400;
const POINTS_PER_SERIES = 250;
const WRITERS = 3;
const T0 = Date.UTC(2026, 10, 2, 0, 0, 0);

let work: string;
let dataDir: string | undefined;
let server: ChildProcess | undefined;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'historian-ingest-crash-'));
  await mkdir(path.join(work, 'client'));
  await writeFile(path.join(work, 'client', 'index.html'), '<!doctype html><title>test</title>');
});

afterAll(async () => {
  server?.kill('SIGKILL');
  await rm(work, { recursive: true, force: true });
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const startServer = () => {
  if (!dataDir) throw new Error('the data directory is made before the server starts');
  return startServerProcess({ dataDir, clientDir: path.join(work, 'client') });
};

/** Batch n: POINTS_PER_SERIES points of each measurement, at times no other batch uses. */
function batch(n: number, measurements: readonly string[]) {
  const times = Array.from({ length: POINTS_PER_SERIES }, (_, i) => T0 + (n * POINTS_PER_SERIES + i) * 1000);
  return {
    BatchKey: `crash-${n}`,
    Points: measurements.map((uuid, m) => ({ MeasurementUUID: uuid, T: times, V: times.map((_, i) => n * 1000 + i + m / 10) })),
  };
}

it('after SIGKILLs during ingestion and restarts, every acknowledged point is stored once', async () => {
  const template = await openTestDatabase();
  dataDir = template.dataDir;
  const organization = (await template.db.query<{ uuid: string }>('SELECT uuid FROM organizations WHERE is_root')).rows[0].uuid;
  const collector = await insertCollector(template.db, organization, { status: 'Active' });
  const token = await issueCollectorToken(template.db, organization, collector);
  if (token === undefined) throw new Error('no collector token');
  const database = await insertBuiltinDatabase(template.db, organization);
  const measurements = [
    await insertMeasurement(template.db, { organizationUuid: organization, collectorUuid: collector, databaseUuid: database }),
    await insertMeasurement(template.db, { organizationUuid: organization, collectorUuid: collector, databaseUuid: database }),
  ];
  await template.db.close();

  const acknowledged = new Set<number>();
  let next = 0;
  const unacknowledged = () => Array.from({ length: next }, (_, n) => n).filter((n) => !acknowledged.has(n));

  // Writers take batches from a shared list: first the ones not yet acknowledged, then new ones.
  async function write(url: string, stopWhenDone: boolean, onAcknowledged: () => void = () => undefined) {
    const todo = unacknowledged();
    const take = () => (todo.length > 0 ? todo.shift() : next < BATCHES && !stopWhenDone ? next++ : undefined);
    const writer = async () => {
      for (let n = take(); n !== undefined; n = take()) {
        const response = await fetch(`${url}/api/collector-api/points`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(batch(n, measurements)),
        }).catch(() => undefined);
        if (!response) return; // the server is gone
        expect(response.status).toBe(200);
        acknowledged.add(n);
        onAcknowledged();
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writer));
  }

  for (let round = 0; round < ROUNDS; round += 1) {
    const started = await startServer();
    server = started.child;
    // The kill comes at a random moment once batches are flowing (the first answer after a start
    // waits for the store to open), so every round cuts through ingestion.
    let flowing: () => void = () => undefined;
    const firstAnswer = new Promise<void>((resolve) => (flowing = resolve));
    const writing = write(started.url, false, () => flowing());
    await Promise.race([firstAnswer, writing]);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
    server.kill('SIGKILL');
    await exited(server);
    await writing;
  }
  // The last start: what was never acknowledged goes again, then a clean stop.
  const last = await startServer();
  server = last.child;
  await write(last.url, true);
  expect(unacknowledged()).toEqual([]);
  server.kill('SIGTERM');
  await exited(server);
  server = undefined;
  // The kills really hit ingestion: batches were sent in every round, more than the first can hold.
  expect(next).toBeGreaterThan(ROUNDS);

  const db: Db = await openDatabase({ dataDir, databaseUrl: undefined }, { onWarning: () => undefined });
  try {
    for (const [m, uuid] of measurements.entries()) {
      const { rows } = await db.query<{ points: number; times: number; wrong: number }>(
        `SELECT count(*)::int AS points, count(DISTINCT time)::int AS times,
                count(*) FILTER (WHERE value_number <> (((extract(epoch FROM time) * 1000)::bigint - $2) / 1000 / $3) * 1000
                                    + (((extract(epoch FROM time) * 1000)::bigint - $2) / 1000 % $3) + $4::float8)::int AS wrong
           FROM timeseries_points WHERE measurement_uuid = $1`,
        [uuid, T0, POINTS_PER_SERIES, m / 10],
      );
      expect(rows[0]).toEqual({ points: acknowledged.size * POINTS_PER_SERIES, times: acknowledged.size * POINTS_PER_SERIES, wrong: 0 });
    }
    const keys = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM collector_batches WHERE collector_uuid = $1', [collector]);
    expect(keys.rows[0].n).toBe(acknowledged.size);
  } finally {
    await db.close();
  }
}, 120_000);
