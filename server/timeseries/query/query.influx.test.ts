import { COLUMNS_MEDIA_TYPE, decodeColumns } from '../../../domain/timeseriesColumns';
import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type SessionHeaders, type TestApp } from '../../auth/testing/testUsers';
import { createInfluxDriver, INFLUXDB_TIMESERIES_TYPE_UUID } from '../influxdb/driver';
import { startInfluxDb, type InfluxServer } from '../testing/influxServer';
import type { TimeseriesStore } from '../types';

// POST /timeseries/query against a measurement stored in a real InfluxDB 1.x (Debian's influxd,
// started for this file): the query goes through the store's generic reads (readRaw, and the
// last Good point looked up among the newest points before Start), not the built-in store's
// columnar statement, and answers the same.

const START_TIMEOUT_MS = 120_000;
const T0 = Date.UTC(2026, 0, 5);
const at = (seconds: number) => T0 + seconds * 1000;

let influx: InfluxServer;
let t: TestApp;
let store: TimeseriesStore;
let reader: SessionHeaders;
let organization: string;
let measurement: string;

beforeAll(async () => {
  influx = await startInfluxDb();
  t = await openTestApp();
  organization = await createTestOrganization(t.db);
  reader = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: ['READ_MEASUREMENTS'] } })).uuid);
  const settings = { url: influx.url, user: influx.adminUser, database: 'query_test' };
  const secureSettings = { password: influx.adminPassword };
  const driver = createInfluxDriver();
  await driver.createDatabase(settings, secureSettings);
  store = await driver.open(settings, secureSettings);
  const { rows } = await t.db.query<{ uuid: string }>(
    "INSERT INTO timeseries_databases (organization_uuid, name, type_uuid, settings, secure_settings) VALUES ($1, 'influx', $2, $3, $4) RETURNING uuid",
    [organization, INFLUXDB_TIMESERIES_TYPE_UUID, JSON.stringify(settings), JSON.stringify(secureSettings)],
  );
  const collector = await t.db.query<{ uuid: string }>("INSERT INTO collectors (organization_uuid, name) VALUES ($1, 'c') RETURNING uuid", [organization]);
  const created = await t.db.query<{ uuid: string }>(
    "INSERT INTO measurements (organization_uuid, collector_uuid, name, datatype, database_uuid, status) VALUES ($1, $2, 'Flow', 'number', $3, 'Active') RETURNING uuid",
    [organization, collector.rows[0].uuid, rows[0].uuid],
  );
  measurement = created.rows[0].uuid;
  await store.writePoints(measurement, 'number', [
    { time: at(-10), value: 7, quality: 192 },
    { time: at(-1), value: 8, quality: 0 },
    { time: at(1), value: 10 },
    { time: at(2), value: 20 },
    { time: at(31), value: 40 },
  ]);
}, START_TIMEOUT_MS);

afterAll(async () => {
  await store?.close();
  await t?.close();
  await influx?.stop();
});

const query = (body: object, accept?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/timeseries/query',
    headers: { ...reader, 'x-organization-uuid': organization, ...(accept ? { accept } : {}) },
    payload: body,
  });

describe('the time-series query on an InfluxDB database', () => {
  it('reads raw points with the last Good point before Start', async () => {
    const response = await query({ MeasurementUUIDs: [measurement], Start: T0, End: at(40), IncludeLastKnownPoint: true, Limit: 2 });
    expect(response.statusCode).toBe(200);
    expect(response.json().Series[0]).toMatchObject({
      Database: 'influx',
      DataPoints: [
        [at(1), 10],
        [at(2), 20],
      ],
      LastKnownPoint: [at(-10), 7],
      Truncated: true,
    });
  });

  it('aggregates per window with fill previous and min/max, as columns too', async () => {
    const body = { MeasurementUUIDs: [measurement], Start: T0, End: at(40), Aggregation: { Name: 'mean', Period: '10s', Fill: 'previous', WithMinMax: true } };
    const json = await query(body);
    expect(json.json().Series[0].DataPoints).toEqual([
      [at(0), 15, 10, 20],
      [at(10), 15, 10, 20],
      [at(20), 15, 10, 20],
      [at(30), 40, 40, 40],
    ]);
    const columns = await query(body, COLUMNS_MEDIA_TYPE);
    const bytes = columns.rawPayload;
    const [series] = decodeColumns(new Uint8Array(bytes).buffer).series;
    expect(Array.from(series.columns.mean as Float64Array)).toEqual([15, 15, 15, 40]);
  });
});
