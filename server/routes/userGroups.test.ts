import { randomUUID } from 'node:crypto';
import { createTestOrganization, createTestUser, openTestApp, rootOrganizationUuid, sessionHeaders, type SessionHeaders, type TestApp } from '../auth/testing/testUsers';

// User groups, memberships and group privileges in one organization; effective privileges as the
// union of the groups' per organization; system groups; nobody grants what they do not hold; users
// in several organizations; and the last holder of the root administration privileges, who
// cannot be removed.

// Sign-ins hash with scrypt and PGlite shares two cores with the other test files: generous limits.
jest.setTimeout(30_000);

let t: TestApp;
let root: string;
let plant: string;
let admin: SessionHeaders;
let privileges: Map<string, string>;

const MANAGE = ['READ_USERS', 'MANAGE_USERS', 'READ_USER_GROUPS', 'MANAGE_USER_GROUPS', 'MANAGE_PRIVILEGES'];
// What the tests' groups grant: the administrator holds it, since nobody grants what they do not hold.
const GRANTED = ['READ_COLLECTORS', 'READ_ASSETS', 'MANAGE_COLLECTORS'];
const inPlant = (headers: Record<string, string> = admin) => ({ ...headers, 'x-organization-uuid': plant });
const inRoot = (headers: Record<string, string> = admin) => ({ ...headers, 'x-organization-uuid': root });

interface Json {
  UUID: string;
  Name: string;
  IsSystem?: boolean;
}

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
}

async function group(name: string, grants: readonly string[], headers = inPlant()): Promise<string> {
  const created = await call('POST', '/user-groups', headers, { Name: name });
  expect(created.statusCode).toBe(201);
  const uuid = created.json<Json>().UUID;
  for (const grant of grants) {
    expect((await call('POST', `/user-groups/${uuid}/privileges`, headers, { PrivilegeUUID: privileges.get(grant) })).statusCode).toBe(201);
  }
  return uuid;
}

async function member(groupUuid: string, userUuid: string, headers = inPlant()): Promise<string> {
  const response = await call('POST', '/user-group-users', headers, { UserGroupUUID: groupUuid, UserUUID: userUuid });
  expect(response.statusCode).toBe(201);
  return response.json<Json>().UUID;
}

beforeAll(async () => {
  t = await openTestApp();
  root = await rootOrganizationUuid(t.db);
  plant = await createTestOrganization(t.db);
  admin = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [plant]: [...MANAGE, ...GRANTED], [root]: MANAGE } })).uuid);
  const list = (await call('GET', '/privileges', admin)).json<Json[]>();
  privileges = new Map(list.map((p) => [p.Name, p.UUID]));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('user groups', () => {
  it('sort by name with system groups after user groups', async () => {
    await t.db.query(`INSERT INTO user_groups (organization_uuid, name, is_system) VALUES ($1, 'Aaa system', true)`, [plant]);
    await group('Zulu', []);
    await group('alpha', []);
    const names = (await call('GET', '/user-groups', inPlant())).json<Json[]>().map((g) => `${g.IsSystem ? 'system:' : ''}${g.Name}`);
    const firstSystem = names.findIndex((name) => name.startsWith('system:'));
    expect(names.slice(firstSystem).every((name) => name.startsWith('system:'))).toBe(true);
    expect(names.indexOf('alpha')).toBeLessThan(names.indexOf('Zulu'));
    expect(firstSystem).toBeGreaterThan(names.indexOf('Zulu'));
  });

  it('a system group cannot be deleted, renamed or have its privileges changed', async () => {
    const { rows } = await t.db.query<{ uuid: string }>(`SELECT uuid FROM user_groups WHERE organization_uuid = $1 AND is_system`, [plant]);
    const system = rows[0].uuid;
    expect((await call('DELETE', `/user-groups/${system}`, inPlant())).json()).toMatchObject({ status: 409, code: 'groups.errors.system_group' });
    expect((await call('PUT', `/user-groups/${system}`, inPlant(), { Name: 'Renamed' })).statusCode).toBe(409);
    expect((await call('POST', `/user-groups/${system}/privileges`, inPlant(), { PrivilegeUUID: privileges.get('READ_ASSETS') })).statusCode).toBe(409);
  });

  it('keeps who created and changed a group', async () => {
    const uuid = await group(`Audited ${randomUUID().slice(0, 4)}`, []);
    const updated = await call('PUT', `/user-groups/${uuid}`, inPlant(), { Name: 'Audited group', Description: 'changed' });
    expect(updated.json()).toMatchObject({ Name: 'Audited group', Description: 'changed', OrganizationUUID: plant });
    expect(updated.json<{ CreatedBy: string }>().CreatedBy).toMatch(/^user-/);
  });

  it('a second group of the same name in the organization is refused', async () => {
    await group('Unique name', []);
    expect((await call('POST', '/user-groups', inPlant(), { Name: 'UNIQUE NAME' })).statusCode).toBe(409);
  });
});

describe('effective privileges', () => {
  it('are the union of the user’s groups’ privileges, per organization', async () => {
    const password = 'user-password-1';
    const user = await createTestUser(t.db, { password, privileges: { [root]: ['READ_LOGS'] } });
    const readers = await group('Readers', ['READ_COLLECTORS', 'READ_ASSETS']);
    const writers = await group('Writers', ['READ_ASSETS', 'MANAGE_COLLECTORS']);
    await member(readers, user.uuid);
    const membership = await member(writers, user.uuid);
    const headers = await sessionHeaders(t.ctx, user.uuid);
    const held = async () =>
      (await call('GET', '/current-user/privileges', headers)).json<Array<{ Name: string; OrganizationUUID: string }>>().filter((p) => p.OrganizationUUID === plant).map((p) => p.Name).sort();
    expect(await held()).toEqual(['MANAGE_COLLECTORS', 'READ_ASSETS', 'READ_COLLECTORS']);
    expect((await call('DELETE', `/user-group-users/${membership}`, inPlant())).statusCode).toBe(204);
    expect(await held()).toEqual(['READ_ASSETS', 'READ_COLLECTORS']);
    expect((await call('DELETE', `/user-groups/${readers}/privileges/${privileges.get('READ_ASSETS')}`, inPlant())).statusCode).toBe(204);
    expect(await held()).toEqual(['READ_COLLECTORS']);
    const explained = await call('GET', `/users/${user.uuid}/access`, inPlant());
    expect(explained.json<Array<{ OrganizationUUID: string }>>().filter((grant) => grant.OrganizationUUID === plant)).toEqual([expect.objectContaining({ PrivilegeName: 'READ_COLLECTORS', GroupUUID: readers, GroupName: 'Readers', ViaMapping: false, Mappings: [] })]);
  });

  it('lists memberships by group and by user', async () => {
    const user = await createTestUser(t.db);
    const crew = await group('Crew', []);
    await member(crew, user.uuid);
    expect((await call('GET', `/user-group-users?UserGroupUUID=${crew}`, inPlant())).json()).toEqual([expect.objectContaining({ UserUUID: user.uuid, ViaMapping: false })]);
    expect((await call('GET', `/user-group-users?UserUUID=${user.uuid}`, inPlant())).json()).toHaveLength(1);
    expect((await call('POST', '/user-group-users', inPlant(), { UserGroupUUID: crew, UserUUID: user.uuid })).statusCode).toBe(409);
  });
});

describe('a second row of what is kept once answers 409 naming the field', () => {
  it('names the user field of a membership the group has already', async () => {
    const user = await createTestUser(t.db);
    const crew = await group('Second crew', []);
    await member(crew, user.uuid);
    const byUuid = await call('POST', '/user-group-users', inPlant(), { UserGroupUUID: crew, UserUUID: user.uuid });
    expect(byUuid.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(byUuid.json()).toMatchObject({ status: 409, code: 'groups.errors.already_member', errors: { UserUUID: ['is in this group already'] } });
    const byName = await call('POST', '/user-group-users', inPlant(), { UserGroupUUID: crew, UserName: user.name });
    expect(byName.json()).toMatchObject({ status: 409, errors: { UserName: ['is in this group already'] } });
  });

  it('names PrivilegeUUID for a privilege the group holds already', async () => {
    const readers = await group('Second readers', ['READ_ASSETS']);
    const again = await call('POST', `/user-groups/${readers}/privileges`, inPlant(), { PrivilegeUUID: privileges.get('READ_ASSETS') });
    expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(again.json()).toMatchObject({ status: 409, errors: { PrivilegeUUID: ['is held by the group already'] } });
  });

  it('names Name for a group name in use', async () => {
    await group('Twice named', []);
    expect((await call('POST', '/user-groups', inPlant(), { Name: 'twice NAMED' })).json()).toMatchObject({ status: 409, errors: { Name: ['is already in use'] } });
  });
});

async function groupWithEveryPrivilege(organization: string): Promise<string> {
  const { rows } = await t.db.query<{ uuid: string }>(
    `INSERT INTO user_groups (organization_uuid, name, is_system) VALUES ($1, $2, true) RETURNING uuid`,
    [organization, `Administrators ${randomUUID().slice(0, 4)}`],
  );
  await t.db.query('INSERT INTO user_group_privileges (user_group_uuid, privilege_uuid) SELECT $1, uuid FROM privileges', [rows[0].uuid]);
  return rows[0].uuid;
}

describe('nobody grants what they do not hold', () => {
  const grantBeyondOwn = (field: string, privilege: string) => ({
    status: 403,
    code: 'access.errors.grant_beyond_own',
    errors: { [field]: [expect.stringContaining(privilege)] },
  });

  it('MANAGE_USER_GROUPS is not enough to join the Administrators group of the organization or of the root', async () => {
    const groupAdmin = await createTestUser(t.db, { privileges: { [plant]: ['READ_USER_GROUPS', 'MANAGE_USER_GROUPS'], [root]: ['READ_USER_GROUPS', 'MANAGE_USER_GROUPS'] } });
    const headers = await sessionHeaders(t.ctx, groupAdmin.uuid);
    const { rows } = await t.db.query<{ uuid: string }>('SELECT uuid FROM user_groups WHERE organization_uuid = $1 AND is_system AND name = $2', [root, 'Administrators']);
    for (const [organization, administrators] of [[plant, await groupWithEveryPrivilege(plant)], [root, rows[0].uuid]]) {
      const joined = await call('POST', '/user-group-users', { ...headers, 'x-organization-uuid': organization }, { UserGroupUUID: administrators, UserUUID: groupAdmin.uuid });
      expect(joined.json()).toMatchObject(grantBeyondOwn('UserGroupUUID', 'MANAGE_PRIVILEGES'));
    }
    expect((await call('GET', `/user-group-users?UserUUID=${groupAdmin.uuid}`, inRoot())).json()).toHaveLength(1);
  });

  it('adding a member to a group needs every privilege of the group, MANAGE_PRIVILEGES or not', async () => {
    const manager = await createTestUser(t.db, { privileges: { [plant]: ['READ_USER_GROUPS', 'MANAGE_USER_GROUPS', 'MANAGE_PRIVILEGES', 'READ_COLLECTORS'] } });
    const headers = inPlant(await sessionHeaders(t.ctx, manager.uuid));
    const user = await createTestUser(t.db, { privileges: { [plant]: [] } });
    const assets = await group('Asset readers', ['READ_ASSETS']);
    const collectors = await group('Collector readers', ['READ_COLLECTORS']);
    expect((await call('POST', '/user-group-users', headers, { UserGroupUUID: assets, UserUUID: user.uuid })).json()).toMatchObject(grantBeyondOwn('UserGroupUUID', 'READ_ASSETS'));
    await member(collectors, user.uuid, headers);
  });

  it('a group gets only privileges that whoever grants them holds', async () => {
    const granter = await createTestUser(t.db, { privileges: { [plant]: ['READ_USER_GROUPS', 'MANAGE_USER_GROUPS', 'MANAGE_PRIVILEGES', 'READ_COLLECTORS'] } });
    const headers = inPlant(await sessionHeaders(t.ctx, granter.uuid));
    const crew = await group('Granted crew', []);
    const refused = await call('POST', `/user-groups/${crew}/privileges`, headers, { PrivilegeUUID: privileges.get('READ_ASSETS') });
    expect(refused.json()).toMatchObject(grantBeyondOwn('PrivilegeUUID', 'READ_ASSETS'));
    expect((await call('POST', `/user-groups/${crew}/privileges`, headers, { PrivilegeUUID: privileges.get('READ_COLLECTORS') })).statusCode).toBe(201);
  });

  it('setting the whole set grants and withdraws in one change, and a refused grant changes nothing', async () => {
    const granter = await createTestUser(t.db, { privileges: { [plant]: ['READ_USER_GROUPS', 'MANAGE_USER_GROUPS', 'MANAGE_PRIVILEGES', 'READ_COLLECTORS', 'MANAGE_COLLECTORS'] } });
    const headers = inPlant(await sessionHeaders(t.ctx, granter.uuid));
    // READ_ASSETS was given by someone who holds it; the granter may keep it without holding it.
    const crew = await group('Set crew', ['READ_ASSETS', 'READ_COLLECTORS']);
    const names = async () => (await call('GET', `/user-groups/${crew}/privileges`, inPlant())).json<Array<{ PrivilegeName: string }>>().map((p) => p.PrivilegeName).sort();
    const set = (list: string[]) => call('PUT', `/user-groups/${crew}/privileges`, headers, { PrivilegeUUIDs: list.map((name) => privileges.get(name)) });

    const saved = await set(['READ_ASSETS', 'MANAGE_COLLECTORS']);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Array<{ PrivilegeName: string }>>().map((p) => p.PrivilegeName).sort()).toEqual(['MANAGE_COLLECTORS', 'READ_ASSETS']);
    expect(await names()).toEqual(['MANAGE_COLLECTORS', 'READ_ASSETS']);

    const refused = await set(['READ_COLLECTORS', 'READ_MEASUREMENTS']);
    expect(refused.json()).toMatchObject(grantBeyondOwn('PrivilegeUUIDs', 'READ_MEASUREMENTS'));
    expect(await names()).toEqual(['MANAGE_COLLECTORS', 'READ_ASSETS']);

    expect((await set([])).json()).toEqual([]);
    const unknown = await call('PUT', `/user-groups/${crew}/privileges`, headers, { PrivilegeUUIDs: [randomUUID()] });
    expect(unknown.json()).toMatchObject({ status: 400, errors: { PrivilegeUUIDs: [expect.stringContaining('do not exist')] } });
    const { rows } = await t.db.query<{ uuid: string }>(`SELECT uuid FROM user_groups WHERE organization_uuid = $1 AND is_system`, [plant]);
    expect((await call('PUT', `/user-groups/${rows[0].uuid}/privileges`, inPlant(), { PrivilegeUUIDs: [] })).statusCode).toBe(409);
  });

  it('a mapping gives external users only a group whose privileges the caller holds', async () => {
    const { rows } = await t.db.query<{ uuid: string }>(`INSERT INTO authentication_providers (provider_name, provider_type) VALUES ($1, 'oidc') RETURNING uuid`, [
      `corp-${randomUUID().slice(0, 6)}`,
    ]);
    const mapping = { ExternalGroup: 'operators', AuthenticationProviderUUID: rows[0].uuid };
    const mapper = inPlant(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [plant]: ['READ_USER_GROUPS', 'MANAGE_USER_GROUPS'] } })).uuid));
    const assets = await group('Mapped asset readers', ['READ_ASSETS']);
    const nothing = await group('Mapped to nothing', []);
    expect((await call('POST', `/user-groups/${assets}/mapping`, mapper, mapping)).json()).toMatchObject(grantBeyondOwn('path.id', 'READ_ASSETS'));
    const existing = (await call('POST', `/user-groups/${assets}/mapping`, inPlant(), mapping)).json<Json>().UUID;
    expect((await call('PUT', `/user-groups/${assets}/mapping/${existing}`, mapper, { ...mapping, ExternalGroup: 'everyone' })).statusCode).toBe(403);
    expect((await call('POST', `/user-groups/${nothing}/mapping`, mapper, mapping)).statusCode).toBe(201);
  });
});

describe('users in several organizations', () => {
  it('an organization administrator adds an existing user of another organization by exact user name, without listing that organization’s users', async () => {
    const north = await createTestOrganization(t.db);
    const worker = await createTestUser(t.db, { privileges: { [north]: ['READ_ASSETS'] } });
    const manager = inPlant(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [plant]: ['READ_USERS', 'READ_USER_GROUPS', 'MANAGE_USER_GROUPS'] } })).uuid));
    const crew = await group('Crew of several', []);
    expect((await call('GET', '/users?Limit=1000', manager)).json<Json[]>().map((user) => user.UUID)).not.toContain(worker.uuid);
    expect((await call('GET', '/users?AllOrganizations=true', manager)).statusCode).toBe(403);
    expect((await call('POST', '/user-group-users', manager, { UserGroupUUID: crew, UserUUID: worker.uuid })).statusCode).toBe(404);
    expect((await call('POST', '/user-group-users', manager, { UserGroupUUID: crew, UserName: `${worker.name}-not` })).json()).toMatchObject({
      status: 404,
      errors: { UserName: ['no user has this name'] },
    });
    const added = await call('POST', '/user-group-users', manager, { UserGroupUUID: crew, UserName: worker.name.toUpperCase() });
    expect(added.json()).toMatchObject({ UserGroupUUID: crew, UserUUID: worker.uuid });
    // The manager sees the organizations they belong to as well; a reader of every organization sees all.
    expect((await call('GET', `/users/${worker.uuid}`, manager)).json()).toMatchObject({ Organizations: [expect.objectContaining({ UUID: plant })] });
    const everyOrganization = inRoot(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [root]: ['READ_USERS', 'READ_ORGANIZATIONS'] } })).uuid));
    const listed = (await call('GET', '/users?Limit=1000', everyOrganization)).json<Array<Json & { Organizations: Json[] }>>().find((user) => user.UUID === worker.uuid);
    expect(listed?.Organizations.map((organization) => organization.UUID).sort()).toEqual([north, plant].sort());
    const own = (await call('GET', '/current-user/organizations', await sessionHeaders(t.ctx, worker.uuid))).json<Json[]>();
    expect(own.map((organization) => organization.UUID).sort()).toEqual([north, plant].sort());
  });

  it('a root user administrator chooses from every user in any organization', async () => {
    const outsider = await createTestUser(t.db, { privileges: { [await createTestOrganization(t.db)]: [] } });
    const everyone = await call('GET', '/users?AllOrganizations=true&Limit=1000', inPlant());
    expect(everyone.json<Json[]>().map((user) => user.UUID)).toContain(outsider.uuid);
    await member(await group('Picked from everyone', []), outsider.uuid);
  });

  it('explains root-level grants to whoever reads users and groups at root, and only to them', async () => {
    const user = await createTestUser(t.db, { privileges: { [plant]: ['READ_COLLECTORS'], [root]: ['READ_LOGS'] } });
    const plantReader = inPlant(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [plant]: ['READ_USERS', 'READ_USER_GROUPS'] } })).uuid));
    const grants = async (headers: Record<string, string>) =>
      (await call('GET', `/users/${user.uuid}/access`, headers)).json<Array<{ PrivilegeName: string; OrganizationUUID: string }>>().map((grant) => `${grant.PrivilegeName}@${grant.OrganizationUUID}`);
    expect(await grants(inPlant())).toEqual([`READ_COLLECTORS@${plant}`, `READ_LOGS@${root}`]);
    expect(await grants(plantReader)).toEqual([`READ_COLLECTORS@${plant}`]);
  });
});

describe('the last holder of the root administration privileges', () => {
  it('cannot lose the membership, the group, the privilege or the account that makes them one', async () => {
    // Only one root administrator from here: the seeded admin and the test admin leave the root groups.
    const keeper = await createTestUser(t.db);
    const keeperHeaders = await sessionHeaders(t.ctx, keeper.uuid);
    const administrators = await group('Root admins', ['MANAGE_USER_GROUPS', 'MANAGE_PRIVILEGES', 'READ_USER_GROUPS', 'READ_USERS', 'MANAGE_USERS'], inRoot());
    const keeperMembership = await member(administrators, keeper.uuid, inRoot());
    await t.db.query(
      `DELETE FROM user_group_users m USING user_groups g WHERE g.uuid = m.user_group_uuid AND g.organization_uuid = $1 AND m.user_uuid <> $2`,
      [root, keeper.uuid],
    );
    const asKeeper = inRoot(keeperHeaders);
    expect((await call('DELETE', `/user-group-users/${keeperMembership}`, asKeeper)).json()).toMatchObject({ status: 409, code: 'access.errors.last_root_administrator' });
    expect((await call('DELETE', `/user-groups/${administrators}`, asKeeper)).statusCode).toBe(409);
    expect((await call('DELETE', `/user-groups/${administrators}/privileges/${privileges.get('MANAGE_PRIVILEGES')}`, asKeeper)).statusCode).toBe(409);
    // A second holder makes the first one removable.
    const second = await createTestUser(t.db);
    await member(administrators, second.uuid, asKeeper);
    expect((await call('DELETE', `/users/${second.uuid}`, asKeeper)).statusCode).toBe(204);
    const third = await createTestUser(t.db);
    await member(administrators, third.uuid, asKeeper);
    expect((await call('DELETE', `/user-group-users/${keeperMembership}`, asKeeper)).statusCode).toBe(204);
  });
});
