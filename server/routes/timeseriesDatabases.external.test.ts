import { DEFAULT_TIMESERIES_DATABASE_NAME } from '../../domain/constants';
import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type SessionHeaders, type TestApp } from '../auth/testing/testUsers';
import { databaseExists, startPasswordPostgres, type PasswordPostgres } from '../db/testing/passwordPostgres';
import { POSTGRES_TIMESERIES_TYPE_UUID } from '../timeseries/registry';

// /timeseries-databases with an external PostgreSQL that checks passwords (started for this file):
// createDatabase really creates the database, the tests really connect, and a stored secret is
// used when the form does not send it again.

const START_TIMEOUT_MS = 180_000;
let t: TestApp;
let postgres: PasswordPostgres;
let headers: Record<string, string>;

beforeAll(async () => {
  postgres = await startPasswordPostgres();
  t = await openTestApp();
  const organization = await createTestOrganization(t.db);
  const admin: SessionHeaders = await sessionHeaders(
    t.ctx,
    (await createTestUser(t.db, { privileges: { [organization]: ['READ_TIMESERIES_DATABASES', 'MANAGE_TIMESERIES_DATABASES'] } })).uuid,
  );
  headers = { ...admin, 'x-organization-uuid': organization };
}, START_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
  await postgres?.stop();
});

const external = (settings: Record<string, unknown> = {}) => ({
  TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID,
  Settings: { mode: 'external', host: postgres.host, port: postgres.port, user: postgres.role, ...settings },
});
const post = (payload: object, query = '') => t.app.inject({ method: 'POST', url: `/api/timeseries-databases${query}`, headers, payload });
const put = (id: string, payload: object, query = '') => t.app.inject({ method: 'PUT', url: `/api/timeseries-databases/${id}${query}`, headers, payload });
const testStored = (id: string) => t.app.inject({ method: 'GET', url: `/api/timeseries-databases/${id}/test`, headers });
const testUnsaved = (payload: object) => t.app.inject({ method: 'POST', url: '/api/timeseries-databases/test', headers, payload });
const ALL_STEPS = ['connect', 'authenticate', 'database', 'schema', 'write', 'read'];

describe('an external PostgreSQL time-series database', () => {
  let id: string;

  it('createDatabase really creates the database, under the internal default name when none is given', async () => {
    expect(await databaseExists(postgres.server, DEFAULT_TIMESERIES_DATABASE_NAME)).toBe(false);
    const response = await post({ Name: 'plant', ...external(), SecureSettings: { password: postgres.password } }, '?createDatabase=true');
    expect(response.statusCode).toBe(201);
    expect(response.json().Settings).toMatchObject({ database: DEFAULT_TIMESERIES_DATABASE_NAME });
    expect(response.body).not.toContain(postgres.password);
    expect(await databaseExists(postgres.server, DEFAULT_TIMESERIES_DATABASE_NAME)).toBe(true);
    id = response.json().UUID;
  });

  it('the stored database’s test passes every step', async () => {
    const response = await testStored(id);
    expect(response.json()).toMatchObject({ Success: true, Steps: ALL_STEPS.map((Name) => ({ Name, Success: true })) });
  });

  it('PUT with createDatabase creates the named database and keeps the stored password', async () => {
    const response = await put(id, { Name: 'plant', ...external({ database: 'plant_two' }) }, '?createDatabase=true');
    expect(response.statusCode).toBe(200);
    expect(await databaseExists(postgres.server, 'plant_two')).toBe(true);
    expect((await testStored(id)).json()).toMatchObject({ Success: true });
  });

  it('the test of unsaved settings takes the stored password when the form does not send it', async () => {
    const withStored = await testUnsaved({ UUID: id, ...external({ database: 'plant_two' }) });
    expect(withStored.json()).toMatchObject({ Success: true });
    const withoutStored = await testUnsaved(external({ database: 'plant_two' }));
    expect(withoutStored.json()).toMatchObject({ Success: false, FailedStep: 'authenticate' });
  });

  it('a wrong password fails the test at the authenticate step, never showing the password', async () => {
    const unsaved = await testUnsaved({ UUID: id, ...external(), SecureSettings: { password: 'Wrong-pass-word' } });
    expect(unsaved.json()).toMatchObject({ Success: false, FailedStep: 'authenticate' });
    expect(unsaved.json().Steps.map((step: { Name: string }) => step.Name)).toEqual(['connect', 'authenticate']);
    expect(unsaved.body).not.toContain('Wrong-pass-word');
    // Saved without creating the database, then tested: what the editor's "save then test" does.
    expect((await put(id, { Name: 'plant', ...external(), SecureSettings: { password: 'Wrong-pass-word' } })).statusCode).toBe(200);
    const stored = await testStored(id);
    expect(stored.json()).toMatchObject({ Success: false, FailedStep: 'authenticate' });
    expect(stored.body).not.toContain('Wrong-pass-word');
  });

  it('creating the database with a wrong password answers 502 and saves nothing', async () => {
    const response = await post({ Name: 'refused', ...external({ database: 'refused' }), SecureSettings: { password: 'Wrong-pass-word' } }, '?createDatabase=true');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'configuration.errors.update_database' });
    expect(response.body).not.toContain('Wrong-pass-word');
    const list = await t.app.inject({ method: 'GET', url: '/api/timeseries-databases', headers });
    expect(list.json().map((database: { Name: string }) => database.Name)).toEqual(['plant']);
  });
});
