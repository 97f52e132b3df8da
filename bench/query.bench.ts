// `npm run bench -- query`: POST /timeseries/query through the real app (in-process, app.inject)
// on PGlite, the built-in store. One day of 1-s data (86,400 points) aggregated per minute (mean
// with min and max, the trend's envelope) and a raw read of 1,000,000 points, each answered as
// JSON and as the columnar body: the median of 5 runs of the server's time (request in, body out,
// with its CPU time), the body's size, and what the client then spends to read it (JSON.parse, or
// decodeColumns). Also the store's own raw read of the million points as row objects (readRaw)
// against the packed columnar read the query uses. Points are loaded with generate_series in SQL.
// Prints one JSON object per figure; figures only, never pass/fail.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COLUMNS_MEDIA_TYPE, decodeColumns } from '../domain/timeseriesColumns';
import { buildApp } from '../server/app';
import { createTestOrganization, createTestUser, sessionHeaders } from '../server/auth/testing/testUsers';
import { loadConfig } from '../server/config';
import type { AppContext } from '../server/context';
import type { Db } from '../server/db/db';
import { openDatabase } from '../server/db/open';
import { PartitionManager } from '../server/timeseries/postgres/partitions';
import { PostgresTimeseriesStore } from '../server/timeseries/postgres/store';
import { POSTGRES_TIMESERIES_TYPE_UUID } from '../server/timeseries/registry';

const RUNS = Number(process.env.BENCH_QUERY_RUNS ?? 5);
const MILLION = Number(process.env.BENCH_RAW_POINTS ?? 1_000_000);
const DAY = 86_400;
const T0 = Date.UTC(2025, 0, 6); // a Monday

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (n: number) => Math.round(n * 10) / 10;

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** 1-s points from T0, loaded in SQL (partitions made first, as the store would). */
async function load(db: Db, measurement: string, points: number): Promise<void> {
  const end = T0 + points * 1000;
  const days: number[] = [];
  for (let t = T0; t < end; t += 86_400_000) days.push(t);
  await new PartitionManager(db).ensure([...days, end - 1000]);
  const step = 500_000;
  for (let start = 0; start < points; start += step) {
    await db.query(
      `INSERT INTO timeseries_points (measurement_uuid, time, value_number)
       SELECT $1::uuid, to_timestamp(($2::float8 + i::float8 * 1000) / 1000), sin(i::float8 / 600) * 100
       FROM generate_series($3::int, $4::int) AS i`,
      [measurement, T0, start, Math.min(start + step, points) - 1],
    );
  }
  await db.query('ANALYZE timeseries_points');
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'historian-bench-query-'));
  const config = loadConfig({ NODE_ENV: 'production', HISTORIAN_DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const db = await openDatabase(config, { onWarning: () => undefined });
  try {
    const ctx: AppContext = { db, config, version: 'bench' };
    // As in production: no response checking against the contract.
    const app = await buildApp(ctx, { strictResponses: false, logLevel: 'silent' });
    const organization = await createTestOrganization(db);
    const user = await createTestUser(db, { privileges: { [organization]: ['READ_MEASUREMENTS'] } });
    const headers = { ...(await sessionHeaders(ctx, user.uuid)), 'x-organization-uuid': organization };
    const { rows } = await db.query<{ uuid: string }>(
      `INSERT INTO timeseries_databases (organization_uuid, name, type_uuid, settings) VALUES ($1, 'historian', $2, '{"mode":"builtin"}') RETURNING uuid`,
      [organization, POSTGRES_TIMESERIES_TYPE_UUID],
    );
    const collector = await db.query<{ uuid: string }>("INSERT INTO collectors (organization_uuid, name) VALUES ($1, 'bench') RETURNING uuid", [organization]);
    const measurement = async (name: string) =>
      (
        await db.query<{ uuid: string }>(
          "INSERT INTO measurements (organization_uuid, collector_uuid, name, datatype, database_uuid, status) VALUES ($1, $2, $3, 'number', $4, 'Active') RETURNING uuid",
          [organization, collector.rows[0].uuid, name, rows[0].uuid],
        )
      ).rows[0].uuid;
    const day = await measurement('one day');
    const million = await measurement('a million');
    await load(db, day, DAY);
    await load(db, million, MILLION);

    const run = async (label: string, body: object, columns: boolean) => {
      const wall: number[] = [];
      const cpu: number[] = [];
      const read: number[] = [];
      let bytes = 0;
      let points = 0;
      for (let i = 0; i < RUNS + 1; i += 1) {
        const cpuBefore = cpuMs();
        const started = performance.now();
        const response = await app.inject({ method: 'POST', url: '/api/timeseries/query', headers: { ...headers, ...(columns ? { accept: COLUMNS_MEDIA_TYPE } : {}) }, payload: body });
        const took = performance.now() - started;
        const cpuTook = cpuMs() - cpuBefore;
        if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body.slice(0, 300)}`);
        const payload = response.rawPayload;
        const readStarted = performance.now();
        if (columns) points = decodeColumns(new Uint8Array(payload).buffer).series[0].times.length;
        else points = JSON.parse(payload.toString('utf8')).Series[0].DataPoints.length;
        const readTook = performance.now() - readStarted;
        bytes = payload.byteLength;
        // The first run warms the statement and code caches.
        if (i === 0) continue;
        wall.push(took);
        cpu.push(cpuTook);
        read.push(readTook);
      }
      console.log(
        JSON.stringify({
          query: label,
          format: columns ? 'columns' : 'json',
          points,
          serverMs: round(median(wall)),
          serverCpuMs: round(median(cpu)),
          bytes,
          clientReadMs: round(median(read)),
          runs: wall.map(round),
        }),
      );
    };

    const perMinute = { MeasurementUUIDs: [day], Start: T0, End: T0 + DAY * 1000, Aggregation: { Name: 'mean', Period: '1m', WithMinMax: true } };
    await run('1 day of 1-s data per minute, mean with min and max', perMinute, false);
    await run('1 day of 1-s data per minute, mean with min and max', perMinute, true);
    const raw = { MeasurementUUIDs: [million], Start: T0, End: T0 + MILLION * 1000 };
    await run(`raw ${MILLION.toLocaleString('en-US')} points`, raw, false);
    await run(`raw ${MILLION.toLocaleString('en-US')} points`, raw, true);

    // Why the query reads raw points through the columnar read: the store's row objects.
    const store = new PostgresTimeseriesStore(db);
    for (const [label, read] of [
      ['store readRaw (row objects)', () => store.readRaw(million, 'number', { from: T0, to: T0 + MILLION * 1000, limit: Math.min(MILLION, 1_000_000) })],
      ['store readRawColumns (packed)', () => store.readRawColumns(million, 'number', { from: T0, to: T0 + MILLION * 1000, limit: MILLION, order: 'asc', lastKnown: false })],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const started = performance.now();
        await read();
        times.push(performance.now() - started);
      }
      console.log(JSON.stringify({ read: label, points: MILLION, medianMs: round(median(times)), runs: times.map(round) }));
    }
    await app.close();
  } finally {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
