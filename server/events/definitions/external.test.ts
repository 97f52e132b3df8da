import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type TestApp } from '../../auth/testing/testUsers';

// An event configuration's external_database start source and external_database property
// configurations on PGlite (server/events/README.md, "Definitions"; server/integrations/README.md,
// "Who may do what"): the database of the organization (400 naming the field), the query required,
// MANAGE_EXTERNAL_DATABASES besides the events privileges on create, update and start (403
// events.errors.external_database_not_permitted), and a kind without a driver refused at the start
// (409 external_databases.errors.driver_unavailable).

const EVENTS = ['READ_EVENT_CONFIGURATIONS', 'MANAGE_EVENT_CONFIGURATIONS', 'READ_ASSETS'];

let t: TestApp;
let organization: string;
let admin: Record<string, string>;
let noDatabases: Record<string, string>;
const f = {} as { line: string; postgres: string; oracle: string; foreign: string };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const call = (method: Method, url: string, headers = admin, payload?: object) => t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

async function created(url: string, payload: object, headers = admin): Promise<{ UUID: string } & Record<string, unknown>> {
  const response = await call('POST', url, headers, payload);
  if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

const expectFieldError = (response: { statusCode: number; json: () => { errors?: Record<string, unknown> } }, status: number, field: string) => {
  expect(response.statusCode).toBe(status);
  expect(response.json().errors).toHaveProperty([field]);
};
const expectCode = (response: { statusCode: number; json: () => { code?: string } }, status: number, code: string) => {
  expect(response.statusCode).toBe(status);
  expect(response.json().code).toBe(code);
};

async function insertDatabase(org: string, kind: string): Promise<string> {
  const { rows } = await t.db.query<{ uuid: string }>(
    `INSERT INTO external_databases (organization_uuid, name, kind, secure_settings) VALUES ($1, $2, $3, '{"Password":"s3cret"}') RETURNING uuid`,
    [org, `${kind} ${Math.random().toString(36).slice(2, 8)}`, kind],
  );
  return rows[0].uuid;
}

beforeAll(async () => {
  t = await openTestApp();
  organization = await createTestOrganization(t.db);
  const other = await createTestOrganization(t.db);
  const as = async (privileges: string[]) => ({
    ...(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: privileges } })).uuid)),
    'x-organization-uuid': organization,
  });
  admin = await as([...EVENTS, 'MANAGE_ASSETS', 'MANAGE_EXTERNAL_DATABASES', 'READ_EXTERNAL_DATABASES']);
  noDatabases = await as([...EVENTS, 'READ_EXTERNAL_DATABASES']);
  f.line = (await created('/assets', { Name: 'Line', ParentUUID: null, Metadata: {} })).UUID;
  f.postgres = await insertDatabase(organization, 'postgres');
  f.oracle = await insertDatabase(organization, 'oracle');
  f.foreign = await insertDatabase(other, 'postgres');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function freshType(name: string): Promise<{ type: string; property: string; curve: string }> {
  const type = (await created('/event-types', { Name: `${name} ${Math.random().toString(36).slice(2, 6)}`, ParentUUID: null })).UUID;
  const property = (await created('/event-type-properties', { EventTypeUUID: type, Name: 'Grade', Datatype: 'string', Type: 'simple' })).UUID;
  const curve = (await created('/event-type-properties', { EventTypeUUID: type, Name: 'Curve', Datatype: 'number', Type: 'periodic' })).UUID;
  return { type, property, curve };
}
const externalBody = (type: string, source: Record<string, unknown> | null) => ({ AssetUUID: f.line, EventTypeUUID: type, StartSource: 'external_database', ExternalSource: source });

describe('the external_database start source', () => {
  it('is stored with the default PollInterval, and starts and stops', async () => {
    const { type } = await freshType('Batches');
    const configuration = await created('/event-configurations', externalBody(type, { ExternalDatabaseUUID: f.postgres, Query: 'SELECT * FROM batches' }));
    expect(configuration.ExternalSource).toEqual({ ExternalDatabaseUUID: f.postgres, Query: 'SELECT * FROM batches', PollInterval: '1m' });
    const start = await call('PATCH', `/event-configurations/${configuration.UUID}/state`, admin, { State: 'running' });
    expect(start.statusCode).toBe(200);
    expect(start.json()).toMatchObject({ State: 'running' });
    expect((await call('PATCH', `/event-configurations/${configuration.UUID}/state`, admin, { State: 'stopped' })).json()).toMatchObject({ State: 'stopped' });
  });

  it('needs the source, a query, a PollInterval of at least 1s and a database of the organization (400 naming the field)', async () => {
    const { type } = await freshType('Checked');
    expectFieldError(await call('POST', '/event-configurations', admin, externalBody(type, null)), 400, 'ExternalSource');
    expectFieldError(await call('POST', '/event-configurations', admin, externalBody(type, { ExternalDatabaseUUID: f.postgres, Query: '   ' })), 400, 'ExternalSource.Query');
    expectFieldError(
      await call('POST', '/event-configurations', admin, externalBody(type, { ExternalDatabaseUUID: f.postgres, Query: 'SELECT 1', PollInterval: '0s' })),
      400,
      'ExternalSource.PollInterval',
    );
    const foreign = await call('POST', '/event-configurations', admin, externalBody(type, { ExternalDatabaseUUID: f.foreign, Query: 'SELECT 1' }));
    expectFieldError(foreign, 400, 'ExternalSource.ExternalDatabaseUUID');
    expect(foreign.body).not.toContain('s3cret');
  });

  it('needs MANAGE_EXTERNAL_DATABASES to name a database (403), on create, on update and on start', async () => {
    const { type } = await freshType('Privileged');
    const body = externalBody(type, { ExternalDatabaseUUID: f.postgres, Query: 'SELECT 1' });
    expectCode(await call('POST', '/event-configurations', noDatabases, body), 403, 'events.errors.external_database_not_permitted');
    // Even an id of another organization answers 403 first: nothing is learned about it.
    expectCode(await call('POST', '/event-configurations', noDatabases, externalBody(type, { ExternalDatabaseUUID: f.foreign, Query: 'SELECT 1' })), 403, 'events.errors.external_database_not_permitted');
    const configuration = await created('/event-configurations', body);
    expectCode(await call('PUT', `/event-configurations/${configuration.UUID}`, noDatabases, body), 403, 'events.errors.external_database_not_permitted');
    expectCode(await call('PATCH', `/event-configurations/${configuration.UUID}/state`, noDatabases, { State: 'running' }), 403, 'events.errors.external_database_not_permitted');
    // Stopping needs nothing more.
    expect((await call('PATCH', `/event-configurations/${configuration.UUID}/state`, admin, { State: 'running' })).statusCode).toBe(200);
    expect((await call('PATCH', `/event-configurations/${configuration.UUID}/state`, noDatabases, { State: 'stopped' })).statusCode).toBe(200);
  });

  it('refuses to start on a kind without a driver (409 driver_unavailable) or once the database is gone (409 source_unavailable)', async () => {
    const { type } = await freshType('Oracle');
    const configuration = await created('/event-configurations', externalBody(type, { ExternalDatabaseUUID: f.oracle, Query: 'SELECT 1 FROM dual' }));
    expectCode(await call('PATCH', `/event-configurations/${configuration.UUID}/state`, admin, { State: 'running' }), 409, 'external_databases.errors.driver_unavailable');
    const gone = await insertDatabase(organization, 'postgres');
    const other = await freshType('Gone');
    const orphan = await created('/event-configurations', externalBody(other.type, { ExternalDatabaseUUID: gone, Query: 'SELECT 1' }));
    await t.db.query('DELETE FROM external_databases WHERE uuid = $1', [gone]);
    expectCode(await call('PATCH', `/event-configurations/${orphan.UUID}/state`, admin, { State: 'running' }), 409, 'events.errors.source_unavailable');
  });
});

describe('external_database property configurations', () => {
  const propertyBody = (configuration: string, property: string, extra: Record<string, unknown>) => ({
    EventConfigurationUUID: configuration,
    EventTypePropertyUUID: property,
    Mode: 'external_database',
    Priority: 0,
    ...extra,
  });

  it('store the database and the query, and drop them in another mode', async () => {
    const { type, property } = await freshType('Lims');
    const configuration = await created('/event-configurations', { AssetUUID: f.line, EventTypeUUID: type, StartSource: 'manual' });
    const saved = await created('/event-property-configurations', propertyBody(configuration.UUID, property, { ExternalDatabaseUUID: f.postgres, ExternalQuery: 'SELECT grade FROM lims WHERE batch = :EventUUID' }));
    expect(saved).toMatchObject({ Mode: 'external_database', ExternalDatabaseUUID: f.postgres, ExternalQuery: 'SELECT grade FROM lims WHERE batch = :EventUUID', Source: null });
    const fetched = await call('GET', `/event-property-configurations/${saved.UUID}`);
    expect(fetched.json()).toMatchObject({ ExternalDatabaseUUID: f.postgres, ExternalQuery: 'SELECT grade FROM lims WHERE batch = :EventUUID' });
    const manual = await call('PUT', `/event-property-configurations/${saved.UUID}`, admin, {
      ...propertyBody(configuration.UUID, property, { ExternalDatabaseUUID: f.postgres, ExternalQuery: 'SELECT 1' }),
      Mode: 'manual',
    });
    expect(manual.statusCode).toBe(200);
    expect(manual.json()).toMatchObject({ Mode: 'manual', ExternalDatabaseUUID: null, ExternalQuery: null });
  });

  it('need a database of the organization and a query, for a simple property (400 naming the field)', async () => {
    const { type, property, curve } = await freshType('Lims checks');
    const configuration = await created('/event-configurations', { AssetUUID: f.line, EventTypeUUID: type, StartSource: 'manual' });
    const post = (body: object) => call('POST', '/event-property-configurations', admin, body);
    expectFieldError(await post(propertyBody(configuration.UUID, property, { ExternalQuery: 'SELECT 1' })), 400, 'ExternalDatabaseUUID');
    expectFieldError(await post(propertyBody(configuration.UUID, property, { ExternalDatabaseUUID: f.postgres, ExternalQuery: '' })), 400, 'ExternalQuery');
    expectFieldError(await post(propertyBody(configuration.UUID, property, { ExternalDatabaseUUID: f.foreign, ExternalQuery: 'SELECT 1' })), 400, 'ExternalDatabaseUUID');
    expectFieldError(await post(propertyBody(configuration.UUID, curve, { ExternalDatabaseUUID: f.postgres, ExternalQuery: 'SELECT 1' })), 400, 'Mode');
  });

  it('need MANAGE_EXTERNAL_DATABASES (403) to save, and to start a configuration that has one', async () => {
    const { type, property } = await freshType('Lims privileges');
    const configuration = await created('/event-configurations', {
      AssetUUID: f.line,
      EventTypeUUID: type,
      StartSource: 'schedule',
      Schedule: { Rule: 'FREQ=HOURLY', Timezone: 'UTC' },
    });
    const body = propertyBody(configuration.UUID, property, { ExternalDatabaseUUID: f.postgres, ExternalQuery: 'SELECT 1' });
    expectCode(await call('POST', '/event-property-configurations', noDatabases, body), 403, 'events.errors.external_database_not_permitted');
    const saved = await created('/event-property-configurations', body);
    expectCode(await call('PUT', `/event-property-configurations/${saved.UUID}`, noDatabases, body), 403, 'events.errors.external_database_not_permitted');
    expectCode(await call('PATCH', `/event-configurations/${configuration.UUID}/state`, noDatabases, { State: 'running' }), 403, 'events.errors.external_database_not_permitted');
    expect((await call('PATCH', `/event-configurations/${configuration.UUID}/state`, admin, { State: 'running' })).statusCode).toBe(200);
  });
});
