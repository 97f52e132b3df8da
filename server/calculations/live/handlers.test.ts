import { SETTING_NAMES } from '../../../domain/settingNames';
import { createTestOrganization, createTestUser, openTestApp, rootOrganizationUuid, sessionHeaders, type SessionHeaders, type TestApp } from '../../auth/testing/testUsers';
import { createDefaultCollectors } from '../../collectors/defaults';
import { insertBuiltinDatabase, insertMeasurement } from '../../ingestion/testing/fixtures';
import { saveLiveState } from './state';

// GET/PUT /calculations/{id}/context (DOMAIN.md §2) on PGlite: the live state as the engine left
// it, Running for an Active calculation with a database, 404 for a measurement that is not a
// calculation of the organization, the change only while paused (409 otherwise), Local an object
// of at most 64 KB, privileges, and 403 without the Calculations licence feature.

const MANAGE = ['READ_MEASUREMENTS', 'MANAGE_MEASUREMENTS'];
const SETTINGS = { Type: 'simulation', Interval: '1m', Script: '1' };

let t: TestApp;
let organization: string;
let otherOrganization: string;
let admin: SessionHeaders;
let reader: SessionHeaders;
let otherAdmin: SessionHeaders;
let database: string;
let calculator: string;
let internal: string;

const collectorOf = async (org: string, type: string) =>
  (await t.db.query<{ uuid: string }>('SELECT uuid FROM collectors WHERE organization_uuid = $1 AND collector_type = $2', [org, type])).rows[0].uuid;

beforeAll(async () => {
  t = await openTestApp();
  organization = await createTestOrganization(t.db);
  otherOrganization = await createTestOrganization(t.db);
  await createDefaultCollectors(t.db, organization);
  await createDefaultCollectors(t.db, otherOrganization);
  admin = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: MANAGE } })).uuid);
  reader = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: ['READ_MEASUREMENTS'] } })).uuid);
  otherAdmin = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [otherOrganization]: MANAGE } })).uuid);
  database = await insertBuiltinDatabase(t.db, organization);
  calculator = await collectorOf(organization, 'calculation');
  internal = await collectorOf(organization, 'internal');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const calculation = (status = 'Active', databaseUuid: string | null = database) =>
  insertMeasurement(t.db, { organizationUuid: organization, collectorUuid: calculator, databaseUuid, status, settings: SETTINGS });

const call = (method: 'GET' | 'PUT', uuid: string, headers: SessionHeaders = admin, payload?: object, org = organization) =>
  t.app.inject({ method, url: `/api/calculations/${uuid}/context`, headers: { ...headers, 'x-organization-uuid': org }, ...(payload ? { payload } : {}) });

describe('GET /calculations/{id}/context', () => {
  it('answers the state the live engine saved, and whether it runs', async () => {
    const uuid = await calculation();
    const empty = await call('GET', uuid, reader);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ MeasurementUUID: uuid, Local: {}, PreviousResult: null, PreviousTimestamp: null, LastEvaluatedAt: null, LastError: null, Running: true });

    const evaluatedAt = Date.UTC(2026, 10, 2, 10, 0, 5);
    await saveLiveState(t.db, uuid, {
      state: { local: { total: 12, seen: ['a'] }, previousResult: 4.5, previousTimestamp: Date.UTC(2026, 10, 2, 10, 0, 0) },
      processedUntil: Date.UTC(2026, 10, 2, 10, 1, 0),
      evaluatedAt,
      lastError: 'timeout: The script ran longer than 50 ms',
    });
    expect((await call('GET', uuid, reader)).json()).toEqual({
      MeasurementUUID: uuid,
      Local: { total: 12, seen: ['a'] },
      PreviousResult: 4.5,
      PreviousTimestamp: Date.UTC(2026, 10, 2, 10, 0, 0),
      LastEvaluatedAt: new Date(evaluatedAt).toISOString(),
      LastError: 'timeout: The script ran longer than 50 ms',
      Running: true,
    });
  });

  it('is not running while paused or without a database', async () => {
    expect((await call('GET', await calculation('Paused'))).json()).toMatchObject({ Running: false });
    expect((await call('GET', await calculation('Discovered', null))).json()).toMatchObject({ Running: false });
  });

  it('answers 404 for a measurement that is not a calculation of the organization', async () => {
    const plain = await insertMeasurement(t.db, { organizationUuid: organization, collectorUuid: internal, databaseUuid: database });
    expect((await call('GET', plain)).statusCode).toBe(404);
    expect((await call('GET', '00000000-0000-4000-8000-000000000001')).statusCode).toBe(404);
    const response = await call('GET', await calculation(), otherAdmin, undefined, otherOrganization);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'measurements.errors.not_found' });
  });
});

describe('PUT /calculations/{id}/context', () => {
  it('replaces the local values and previous result of a paused calculation', async () => {
    const uuid = await calculation('Paused');
    const response = await call('PUT', uuid, admin, { Local: { total: 100 }, PreviousResult: 7 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ MeasurementUUID: uuid, Local: { total: 100 }, PreviousResult: 7, Running: false });
    // Without PreviousResult the stored one stays.
    expect((await call('PUT', uuid, admin, { Local: { total: 0 } })).json()).toMatchObject({ Local: { total: 0 }, PreviousResult: 7 });
    expect((await call('GET', uuid)).json()).toMatchObject({ Local: { total: 0 }, PreviousResult: 7 });
    expect((await call('PUT', uuid, admin, { Local: {}, PreviousResult: null })).json()).toMatchObject({ Local: {}, PreviousResult: null });
  });

  it('refuses an Active calculation with 409 and its translation key', async () => {
    const uuid = await calculation('Active');
    const response = await call('PUT', uuid, admin, { Local: { total: 1 } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'calculations.errors.context_not_paused' });
    expect((await call('GET', uuid)).json()).toMatchObject({ Local: {} });
  });

  it('accepts Local only as an object of at most 64 KB', async () => {
    const uuid = await calculation('Paused');
    const notObject = await call('PUT', uuid, admin, { Local: [1, 2] });
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().errors).toHaveProperty('Local');
    const large = await call('PUT', uuid, admin, { Local: { text: 'x'.repeat(64 * 1024) } });
    expect(large.statusCode).toBe(400);
    expect(large.json()).toMatchObject({ code: 'calculations.errors.context_too_large', errors: { Local: [expect.any(String)] } });
    expect((await call('PUT', uuid, admin, { Local: { text: 'x'.repeat(60 * 1024) } })).statusCode).toBe(200);
    const previous = await call('PUT', uuid, admin, { Local: {}, PreviousResult: [1, 2] });
    expect(previous.statusCode).toBe(400);
    expect(previous.json().errors).toHaveProperty('PreviousResult');
  });

  it('needs MANAGE_MEASUREMENTS', async () => {
    expect((await call('PUT', await calculation('Paused'), reader, { Local: {} })).statusCode).toBe(403);
  });
});

describe('the Calculations licence feature', () => {
  it('answers 403 without it', async () => {
    const uuid = await calculation();
    // No licence and no trial: no feature.
    await t.db.query('INSERT INTO settings (organization_uuid, name, value) VALUES ($1, $2, $3)', [await rootOrganizationUuid(t.db), SETTING_NAMES.trialMode, 'false']);
    for (const response of [await call('GET', uuid), await call('PUT', uuid, admin, { Local: {} })]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'calculations.errors.unlicensed' });
    }
  });
});
