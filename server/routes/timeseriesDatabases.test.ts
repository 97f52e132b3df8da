import { POSTGRES_TIMESERIES_TYPE_UUID } from '../timeseries/registry';
import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type SessionHeaders, type TestApp } from '../auth/testing/testUsers';

// The minimal time-series database entries the setup wizard's step 3 needs (issue 5): the types
// with their settings schemas, and a real entry created in the organization.

let t: TestApp;
let organization: string;
let admin: SessionHeaders;
let reader: SessionHeaders;

beforeAll(async () => {
  t = await openTestApp();
  organization = await createTestOrganization(t.db);
  admin = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: ['READ_TIMESERIES_DATABASES', 'MANAGE_TIMESERIES_DATABASES'] } })).uuid);
  reader = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: ['READ_TIMESERIES_DATABASES'] } })).uuid);
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
