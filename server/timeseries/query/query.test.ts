import { COLUMNS_MEDIA_TYPE, decodeColumns } from '../../../domain/timeseriesColumns';
import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type SessionHeaders, type TestApp } from '../../auth/testing/testUsers';
import { createTimeseriesDrivers, INFLUXDB_TIMESERIES_TYPE_UUID, POSTGRES_TIMESERIES_TYPE_UUID } from '../registry';
import type { Point, TimeseriesStore, ValueType } from '../types';

// POST /timeseries/query (DOMAIN.md §1) through the real app on PGlite, points written with the
// built-in store's writePoints: raw and aggregated reads, fills, filters, the last known point,
// the columnar body, organizations, privileges and field errors.

let t: TestApp;
let store: TimeseriesStore;
let organization: string;
let reader: SessionHeaders;
let stranger: SessionHeaders;
let otherReader: SessionHeaders;
let otherOrganization: string;
let database: string;
const m: Record<string, string> = {};

const T0 = Date.UTC(2026, 0, 5, 0, 0, 0);
const PRESSURE = [1, 1, 2, 2, 2, 3, 1, 5, 5, 4];

async function createMeasurement(org: string, name: string, datatype: ValueType, databaseUuid: string | null, uom = ''): Promise<string> {
  const collector = await t.db.query<{ uuid: string }>('INSERT INTO collectors (organization_uuid, name) VALUES ($1, $2) RETURNING uuid', [org, `c-${name}`]);
  const { rows } = await t.db.query<{ uuid: string }>(
    `INSERT INTO measurements (organization_uuid, collector_uuid, name, datatype, database_uuid, uom, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING uuid`,
    [org, collector.rows[0].uuid, name, datatype, databaseUuid, uom, databaseUuid ? 'Active' : 'Discovered'],
  );
  return rows[0].uuid;
}

async function createDatabase(org: string): Promise<string> {
  const { rows } = await t.db.query<{ uuid: string }>(
    "INSERT INTO timeseries_databases (organization_uuid, name, type_uuid, settings) VALUES ($1, 'historian', $2, '{\"mode\":\"builtin\"}') RETURNING uuid",
    [org, POSTGRES_TIMESERIES_TYPE_UUID],
  );
  return rows[0].uuid;
}

const at = (seconds: number) => T0 + seconds * 1000;

beforeAll(async () => {
  t = await openTestApp();
  organization = await createTestOrganization(t.db);
  otherOrganization = await createTestOrganization(t.db);
  reader = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: ['READ_MEASUREMENTS'] } })).uuid);
  stranger = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: ['READ_USERS'] } })).uuid);
  otherReader = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [otherOrganization]: ['READ_MEASUREMENTS'] } })).uuid);
  database = await createDatabase(organization);
  const otherDatabase = await createDatabase(otherOrganization);
  const driver = createTimeseriesDrivers({ serverDb: t.db }).byTypeUuid(POSTGRES_TIMESERIES_TYPE_UUID);
  if (!driver) throw new Error('no built-in driver');
  store = await driver.open({ mode: 'builtin' }, {});

  m.pressure = await createMeasurement(organization, 'Pressure', 'number', database, 'bar');
  m.gappy = await createMeasurement(organization, 'Gappy', 'number', database);
  m.pump = await createMeasurement(organization, 'Pump on', 'boolean', database);
  m.mode = await createMeasurement(organization, 'Mode', 'string', database);
  m.spectrum = await createMeasurement(organization, 'Spectrum', '[]number', database);
  m.discovered = await createMeasurement(organization, 'Found', 'number', null);
  m.foreign = await createMeasurement(otherOrganization, 'Elsewhere', 'number', otherDatabase);

  const pressure: Point[] = PRESSURE.map((value, i) => ({ time: at(i), value }));
  // Before the range: a Good point, then a newer Bad one that the last known point skips.
  pressure.unshift({ time: at(-5), value: 7, quality: 192 }, { time: at(-2), value: 8, quality: 0 });
  await store.writePoints(m.pressure, 'number', pressure);
  // Windows of 10 s from T0: 0 holds 10 and 20, 3 holds 40, 5 holds 60; 1, 2 and 4 are empty.
  await store.writePoints(m.gappy, 'number', [
    { time: at(1), value: 10 },
    { time: at(2), value: 20 },
    { time: at(31), value: 40 },
    { time: at(55), value: 60 },
  ]);
  await store.writePoints(m.pump, 'boolean', [true, false, false, true].map((value, i) => ({ time: at(i), value })));
  await store.writePoints(m.mode, 'string', ['run', 'stop', 'run'].map((value, i) => ({ time: at(i), value })));
  await store.writePoints(m.spectrum, '[]number', [{ time: at(0), value: [1, 2.5] }, { time: at(1), value: [] }]);
  await store.writePoints(m.foreign, 'number', [{ time: at(0), value: 99 }]);
}, 60_000);

afterAll(async () => {
  await store?.close();
  await t?.close();
});

const headersIn = (headers: SessionHeaders, org = organization) => ({ ...headers, 'x-organization-uuid': org });
const query = (body: object, headers: Record<string, string> = headersIn(reader)) =>
  t.app.inject({ method: 'POST', url: '/api/timeseries/query', headers, payload: body });
const columnsQuery = async (body: object) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/timeseries/query', headers: { ...headersIn(reader), accept: COLUMNS_MEDIA_TYPE }, payload: body });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(COLUMNS_MEDIA_TYPE);
  const bytes = response.rawPayload;
  return decodeColumns(new Uint8Array(bytes).buffer);
};
const range = { Start: new Date(T0).toISOString(), End: at(60) };
const seriesOf = async (body: object) => {
  const response = await query(body);
  expect(response.statusCode).toBe(200);
  return response.json().Series;
};

describe('raw points', () => {
  it('answers every point of the range with the measurement, database, datatype and unit', async () => {
    const [series] = await seriesOf({ MeasurementUUIDs: [m.pressure], ...range });
    expect(series).toEqual({
      MeasurementUUID: m.pressure,
      Measurement: 'Pressure',
      Database: 'historian',
      Datatype: 'number',
      UoM: 'bar',
      Fields: ['time', 'value'],
      DataPoints: PRESSURE.map((value, i) => [at(i), value]),
      Truncated: false,
    });
  });

  it('takes Start and End as ISO date-times or milliseconds, End exclusive', async () => {
    const [series] = await seriesOf({ MeasurementUUIDs: [m.pressure], Start: '2026-01-05T01:00:02+01:00', End: at(4) });
    expect(series.DataPoints).toEqual([
      [at(2), 2],
      [at(3), 2],
    ]);
  });

  it('pages with Limit and Offset, and says Truncated when the limit cut the series', async () => {
    const [series] = await seriesOf({ MeasurementUUIDs: [m.pressure], ...range, Limit: 3, Offset: 2 });
    expect(series.DataPoints).toEqual([
      [at(2), 2],
      [at(3), 2],
      [at(4), 2],
    ]);
    expect(series.Truncated).toBe(true);
    const [last] = await seriesOf({ MeasurementUUIDs: [m.pressure], ...range, Limit: 3, Offset: 7 });
    expect(last.DataPoints.map((p: number[]) => p[1])).toEqual([5, 5, 4]);
    expect(last.Truncated).toBe(false);
  });

  it('reads newest first with Desc, the offset counted from the newest', async () => {
    const [series] = await seriesOf({ MeasurementUUIDs: [m.pressure], ...range, Desc: true, Limit: 2, Offset: 1 });
    expect(series.DataPoints).toEqual([
      [at(8), 5],
      [at(7), 5],
    ]);
    expect(series.Truncated).toBe(true);
  });

  it('leaves out repeated values with ChangesOnly, in either order', async () => {
    const [asc] = await seriesOf({ MeasurementUUIDs: [m.pressure], ...range, ChangesOnly: true });
    expect(asc.DataPoints).toEqual([
      [at(0), 1],
      [at(2), 2],
      [at(5), 3],
      [at(6), 1],
      [at(7), 5],
      [at(9), 4],
    ]);
    const [desc] = await seriesOf({ MeasurementUUIDs: [m.pressure], ...range, ChangesOnly: true, Desc: true });
    expect(desc.DataPoints).toEqual([...asc.DataPoints].reverse());
  });

  it('applies value filters joined by AND', async () => {
    const filters = [
      { Value: 1, Operator: '>' },
      { Value: 5, Operator: '<', Condition: 'AND' },
    ];
    const [series] = await seriesOf({ MeasurementUUIDs: [m.pressure], ...range, ValueFilters: filters });
    expect(series.DataPoints.map((p: number[]) => p[1])).toEqual([2, 2, 2, 3, 4]);
  });

  it('applies value filters joined by OR, then the limit to what passed', async () => {
    const filters = [
      { Value: 2, Operator: '=' },
      { Value: 5, Operator: '>=', Condition: 'OR' },
    ];
    const [series] = await seriesOf({ MeasurementUUIDs: [m.pressure], ...range, ValueFilters: filters });
    expect(series.DataPoints.map((p: number[]) => p[1])).toEqual([2, 2, 2, 5, 5]);
    const [limited] = await seriesOf({ MeasurementUUIDs: [m.pressure], ...range, ValueFilters: filters, Limit: 4 });
    expect(limited.DataPoints.map((p: number[]) => p[0])).toEqual([at(2), at(3), at(4), at(7)]);
    expect(limited.Truncated).toBe(true);
  });

  it('includes the last Good point before Start in the same answer, skipping a newer Bad one', async () => {
    const [series] = await seriesOf({ MeasurementUUIDs: [m.pressure], ...range, IncludeLastKnownPoint: true, Limit: 1 });
    expect(series.LastKnownPoint).toEqual([at(-5), 7]);
    expect(series.DataPoints).toEqual([[at(0), 1]]);
    const [none] = await seriesOf({ MeasurementUUIDs: [m.gappy], ...range, IncludeLastKnownPoint: true });
    expect(none.LastKnownPoint).toBeNull();
    const [notAsked] = await seriesOf({ MeasurementUUIDs: [m.pressure], ...range });
    expect(notAsked).not.toHaveProperty('LastKnownPoint');
  });

  it('answers booleans, strings and slices in their own types', async () => {
    const series = await seriesOf({ MeasurementUUIDs: [m.pump, m.mode, m.spectrum], ...range });
    expect(series.map((s: { Datatype: string }) => s.Datatype)).toEqual(['boolean', 'string', '[]number']);
    expect(series[0].DataPoints).toEqual([
      [at(0), true],
      [at(1), false],
      [at(2), false],
      [at(3), true],
    ]);
    expect(series[1].DataPoints).toEqual([
      [at(0), 'run'],
      [at(1), 'stop'],
      [at(2), 'run'],
    ]);
    expect(series[2].DataPoints).toEqual([
      [at(0), [1, 2.5]],
      [at(1), []],
    ]);
  });

  it('filters strings and booleans by equality', async () => {
    const [mode] = await seriesOf({ MeasurementUUIDs: [m.mode], ...range, ValueFilters: [{ Value: 'run', Operator: '=' }] });
    expect(mode.DataPoints.map((p: unknown[]) => p[0])).toEqual([at(0), at(2)]);
    const [pump] = await seriesOf({ MeasurementUUIDs: [m.pump], ...range, ValueFilters: [{ Value: true, Operator: '!=' }] });
    expect(pump.DataPoints.map((p: unknown[]) => p[0])).toEqual([at(1), at(2)]);
  });

  it('answers an empty series for a Discovered measurement, which has no database yet', async () => {
    const [series] = await seriesOf({ MeasurementUUIDs: [m.discovered], ...range });
    expect(series).toMatchObject({ Measurement: 'Found', Database: '', DataPoints: [], Fields: ['time', 'value'], Truncated: false });
  });
});

describe('aggregated windows', () => {
  const mean = (Fill: string, extra: object = {}) => ({ MeasurementUUIDs: [m.gappy], ...range, Aggregation: { Name: 'mean', Period: '10s', Fill, ...extra } });
  const values = (series: { DataPoints: unknown[][] }) => series.DataPoints.map((p) => p[1]);
  const times = (series: { DataPoints: unknown[][] }) => series.DataPoints.map((p) => p[0]);
  const windows = [0, 10, 20, 30, 40, 50].map(at);

  it('fill none leaves the empty windows out', async () => {
    const [series] = await seriesOf(mean('none'));
    expect(series.Fields).toEqual(['time', 'mean']);
    expect(times(series)).toEqual([at(0), at(30), at(50)]);
    expect(values(series)).toEqual([15, 40, 60]);
  });

  it('fill null keeps every window, the empty ones null', async () => {
    const [series] = await seriesOf(mean('null'));
    expect(times(series)).toEqual(windows);
    expect(values(series)).toEqual([15, null, null, 40, null, 60]);
  });

  it('fill previous repeats the last window with points', async () => {
    expect(values((await seriesOf(mean('previous')))[0])).toEqual([15, 15, 15, 40, 40, 60]);
  });

  it('fill linear interpolates between the windows with points', async () => {
    const filled = values((await seriesOf(mean('linear')))[0]);
    expect(filled.map((v) => Math.round(Number(v) * 1000) / 1000)).toEqual([15, 23.333, 31.667, 40, 50, 60]);
  });

  it('fill 0 puts zero in the empty windows', async () => {
    expect(values((await seriesOf(mean('0')))[0])).toEqual([15, 0, 0, 40, 0, 60]);
  });

  it('returns min and max of each window beside the aggregate with WithMinMax', async () => {
    const [series] = await seriesOf(mean('none', { WithMinMax: true }));
    expect(series.Fields).toEqual(['time', 'mean', 'min', 'max']);
    expect(series.DataPoints).toEqual([
      [at(0), 15, 10, 20],
      [at(30), 40, 40, 40],
      [at(50), 60, 60, 60],
    ]);
  });

  it('accepts the period in milliseconds, and pages and orders windows like points', async () => {
    const [series] = await seriesOf({ ...mean('null'), Aggregation: { Name: 'count', Period: 10_000 }, Desc: true, Limit: 2 });
    expect(series.Fields).toEqual(['time', 'count']);
    expect(series.DataPoints).toEqual([
      [at(50), 1],
      [at(40), 0],
    ]);
    expect(series.Truncated).toBe(true);
  });

  it('applies value filters to the aggregated value', async () => {
    const [series] = await seriesOf({ ...mean('previous'), ValueFilters: [{ Value: 40, Operator: '>=' }] });
    expect(values(series)).toEqual([40, 40, 60]);
  });

  it('gives a series whose value type lacks the aggregation the last value of each window, named in its Fields', async () => {
    const [pressure, mode] = await seriesOf({ MeasurementUUIDs: [m.pressure, m.mode], ...range, Aggregation: { Name: 'mean', Period: '1m', WithMinMax: true } });
    expect(pressure).toMatchObject({ Fields: ['time', 'mean', 'min', 'max'], DataPoints: [[at(0), 2.6, 1, 5]] });
    expect(mode).toMatchObject({ Fields: ['time', 'last'], DataPoints: [[at(0), 'run']] });
  });

  it('adds the last known point to an aggregated series too', async () => {
    const [series] = await seriesOf({ MeasurementUUIDs: [m.pressure], ...range, IncludeLastKnownPoint: true, Aggregation: { Name: 'max', Period: '1m' } });
    expect(series.DataPoints).toEqual([[at(0), 5]]);
    expect(series.LastKnownPoint).toEqual([at(-5), 7]);
  });

  it('aggregates booleans (max is any true) with min and max, and strings by mode', async () => {
    const [pump] = await seriesOf({ MeasurementUUIDs: [m.pump], ...range, Aggregation: { Name: 'max', Period: '2s', Fill: 'none', WithMinMax: true } });
    expect(pump.Fields).toEqual(['time', 'max', 'min']);
    expect(pump.DataPoints).toEqual([
      [at(0), true, false],
      [at(2), true, false],
    ]);
    const [mode] = await seriesOf({ MeasurementUUIDs: [m.mode], ...range, Aggregation: { Name: 'mode', Period: '1m', WithMinMax: true } });
    // Strings have no min or max: the fields say what came.
    expect(mode.Fields).toEqual(['time', 'mode']);
    expect(mode.DataPoints).toEqual([[at(0), 'run']]);
  });
});

describe('the columnar answer', () => {
  it('carries the same raw series as typed arrays, with metadata and the last known point', async () => {
    const answer = await columnsQuery({ MeasurementUUIDs: [m.pressure, m.pump], ...range, IncludeLastKnownPoint: true, Limit: 5 });
    const [pressure, pump] = answer.series;
    expect(pressure).toMatchObject({ measurementUuid: m.pressure, name: 'Pressure', database: 'historian', datatype: 'number', uom: 'bar', fields: ['time', 'value'], truncated: true });
    expect(Array.from(pressure.times)).toEqual([0, 1, 2, 3, 4].map(at));
    expect(pressure.columns.value).toEqual(new Float64Array([1, 1, 2, 2, 2]));
    expect(pressure.lastKnown).toEqual({ time: at(-5), value: 7 });
    // Booleans as 0/1.
    expect(pump.columns.value).toEqual(new Float64Array([1, 0, 0, 1]));
    expect(pump.truncated).toBe(false);
  });

  it('writes NaN for the null of an empty window and keeps counts as integers', async () => {
    const [series] = (await columnsQuery({ MeasurementUUIDs: [m.gappy], ...range, Aggregation: { Name: 'mean', Period: '10s', WithMinMax: true } })).series;
    expect(series.fields).toEqual(['time', 'mean', 'min', 'max']);
    expect(Array.from(series.columns.mean as Float64Array)).toEqual([15, NaN, NaN, 40, NaN, 60]);
    expect(Array.from(series.columns.min as Float64Array)).toEqual([10, NaN, NaN, 40, NaN, 60]);
    const [counts] = (await columnsQuery({ MeasurementUUIDs: [m.gappy], ...range, Aggregation: { Name: 'count', Period: '10s' } })).series;
    expect(counts.columns.count).toEqual(new Int32Array([2, 0, 0, 1, 0, 1]));
  });

  it('carries strings, and slices as their JSON text, in text columns', async () => {
    const [mode, spectrum] = (await columnsQuery({ MeasurementUUIDs: [m.mode, m.spectrum], ...range })).series;
    expect(mode.columns.value).toEqual(['run', 'stop', 'run']);
    expect((spectrum.columns.value as string[]).map((text) => JSON.parse(text))).toEqual([[1, 2.5], []]);
  });

  it('answers JSON unless the Accept header names the columnar type', async () => {
    const response = await query({ MeasurementUUIDs: [m.pressure], ...range }, { ...headersIn(reader), accept: 'application/json' });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers.vary).toMatch(/Accept/i);
  });
});

describe('organizations and privileges', () => {
  it('answers 404 for a measurement of another organization, as for one that does not exist', async () => {
    const response = await query({ MeasurementUUIDs: [m.pressure, m.foreign], ...range });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'timeseries.errors.not_found' });
    expect((await query({ MeasurementUUIDs: ['00000000-0000-4000-8000-000000000001'], ...range })).statusCode).toBe(404);
    // Its own organization's reader sees it.
    const own = await query({ MeasurementUUIDs: [m.foreign], ...range }, headersIn(otherReader, otherOrganization));
    expect(own.json().Series[0].DataPoints).toEqual([[at(0), 99]]);
    // And cannot read this organization's measurement from its own.
    expect((await query({ MeasurementUUIDs: [m.pressure], ...range }, headersIn(otherReader, otherOrganization))).statusCode).toBe(404);
  });

  it('needs READ_MEASUREMENTS in the organization', async () => {
    expect((await query({ MeasurementUUIDs: [m.pressure], ...range }, headersIn(stranger))).statusCode).toBe(403);
    expect((await query({ MeasurementUUIDs: [m.pressure], ...range }, headersIn(otherReader))).statusCode).toBe(403);
  });
});

describe('a database that cannot be read', () => {
  it('answers 502 with a translated code, without the store\'s own message', async () => {
    const { rows } = await t.db.query<{ uuid: string }>(
      "INSERT INTO timeseries_databases (organization_uuid, name, type_uuid, settings) VALUES ($1, 'gone', $2, '{\"url\":\"http://127.0.0.1:1\"}') RETURNING uuid",
      [organization, INFLUXDB_TIMESERIES_TYPE_UUID],
    );
    const unreachable = await createMeasurement(organization, 'Unreachable', 'number', rows[0].uuid);
    const response = await query({ MeasurementUUIDs: [unreachable], ...range });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'timeseries.errors.database_unreachable', detail: 'The time-series database gone could not be read' });
  });
});

describe('bad queries answer 400 with translated field errors', () => {
  const errorsOf = async (body: object) => {
    const response = await query(body);
    expect(response.statusCode).toBe(400);
    return response.json().errors;
  };

  it('End must come after Start', async () => {
    expect(await errorsOf({ MeasurementUUIDs: [m.pressure], Start: at(5), End: at(5) })).toEqual({ End: ['timeseries.errors.end_before_start'] });
  });

  it('times are ISO date-times with a zone or milliseconds within the stores\' years', async () => {
    expect(await errorsOf({ MeasurementUUIDs: [m.pressure], Start: 'yesterday', End: '2026-01-05T00:00:00' })).toEqual({
      Start: ['timeseries.errors.time'],
      End: ['timeseries.errors.time'],
    });
    expect(await errorsOf({ MeasurementUUIDs: [m.pressure], Start: -1e15, End: at(1) })).toEqual({ Start: ['timeseries.errors.time_range'] });
  });

  it('a raw query spans at most 366 days', async () => {
    expect(await errorsOf({ MeasurementUUIDs: [m.pressure], Start: T0, End: T0 + 367 * 86_400_000 })).toEqual({ End: ['timeseries.errors.raw_span'] });
    const aggregated = await query({ MeasurementUUIDs: [m.pressure], Start: T0, End: T0 + 367 * 86_400_000, Aggregation: { Name: 'mean', Period: '1d' } });
    expect(aggregated.statusCode).toBe(200);
  });

  it('the period is a duration or milliseconds, and makes at most 200,000 windows', async () => {
    expect(await errorsOf({ MeasurementUUIDs: [m.pressure], ...range, Aggregation: { Name: 'mean', Period: '5 minutes' } })).toEqual({
      'Aggregation.Period': ['timeseries.errors.period'],
    });
    expect(await errorsOf({ MeasurementUUIDs: [m.pressure], Start: T0, End: T0 + 86_400_000, Aggregation: { Name: 'mean', Period: 100 } })).toEqual({
      'Aggregation.Period': ['timeseries.errors.too_many_windows'],
    });
  });

  it('ChangesOnly is for raw points, and a measurement is asked for once', async () => {
    expect(await errorsOf({ MeasurementUUIDs: [m.pressure, m.pressure], ...range, ChangesOnly: true, Aggregation: { Name: 'mean', Period: '1m' } })).toEqual({
      MeasurementUUIDs: ['timeseries.errors.duplicate_measurement'],
      ChangesOnly: ['timeseries.errors.changes_only_aggregated'],
    });
  });

  it('the contract refuses a body of the wrong shape, naming the fields', async () => {
    const errors = await errorsOf({ MeasurementUUIDs: [], Start: true, End: at(1), Aggregation: { Name: 'average', Period: '1m' }, Limit: -1 });
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['MeasurementUUIDs', 'Start', 'Aggregation.Name', 'Limit']));
    const tooMany = Array.from({ length: 51 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(Object.keys(await errorsOf({ MeasurementUUIDs: tooMany, ...range }))).toEqual(['MeasurementUUIDs']);
  });
});
