// `npm run bench -- timeseries`: the built-in time-series store on PGlite and on PostgreSQL.
// Prints points per second written through writePoints() in batches of 5,000 (median of 3 runs),
// the time to aggregate one measurement's hour of 1-second data per minute (median of many), and
// an aggregation over 10 million points of one measurement. Figures only, never pass/fail.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../server/db/db';
import { runMigrations } from '../server/db/migrate';
import { openPgliteDb } from '../server/db/pglite';
import { openPostgresDb } from '../server/db/postgres';
import { startPostgres } from '../server/db/testing/postgresServer';
import { PartitionManager } from '../server/timeseries/postgres/partitions';
import { PostgresTimeseriesStore } from '../server/timeseries/postgres/store';
import type { Aggregation, TimeseriesStore } from '../server/timeseries/types';
import { AGGREGATIONS } from '../server/timeseries/types';

const BATCH = 5000;
const BATCHES = Number(process.env.BENCH_BATCHES ?? 100);
const RUNS = 3;
const QUERY_RUNS = Number(process.env.BENCH_QUERY_RUNS ?? 50);
const BIG = Number(process.env.BENCH_BIG_POINTS ?? 10_000_000);
const T0 = Date.UTC(2025, 0, 6); // a Monday: the first hour sits in one partition
const TYPICAL: Aggregation[] = ['count', 'mean', 'min', 'max', 'first', 'last'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

interface Rate {
  wall: number;
  /** Points per CPU-second of this process: all of the work for PGlite, the client's for PostgreSQL. */
  cpu: number;
}

/** One run: BATCHES batches of 5,000 one-second points of a fresh measurement. */
async function writeRun(store: TimeseriesStore, measurement: string): Promise<Rate> {
  let ms = 0;
  let cpuMs = 0;
  for (let b = 0; b < BATCHES; b += 1) {
    const points = Array.from({ length: BATCH }, (_, i) => ({ time: T0 + (b * BATCH + i) * 1000, value: Math.sin(i / 60) * 100 }));
    const cpu = process.cpuUsage();
    ms += await timed(() => store.writePoints(measurement, 'number', points));
    const used = process.cpuUsage(cpu);
    cpuMs += (used.user + used.system) / 1000;
  }
  return { wall: (BATCH * BATCHES) / (ms / 1000), cpu: (BATCH * BATCHES) / (cpuMs / 1000) };
}

async function hourPerMinute(store: TimeseriesStore, measurement: string, aggregations: readonly Aggregation[]): Promise<number> {
  const query = { from: T0, to: T0 + 3_600_000, windowMs: 60_000, aggregations };
  const rows = await store.readAggregated(measurement, 'number', query); // warm-up, and a check
  if (rows.length !== 60 || rows[0].count !== 60) throw new Error(`unexpected result: ${rows.length} windows`);
  const times: number[] = [];
  for (let i = 0; i < QUERY_RUNS; i += 1) times.push(await timed(() => store.readAggregated(measurement, 'number', query)));
  return median(times);
}

/** 10M points at 1 s (about 116 days) loaded in SQL with generate_series: loading is not measured here. */
async function loadBig(db: Db, measurement: string): Promise<number> {
  const end = T0 + BIG * 1000;
  const weeks: number[] = [];
  for (let t = T0; t < end; t += 86_400_000) weeks.push(t);
  await new PartitionManager(db).ensure([...weeks, end - 1000]);
  const step = 1_000_000;
  return timed(async () => {
    for (let start = 0; start < BIG; start += step) {
      await db.query(
        `INSERT INTO timeseries_points (measurement_uuid, time, value_number)
         SELECT $1::uuid, to_timestamp(($2::float8 + i::float8 * 1000) / 1000), sin(i::float8 / 600) * 100
         FROM generate_series($3::int, $4::int) AS i`,
        [measurement, T0, start, Math.min(start + step, BIG) - 1],
      );
    }
    await db.query('ANALYZE timeseries_points');
  });
}

async function bench(label: string, db: Db, concurrent: boolean): Promise<void> {
  const store = new PostgresTimeseriesStore(db);
  const measurements = Array.from({ length: RUNS }, () => randomUUID());
  const rates: Rate[] = [];
  for (const m of measurements) rates.push(await writeRun(store, m));
  const wall = rates.map((r) => r.wall);
  console.log(
    `${label}: write ${fmt(median(wall))} points/s, one writer (median of ${RUNS} runs of ${BATCHES} batches of ${fmt(BATCH)}; ` +
      `runs: ${wall.map(fmt).join(', ')}; ${fmt(median(rates.map((r) => r.cpu)))} points per CPU-second of this process)`,
  );
  if (concurrent) {
    // Two writers (two measurements) at once: the client and the server then both keep a core busy.
    const pairs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = process.hrtime.bigint();
      await Promise.all([writeRun(store, randomUUID()), writeRun(store, randomUUID())]);
      pairs.push((2 * BATCH * BATCHES) / (Number(process.hrtime.bigint() - started) / 1e9));
    }
    console.log(`${label}: write ${fmt(median(pairs))} points/s, two writers together (median of ${RUNS} runs; runs: ${pairs.map(fmt).join(', ')})`);
  }

  const typical = await hourPerMinute(store, measurements[0], TYPICAL);
  const all = await hourPerMinute(store, measurements[0], AGGREGATIONS);
  console.log(`${label}: 1 h of 1-s data per minute: ${typical.toFixed(2)} ms (${TYPICAL.join(', ')}), ${all.toFixed(2)} ms (all 12), median of ${QUERY_RUNS}`);

  const big = randomUUID();
  const loadMs = await loadBig(db, big);
  console.log(`${label}: loaded ${fmt(BIG)} points with generate_series in SQL (not through writePoints) in ${(loadMs / 1000).toFixed(1)} s`);
  const whole = { from: T0, to: T0 + BIG * 1000 };
  for (const [windowMs, name] of [[3_600_000, 'hour'], [86_400_000, 'day']] as const) {
    for (const aggregations of [TYPICAL, AGGREGATIONS]) {
      let rows = 0;
      const ms = await timed(async () => {
        rows = (await store.readAggregated(big, 'number', { ...whole, windowMs, aggregations })).length;
      });
      console.log(`${label}: ${fmt(BIG)} points per ${name} (${rows} windows), ${aggregations === TYPICAL ? 'typical 6' : 'all 12'}: ${(ms / 1000).toFixed(2)} s`);
    }
  }
}

async function main(): Promise<void> {
  console.log('targets: >= 100,000 points/s into PGlite, >= 250,000 points/s into PostgreSQL, 1 h per minute < 20 ms');
  const dir = await mkdtemp(path.join(tmpdir(), 'historian-bench-ts-'));
  try {
    const db = await openPgliteDb(dir);
    try {
      await runMigrations(db, { onWarning: () => undefined });
      await bench('PGlite', db, false);
    } finally {
      await db.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  let server;
  try {
    server = await startPostgres();
  } catch (error) {
    console.log(`PostgreSQL: skipped (${error instanceof Error ? error.message : String(error)})`);
    return;
  }
  try {
    const db = await openPostgresDb(await server.createDatabase());
    try {
      await runMigrations(db, { onWarning: () => undefined });
      console.log('PostgreSQL 15: the test server of server/db/testing (fsync=off, synchronous_commit=off)');
      await bench('PostgreSQL', db, true);
    } finally {
      await db.close();
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
