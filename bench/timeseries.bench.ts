// `npm run bench -- timeseries`: the built-in time-series store on PGlite and on PostgreSQL.
// Prints points per second written through writePoints() in batches of 5,000 (median of 3 runs),
// the time to aggregate one measurement's hour of 1-second data per minute (median of many), and
// aggregations over 10 million points of one measurement. Figures only, never pass/fail. Each
// figure comes with the CPU time it took (this process, plus the PostgreSQL backends), which on
// a shared machine says more than the wall clock.
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
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

/**
 * CPU milliseconds spent so far on the work: this process (all of it for PGlite), plus the
 * PostgreSQL backends of this database read from /proc. On a shared machine points per
 * CPU-second say more about the code than wall-clock rates, which then measure the neighbours.
 */
type CpuClock = () => Promise<number>;

const processCpu: CpuClock = async () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function postgresCpu(db: Db): CpuClock {
  let tick = 100;
  try {
    tick = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    // Linux's usual value.
  }
  return async () => {
    const { rows } = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
    let ticks = 0;
    for (const { pid } of rows) {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0); // utime, stime
    }
    return (await processCpu()) + (ticks * 1000) / tick;
  };
}

interface Rate {
  wall: number;
  cpu: number;
}

/** One run: BATCHES batches of 5,000 one-second points of a fresh measurement, made beforehand. */
async function writeRun(store: TimeseriesStore, cpuClock: CpuClock): Promise<Rate> {
  const measurement = randomUUID();
  const batches = Array.from({ length: BATCHES }, (_, b) =>
    Array.from({ length: BATCH }, (_, i) => ({ time: T0 + (b * BATCH + i) * 1000, value: Math.sin(i / 60) * 100 })),
  );
  const cpuStart = await cpuClock();
  const ms = await timed(async () => {
    for (const points of batches) await store.writePoints(measurement, 'number', points);
  });
  const cpuMs = (await cpuClock()) - cpuStart;
  return { wall: (BATCH * BATCHES) / (ms / 1000), cpu: (BATCH * BATCHES) / (cpuMs / 1000) };
}

interface QueryTime {
  wall: number;
  cpu: number;
}

/** Median wall time and mean CPU time (the clock's resolution is coarse) of one query, in ms. */
async function queryTimes(runs: number, cpuClock: CpuClock, query: () => Promise<unknown>): Promise<QueryTime> {
  await query(); // warm-up: plans, caches
  const walls: number[] = [];
  const cpuStart = await cpuClock();
  for (let i = 0; i < runs; i += 1) walls.push(await timed(query));
  return { wall: median(walls), cpu: ((await cpuClock()) - cpuStart) / runs };
}

const ms = (t: QueryTime) => `${t.wall.toFixed(2)} ms (CPU ${t.cpu.toFixed(2)} ms)`;
const seconds = (t: QueryTime) => `${(t.wall / 1000).toFixed(2)} s (CPU ${(t.cpu / 1000).toFixed(2)} s)`;

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

async function bench(label: string, db: Db, cpuClock: CpuClock, concurrent: boolean): Promise<void> {
  const store = new PostgresTimeseriesStore(db);
  const rates: Rate[] = [];
  for (let run = 0; run < RUNS; run += 1) rates.push(await writeRun(store, cpuClock));
  const wall = rates.map((r) => r.wall);
  console.log(
    `${label}: write ${fmt(median(wall))} points/s, one writer (median of ${RUNS} runs of ${BATCHES} batches of ${fmt(BATCH)}: ` +
      `${wall.map(fmt).join(', ')}); ${fmt(median(rates.map((r) => r.cpu)))} points per CPU-second`,
  );
  if (concurrent) {
    // Two writers (two measurements) at once: the client and the server then both keep a core busy.
    const pairs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const elapsed = await timed(() => Promise.all([writeRun(store, cpuClock), writeRun(store, cpuClock)]));
      pairs.push((2 * BATCH * BATCHES) / (elapsed / 1000));
    }
    console.log(`${label}: write ${fmt(median(pairs))} points/s, two writers together (median of ${RUNS} runs: ${pairs.map(fmt).join(', ')})`);
  }

  const hour = randomUUID();
  await store.writePoints(hour, 'number', Array.from({ length: 3600 }, (_, i) => ({ time: T0 + i * 1000, value: Math.sin(i / 60) * 100 })));
  for (const aggregations of [TYPICAL, AGGREGATIONS]) {
    const query = { from: T0, to: T0 + 3_600_000, windowMs: 60_000, aggregations };
    const rows = await store.readAggregated(hour, 'number', query);
    if (rows.length !== 60 || rows[0].count !== 60) throw new Error(`unexpected result: ${rows.length} windows`);
    const time = await queryTimes(QUERY_RUNS, cpuClock, () => store.readAggregated(hour, 'number', query));
    const names = aggregations === TYPICAL ? TYPICAL.join(', ') : 'all 12';
    console.log(`${label}: 1 h of 1-s data per minute (${names}): ${ms(time)}, median of ${QUERY_RUNS}`);
  }

  const big = randomUUID();
  const loadMs = await loadBig(db, big);
  console.log(`${label}: loaded ${fmt(BIG)} points of one measurement with generate_series in SQL (not through writePoints) in ${(loadMs / 1000).toFixed(1)} s`);
  const whole = { from: T0, to: T0 + BIG * 1000 };
  for (const [windowMs, name] of [[3_600_000, 'hour'], [86_400_000, 'day']] as const) {
    for (const aggregations of [TYPICAL, AGGREGATIONS]) {
      const time = await queryTimes(1, cpuClock, () => store.readAggregated(big, 'number', { ...whole, windowMs, aggregations }));
      const windows = Math.ceil((BIG * 1000) / windowMs);
      console.log(`${label}: ${fmt(BIG)} points per ${name} (${fmt(windows)} windows), ${aggregations === TYPICAL ? TYPICAL.join(', ') : 'all 12'}: ${seconds(time)}`);
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
      await bench('PGlite', db, processCpu, false);
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
      await bench('PostgreSQL', db, postgresCpu(db), true);
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
