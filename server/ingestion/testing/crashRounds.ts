import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { issueCollectorToken } from '../../collectors/collectorTokens';
import { insertCollector } from '../../collectors/testing/collectorFixtures';
import type { Db } from '../../db/db';
import { openDatabase } from '../../db/open';
import { openTestDatabase } from '../../db/testing/testDatabase';
import { exited, startServerProcess } from '../../testing/serverProcess';
import { insertBuiltinDatabase, insertMeasurement } from './fixtures';

// SIGKILL rounds against a real server process (server/main.ts on a PGlite data directory) that
// takes numbered batches through POST /collector-api/points from concurrent writers. Each round
// kills the server at a random moment once batches flow; after each restart the writers send
// every batch not acknowledged again, under its key. Shared by server/ingestion/crash.test.ts
// (a few rounds, asserted) and bench/ingestionCrash.bench.ts (many rounds, figures only).

export interface CrashRoundsOptions {
  rounds: number;
  batches?: number;
  pointsPerSeries?: number;
  writers?: number;
}

export interface CrashRoundsResult {
  /** Batches handed out to writers (acknowledged or not). */
  sent: number;
  acknowledged: number;
  /** Batches never acknowledged after the last, clean start (should be none). */
  unacknowledged: number[];
  /** Statuses other than 200 the server answered. */
  unexpectedStatuses: number[];
  /** Per measurement: stored points, distinct times, points whose value is not the one sent. */
  series: { points: number; times: number; wrong: number }[];
  /** Rows in collector_batches for the collector. */
  batchKeys: number;
  pointsPerSeries: number;
  /** Milliseconds from spawning the server to its "listening" line, per start. */
  startMs: number[];
}

const T0 = Date.UTC(2026, 10, 2, 0, 0, 0);

export async function runCrashRounds(options: CrashRoundsOptions): Promise<CrashRoundsResult> {
  const { rounds, batches = 400, pointsPerSeries = 250, writers = 3 } = options;
  const work = await mkdtemp(path.join(tmpdir(), 'historian-ingest-crash-'));
  await mkdir(path.join(work, 'client'));
  await writeFile(path.join(work, 'client', 'index.html'), '<!doctype html><title>test</title>');
  let dataDir: string | undefined;
  let server: ChildProcess | undefined;
  const startMs: number[] = [];
  const startServer = async (dir: string) => {
    const began = Date.now();
    const started = await startServerProcess({ dataDir: dir, clientDir: path.join(work, 'client') });
    startMs.push(Date.now() - began);
    return started;
  };

  /** Batch n: pointsPerSeries points of each measurement, at times no other batch uses. */
  const batch = (n: number, measurements: readonly string[]) => {
    const times = Array.from({ length: pointsPerSeries }, (_, i) => T0 + (n * pointsPerSeries + i) * 1000);
    return {
      BatchKey: `crash-${n}`,
      Points: measurements.map((uuid, m) => ({ MeasurementUUID: uuid, T: times, V: times.map((_, i) => n * 1000 + i + m / 10) })),
    };
  };

  try {
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
    const unexpectedStatuses: number[] = [];
    let next = 0;
    const unacknowledged = () => Array.from({ length: next }, (_, n) => n).filter((n) => !acknowledged.has(n));

    // Writers take batches from a shared list: first the ones not yet acknowledged, then new ones.
    const write = async (url: string, stopWhenDone: boolean, onAcknowledged: () => void = () => undefined) => {
      const todo = unacknowledged();
      const take = () => (todo.length > 0 ? todo.shift() : next < batches && !stopWhenDone ? next++ : undefined);
      const writer = async () => {
        for (let n = take(); n !== undefined; n = take()) {
          const response = await fetch(`${url}/api/collector-api/points`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(batch(n, measurements)),
          }).catch(() => undefined);
          if (!response) return; // the server is gone
          if (response.status !== 200) {
            unexpectedStatuses.push(response.status);
            return;
          }
          acknowledged.add(n);
          onAcknowledged();
        }
      };
      await Promise.all(Array.from({ length: writers }, writer));
    };

    for (let round = 0; round < rounds; round += 1) {
      const started = await startServer(dataDir);
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
    const last = await startServer(dataDir);
    server = last.child;
    await write(last.url, true);
    server.kill('SIGTERM');
    await exited(server);
    server = undefined;

    const db: Db = await openDatabase({ dataDir, databaseUrl: undefined }, { onWarning: () => undefined });
    try {
      const series: CrashRoundsResult['series'] = [];
      for (const [m, uuid] of measurements.entries()) {
        const { rows } = await db.query<{ points: number; times: number; wrong: number }>(
          `SELECT count(*)::int AS points, count(DISTINCT time)::int AS times,
                  count(*) FILTER (WHERE value_number <> (((extract(epoch FROM time) * 1000)::bigint - $2) / 1000 / $3) * 1000
                                      + (((extract(epoch FROM time) * 1000)::bigint - $2) / 1000 % $3) + $4::float8)::int AS wrong
             FROM timeseries_points WHERE measurement_uuid = $1`,
          [uuid, T0, pointsPerSeries, m / 10],
        );
        series.push(rows[0]);
      }
      const keys = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM collector_batches WHERE collector_uuid = $1', [collector]);
      return {
        sent: next,
        acknowledged: acknowledged.size,
        unacknowledged: unacknowledged(),
        unexpectedStatuses,
        series,
        batchKeys: keys.rows[0].n,
        pointsPerSeries,
        startMs,
      };
    } finally {
      await db.close();
    }
  } finally {
    server?.kill('SIGKILL');
    if (server) await exited(server);
    await rm(work, { recursive: true, force: true });
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}
