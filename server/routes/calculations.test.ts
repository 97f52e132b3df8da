import { SETTING_NAMES } from '../../domain/settingNames';
import { createTestOrganization, createTestUser, openTestApp, rootOrganizationUuid, sessionHeaders, type SessionHeaders, type TestApp } from '../auth/testing/testUsers';
import { createDefaultCollectors } from '../collectors/defaults';
import { createPostgresDriver, POSTGRES_TIMESERIES_TYPE_UUID } from '../timeseries/postgres/driver';
import type { Point, TimeseriesStore } from '../timeseries/types';

// POST /calculations/test (DOMAIN.md §2, test before saving) on PGlite: the preview of a sampled
// calculation over two measurements, the field errors of a save, another organization's input
// refused as not found, the range limits, a script that loops forever answered with a timeout per
// evaluation while the server goes on answering, and 403 without the Calculations licence feature.

const MANAGE = ['READ_MEASUREMENTS', 'MANAGE_MEASUREMENTS'];
const T0 = Date.UTC(2026, 0, 5);
const MINUTE = 60_000;

let t: TestApp;
let store: TimeseriesStore;
let organization: string;
let otherOrganization: string;
let admin: SessionHeaders;
let reader: SessionHeaders;
let flow: string;
let level: string;
let foreign: string;

const insert = async (text: string, params: unknown[]) => (await t.db.query<{ uuid: string }>(text, params)).rows[0].uuid;
const addDatabase = (org: string) =>
  insert("INSERT INTO timeseries_databases (organization_uuid, name, type_uuid, settings) VALUES ($1, $2, $3, '{\"mode\":\"builtin\"}') RETURNING uuid", [
    org,
    `historian ${org.slice(0, 8)}`,
    POSTGRES_TIMESERIES_TYPE_UUID,
  ]);
const collectorOf = (org: string, type: string) =>
  insert('SELECT uuid FROM collectors WHERE organization_uuid = $1 AND collector_type = $2', [org, type]);

async function aMeasurement(org: string, database: string, name: string, points: Point[]): Promise<string> {
  const uuid = await insert('INSERT INTO measurements (organization_uuid, collector_uuid, name, database_uuid, datatype, status) VALUES ($1, $2, $3, $4, $5, $6) RETURNING uuid', [
    org,
    await collectorOf(org, 'internal'),
    name,
    database,
    'number',
    'Active',
  ]);
  await store.writePoints(uuid, 'number', points);
  return uuid;
}

beforeAll(async () => {
  t = await openTestApp();
  store = await createPostgresDriver({ serverDb: t.db }).open({ mode: 'builtin' }, {});
  organization = await createTestOrganization(t.db);
  otherOrganization = await createTestOrganization(t.db);
  await createDefaultCollectors(t.db, organization);
  await createDefaultCollectors(t.db, otherOrganization);
  admin = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: MANAGE } })).uuid);
  reader = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: ['READ_MEASUREMENTS'] } })).uuid);
  const database = await addDatabase(organization);
  const minutes = (values: number[]) => values.map((value, i) => ({ time: T0 + i * 30_000, value }));
  flow = await aMeasurement(organization, database, 'Flow', minutes([1, 3, 5, 7, 9, 11]));
  level = await aMeasurement(organization, database, 'Level', minutes([10, 20, 30, 40, 50, 60]));
  foreign = await aMeasurement(otherOrganization, await addDatabase(otherOrganization), 'Elsewhere', minutes([1, 2]));
}, 60_000);

afterAll(async () => {
  await store?.close();
  await t?.close();
});

const test = (body: object, headers: SessionHeaders = admin) =>
  t.app.inject({ method: 'POST', url: '/api/calculations/test', headers: { ...headers, 'x-organization-uuid': organization }, payload: body });

const sampled = (settings: Record<string, unknown> = {}) => ({
  Datatype: 'number',
  Settings: {
    Type: 'sampled',
    Interval: '1m',
    IntervalOffset: 0,
    EvaluateInsufficientData: false,
    Inputs: [
      { Alias: 'F', MeasurementUUID: flow, Aggregation: 'mean' },
      { Alias: 'L', MeasurementUUID: level, Aggregation: 'sum' },
    ],
    Script: 'set_tag("unit", "m3");\nreturn _F.Value * 100 + _L.Value;',
    ...settings,
  },
  Start: new Date(T0).toISOString(),
  End: new Date(T0 + 4 * MINUTE).toISOString(),
});

describe('POST /calculations/test', () => {
  it('answers the preview of a sampled calculation over two measurements and writes nothing', async () => {
    const response = await test(sampled());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      Points: [
        { T: T0, V: 2 * 100 + 30, Status: 'Good', Tags: { unit: 'm3' } },
        { T: T0 + MINUTE, V: 6 * 100 + 70, Status: 'Good', Tags: { unit: 'm3' } },
        { T: T0 + 2 * MINUTE, V: 10 * 100 + 110, Status: 'Good', Tags: { unit: 'm3' } },
        { T: T0 + 3 * MINUTE, V: 0, Status: 'BadInsufficientData' },
      ],
      Errors: [],
      Evaluations: 4,
      Truncated: false,
    });
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM timeseries_points WHERE measurement_uuid NOT IN ($1, $2, $3)', [flow, level, foreign]);
    expect(rows[0].n).toBe(0);
  });

  it('answers each failed evaluation with its code and line, and no point for it', async () => {
    const response = await test(sampled({ Script: 'if (_F.Value > 5) {\n  throw new Error("too high");\n}\nreturn "text";' }));
    expect(response.statusCode).toBe(200);
    const preview = response.json();
    expect(preview.Errors).toEqual([
      { T: T0, Code: 'datatype', Message: expect.any(String) },
      { T: T0 + MINUTE, Code: 'script', Message: expect.stringMatching(/too high/), Line: 2 },
      { T: T0 + 2 * MINUTE, Code: 'script', Message: expect.stringMatching(/too high/), Line: 2 },
    ]);
    expect(preview.Points).toEqual([{ T: T0 + 3 * MINUTE, V: 0, Status: 'BadInsufficientData' }]);
  });

  it('refuses settings a save would refuse, with the field errors: a bad input, alias and interval', async () => {
    const response = await test(
      sampled({
        Interval: '5 minutes',
        Inputs: [
          { Alias: '1st', MeasurementUUID: flow, Aggregation: 'mean' },
          { Alias: 'L', MeasurementUUID: '00000000-0000-4000-8000-000000000001', Aggregation: 'sum' },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'calculations.errors.interval', errors: { 'Settings.Interval': [expect.any(String)], 'Settings.Inputs.0.Alias': [expect.any(String)] } });
    const unknown = await test(sampled({ Inputs: [{ Alias: 'L', MeasurementUUID: '00000000-0000-4000-8000-000000000001', Aggregation: 'sum' }] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'calculations.errors.input_not_found', errors: { 'Settings.Inputs.0.MeasurementUUID': [expect.any(String)] } });
  });

  it('refuses an input of another organization as not found', async () => {
    const response = await test(sampled({ Inputs: [{ Alias: 'X', MeasurementUUID: foreign, Aggregation: 'sum' }] }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'calculations.errors.input_not_found', errors: { 'Settings.Inputs.0.MeasurementUUID': ['is not a measurement of this organization'] } });
  });

  it('refuses an End not after Start, and a range over 31 days (400 on End)', async () => {
    const backwards = await test({ ...sampled(), End: new Date(T0).toISOString() });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ code: 'calculations.errors.test_range', errors: { End: [expect.any(String)] } });
    const long = await test({ ...sampled(), End: new Date(T0 + 32 * 86_400_000).toISOString() });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'calculations.errors.test_range_too_long', errors: { End: [expect.any(String)] } });
  });

  it('runs at most 10,000 evaluations and says the range held more (Truncated)', async () => {
    const response = await test({ Datatype: 'number', Settings: { Type: 'simulation', Interval: '1s', Script: 'context.timestamp % 7' }, Start: new Date(T0).toISOString(), End: new Date(T0 + 86_400_000).toISOString() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Evaluations: 10_000, Truncated: true });
    expect(response.json().Points).toHaveLength(10_000);
  });

  it('answers a script that loops forever with a timeout per evaluation, and the server answers other requests meanwhile', async () => {
    const finished: string[] = [];
    const looping = test({ Datatype: 'number', Settings: { Type: 'simulation', Interval: '1s', Script: 'while (true) {}' }, Start: new Date(T0).toISOString(), End: new Date(T0 + 60_000).toISOString() }).then(
      (response) => {
        finished.push('test');
        return response;
      },
    );
    // Sent once the test call has started evaluating.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const info = await t.app.inject({ method: 'GET', url: '/api/info' });
    finished.push('info');
    expect(info.statusCode).toBe(200);
    const response = await looping;
    expect(finished).toEqual(['info', 'test']);
    expect(response.statusCode).toBe(200);
    const preview = response.json();
    expect(preview).toMatchObject({ Evaluations: 60, Points: [], Truncated: false });
    expect(preview.Errors).toHaveLength(60);
    expect(new Set(preview.Errors.map((e: { Code: string }) => e.Code))).toEqual(new Set(['timeout']));
  }, 30_000);

  it('needs MANAGE_MEASUREMENTS', async () => {
    expect((await test(sampled(), reader)).statusCode).toBe(403);
  });

  it('answers 403 without the Calculations licence feature', async () => {
    // No licence and no trial: no feature.
    await t.db.query('INSERT INTO settings (organization_uuid, name, value) VALUES ($1, $2, $3)', [await rootOrganizationUuid(t.db), SETTING_NAMES.trialMode, 'false']);
    const response = await test(sampled());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'calculations.errors.unlicensed' });
  });
});
