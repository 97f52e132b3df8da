// `npm run bench -- ingestion`: points per second into the built-in store on PGlite, side by side
// in one run: (a) raw COPY … FROM STDIN (PGlite's /dev/blob) of N points into timeseries_points,
// (b) the same N points through POST /collector-api/points over HTTP (the real app, in-process,
// listening on 127.0.0.1) in batches of 5,000 and of 10,000 points (10 measurements a batch,
// BENCH_INGEST_SENDERS concurrent senders), and for reference (c) the store's writePoints() alone.
// Median of 3 runs each, with the CPU time of this process (server, senders and PGlite's worker
// thread all live in it) beside the wall clock, and the ratio of each rate to raw COPY. Request
// bodies and the COPY text are made before the clock starts. Figures only, never pass/fail.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../server/app';
import { rootOrganizationUuid } from '../server/auth/testing/testUsers';
import { collectorWithToken } from '../server/collectors/testing/collectorFixtures';
import { loadConfig } from '../server/config';
import { PGLITE_MEMORY_SETTINGS } from '../server/db/pglite';
import { openTestDatabase } from '../server/db/testing/testDatabase';
import { insertBuiltinDatabase, insertMeasurement } from '../server/ingestion/testing/fixtures';
import { PartitionManager } from '../server/timeseries/postgres/partitions';
import { createTimeseriesStores } from '../server/timeseries/stores';

const POINTS = Number(process.env.BENCH_INGEST_POINTS ?? 500_000);
const SENDERS = Number(process.env.BENCH_INGEST_SENDERS ?? 3);
const MEASUREMENTS = 10;
const RUNS = 3;
const T0 = Date.UTC(2025, 0, 6);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

interface Rate {
  wall: number;
  cpu: number;
}

async function measure(points: number, run: () => Promise<unknown>): Promise<Rate> {
  const cpu = cpuMs();
  const started = performance.now();
  await run();
  const wall = performance.now() - started;
  return { wall: (points / wall) * 1000, cpu: (points / (cpuMs() - cpu)) * 1000 };
}

/** Run r's points: MEASUREMENTS series of fresh measurements, one second apart, times unused so far. */
function timesOf(run: number, perSeries: number): number[] {
  return Array.from({ length: perSeries }, (_, i) => T0 + (run * perSeries + i) * 1000);
}

async function rawCopy(dir: string): Promise<Rate[]> {
  const pg = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS] });
  try {
    const { readFile } = await import('node:fs/promises');
    await pg.exec(await readFile(path.join(__dirname, '../server/db/migrations/010_timeseries.sql'), 'utf8'));
    const partitions = new PartitionManager(pg);
    const rates: Rate[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const times = timesOf(run, POINTS / MEASUREMENTS);
      await partitions.ensure([times[0], times[times.length - 1], ...times.filter((_, i) => i % 3600 === 0)]);
      const lines: string[] = [];
      for (let m = 0; m < MEASUREMENTS; m += 1) {
        const uuid = randomUUID();
        for (const [i, time] of times.entries()) lines.push(`${uuid},${new Date(time).toISOString()},${Math.sin(i / 60) * 100}`);
      }
      const blob = new Blob([lines.join('\n') + '\n']);
      rates.push(await measure(POINTS, () => pg.query("COPY timeseries_points (measurement_uuid, time, value_number) FROM '/dev/blob' WITH (FORMAT csv)", [], { blob })));
    }
    return rates;
  } finally {
    await pg.close();
  }
}

async function main() {
  console.log(`${fmt(POINTS)} points a run (${MEASUREMENTS} measurements), median of ${RUNS} runs; HTTP with ${SENDERS} concurrent senders`);
  const copyDir = mkdtempSync(path.join(tmpdir(), 'historian-bench-copy-'));
  const serverDir = mkdtempSync(path.join(tmpdir(), 'historian-bench-ingest-'));
  const results: Array<{ label: string; rates: Rate[] }> = [];
  try {
    results.push({ label: 'raw COPY FROM STDIN (PGlite /dev/blob)', rates: await rawCopy(copyDir) });

    const database = await openTestDatabase();
    const db = database.db;
    const ctx = { db, config: loadConfig({ NODE_ENV: 'production', HISTORIAN_DATA_DIR: serverDir }), version: 'bench' };
    const app = await buildApp(ctx, { logLevel: 'warn' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/collector-api/points`;
    const organization = await rootOrganizationUuid(db);
    const collector = await collectorWithToken(db, organization);
    const timeseries = await insertBuiltinDatabase(db, organization);
    const freshMeasurements = () =>
      Promise.all(Array.from({ length: MEASUREMENTS }, () => insertMeasurement(db, { organizationUuid: organization, collectorUuid: collector.uuid, databaseUuid: timeseries })));
    let runNumber = 0;

    for (const batchSize of [5000, 10_000]) {
      const rates: Rate[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const measurements = await freshMeasurements();
        const perSeries = batchSize / MEASUREMENTS;
        const bodies = Array.from({ length: POINTS / batchSize }, (_, b) => {
          const times = timesOf(runNumber * 1000 + b, perSeries);
          return JSON.stringify({
            BatchKey: `bench-${batchSize}-${run}-${b}`,
            Points: measurements.map((uuid) => ({ MeasurementUUID: uuid, T: times, V: times.map((_, i) => Math.round(Math.sin(i / 60) * 1e6) / 1e4) })),
          });
        });
        runNumber += 1;
        const headers = { authorization: `Bearer ${collector.token}`, 'content-type': 'application/json' };
        rates.push(
          await measure(POINTS, async () => {
            let next = 0;
            const sender = async () => {
              for (let b = next++; b < bodies.length; b = next++) {
                const response = await fetch(url, { method: 'POST', headers, body: bodies[b] });
                if (response.status !== 200) throw new Error(`batch ${b}: ${response.status} ${await response.text()}`);
                await response.arrayBuffer();
              }
            };
            await Promise.all(Array.from({ length: SENDERS }, sender));
          }),
        );
      }
      results.push({ label: `HTTP POST /collector-api/points, batches of ${fmt(batchSize)}`, rates });
    }

    const stores = createTimeseriesStores(db);
    const store = await stores.forDatabase(timeseries);
    const rates: Rate[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const measurements = await freshMeasurements();
      const perSeries = 5000 / MEASUREMENTS;
      const chunks = Array.from({ length: POINTS / 5000 }, (_, b) => timesOf(runNumber * 1000 + b, perSeries).map((time, i) => ({ time, value: Math.sin(i / 60) * 100 })));
      runNumber += 1;
      rates.push(
        await measure(POINTS, async () => {
          for (const chunk of chunks) for (const uuid of measurements) await store.writePoints(uuid, 'number', chunk);
        }),
      );
    }
    results.push({ label: "store.writePoints() alone, 500 points × 10 measurements a call", rates });
    await stores.close();
    await app.close();
    await database.cleanup();
  } finally {
    rmSync(copyDir, { recursive: true, force: true });
    rmSync(serverDir, { recursive: true, force: true });
  }

  const raw = median(results[0].rates.map((r) => r.wall));
  const rawCpu = median(results[0].rates.map((r) => r.cpu));
  console.log('');
  console.log(`${'path'.padEnd(64)} ${'points/s'.padStart(10)} ${'of raw'.padStart(7)} ${'per CPU-s'.padStart(10)} ${'of raw'.padStart(7)}`);
  for (const { label, rates } of results) {
    const wall = median(rates.map((r) => r.wall));
    const cpu = median(rates.map((r) => r.cpu));
    console.log(`${label.padEnd(64)} ${fmt(wall).padStart(10)} ${`${Math.round((wall / raw) * 100)} %`.padStart(7)} ${fmt(cpu).padStart(10)} ${`${Math.round((cpu / rawCpu) * 100)} %`.padStart(7)}`);
  }
  console.log('\nGoal (issue "Done when"): HTTP ≥ 50 % of raw COPY and ≥ 100,000 points/s on PGlite.');
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
