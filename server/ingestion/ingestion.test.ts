import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createTestOrganization, openTestApp, type TestApp } from '../auth/testing/testUsers';
import { bearer, collectorWithToken } from '../collectors/testing/collectorFixtures';
import { loadConfig } from '../config';
import { createTimeseriesStores, type TimeseriesStores } from '../timeseries/stores';
import type { TimeseriesStore } from '../timeseries/types';
import { createBatchIngestion } from './batches';
import { insertBuiltinDatabase, insertMeasurement } from './testing/fixtures';

// The collector calls of the data path: the measurements a collector should collect, discovery,
// and batches of points (idempotent by key, only the collector's own Active measurements, type
// errors refuse the whole batch, acknowledged only once the store's write resolved).

let t: TestApp;
let dataDir: string;
let plant: string;
let database: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'historian-ingestion-'));
  t = await openTestApp({ HISTORIAN_DATA_DIR: dataDir });
  plant = await createTestOrganization(t.db, 'Plant');
  database = await insertBuiltinDatabase(t.db, plant);
}, 60_000);

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

const call = (app: FastifyInstance, method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  app.inject({ method, url: `/api/collector-api${url}`, headers: bearer(token), payload });

async function setup(datatype = 'number') {
  const collector = await collectorWithToken(t.db, plant);
  const measurement = await insertMeasurement(t.db, { organizationUuid: plant, collectorUuid: collector.uuid, databaseUuid: database, datatype });
  return { collector, measurement };
}

async function stored(measurement: string) {
  const { rows } = await t.db.query<{ t: number; v: number | string | boolean | null; q: number | null }>(
    `SELECT (extract(epoch FROM time) * 1000)::float8 AS t, coalesce(to_jsonb(value_number), to_jsonb(value_bool), to_jsonb(value_text)) AS v, quality AS q
       FROM timeseries_points WHERE measurement_uuid = $1 ORDER BY time`,
    [measurement],
  );
  return rows;
}

const T0 = Date.UTC(2026, 10, 2, 10, 0, 0);

describe('POST /collector-api/points', () => {
  it('stores the points, records the batch key and the last point, and a batch sent again is not written twice', async () => {
    const { collector, measurement } = await setup();
    const batch = { BatchKey: 'b-1', Points: [{ MeasurementUUID: measurement, T: [T0, T0 + 1000, T0 + 2000], V: [1.5, 2.5, 3.5], Q: [192, null, 0] }] };
    const first = await call(t.app, 'POST', '/points', collector.token, batch);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ BatchKey: 'b-1', Points: 3, Duplicate: false, Skipped: [] });
    expect(await stored(measurement)).toEqual([
      { t: T0, v: 1.5, q: 192 },
      { t: T0 + 1000, v: 2.5, q: null },
      { t: T0 + 2000, v: 3.5, q: 0 },
    ]);
    const last = (await t.db.query('SELECT value, quality FROM measurement_last_points WHERE measurement_uuid = $1', [measurement])).rows;
    expect(last).toEqual([{ value: 3.5, quality: 0 }]);

    // Its answer was lost: the same key again, and meanwhile the point at T0 was changed by hand.
    await t.db.query('UPDATE timeseries_points SET value_number = 99 WHERE measurement_uuid = $1 AND time = $2', [measurement, new Date(T0)]);
    const again = await call(t.app, 'POST', '/points', collector.token, batch);
    expect(again.json()).toEqual({ BatchKey: 'b-1', Points: 3, Duplicate: true, Skipped: [] });
    expect((await stored(measurement))[0]).toEqual({ t: T0, v: 99, q: 192 });
    // Keys are per collector: another collector's key of the same text is its own batch.
    const other = await setup();
    const its = await call(t.app, 'POST', '/points', other.collector.token, { BatchKey: 'b-1', Points: [{ MeasurementUUID: other.measurement, T: [T0], V: [7] }] });
    expect(its.json()).toMatchObject({ Duplicate: false, Points: 1 });
  });

  it('writes only the collector’s own Active measurements and reports the others as skipped', async () => {
    const { collector, measurement } = await setup();
    const paused = await insertMeasurement(t.db, { organizationUuid: plant, collectorUuid: collector.uuid, databaseUuid: database, status: 'Paused' });
    const discovered = await insertMeasurement(t.db, { organizationUuid: plant, collectorUuid: collector.uuid, databaseUuid: null, status: 'Discovered' });
    const foreign = (await setup()).measurement;
    const unknown = '00000000-0000-4000-8000-000000000001';
    const points = (uuid: string) => ({ MeasurementUUID: uuid, T: [T0], V: [1] });
    const response = await call(t.app, 'POST', '/points', collector.token, { BatchKey: 'mixed', Points: [points(measurement), points(paused), points(discovered), points(foreign), points(unknown)] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      BatchKey: 'mixed',
      Points: 1,
      Duplicate: false,
      Skipped: [
        { MeasurementUUID: paused, Reason: 'NotActive' },
        { MeasurementUUID: discovered, Reason: 'NotActive' },
        { MeasurementUUID: foreign, Reason: 'NotFound' },
        { MeasurementUUID: unknown, Reason: 'NotFound' },
      ],
    });
    expect(await stored(measurement)).toHaveLength(1);
    for (const uuid of [paused, foreign]) expect(await stored(uuid)).toEqual([]);
  });

  it('a value of the wrong type refuses the whole batch (400 naming the measurement and index) and writes nothing', async () => {
    const { collector, measurement } = await setup();
    const text = await insertMeasurement(t.db, { organizationUuid: plant, collectorUuid: collector.uuid, databaseUuid: database, datatype: 'string' });
    const response = await call(t.app, 'POST', '/points', collector.token, {
      BatchKey: 'typed',
      Points: [
        { MeasurementUUID: text, T: [T0], V: ['open'] },
        { MeasurementUUID: measurement, T: [T0, T0 + 1], V: [1, 'two'] },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(`Measurement ${measurement} (number), point 1`);
    expect(response.json().errors).toHaveProperty(['Points.1.V.1']);
    expect(await stored(text)).toEqual([]);
    expect(await stored(measurement)).toEqual([]);
    // Not recorded: the corrected batch under the same key is written.
    const fixed = await call(t.app, 'POST', '/points', collector.token, { BatchKey: 'typed', Points: [{ MeasurementUUID: measurement, T: [T0], V: [1] }] });
    expect(fixed.json()).toMatchObject({ Duplicate: false, Points: 1 });
  });

  it('refuses a batch whose columns differ in length, or that carries more than 50,000 points', async () => {
    const { collector, measurement } = await setup();
    const uneven = await call(t.app, 'POST', '/points', collector.token, { BatchKey: 'uneven', Points: [{ MeasurementUUID: measurement, T: [T0, T0 + 1], V: [1] }] });
    expect(uneven.statusCode).toBe(400);
    const times = Array.from({ length: 25_001 }, (_, i) => T0 + i);
    const values = times.map(() => 1);
    const big = await call(t.app, 'POST', '/points', collector.token, {
      BatchKey: 'big',
      Points: [
        { MeasurementUUID: measurement, T: times, V: values },
        { MeasurementUUID: measurement, T: times, V: values },
      ],
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().detail).toContain('at most 50000 points');
    expect(await stored(measurement)).toEqual([]);
  });
});

describe('batch keys', () => {
  it('are pruned after a day, at most every ten minutes', async () => {
    const { collector, measurement } = await setup();
    const stores = createTimeseriesStores(t.db);
    let clock = Date.now();
    const ingestion = createBatchIngestion(t.db, stores, () => clock);
    const keys = async () => (await t.db.query<{ batch_key: string }>('SELECT batch_key FROM collector_batches WHERE collector_uuid = $1 ORDER BY 1', [collector.uuid])).rows.map((row) => row.batch_key);
    await t.db.query("INSERT INTO collector_batches (collector_uuid, batch_key, points, received_at) VALUES ($1, 'old', 1, now() - interval '25 hours'), ($1, 'recent', 1, now() - interval '23 hours')", [collector.uuid]);
    await ingestion.ingest(collector.uuid, { BatchKey: 'now', Points: [{ MeasurementUUID: measurement, T: [T0], V: [1] }] });
    expect(await keys()).toEqual(['now', 'recent']);
    // Now older than a day too, but five minutes after the last pruning: it waits for the next one.
    await t.db.query("UPDATE collector_batches SET received_at = now() - interval '25 hours' WHERE collector_uuid = $1 AND batch_key = 'recent'", [collector.uuid]);
    clock += 5 * 60 * 1000;
    await ingestion.ingest(collector.uuid, { BatchKey: 'later', Points: [] });
    expect(await keys()).toEqual(['later', 'now', 'recent']);
    clock += 6 * 60 * 1000;
    await ingestion.ingest(collector.uuid, { BatchKey: 'later still', Points: [] });
    expect(await keys()).toEqual(['later', 'later still', 'now']);
    await stores.close();
  });
});

describe('acknowledged only once durable', () => {
  let app: FastifyInstance;
  let fail = false;
  // Each write announces itself, then waits until the test opens the gate.
  let started: Deferred = deferred();
  let gate: Deferred = deferred();

  beforeAll(async () => {
    const real = createTimeseriesStores(t.db);
    const held: TimeseriesStores = {
      async forDatabase(uuid) {
        const store = await real.forDatabase(uuid);
        const hold = async () => {
          started.resolve();
          await gate.promise;
          if (fail) throw new Error('store unavailable');
        };
        const writePoints: TimeseriesStore['writePoints'] = async (...args) => {
          await hold();
          return store.writePoints(...args);
        };
        // Held both ways a batch may be written: one measurement at a time, or all at once.
        const writeNormalized: TimeseriesStore['writeNormalized'] = async (series) => {
          await hold();
          return store.writeNormalized?.(series);
        };
        return Object.assign(Object.create(store) as TimeseriesStore, { writePoints, writeNormalized });
      },
      forget: (uuid) => real.forget(uuid),
      close: () => real.close(),
    };
    app = await buildApp({ db: t.db, config: loadConfig({ NODE_ENV: 'test', HISTORIAN_DATA_DIR: dataDir }), version: '0.0.0-test', timeseries: held }, { strictResponses: true, logLevel: 'silent' });
  });

  afterAll(async () => {
    await app?.close();
  });

  async function sendHeld(token: string, batch: object) {
    started = deferred();
    gate = deferred();
    const response = call(app, 'POST', '/points', token, batch);
    await started.promise;
    return { response, open: () => gate.resolve() };
  }

  it('answers only after the write resolved; a failed write is not acknowledged, not recorded, and the retry writes', async () => {
    const { collector, measurement } = await setup();
    let answered = false;
    const slow = await sendHeld(collector.token, { BatchKey: 'slow', Points: [{ MeasurementUUID: measurement, T: [T0], V: [4] }] });
    void slow.response.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    expect((await t.db.query('SELECT 1 FROM collector_batches WHERE collector_uuid = $1', [collector.uuid])).rows).toEqual([]);
    slow.open();
    expect((await slow.response).json()).toMatchObject({ Points: 1, Duplicate: false });
    expect(await stored(measurement)).toEqual([{ t: T0, v: 4, q: null }]);

    fail = true;
    const broken = { BatchKey: 'broken', Points: [{ MeasurementUUID: measurement, T: [T0 + 1000], V: [5] }] };
    const failing = await sendHeld(collector.token, broken);
    failing.open();
    expect((await failing.response).statusCode).toBe(500);
    expect((await t.db.query('SELECT 1 FROM collector_batches WHERE collector_uuid = $1 AND batch_key = $2', [collector.uuid, 'broken'])).rows).toEqual([]);
    fail = false;
    const retry = await sendHeld(collector.token, broken);
    retry.open();
    expect((await retry.response).json()).toMatchObject({ Points: 1, Duplicate: false });
    expect(await stored(measurement)).toHaveLength(2);
  });
});

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}

function deferred(): Deferred {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('GET and POST /collector-api/measurements', () => {
  it('lists the collector’s Active measurements with a version that moves when one changes; the health answer carries it', async () => {
    const { collector, measurement } = await setup();
    await insertMeasurement(t.db, { organizationUuid: plant, collectorUuid: collector.uuid, databaseUuid: database, status: 'Paused' });
    await setup(); // another collector's
    const first = (await call(t.app, 'GET', '/measurements', collector.token)).json();
    expect(first.Measurements).toEqual([expect.objectContaining({ UUID: measurement, Datatype: 'number', Settings: {}, Tags: {} })]);
    const health = (await call(t.app, 'POST', '/health', collector.token, { Health: 'Collecting' })).json();
    expect(health.MeasurementsVersion).toBe(first.MeasurementsVersion);

    await t.db.query("UPDATE measurements SET status = 'Paused', updated_at = now() + interval '1 second' WHERE uuid = $1", [measurement]);
    const second = (await call(t.app, 'GET', '/measurements', collector.token)).json();
    expect(second.Measurements).toEqual([]);
    expect(second.MeasurementsVersion).not.toBe(first.MeasurementsVersion);
  });

  it('discovery creates Discovered measurements without a database and leaves known names alone', async () => {
    const { collector, measurement } = await setup();
    const known = (await t.db.query<{ name: string }>('SELECT name FROM measurements WHERE uuid = $1', [measurement])).rows[0].name;
    const response = await call(t.app, 'POST', '/measurements', collector.token, {
      Measurements: [
        { Name: 'Boiler.Temperature', Datatype: 'number', Settings: { Signal: 'sine' } },
        { Name: known, Datatype: 'string' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const found = response.json().Measurements;
    expect(found).toEqual([
      { Name: 'Boiler.Temperature', UUID: expect.any(String), Created: true },
      { Name: known, UUID: measurement, Created: false },
    ]);
    const rows = (await t.db.query('SELECT status, database_uuid, datatype, settings FROM measurements WHERE uuid = ANY($1::uuid[]) ORDER BY name', [[found[0].UUID, measurement]])).rows;
    expect(rows).toContainEqual({ status: 'Discovered', database_uuid: null, datatype: 'number', settings: { Signal: 'sine' } });
    expect(rows).toContainEqual(expect.objectContaining({ status: 'Active', database_uuid: database, datatype: 'number' }));
    // Reported again: the same measurement, not a second one.
    const again = (await call(t.app, 'POST', '/measurements', collector.token, { Measurements: [{ Name: 'Boiler.Temperature', Datatype: 'number' }] })).json();
    expect(again.Measurements).toEqual([{ Name: 'Boiler.Temperature', UUID: found[0].UUID, Created: false }]);
  });
});
