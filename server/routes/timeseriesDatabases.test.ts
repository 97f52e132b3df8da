import { INFLUXDB_TIMESERIES_TYPE_UUID, POSTGRES_TIMESERIES_TYPE_UUID } from '../timeseries/registry';
import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type SessionHeaders, type TestApp } from '../auth/testing/testUsers';
import { openSecretTrap, type SecretTrap } from '../testing/secretTrap';

// /timeseries-databases on the server's own database (PGlite): the types with their settings
// schemas, the entries of an organization (SPEC §3, §5, §7), and connection tests of the built-in
// store. An external PostgreSQL with passwords is in timeseriesDatabases.external.test.ts.

let t: TestApp;
let organization: string;
let admin: SessionHeaders;
let reader: SessionHeaders;
let otherOrganization: string;
let otherAdmin: SessionHeaders;

beforeAll(async () => {
  t = await openTestApp();
  organization = await createTestOrganization(t.db);
  admin = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: ['READ_TIMESERIES_DATABASES', 'MANAGE_TIMESERIES_DATABASES'] } })).uuid);
  reader = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: ['READ_TIMESERIES_DATABASES'] } })).uuid);
  otherOrganization = await createTestOrganization(t.db);
  const manage = ['READ_TIMESERIES_DATABASES', 'MANAGE_TIMESERIES_DATABASES'];
  otherAdmin = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [otherOrganization]: manage } })).uuid);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const inOrganization = (headers: SessionHeaders) => ({ ...headers, 'x-organization-uuid': organization });
const create = (headers: SessionHeaders, payload: object, query = '?createDatabase=true') =>
  t.app.inject({ method: 'POST', url: `/api/timeseries-databases${query}`, headers: inOrganization(headers), payload });

describe('time-series databases for the setup wizard', () => {
  it('lists the types with their settings schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/timeseries-database-types', headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual(expect.objectContaining({ UUID: POSTGRES_TIMESERIES_TYPE_UUID, Name: 'PostgreSQL', SettingsSchema: expect.any(Object) }));
  });

  it('creates a built-in database entry in the organization, never returning secure settings', async () => {
    const response = await create(admin, {
      Name: 'historian',
      TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID,
      Settings: { mode: 'builtin' },
      SecureSettings: { password: 'not sent back' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ Name: 'historian', OrganizationUUID: organization, Settings: { mode: 'builtin' } });
    expect(response.body).not.toContain('not sent back');
    const list = await t.app.inject({ method: 'GET', url: '/api/timeseries-databases', headers: inOrganization(reader) });
    expect(list.json()).toEqual([expect.objectContaining({ Name: 'historian' })]);
    expect(list.body).not.toContain('not sent back');
  });

  it('validates the settings against the type’s schema and refuses unknown types', async () => {
    const bad = await create(admin, { Name: 'x', TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID, Settings: { mode: 'elsewhere' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty(['Settings.mode']);
    const unknown = await create(admin, { Name: 'x', TimeseriesDatabaseTypeUUID: '00000000-0000-4000-8000-000000000001', Settings: {} });
    expect(unknown.statusCode).toBe(400);
  });

  it('answers 409 for a second database of the same name', async () => {
    const again = await create(admin, { Name: 'Historian', TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID, Settings: { mode: 'builtin' } });
    expect(again.statusCode).toBe(409);
  });

  it('needs MANAGE_TIMESERIES_DATABASES to create', async () => {
    expect((await create(reader, { Name: 'y', TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID, Settings: { mode: 'builtin' } })).statusCode).toBe(403);
  });
});

const BUILTIN = { TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID, Settings: { mode: 'builtin' } };
const inOther = (headers: SessionHeaders) => ({ ...headers, 'x-organization-uuid': otherOrganization });
const update = (headers: SessionHeaders, id: string, payload: object, query = '') =>
  t.app.inject({ method: 'PUT', url: `/api/timeseries-databases/${id}${query}`, headers: inOrganization(headers), payload });
const testStored = (headers: Record<string, string>, id: string) => t.app.inject({ method: 'GET', url: `/api/timeseries-databases/${id}/test`, headers });
const testUnsaved = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/timeseries-databases/test', headers, payload });

async function createOne(name: string, extra: object = {}): Promise<string> {
  const response = await create(admin, { Name: name, ...BUILTIN, ...extra }, '');
  expect(response.statusCode).toBe(201);
  return response.json().UUID;
}

async function storedSecrets(id: string): Promise<Record<string, unknown>> {
  const { rows } = await t.db.query<{ secure_settings: Record<string, unknown> }>('SELECT secure_settings FROM timeseries_databases WHERE uuid = $1', [id]);
  return rows[0].secure_settings;
}

describe('updating a time-series database (PUT /timeseries-databases/{id})', () => {
  it('saves name and settings and answers without secure settings', async () => {
    const id = await createOne('before');
    const response = await update(admin, id, { Name: 'after', ...BUILTIN, SecureSettings: { password: 'never-answered' } }, '?createDatabase=true');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ UUID: id, Name: 'after', Settings: { mode: 'builtin' } });
    expect(response.json()).not.toHaveProperty('SecureSettings');
    expect(response.body).not.toContain('never-answered');
  });

  it('secure settings are only replaced when sent: absent keeps, a key absent keeps, a value replaces, null removes', async () => {
    const id = await createOne('secrets', { SecureSettings: { password: 'first' } });
    expect((await update(admin, id, { Name: 'secrets', ...BUILTIN })).statusCode).toBe(200);
    expect(await storedSecrets(id)).toEqual({ password: 'first' });
    expect((await update(admin, id, { Name: 'secrets', ...BUILTIN, SecureSettings: {} })).statusCode).toBe(200);
    expect(await storedSecrets(id)).toEqual({ password: 'first' });
    expect((await update(admin, id, { Name: 'secrets', ...BUILTIN, SecureSettings: { password: '' } })).statusCode).toBe(200);
    expect(await storedSecrets(id)).toEqual({ password: 'first' });
    expect((await update(admin, id, { Name: 'secrets', ...BUILTIN, SecureSettings: { password: 'second' } })).statusCode).toBe(200);
    expect(await storedSecrets(id)).toEqual({ password: 'second' });
    expect((await update(admin, id, { Name: 'secrets', ...BUILTIN, SecureSettings: { password: null } })).statusCode).toBe(200);
    expect(await storedSecrets(id)).toEqual({});
  });

  it('a secret is not carried over to another type', async () => {
    const id = await createOne('retyped', { SecureSettings: { password: 'postgres-secret' } });
    const response = await update(admin, id, { Name: 'retyped', TimeseriesDatabaseTypeUUID: INFLUXDB_TIMESERIES_TYPE_UUID, Settings: { url: 'http://127.0.0.1:1' } });
    expect(response.statusCode).toBe(200);
    expect(await storedSecrets(id)).toEqual({});
  });

  it('validates the settings against the type’s schema with errors per field path', async () => {
    const id = await createOne('validated');
    const response = await update(admin, id, {
      Name: 'validated',
      TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID,
      Settings: { mode: 'external', host: 42, port: 70000, password: 'in the wrong map' },
      SecureSettings: { user: 'not secure' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['SecureSettings.user', 'Settings.host', 'Settings.password', 'Settings.port']);
    const missing = await update(admin, id, { Name: 'validated', TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID, Settings: {} });
    expect(missing.json().errors).toHaveProperty(['Settings.mode']);
  });

  it('external settings without a host answer 400 on Settings.host when the database is to be created', async () => {
    const id = await createOne('hostless');
    const response = await update(admin, id, { Name: 'hostless', TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID, Settings: { mode: 'external', user: 'u' } }, '?createDatabase=true');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(['Settings.host']);
  });

  it('answers 409 when renamed to the name of another database of the organization', async () => {
    await createOne('taken');
    const id = await createOne('free');
    const response = await update(admin, id, { Name: 'TAKEN', ...BUILTIN });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toHaveProperty(['Name']);
  });
});

describe('a stored password goes only to the host, port and user it was stored with', () => {
  const STORED = 'Stored-S3cret-pw';
  const EXTERNAL = { mode: 'external', host: 'db.invalid', port: 5432, user: 'historian' };
  const INFLUX = { url: 'http://influx.invalid:8086', user: 'historian' };
  let trap: SecretTrap;

  beforeEach(async () => {
    trap = await openSecretTrap();
  });

  afterEach(async () => {
    await trap.close();
  });

  const postgresEntry = (name: string) => createOne(name, { Settings: EXTERNAL, SecureSettings: { password: STORED } });
  const nothingReachedTheTrap = () => {
    expect(trap.connections).toBe(0);
    expect(trap.received()).not.toContain(STORED);
  };
  const expectReentry = (response: { statusCode: number; body: string; json: () => { code?: string; errors?: Record<string, string[]> } }) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'form.errors.secret_reentry', errors: { 'SecureSettings.password': [expect.stringContaining('must be entered again')] } });
    expect(response.body).not.toContain(STORED);
  };

  it('refuses to save a PostgreSQL database moved to another host without its password, and contacts nothing', async () => {
    const id = await postgresEntry('moved-postgres');
    const moved = { Name: 'moved-postgres', TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID, Settings: { ...EXTERNAL, host: trap.host, port: trap.port } };
    expectReentry(await update(admin, id, moved, '?createDatabase=true'));
    nothingReachedTheTrap();
    expect(await storedSecrets(id)).toEqual({ password: STORED });
    const { rows } = await t.db.query<{ settings: object }>('SELECT settings FROM timeseries_databases WHERE uuid = $1', [id]);
    expect(rows[0].settings).toEqual(EXTERNAL);
  });

  it('refuses to test stored settings against another host without the password, and contacts nothing', async () => {
    const id = await postgresEntry('tested-elsewhere');
    expectReentry(
      await testUnsaved(inOrganization(admin), { UUID: id, TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID, Settings: { ...EXTERNAL, host: trap.host, port: trap.port } }),
    );
    nothingReachedTheTrap();
  });

  it('asks for the password again when only the port, the user or the TLS mode changes', async () => {
    const id = await postgresEntry('same-host');
    for (const change of [{ port: 6543 }, { user: 'postgres' }, { sslmode: 'require' }]) {
      const settings = { ...EXTERNAL, ...change };
      expectReentry(await testUnsaved(inOrganization(admin), { UUID: id, TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID, Settings: settings }));
    }
    // The database is another one on the same server, for the same user: the password stays.
    expect((await update(admin, id, { Name: 'same-host', TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID, Settings: { ...EXTERNAL, database: 'other' } })).statusCode).toBe(200);
    expect(await storedSecrets(id)).toEqual({ password: STORED });
  });

  it('refuses to send an InfluxDB password to another URL, and contacts nothing', async () => {
    const id = await createOne('moved-influx', { TimeseriesDatabaseTypeUUID: INFLUXDB_TIMESERIES_TYPE_UUID, Settings: INFLUX, SecureSettings: { password: STORED } });
    const moved = { TimeseriesDatabaseTypeUUID: INFLUXDB_TIMESERIES_TYPE_UUID, Settings: { ...INFLUX, url: `http://${trap.host}:${trap.port}` } };
    expectReentry(await testUnsaved(inOrganization(admin), { UUID: id, ...moved }));
    expectReentry(await update(admin, id, { Name: 'moved-influx', ...moved }, '?createDatabase=true'));
    nothingReachedTheTrap();
  });

  it('takes the new host with a password typed in again', async () => {
    const id = await postgresEntry('re-entered');
    const moved = { Name: 're-entered', TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID, Settings: { ...EXTERNAL, host: 'db2.invalid' }, SecureSettings: { password: 'New-S3cret-pw' } };
    expect((await update(admin, id, moved)).statusCode).toBe(200);
    expect(await storedSecrets(id)).toEqual({ password: 'New-S3cret-pw' });
  });

  it('drops the stored password when the database moves to the built-in store, which needs none', async () => {
    const id = await postgresEntry('now-builtin');
    expect((await update(admin, id, { Name: 'now-builtin', ...BUILTIN })).statusCode).toBe(200);
    expect(await storedSecrets(id)).toEqual({});
  });
});

describe('deleting a time-series database', () => {
  it('removes the entry from the list', async () => {
    const id = await createOne('short-lived');
    const response = await t.app.inject({ method: 'DELETE', url: `/api/timeseries-databases/${id}`, headers: inOrganization(admin) });
    expect(response.statusCode).toBe(204);
    const list = await t.app.inject({ method: 'GET', url: '/api/timeseries-databases', headers: inOrganization(reader) });
    expect(list.json().map((database: { UUID: string }) => database.UUID)).not.toContain(id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/timeseries-databases/${id}`, headers: inOrganization(admin) })).statusCode).toBe(404);
  });

  it('is refused while a measurement, even a deleted one, is stored in it', async () => {
    const id = await createOne('holds-points');
    const { rows } = await t.db.query<{ uuid: string }>(
      `WITH collector AS (INSERT INTO collectors (organization_uuid, name) VALUES ($1, 'Line 9') RETURNING uuid)
       INSERT INTO measurements (organization_uuid, collector_uuid, database_uuid, name, status)
       SELECT $1, uuid, $2, 'Tank level', 'Deleted' FROM collector RETURNING uuid`,
      [organization, id],
    );
    const response = await t.app.inject({ method: 'DELETE', url: `/api/timeseries-databases/${id}`, headers: inOrganization(admin) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'timeseries.errors.in_use' });
    await t.db.query('DELETE FROM measurements WHERE uuid = $1', [rows[0].uuid]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/timeseries-databases/${id}`, headers: inOrganization(admin) })).statusCode).toBe(204);
  });
});

describe('ids of another organization answer 404', () => {
  it('for update, delete, the stored test and the test of unsaved settings', async () => {
    const id = await createOne('private', { SecureSettings: { password: 'private-secret' } });
    expect((await t.app.inject({ method: 'PUT', url: `/api/timeseries-databases/${id}`, headers: inOther(otherAdmin), payload: { Name: 'x', ...BUILTIN } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/timeseries-databases/${id}`, headers: inOther(otherAdmin) })).statusCode).toBe(404);
    expect((await testStored(inOther(otherAdmin), id)).statusCode).toBe(404);
    const unsaved = await testUnsaved(inOther(otherAdmin), { UUID: id, ...BUILTIN });
    expect(unsaved.statusCode).toBe(404);
    expect(unsaved.body).not.toContain('private-secret');
    const list = await t.app.inject({ method: 'GET', url: '/api/timeseries-databases', headers: inOther(otherAdmin) });
    expect(list.json()).toEqual([]);
  });
});

describe('connection tests of the built-in store', () => {
  it('the stored database really connects, writes and reads one point', async () => {
    const id = await createOne('tested');
    const response = await testStored(inOrganization(admin), id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      Success: true,
      Steps: ['connect', 'schema', 'write', 'read'].map((Name) => expect.objectContaining({ Name, Success: true })),
    });
  });

  it('the test button works on unsaved settings', async () => {
    const response = await testUnsaved(inOrganization(admin), BUILTIN);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Success: true });
  });

  it('unsaved settings that reach nothing name the failed step', async () => {
    const response = await testUnsaved(inOrganization(admin), {
      TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID,
      Settings: { mode: 'external', host: '127.0.0.1', port: 1, user: 'nobody' },
      SecureSettings: { password: 'unreachable-secret' },
    });
    expect(response.json()).toMatchObject({ Success: false, FailedStep: 'connect', Steps: [{ Name: 'connect', Success: false }] });
    expect(response.body).not.toContain('unreachable-secret');
  });

  it('unsaved settings are validated against the type’s schema too', async () => {
    const response = await testUnsaved(inOrganization(admin), { TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID, Settings: { mode: 'nowhere' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(['Settings.mode']);
  });
});

describe('reachability', () => {
  const reach = (headers: Record<string, string>, id: string) => t.app.inject({ method: 'GET', url: `/api/timeseries-databases/${id}/reachability`, headers });

  it('a reader learns that the built-in store answers, from steps that change nothing', async () => {
    const id = await createOne('reached');
    const response = await reach(inOrganization(reader), id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Success: true, Steps: ['connect', 'schema'].map((Name) => expect.objectContaining({ Name, Success: true })) });
  });

  it('an external database that cannot be reached names the step, never the password, and a changed address is checked again', async () => {
    const external = { TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID, Settings: { mode: 'external', host: '127.0.0.1', port: 1, user: 'nobody', database: 'plant' } };
    const id = await createOne('far away', { ...external, SecureSettings: { password: 'reach-secret' } });
    const first = await reach(inOrganization(reader), id);
    expect(first.json()).toMatchObject({ Success: false, FailedStep: 'connect', Steps: [{ Name: 'connect', Success: false, Message: expect.stringContaining('127.0.0.1:1') }] });
    expect(first.body).not.toContain('reach-secret');
    expect((await update(admin, id, { Name: 'far away', ...external, Settings: { ...external.Settings, port: 2 }, SecureSettings: { password: 'reach-secret' } })).statusCode).toBe(200);
    expect((await reach(inOrganization(reader), id)).json()).toMatchObject({ Steps: [{ Name: 'connect', Message: expect.stringContaining('127.0.0.1:2') }] });
  });

  it('needs READ_TIMESERIES_DATABASES, and ids of another organization answer 404', async () => {
    const id = await createOne('hidden');
    expect((await reach(inOther(otherAdmin), id)).statusCode).toBe(404);
    const nobody = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: [] } })).uuid);
    expect((await reach(inOrganization(nobody), id)).statusCode).toBe(403);
  });
});

describe('privileges', () => {
  it('updating, deleting and testing need MANAGE_TIMESERIES_DATABASES', async () => {
    const id = await createOne('guarded');
    expect((await update(reader, id, { Name: 'x', ...BUILTIN })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/timeseries-databases/${id}`, headers: inOrganization(reader) })).statusCode).toBe(403);
    expect((await testStored(inOrganization(reader), id)).statusCode).toBe(403);
    expect((await testUnsaved(inOrganization(reader), BUILTIN)).statusCode).toBe(403);
  });
});
