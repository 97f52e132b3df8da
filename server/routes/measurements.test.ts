import { SETTING_NAMES } from '../../domain/settingNames';
import { createTestOrganization, createTestUser, openTestApp, rootOrganizationUuid, sessionHeaders, type SessionHeaders, type TestApp } from '../auth/testing/testUsers';

// /measurements and /measurement-labels (DOMAIN.md §1) on PGlite: each list filter, the /regex/
// keyword and its 400, paging with x-total-count, CRUD with name and database fixed after
// creation, the bulk status and label calls with a result per id (another organization's id is
// "not found" in its row), privileges, settings against the collector's schema with field paths,
// the engineering specs, the audit entry of a change, and the Calculations licence feature.

const READ = ['READ_MEASUREMENTS'];
const MANAGE = ['READ_MEASUREMENTS', 'MANAGE_MEASUREMENTS'];
const SIMULATION_SCHEMA = {
  type: 'object',
  properties: {
    Shape: { type: 'string', enum: ['sine', 'ramp'] },
    Period: { type: 'number', minimum: 0.1 },
  },
  required: ['Shape'],
};

let t: TestApp;
let organization: string;
let otherOrganization: string;
let adminUuid: string;
let admin: SessionHeaders;
let reader: SessionHeaders;
let stranger: SessionHeaders;
let otherAdmin: SessionHeaders;
let simulation: string;
let calculation: string;
let otherCollector: string;
let line1: string;
let line2: string;
let otherDatabase: string;

const insert = async (text: string, params: unknown[]) => (await t.db.query<{ uuid: string }>(text, params)).rows[0].uuid;
const addCollector = (org: string, name: string, type: string, schema: object = {}) =>
  insert('INSERT INTO collectors (organization_uuid, name, collector_type, measurement_settings_schema) VALUES ($1, $2, $3, $4) RETURNING uuid', [
    org,
    name,
    type,
    JSON.stringify(schema),
  ]);
const addDatabase = (org: string, name: string) =>
  insert('INSERT INTO timeseries_databases (organization_uuid, name, type_uuid) VALUES ($1, $2, gen_random_uuid()) RETURNING uuid', [org, name]);

beforeAll(async () => {
  t = await openTestApp();
  organization = await createTestOrganization(t.db);
  otherOrganization = await createTestOrganization(t.db);
  adminUuid = (await createTestUser(t.db, { privileges: { [organization]: MANAGE } })).uuid;
  admin = await sessionHeaders(t.ctx, adminUuid);
  reader = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: READ } })).uuid);
  stranger = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: ['READ_COLLECTORS'] } })).uuid);
  otherAdmin = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [otherOrganization]: MANAGE } })).uuid);
  simulation = await addCollector(organization, 'Simulator', 'simulation', SIMULATION_SCHEMA);
  calculation = await addCollector(organization, 'Formulas', 'calculation');
  otherCollector = await addCollector(otherOrganization, 'Elsewhere', 'simulation');
  line1 = await addDatabase(organization, 'Line 1');
  line2 = await addDatabase(organization, 'Line 2');
  otherDatabase = await addDatabase(otherOrganization, 'Foreign');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const headersIn = (headers: SessionHeaders, org = organization) => ({ ...headers, 'x-organization-uuid': org });
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

const measurement = (overrides: Record<string, unknown> = {}) => ({
  Name: 'Boiler temperature',
  Description: 'Top of the boiler',
  CollectorUUID: simulation,
  DatabaseUUID: line1,
  Datatype: 'number',
  Status: 'Active',
  Settings: { Shape: 'sine', Period: 60 },
  Attributes: { Config: { UoM: '°C', ValueMin: 0, ValueMax: 150, LimitLo: 20, LimitHi: 120 }, Tags: { site: 'Ghent' }, Metadata: { owner: 'ops' } },
  Labels: [' boiler ', 'boiler', 'hall-a'],
  ...overrides,
});
const create = async (overrides: Record<string, unknown> = {}): Promise<string> => {
  const response = await call('POST', '/measurements', headersIn(admin), measurement(overrides));
  expect(response.statusCode).toBe(201);
  return response.json().UUID;
};
const names = (response: { json(): unknown }) => (response.json() as { Name: string }[]).map((m) => m.Name);

describe('measurements: create, read, update, delete', () => {
  let uuid: string;

  it('creates one with its collector and database names, trimmed unique labels and no last point yet', async () => {
    const response = await call('POST', '/measurements', headersIn(admin), measurement());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    uuid = body.UUID;
    expect(body).toMatchObject({
      Name: 'Boiler temperature',
      CollectorName: 'Simulator',
      DatabaseName: 'Line 1',
      Status: 'Active',
      Quality: 'Good',
      Labels: ['boiler', 'hall-a'],
      Settings: { Shape: 'sine', Period: 60 },
      Attributes: { Config: { UoM: '°C', ValueMin: 0, ValueMax: 150, LimitLo: 20, LimitHi: 120 }, Tags: { site: 'Ghent' }, Metadata: { owner: 'ops' } },
      CreatedBy: adminUuid,
      LastPoint: null,
    });
    expect((await call('GET', `/measurements/${uuid}`, headersIn(reader))).json()).toMatchObject({ UUID: uuid, DatabaseName: 'Line 1' });
  });

  it('answers the last point the ingestion path keeps', async () => {
    await t.db.query("INSERT INTO measurement_last_points (measurement_uuid, time, value, quality) VALUES ($1, '2026-01-02T03:04:05Z', '42.5', 192)", [uuid]);
    expect((await call('GET', `/measurements/${uuid}`, headersIn(reader))).json().LastPoint).toEqual({ Time: '2026-01-02T03:04:05.000Z', Value: 42.5, Quality: 192 });
  });

  it('refuses a name used in the same database (409 on Name) and takes it in another one', async () => {
    const taken = await call('POST', '/measurements', headersIn(admin), measurement());
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'measurements.errors.name_taken', errors: { Name: [expect.any(String)] } });
    await create({ DatabaseUUID: line2 });
  });

  it('updates the rest, and answers 409 with a translated code when the name or database changes', async () => {
    const updated = await call('PUT', `/measurements/${uuid}`, headersIn(admin), measurement({ Description: 'Bottom', Status: 'Paused', Labels: [] }));
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ Description: 'Bottom', Status: 'Paused', Labels: [] });
    const renamed = await call('PUT', `/measurements/${uuid}`, headersIn(admin), measurement({ Name: 'Other name' }));
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({ code: 'measurements.errors.name_fixed', errors: { Name: [expect.any(String)] } });
    const moved = await call('PUT', `/measurements/${uuid}`, headersIn(admin), measurement({ DatabaseUUID: line2 }));
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'measurements.errors.database_fixed', errors: { DatabaseUUID: [expect.any(String)] } });
  });

  it('deletes by status: hidden from the list, still readable, listed when Statuses names Deleted; it comes back only through an import', async () => {
    const gone = await create({ Name: 'To delete' });
    expect((await call('DELETE', `/measurements/${gone}`, headersIn(admin))).statusCode).toBe(204);
    expect((await call('GET', `/measurements/${gone}`, headersIn(reader))).json().Status).toBe('Deleted');
    expect(names(await call('GET', '/measurements?Keyword=delete', headersIn(reader)))).toEqual([]);
    expect(names(await call('GET', '/measurements?Keyword=delete&Statuses[]=Deleted', headersIn(reader)))).toEqual(['To delete']);
    const revived = await call('PUT', `/measurements/${gone}`, headersIn(admin), measurement({ Name: 'To delete' }));
    expect(revived.statusCode).toBe(409);
    expect(revived.json().code).toBe('measurements.errors.deleted');
  });

  it('lets a Discovered measurement go without a database until one is filled in', async () => {
    const found = await create({ Name: 'Discovered tag', DatabaseUUID: null, Status: 'Discovered', Labels: [] });
    const activate = await call('PATCH', '/measurements/status', headersIn(admin), { UUIDs: [found], Status: 'Active' });
    expect(activate.json().Results).toEqual([{ UUID: found, Ok: false, Error: expect.any(String), Code: 'measurements.errors.database_required' }]);
    const missing = await call('POST', '/measurements', headersIn(admin), measurement({ Name: 'No database', DatabaseUUID: null }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('DatabaseUUID');
    const placed = await call('PUT', `/measurements/${found}`, headersIn(admin), measurement({ Name: 'Discovered tag', Status: 'Active', Labels: [] }));
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ DatabaseName: 'Line 1', Status: 'Active' });
  });
});

describe('measurements: rules with field errors', () => {
  const errorsOf = async (overrides: Record<string, unknown>) => {
    const response = await call('POST', '/measurements', headersIn(admin), measurement({ Name: `Rules ${Math.random()}`, ...overrides }));
    expect(response.statusCode).toBe(400);
    return response.json().errors as Record<string, string[]>;
  };

  it("checks Settings against the collector's measurement settings schema, by Settings.<Key>", async () => {
    const errors = await errorsOf({ Settings: { Period: 'fast', Bogus: 1 } });
    expect(Object.keys(errors).sort()).toEqual(['Settings.Bogus', 'Settings.Period', 'Settings.Shape']);
    expect(Object.keys(await errorsOf({ Settings: { Shape: 'square' } }))).toEqual(['Settings.Shape']);
  });

  it('checks the engineering specs: ranges in order, numbers only for number types', async () => {
    expect(Object.keys(await errorsOf({ Attributes: { Config: { ValueMin: 10, ValueMax: 5, LimitLo: 3, LimitHi: 1 } } })).sort()).toEqual([
      'Attributes.Config.LimitHi',
      'Attributes.Config.ValueMax',
    ]);
    expect(Object.keys(await errorsOf({ Datatype: 'boolean', Attributes: { Config: { LimitLo: 0 } } }))).toEqual(['Attributes.Config.LimitLo']);
  });

  it("refuses another organization's collector or database as a field error, without saying they exist", async () => {
    const errors = await errorsOf({ CollectorUUID: otherCollector, DatabaseUUID: otherDatabase });
    expect(errors).toEqual({ CollectorUUID: ['is not a collector of this organization'], DatabaseUUID: ['is not a time-series database of this organization'] });
  });

  it('lets the contract refuse malformed input with field errors', async () => {
    expect(Object.keys(await errorsOf({ Name: 'x'.repeat(201) }))).toEqual(['Name']);
    expect(Object.keys(await errorsOf({ Labels: ['x'.repeat(65)] }))).toEqual(['Labels.0']);
    expect(Object.keys(await errorsOf({ Datatype: 'float' }))).toEqual(['Datatype']);
  });
});

describe('measurements: the list', () => {
  const seeded: Record<string, string> = {};

  beforeAll(async () => {
    for (const [name, overrides] of Object.entries({
      'Pump 1 speed': { Labels: ['pumps', 'hall-b'], DatabaseUUID: line2 },
      'Pump 2 speed': { Labels: ['pumps'], Status: 'Paused', DatabaseUUID: line2 },
      'Valve state': { Datatype: 'boolean', Attributes: {}, Labels: ['hall-b'], Description: 'pump inlet' },
      'Batch id': { Datatype: 'string', Attributes: {}, Labels: [] },
      'Efficiency': { CollectorUUID: calculation, Settings: {}, Labels: [] },
    })) {
      seeded[name] = await create({ Name: name, ...overrides });
    }
    await t.db.query("UPDATE measurements SET quality = 'BadInvalidDataType' WHERE uuid = $1", [seeded['Batch id']]);
  });

  const listed = async (query: string) => {
    const response = await call('GET', `/measurements?${query}`, headersIn(reader));
    expect(response.statusCode).toBe(200);
    return names(response);
  };

  it('sorts by name and pages with the total in x-total-count', async () => {
    const first = await call('GET', '/measurements?Limit=2&Page=1', headersIn(reader));
    const total = Number(first.headers['x-total-count']);
    expect(total).toBe(8);
    expect(names(first)).toEqual(['Batch id', 'Boiler temperature']);
    expect(await listed('Limit=3&Page=3')).toEqual(['Pump 2 speed', 'Valve state']);
    expect(await listed('Sort=-Name&Limit=2')).toEqual(['Valve state', 'Pump 2 speed']);
    expect((await listed('Sort=Status&Limit=100')).at(-1)).toBe('Pump 2 speed');
  });

  it('filters by keyword in name or description, case aside; % matches itself', async () => {
    expect(await listed('Keyword=PUMP')).toEqual(['Pump 1 speed', 'Pump 2 speed', 'Valve state']);
    expect(await listed('Keyword=%25')).toEqual([]);
  });

  it('filters by a /regex/ on the name, and answers 400 on Keyword for an invalid one', async () => {
    expect(await listed(`Keyword=${encodeURIComponent('/^Pump [0-9]/')}`)).toEqual(['Pump 1 speed', 'Pump 2 speed']);
    const bad = await call('GET', `/measurements?Keyword=${encodeURIComponent('/(unclosed/')}`, headersIn(reader));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'measurements.errors.invalid_regex', errors: { Keyword: [expect.any(String)] } });
  });

  it('filters by statuses, labels (all of them), databases, collectors, datatypes and quality', async () => {
    expect(await listed('Statuses[]=Paused')).toEqual(['Boiler temperature', 'Pump 2 speed']);
    expect(await listed('Labels[]=pumps')).toEqual(['Pump 1 speed', 'Pump 2 speed']);
    expect(await listed('Labels[]=pumps&Labels[]=hall-b')).toEqual(['Pump 1 speed']);
    expect(await listed(`DatabaseUUIDs[]=${line2}&Statuses[]=Active`)).toEqual(['Boiler temperature', 'Pump 1 speed']);
    expect(await listed(`CollectorUUIDs[]=${calculation}`)).toEqual(['Efficiency']);
    expect(await listed('Datatypes[]=boolean&Datatypes[]=string')).toEqual(['Batch id', 'Valve state']);
    expect(await listed('Quality=Bad')).toEqual(['Batch id']);
    expect(await listed('Quality=Good&Keyword=batch')).toEqual([]);
  });

  it('leaves out or keeps only the calculations', async () => {
    expect(await listed('OnlyCalculations=true')).toEqual(['Efficiency']);
    expect(await listed('ExcludeCalculations=true')).not.toContain('Efficiency');
  });

  it("never lists another organization's measurements", async () => {
    const response = await call('GET', '/measurements', headersIn(otherAdmin, otherOrganization));
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
  });

  it('lists the labels in use with their counts', async () => {
    const response = await call('GET', '/measurement-labels', headersIn(reader));
    expect(response.json()).toEqual(
      expect.arrayContaining([
        { Name: 'hall-b', Count: 2 },
        { Name: 'pumps', Count: 2 },
      ]),
    );
    expect((await call('GET', '/measurement-labels?Keyword=PUM', headersIn(reader))).json()).toEqual([{ Name: 'pumps', Count: 2 }]);
  });

  it('changes the status of several at once, with a result per id (another organization\u2019s id is not found in its row)', async () => {
    const foreign = await insert('INSERT INTO measurements (organization_uuid, collector_uuid, database_uuid, name) VALUES ($1, $2, $3, $4) RETURNING uuid', [
      otherOrganization,
      otherCollector,
      otherDatabase,
      'Foreign one',
    ]);
    const response = await call('PATCH', '/measurements/status', headersIn(admin), { UUIDs: [seeded['Pump 1 speed'], foreign, seeded['Valve state']], Status: 'Paused' });
    expect(response.statusCode).toBe(200);
    expect(response.json().Results).toEqual([
      { UUID: seeded['Pump 1 speed'], Ok: true },
      { UUID: foreign, Ok: false, Error: expect.any(String), Code: 'measurements.errors.not_found' },
      { UUID: seeded['Valve state'], Ok: true },
    ]);
    expect(await listed('Statuses[]=Paused&Keyword=p')).toEqual(['Boiler temperature', 'Pump 1 speed', 'Pump 2 speed', 'Valve state']);
    const untouched = await t.db.query<{ status: string }>('SELECT status FROM measurements WHERE uuid = $1', [foreign]);
    expect(untouched.rows[0].status).toBe('Active');
  });

  it('adds and removes labels on several at once, with a result per id', async () => {
    const response = await call('PATCH', '/measurements/labels', headersIn(admin), {
      UUIDs: [seeded['Pump 1 speed'], seeded['Batch id'], '00000000-0000-4000-8000-000000000000'],
      Add: [' critical '],
      Remove: ['hall-b'],
    });
    expect(response.json().Results.map((r: { Ok: boolean }) => r.Ok)).toEqual([true, true, false]);
    expect((await call('GET', `/measurements/${seeded['Pump 1 speed']}`, headersIn(reader))).json().Labels).toEqual(['critical', 'pumps']);
    expect(await listed('Labels[]=critical')).toEqual(['Batch id', 'Pump 1 speed']);
  });
});

describe('measurements: privileges and organizations', () => {
  let uuid: string;
  beforeAll(async () => {
    uuid = await create({ Name: 'Guarded' });
  });

  it('needs READ_MEASUREMENTS to read', async () => {
    expect((await call('GET', '/measurements', headersIn(stranger))).statusCode).toBe(403);
    expect((await call('GET', `/measurements/${uuid}`, headersIn(stranger))).statusCode).toBe(403);
    expect((await call('GET', '/measurement-labels', headersIn(stranger))).statusCode).toBe(403);
  });

  it('needs MANAGE_MEASUREMENTS to change', async () => {
    expect((await call('POST', '/measurements', headersIn(reader), measurement({ Name: 'No' }))).statusCode).toBe(403);
    expect((await call('PUT', `/measurements/${uuid}`, headersIn(reader), measurement({ Name: 'Guarded' }))).statusCode).toBe(403);
    expect((await call('DELETE', `/measurements/${uuid}`, headersIn(reader))).statusCode).toBe(403);
    expect((await call('PATCH', '/measurements/status', headersIn(reader), { UUIDs: [uuid], Status: 'Paused' })).statusCode).toBe(403);
    expect((await call('PATCH', '/measurements/labels', headersIn(reader), { UUIDs: [uuid], Add: ['x'] })).statusCode).toBe(403);
  });

  it('answers 404 for a measurement of another organization', async () => {
    const other = headersIn(otherAdmin, otherOrganization);
    expect((await call('GET', `/measurements/${uuid}`, other)).statusCode).toBe(404);
    expect((await call('PUT', `/measurements/${uuid}`, other, measurement({ Name: 'Guarded', CollectorUUID: otherCollector, DatabaseUUID: otherDatabase }))).statusCode).toBe(404);
    expect((await call('DELETE', `/measurements/${uuid}`, other)).statusCode).toBe(404);
  });

  it('records a change in the audit log with its reason', async () => {
    const response = await call('PUT', `/measurements/${uuid}`, { ...headersIn(admin), 'x-audit-reason': encodeURIComponent('recalibrated') }, measurement({ Name: 'Guarded', Description: 'Changed' }));
    expect(response.statusCode).toBe(200);
    const { rows } = await t.db.query<{ action: string; subject_type: string; subject_name: string; reason: string; user_uuid: string; before: { description: string }; after: { description: string } }>(
      "SELECT action, subject_type, subject_name, reason, user_uuid, before, after FROM audit_logs WHERE subject_uuid = $1 AND action = 'Update'",
      [uuid],
    );
    expect(rows).toEqual([
      expect.objectContaining({ action: 'Update', subject_type: 'Measurement', subject_name: 'Guarded', reason: 'recalibrated', user_uuid: adminUuid }),
    ]);
    expect(rows[0].before.description).toBe('Top of the boiler');
    expect(rows[0].after.description).toBe('Changed');
  });
});

describe('measurements: the Calculations licence feature', () => {
  let efficiency: string;
  beforeAll(async () => {
    efficiency = await create({ Name: 'Yield', CollectorUUID: calculation, Settings: {}, Labels: [] });
    // No licence and no trial: no feature.
    await t.db.query('INSERT INTO settings (organization_uuid, name, value) VALUES ($1, $2, $3)', [await rootOrganizationUuid(t.db), SETTING_NAMES.trialMode, 'false']);
  });

  it('hides calculation measurements and refuses calculation collectors without it', async () => {
    expect((await call('GET', '/measurements?OnlyCalculations=true', headersIn(reader))).statusCode).toBe(403);
    expect(names(await call('GET', '/measurements?Limit=1000', headersIn(reader)))).not.toContain('Yield');
    expect((await call('GET', `/measurements/${efficiency}`, headersIn(reader))).statusCode).toBe(404);
    const created = await call('POST', '/measurements', headersIn(admin), measurement({ Name: 'Unlicensed', CollectorUUID: calculation, Settings: {} }));
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ code: 'measurements.errors.calculations_unlicensed', errors: { CollectorUUID: [expect.any(String)] } });
  });
});
