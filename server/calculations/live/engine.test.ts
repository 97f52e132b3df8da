import { createTestOrganization } from '../../auth/testing/testUsers';
import { createDefaultCollectors } from '../../collectors/defaults';
import type { Db } from '../../db/db';
import { openTestDatabase, type TestDatabase } from '../../db/testing/testDatabase';
import { createBatchIngestion, type BatchIngestion } from '../../ingestion/batches';
import { insertBuiltinDatabase, insertMeasurement } from '../../ingestion/testing/fixtures';
import { createServiceLease, LEASE_TTL_MS } from '../../events/processor/lease';
import { createTimeseriesStores, type TimeseriesStores } from '../../timeseries/stores';
import { CALCULATIONS_LEASE, startCalculationEngine, type CalculationEngine, type CalculationEngineOptions } from './engine';

// The live calculation collector on PGlite with an injected clock: the engine is driven by
// refresh() (and by the ingestion event, which it follows by itself), so no test waits for real
// intervals. Inputs are written through the collectors' ingestion path, as a collector would.

let database: TestDatabase;
let db: Db;
let stores: TimeseriesStores;
let ingestion: BatchIngestion;
let organization: string;
let calculator: string;
let collector: string;
let points: string;
let clock: number;
const engines: CalculationEngine[] = [];
const warnings: object[] = [];

const T0 = Date.UTC(2026, 10, 2, 10, 0, 0);
const log = { info: () => undefined, warn: (object: object) => warnings.push(object) };

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  stores = createTimeseriesStores(db);
  ingestion = createBatchIngestion(db, stores);
  organization = await createTestOrganization(db);
  await createDefaultCollectors(db, organization);
  calculator = (await db.query<{ uuid: string }>(`SELECT uuid FROM collectors WHERE organization_uuid = $1 AND collector_type = 'calculation'`, [organization])).rows[0].uuid;
  collector = (await db.query<{ uuid: string }>(`INSERT INTO collectors (organization_uuid, name, collector_type) VALUES ($1, 'Plant', 'simulation') RETURNING uuid`, [organization])).rows[0].uuid;
  points = await insertBuiltinDatabase(db, organization);
}, 60_000);

afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  // Each test's calculations leave the engine of the next one alone.
  await db.query(`UPDATE measurements SET status = 'Paused' WHERE collector_uuid = $1`, [calculator]);
});

afterAll(async () => {
  await stores?.close();
  await database?.cleanup();
}, 30_000);

function start(timeseries: TimeseriesStores = stores, more: Partial<CalculationEngineOptions> = {}) {
  const engine = startCalculationEngine({ db, timeseries, log, now: () => clock, settleMs: 500, tickMs: 60_000, ...more });
  engines.push(engine);
  return engine;
}

const input = () => insertMeasurement(db, { organizationUuid: organization, collectorUuid: collector, databaseUuid: points });
const calculation = (settings: Record<string, unknown>, name?: string) =>
  insertMeasurement(db, { organizationUuid: organization, collectorUuid: calculator, databaseUuid: points, settings, name });

async function write(measurement: string, times: number[], values: number[]) {
  await ingestion.ingest(collector, { BatchKey: `test-${Math.random()}`, Points: [{ MeasurementUUID: measurement, T: times, V: values }] });
}

async function stored(measurement: string) {
  const { rows } = await db.query<{ t: number; v: number | null; q: number | null }>(
    `SELECT (extract(epoch FROM time) * 1000)::float8 AS t, value_number AS v, quality AS q FROM timeseries_points WHERE measurement_uuid = $1 ORDER BY time`,
    [measurement],
  );
  return rows;
}

async function state(measurement: string) {
  const { rows } = await db.query<{ local: Record<string, unknown>; processed_until: number | null; last_error: string | null }>(
    'SELECT local, processed_until, last_error FROM calculation_state WHERE measurement_uuid = $1',
    [measurement],
  );
  return rows[0];
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const counter = `const n = (local.get('n') ?? 0) + 1; local.set('n', n); return n;`;
const setStatus = (uuid: string, status: string) => db.query('UPDATE measurements SET status = $2, updated_at = now() WHERE uuid = $1', [uuid, status]);

describe('the live calculation engine', () => {
  it('gives a sampled calculation over two inputs its point at the window start, after the window closed', async () => {
    const [a, b] = [await input(), await input()];
    const sum = await calculation({
      Type: 'sampled',
      Interval: '1s',
      Inputs: [
        { Alias: 'A', MeasurementUUID: a, Aggregation: 'mean' },
        { Alias: 'B', MeasurementUUID: b, Aggregation: 'mean' },
      ],
      Script: '_A.Value + _B.Value',
    });
    clock = T0 + 500;
    const engine = start();
    await engine.refresh();
    // The window [T0+1000, T0+2000[ is the first one after the start.
    await write(a, [T0 + 1100, T0 + 1600], [1, 3]);
    await write(b, [T0 + 1300], [10]);
    clock = T0 + 2400; // closed, but within the settle delay
    await engine.refresh();
    expect(await stored(sum)).toEqual([]);
    clock = T0 + 2600;
    await engine.refresh();
    expect(await stored(sum)).toEqual([{ t: T0 + 1000, v: 12, q: 192 }]);
    expect(await state(sum)).toMatchObject({ processed_until: T0 + 2000, last_error: null });
  });

  it('evaluates the windows of one beat in dependency order, so a calculation reading another sees that window’s value', async () => {
    const source = await calculation({ Type: 'simulation', Interval: '1s', Script: 'context.timestamp / 1000 % 100' }, 'Z source');
    const reader = await calculation({ Type: 'sampled', Interval: '1s', Inputs: [{ Alias: 'S', MeasurementUUID: source, Aggregation: 'last' }], Script: '_S.Value * 10' }, 'A reader');
    clock = T0 + 5_000;
    const engine = start();
    await engine.refresh();
    clock = T0 + 7_600;
    await engine.refresh();
    expect((await stored(source)).map((row) => row.v)).toEqual([5, 6]);
    expect(await stored(reader)).toEqual([
      { t: T0 + 5_000, v: 50, q: 192 },
      { t: T0 + 6_000, v: 60, q: 192 },
    ]);
  });

  it('follows a raw calculation’s input as its points arrive, and a raw calculation of that calculation too', async () => {
    const a = await input();
    const double = await calculation({ Type: 'raw', Inputs: [{ Alias: 'A', MeasurementUUID: a }], Script: '_A.Value * 2' }, 'Double');
    const plusOne = await calculation({ Type: 'raw', Inputs: [{ Alias: 'D', MeasurementUUID: double }], Script: '_D.Value + 1' }, 'Double plus one');
    clock = T0 + 10_000;
    const engine = start();
    await engine.refresh();
    await write(a, [T0 + 10_100, T0 + 10_200], [1, 2]);
    expect(await until(() => stored(plusOne), (rows) => rows.length === 2)).toEqual([
      { t: T0 + 10_100, v: 3, q: 192 },
      { t: T0 + 10_200, v: 5, q: 192 },
    ]);
    expect(await stored(double)).toEqual([
      { t: T0 + 10_100, v: 2, q: 192 },
      { t: T0 + 10_200, v: 4, q: 192 },
    ]);
    await write(a, [T0 + 10_300], [5]);
    expect((await until(() => stored(plusOne), (rows) => rows.length === 3))[2]).toEqual({ t: T0 + 10_300, v: 11, q: 192 });
  });

  it('leaves the windows of a paused period empty and resumes at the next interval', async () => {
    const ticks = await calculation({ Type: 'simulation', Interval: '1s', Script: counter });
    clock = T0 + 20_000;
    const engine = start();
    await engine.refresh();
    clock = T0 + 23_500;
    await engine.refresh();
    expect((await stored(ticks)).map((row) => row.t)).toEqual([T0 + 20_000, T0 + 21_000, T0 + 22_000]);

    await setStatus(ticks, 'Paused');
    await engine.refresh();
    clock = T0 + 30_200;
    await engine.refresh();
    await setStatus(ticks, 'Active');
    await engine.refresh();
    clock = T0 + 33_600;
    await engine.refresh();
    // Nothing of [T0+23000, T0+31000[; the counter goes on where it stopped.
    expect(await stored(ticks)).toEqual([
      { t: T0 + 20_000, v: 1, q: 192 },
      { t: T0 + 21_000, v: 2, q: 192 },
      { t: T0 + 22_000, v: 3, q: 192 },
      { t: T0 + 31_000, v: 4, q: 192 },
      { t: T0 + 32_000, v: 5, q: 192 },
    ]);
  });

  it('keeps the local state when the engine stops, and a new engine catches up on the missed windows', async () => {
    const ticks = await calculation({ Type: 'simulation', Interval: '1s', Script: counter });
    clock = T0 + 40_000;
    const first = start();
    await first.refresh();
    clock = T0 + 42_500;
    await first.refresh();
    await first.stop();
    expect(await state(ticks)).toMatchObject({ local: { n: 2 }, processed_until: T0 + 42_000 });

    clock = T0 + 45_500;
    const second = start();
    await second.refresh();
    expect((await stored(ticks)).map((row) => [row.t - T0, row.v])).toEqual([
      [40_000, 1],
      [41_000, 2],
      [42_000, 3],
      [43_000, 4],
      [44_000, 5],
    ]);
    expect(await state(ticks)).toMatchObject({ local: { n: 5 } });
  });

  it('catches up at most an hour after a long stop', async () => {
    const ticks = await calculation({ Type: 'simulation', Interval: '1m', Script: counter });
    clock = T0 + 60_000;
    const first = start();
    await first.refresh();
    await first.stop();
    clock = T0 + 3 * 3_600_000 + 60_000 + 10_000;
    const second = start();
    await second.refresh();
    const times = (await stored(ticks)).map((row) => row.t);
    // The windows of the last hour before now: from T0+2h+2m (the first after now-1h) to T0+3h.
    expect(times).toHaveLength(59);
    expect(times[0]).toBe(T0 + 2 * 3_600_000 + 120_000);
    expect(times[58]).toBe(T0 + 3 * 3_600_000);
  });

  it('goes on with a catch-up longer than one round in the next rounds', async () => {
    const ticks = await calculation({ Type: 'simulation', Interval: '1s', Script: counter });
    clock = T0 + 70_000;
    const first = start();
    await first.refresh();
    await first.stop();
    clock = T0 + 70_000 + 250_500;
    const second = start();
    await second.refresh();
    const rows = await stored(ticks);
    expect(rows).toHaveLength(250);
    expect(rows[249]).toEqual({ t: T0 + 319_000, v: 250, q: 192 });
  });

  it('picks up a calculation created while it runs, on real time, through the collector’s measurements version', async () => {
    const engine = startCalculationEngine({ db, timeseries: stores, log, settleMs: 100, tickMs: 50, pollMs: 200 });
    engines.push(engine);
    await engine.refresh();
    const ticks = await calculation({ Type: 'simulation', Interval: '1s', Script: counter });
    const rows = await until(() => stored(ticks), (found) => found.length > 0, 4_000);
    expect(rows[0]).toMatchObject({ v: 1, q: 192 });
    expect(rows[0].t % 1000).toBe(0);
  });

  it('runs no calculation of an organization whose licence lacks Calculations', async () => {
    const ticks = await calculation({ Type: 'simulation', Interval: '1s', Script: counter });
    clock = T0 + 80_000;
    const engine = startCalculationEngine({ db, timeseries: stores, log, now: () => clock, settleMs: 500, tickMs: 60_000, licensed: async () => false });
    engines.push(engine);
    await engine.refresh();
    clock = T0 + 83_600;
    await engine.refresh();
    expect(await stored(ticks)).toEqual([]);
    expect(await state(ticks)).toMatchObject({ processed_until: T0 + 83_600 });
  });

  it('records a looping script’s timeout as its last error, and the other calculations keep running', async () => {
    const looping = await calculation({ Type: 'simulation', Interval: '1s', Script: 'while (true) {}' }, 'A looping one');
    const ticks = await calculation({ Type: 'simulation', Interval: '1s', Script: counter }, 'B counting one');
    clock = T0 + 50_000;
    const engine = start();
    await engine.refresh();
    clock = T0 + 52_600;
    await engine.refresh();
    expect(await stored(looping)).toEqual([]);
    expect((await state(looping)).last_error).toMatch(/^timeout: /);
    expect(await stored(ticks)).toHaveLength(2);
    expect((await state(ticks)).last_error).toBeNull();
    expect(warnings).toContainEqual(expect.objectContaining({ calculation: looping }));
  });

  it('tries a calculation again after its store failed, without its password in the error, and the others keep running', async () => {
    const external = await insertBuiltinDatabase(db, organization);
    let down = true;
    const flaky: TimeseriesStores = {
      ...stores,
      async forDatabase(uuid) {
        if (down && uuid === external) throw new Error('connect ECONNREFUSED postgres://historian:s3cret@db.example:5432/points');
        return stores.forDatabase(uuid);
      },
    };
    const failing = await insertMeasurement(db, { organizationUuid: organization, collectorUuid: calculator, databaseUuid: external, settings: { Type: 'simulation', Interval: '1s', Script: '7' } });
    const ticks = await calculation({ Type: 'simulation', Interval: '1s', Script: counter });
    clock = T0 + 60_000;
    const engine = start(flaky);
    await engine.refresh();
    clock = T0 + 61_600;
    await engine.refresh();
    expect(await stored(ticks)).toHaveLength(1);
    expect(await stored(failing)).toEqual([]);
    const { last_error: error } = await state(failing);
    expect(error).toContain('ECONNREFUSED');
    expect(error).not.toContain('s3cret');
    expect(JSON.stringify(warnings)).not.toContain('s3cret');

    down = false;
    clock = T0 + 67_600;
    await engine.refresh();
    expect((await stored(failing)).map((row) => row.t - T0)).toEqual([60_000, 61_000, 62_000, 63_000, 64_000, 65_000, 66_000]);
    expect(await state(failing)).toMatchObject({ last_error: null, processed_until: T0 + 67_000 });
    expect(await stored(ticks)).toHaveLength(7);
  });

  it('runs on one of two servers only (the calculations lease); the other takes over where the first stopped, no window twice, none skipped', async () => {
    const ticks = await calculation({ Type: 'simulation', Interval: '1s', Script: counter });
    const leaseOf = (holder: string) => createServiceLease(db, { name: CALCULATIONS_LEASE, holder, now: () => clock });
    // The first server dies without giving its lease up (SIGKILL): its release does nothing.
    const crashing = { ...leaseOf('a'), release: async () => undefined };
    clock = T0 + 100_000;
    // Compiling on a loaded machine may take longer than the 50 ms of the default limit.
    const sandbox = { timeLimitMs: 5_000 };
    const a = start(stores, { lease: crashing, sandbox });
    const b = start(stores, { lease: leaseOf('b'), sandbox });
    await a.refresh();
    await b.refresh();
    clock = T0 + 103_600;
    await a.refresh();
    await b.refresh();
    expect([a.working(), b.working()]).toEqual([true, false]);
    expect((await stored(ticks)).map((row) => [row.t - T0, row.v])).toEqual([
      [100_000, 1],
      [101_000, 2],
      [102_000, 3],
    ]);

    await a.stop();
    // Until the dead holder's lease expires, nobody evaluates.
    clock = T0 + 100_000 + LEASE_TTL_MS - 500;
    await b.refresh();
    expect(b.working()).toBe(false);
    expect(await stored(ticks)).toHaveLength(3);
    clock = T0 + 100_000 + LEASE_TTL_MS + 1_600;
    await b.refresh();
    expect(b.working()).toBe(true);
    const rows = await stored(ticks);
    // Every window from the first one to the last closed one, each once, the counter going on.
    expect(rows.map((row) => row.t - T0)).toEqual(Array.from({ length: 16 }, (_, i) => 100_000 + i * 1_000));
    expect(rows.map((row) => row.v)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(await state(ticks)).toMatchObject({ local: { n: 16 }, processed_until: T0 + 116_000 });
  });

  it('evaluates a raw calculation’s input written through another server (no in-process event), from the input’s last point', async () => {
    const a = await input();
    const double = await calculation({ Type: 'raw', Inputs: [{ Alias: 'A', MeasurementUUID: a }], Script: '_A.Value * 2' }, 'Double elsewhere');
    clock = T0 + 200_000;
    const engine = start(stores, { pollMs: 1_000, sandbox: { timeLimitMs: 5_000 } });
    await engine.refresh();
    // What another server's ingestion leaves in PostgreSQL: the points and the last point, no event here.
    const store = await stores.forDatabase(points);
    await store.writePoints(a, 'number', [
      { time: T0 + 200_100, value: 3, quality: 192 },
      { time: T0 + 200_200, value: 4, quality: 192 },
    ]);
    await db.query(
      `INSERT INTO measurement_last_points (measurement_uuid, time, value, quality) VALUES ($1, $2, '4', 192)
       ON CONFLICT (measurement_uuid) DO UPDATE SET time = EXCLUDED.time, value = EXCLUDED.value`,
      [a, new Date(T0 + 200_200)],
    );
    await engine.refresh();
    expect(await stored(double)).toEqual([]);
    clock = T0 + 201_500;
    await engine.refresh();
    expect(await stored(double)).toEqual([
      { t: T0 + 200_100, v: 6, q: 192 },
      { t: T0 + 200_200, v: 8, q: 192 },
    ]);
  });
});
