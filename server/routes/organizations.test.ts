import { randomUUID } from 'node:crypto';
import { ZERO_UUID } from '../../domain/constants';
import { createTestUser, openTestApp, rootOrganizationUuid, sessionHeaders, type SessionHeaders, type TestApp } from '../auth/testing/testUsers';
import { HttpProblem } from '../http/problem';
import { uniqueConflict } from './organizations';

// /organizations with the SPEC §5 rules, the Administrators group a new organization
// starts with, and deletion that asks for confirmation and says what goes with it. (The
// PostgreSQL role is tested on a real PostgreSQL in server/access/organizationRole.test.ts.)

// Sign-ins hash with scrypt and PGlite shares two cores with the other test files: generous limits.
jest.setTimeout(30_000);

let t: TestApp;
let root: string;
let admin: SessionHeaders;

interface OrganizationJson {
  UUID: string;
  Name: string;
  PostgresUser?: string;
  LicenseUUID: string;
  IsRoot: boolean;
}

const valid = (overrides: Record<string, unknown> = {}) => ({
  Name: `Plant ${randomUUID().slice(0, 6)}`,
  Description: 'North site',
  PostgresUser: `ro_${randomUUID().slice(0, 8)}`,
  PostgresPassword: 'a-long-password',
  PostgresPasswordConfirm: 'a-long-password',
  LicenseUUID: ZERO_UUID,
  ...overrides,
});

const post = (payload: object, headers: Record<string, string> = admin) => t.app.inject({ method: 'POST', url: '/api/organizations', headers, payload });
const put = (id: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/organizations/${id}`, headers: admin, payload });
const remove = (id: string, query = '') => t.app.inject({ method: 'DELETE', url: `/api/organizations/${id}${query}`, headers: admin });

async function createOrganization(overrides: Record<string, unknown> = {}): Promise<OrganizationJson> {
  const response = await post(valid(overrides));
  expect(response.statusCode).toBe(201);
  return response.json<OrganizationJson>();
}

async function addLicence(claimed: string | null = null): Promise<string> {
  const uuid = randomUUID();
  await t.db.query(`INSERT INTO licences (uuid, name, token, expires_at, claimed_organization) VALUES ($1, 'Test', 'x.y.z', now() + interval '1 year', $2)`, [uuid, claimed]);
  return uuid;
}

beforeAll(async () => {
  t = await openTestApp();
  root = await rootOrganizationUuid(t.db);
  admin = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [root]: ['READ_ORGANIZATIONS', 'MANAGE_ORGANIZATIONS'] } })).uuid);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('creating an organization', () => {
  it('name, PostgresUser and the password with its confirmation are required', async () => {
    const response = await post({ Name: ' ', PostgresUser: '', PostgresPassword: '', PostgresPasswordConfirm: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'configurations.errors.create_organization' });
    expect(Object.keys(response.json<{ errors: object }>().errors).sort()).toEqual(['Name', 'PostgresPassword', 'PostgresUser']);
  });

  it('password and confirmation must be equal (general.passwords_must_be_equal)', async () => {
    const response = await post(valid({ PostgresPasswordConfirm: 'something-else' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { PostgresPasswordConfirm: ['general.passwords_must_be_equal'] } });
  });

  it('PostgresUser must be a plain role name, not one of PostgreSQL’s pg_ roles', async () => {
    for (const name of ['Robert"); DROP TABLE users;--', 'pg_monitor', '1abc']) {
      expect((await post(valid({ PostgresUser: name }))).statusCode).toBe(400);
    }
  });

  it('answers the organization without the write-only password fields, and makes the creator its administrator', async () => {
    const response = await post(valid());
    expect(response.statusCode).toBe(201);
    expect(response.body).not.toContain('a-long-password');
    expect(response.json()).not.toHaveProperty('PostgresPassword');
    const created = response.json<OrganizationJson>();
    const mine = await t.app.inject({ method: 'GET', url: '/api/current-user/organizations', headers: admin });
    expect(mine.json<OrganizationJson[]>().map((o) => o.UUID)).toContain(created.UUID);
    const groups = await t.app.inject({ method: 'GET', url: '/api/user-groups', headers: { ...admin, 'x-organization-uuid': created.UUID } });
    expect(groups.json()).toEqual([expect.objectContaining({ Name: 'Administrators', IsSystem: true })]);
  });

  it('refuses a name or a PostgresUser in use (409 on the field)', async () => {
    const first = await createOrganization();
    expect((await post(valid({ Name: first.Name.toUpperCase() }))).json()).toMatchObject({ status: 409, errors: { Name: ['is already in use'] } });
    expect((await post(valid({ PostgresUser: first.PostgresUser }))).json()).toMatchObject({ status: 409, errors: { PostgresUser: ['is already in use'] } });
  });

  it('names the clashing field by the violated index, not by the wording of the error', () => {
    const violation = (constraint: string, message: string) => Object.assign(new Error(message), { code: '23505', constraint });
    const answer = (error: unknown) => {
      try {
        return uniqueConflict(error);
      } catch (thrown) {
        return thrown instanceof HttpProblem ? { status: thrown.status, fields: Object.keys(thrown.extra.errors ?? {}) } : thrown;
      }
    };
    // The message follows the server's lc_messages and the driver; the constraint name does not.
    expect(answer(violation('organizations_postgres_user', 'doppelter Schlüsselwert'))).toEqual({ status: 409, fields: ['PostgresUser'] });
    expect(answer(violation('organizations_license_once', 'duplicate key value'))).toEqual({ status: 409, fields: ['LicenseUUID'] });
    expect(answer(violation('organizations_name_ci', 'valeur en double'))).toEqual({ status: 409, fields: ['Name'] });
    // Another index (one of the rows a new organization starts with) is no clash on Name.
    const other = violation('collectors_name_ci', 'duplicate key value');
    expect(answer(other)).toBe(other);
  });

  it('a licence is selectable only if unused', async () => {
    const licence = await addLicence();
    const holder = await createOrganization({ LicenseUUID: licence });
    expect(holder.LicenseUUID).toBe(licence);
    const response = await post(valid({ LicenseUUID: licence }));
    expect(response.json()).toMatchObject({ status: 400, errors: { LicenseUUID: ['is used by another organization'] } });
    expect((await post(valid({ LicenseUUID: randomUUID() }))).statusCode).toBe(400);
  });

  it('needs MANAGE_ORGANIZATIONS at root', async () => {
    const reader = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [root]: ['READ_ORGANIZATIONS'] } })).uuid);
    expect((await post(valid(), reader)).statusCode).toBe(403);
  });
});

describe('editing an organization', () => {
  it('PostgresUser cannot change after creation', async () => {
    const organization = await createOrganization();
    const response = await put(organization.UUID, { Name: organization.Name, PostgresUser: 'someone_else' });
    expect(response.json()).toMatchObject({ status: 400, errors: { PostgresUser: ['cannot be changed after creation'] } });
    const renamed = await put(organization.UUID, { Name: 'Renamed plant', PostgresUser: organization.PostgresUser });
    expect(renamed.json()).toMatchObject({ Name: 'Renamed plant', PostgresUser: organization.PostgresUser });
  });

  it('keeps its own licence and may not take one another organization holds', async () => {
    const own = await addLicence();
    const organization = await createOrganization({ LicenseUUID: own });
    expect((await put(organization.UUID, { Name: organization.Name, LicenseUUID: own })).statusCode).toBe(200);
    const taken = await createOrganization({ LicenseUUID: await addLicence() });
    expect((await put(organization.UUID, { Name: organization.Name, LicenseUUID: taken.LicenseUUID })).statusCode).toBe(400);
    const bound = await addLicence(randomUUID());
    expect((await put(organization.UUID, { Name: organization.Name, LicenseUUID: bound })).json()).toMatchObject({ errors: { LicenseUUID: ['is bound to another organization'] } });
  });

  it('the root organization has no licence or Postgres fields', async () => {
    expect((await put(root, { Name: 'Root', PostgresUser: 'root_ro' })).statusCode).toBe(400);
    expect((await put(root, { Name: 'Root', LicenseUUID: await addLicence() })).statusCode).toBe(400);
    const response = await put(root, { Name: 'Root', Description: 'The top' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('PostgresUser');
    expect(response.json()).toMatchObject({ IsRoot: true, LicenseUUID: ZERO_UUID });
  });

  it('lists every organization, root first, with the total in x-total-count', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/organizations?Limit=2', headers: admin });
    expect(response.json<OrganizationJson[]>()).toHaveLength(2);
    expect(response.json<OrganizationJson[]>()[0].IsRoot).toBe(true);
    expect(Number(response.headers['x-total-count'])).toBeGreaterThan(2);
  });
});

describe('deleting an organization', () => {
  it('deletes an organization without data at once', async () => {
    const organization = await createOrganization();
    expect((await remove(organization.UUID)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/organizations/${organization.UUID}`, headers: admin })).statusCode).toBe(404);
  });

  it('asks for confirmation when it holds data, says what goes with it, and deletes with ?confirm=true', async () => {
    const organization = await createOrganization();
    const headers = { ...admin, 'x-organization-uuid': organization.UUID };
    const group = await t.app.inject({ method: 'POST', url: '/api/user-groups', headers, payload: { Name: 'Operators' } });
    const user = await t.app.inject({ method: 'POST', url: '/api/users', headers, payload: { Name: `op-${randomUUID().slice(0, 6)}`, Password: 'operator-password' } });
    await t.app.inject({ method: 'POST', url: '/api/user-group-users', headers, payload: { UserGroupUUID: group.json<{ UUID: string }>().UUID, UserUUID: user.json<{ UUID: string }>().UUID } });
    await t.db.query(`INSERT INTO settings (organization_uuid, name, value) VALUES ($1, 'api.url', 'x')`, [organization.UUID]);

    const refused = await remove(organization.UUID);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'organizations.errors.holds_data', holdings: { users: 1, user_groups: 1, user_group_users: 1, settings: 1 } });
    expect((await remove(organization.UUID, '?confirm=true')).statusCode).toBe(204);
    const { rowCount } = await t.db.query('SELECT 1 FROM users WHERE uuid = $1', [user.json<{ UUID: string }>().UUID]);
    expect(rowCount).toBe(0);
  });

  it('the root organization cannot be deleted', async () => {
    expect((await remove(root, '?confirm=true')).statusCode).toBe(409);
  });
});
