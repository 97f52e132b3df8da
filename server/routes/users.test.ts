import { randomUUID } from 'node:crypto';
import { signIn } from '../auth/testing/injectHelpers';
import { ADMIN_USER_NAME } from '../db/seed';
import { createTestOrganization, createTestUser, grantPrivileges, openTestApp, rootOrganizationUuid, sessionHeaders, type SessionHeaders, type TestApp } from '../auth/testing/testUsers';

// /users in an organization (created there or in one of its groups; all at root), the rule that
// an organization changes only its own users, PATCH /users/{id}/password and the root-level user
// tokens, and the rule that nobody takes over a user who holds more than they do.

// Sign-ins hash with scrypt and PGlite shares two cores with the other test files: generous limits.
jest.setTimeout(30_000);

let t: TestApp;
let root: string;
let plant: string;
let plantAdmin: SessionHeaders;
let rootAdmin: SessionHeaders;

const USERS = ['READ_USERS', 'MANAGE_USERS', 'READ_USER_GROUPS', 'MANAGE_USER_GROUPS'];
const inPlant = (headers: Record<string, string> = plantAdmin) => ({ ...headers, 'x-organization-uuid': plant });
const inRoot = (headers: Record<string, string> = rootAdmin) => ({ ...headers, 'x-organization-uuid': root });

async function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
}

async function createInPlant(extra: object = {}): Promise<{ UUID: string; Name: string }> {
  const response = await call('POST', '/users', inPlant(), { Name: `worker-${randomUUID().slice(0, 6)}`, Password: 'worker-password-1', ...extra });
  expect(response.statusCode).toBe(201);
  return response.json();
}

beforeAll(async () => {
  t = await openTestApp();
  root = await rootOrganizationUuid(t.db);
  plant = await createTestOrganization(t.db);
  plantAdmin = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [plant]: USERS } })).uuid);
  rootAdmin = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [root]: USERS } })).uuid);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('users of an organization', () => {
  it('lists those created in it or in one of its groups; the root lists everybody', async () => {
    const created = await createInPlant();
    const outsider = await createTestUser(t.db);
    const listed = (await call('GET', '/users', inPlant())).json<Array<{ UUID: string }>>().map((u) => u.UUID);
    expect(listed).toContain(created.UUID);
    expect(listed).not.toContain(outsider.uuid);
    const all = await call('GET', '/users?Limit=1000', inRoot());
    expect(all.json<Array<{ UUID: string }>>().map((u) => u.UUID)).toEqual(expect.arrayContaining([created.UUID, outsider.uuid]));
    expect(Number(all.headers['x-total-count'])).toBe(all.json<unknown[]>().length);
  });

  it('creates a local user with a password who can then sign in, and refuses a name in use', async () => {
    const user = await createInPlant({ Password: 'first-password', Attributes: { Locale: 'nl' } });
    expect(user).toMatchObject({ ProviderName: 'local', Attributes: { Locale: 'nl' } });
    await signIn(t.app, user.Name, 'first-password');
    expect((await call('POST', '/users', inPlant(), { Name: user.Name.toUpperCase(), Password: 'other-password' })).statusCode).toBe(409);
    expect((await call('POST', '/users', inPlant(), { Name: 'short', Password: 'abc' })).statusCode).toBe(400);
  });

  it('refuses to create a local user without a password, naming Password', async () => {
    const name = `no-password-${randomUUID().slice(0, 6)}`;
    const response = await call('POST', '/users', inPlant(), { Name: name });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ errors: { Password: ['is required'] } });
    const listed = (await call('GET', '/users?Limit=1000', inRoot())).json<Array<{ Name: string }>>().map((u) => u.Name);
    expect(listed).not.toContain(name);
  });

  it('renames and deletes its own users', async () => {
    const user = await createInPlant();
    const renamed = await call('PUT', `/users/${user.UUID}`, inPlant(), { Name: `${user.Name}-2`, Attributes: { ExperimentalFeatures: true } });
    expect(renamed.json()).toMatchObject({ Name: `${user.Name}-2`, Attributes: { ExperimentalFeatures: true } });
    expect((await call('DELETE', `/users/${user.UUID}`, inPlant())).statusCode).toBe(204);
    expect((await call('PUT', `/users/${user.UUID}`, inPlant(), { Name: 'gone' })).statusCode).toBe(404);
  });

  it('leaves users shared with another organization to the root administration', async () => {
    const user = await createInPlant();
    const north = await createTestOrganization(t.db);
    await grantPrivileges(t.db, user.UUID, north, ['READ_ASSETS']);
    expect((await call('DELETE', `/users/${user.UUID}`, inPlant())).json()).toMatchObject({ status: 409, code: 'users.errors.shared_user' });
    // A root user administrator who holds what the user holds (see "nobody takes over …" below).
    const rootPeer = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [root]: USERS, [north]: ['READ_ASSETS'] } })).uuid);
    expect((await call('PUT', `/users/${user.UUID}`, inRoot(rootPeer), { Name: user.Name, Attributes: { Locale: 'de' } })).statusCode).toBe(200);
  });

  it('nobody deletes themselves', async () => {
    const self = await createTestUser(t.db, { privileges: { [root]: USERS } });
    expect((await call('DELETE', `/users/${self.uuid}`, inRoot(await sessionHeaders(t.ctx, self.uuid)))).json()).toMatchObject({ code: 'users.errors.delete_self' });
  });
});

describe('root-level password and tokens', () => {
  it('PATCH /users/{id}/password sets a local user’s password and ends their sessions; it needs MANAGE_USERS at root', async () => {
    const user = await createInPlant({ Password: 'old-password-1' });
    const session = await signIn(t.app, user.Name, 'old-password-1');
    expect((await call('PATCH', `/users/${user.UUID}/password`, inPlant(), { Password: 'new-password-1' })).statusCode).toBe(403);
    expect((await call('PATCH', `/users/${user.UUID}/password`, rootAdmin, { Password: 'new-password-1' })).statusCode).toBe(204);
    expect((await call('GET', '/current-user', session)).statusCode).toBe(401);
    await signIn(t.app, user.Name, 'new-password-1');
    expect((await call('PATCH', `/users/${randomUUID()}/password`, rootAdmin, { Password: 'new-password-1' })).statusCode).toBe(404);
  });

  it('creates, lists and revokes a user’s API token at root; the token acts as the user', async () => {
    const user = await createTestUser(t.db, { privileges: { [root]: ['READ_USERS'] } });
    const created = await call('POST', `/users/${user.uuid}/tokens`, rootAdmin, { Name: 'reporting' });
    expect(created.statusCode).toBe(201);
    const { UUID, Token } = created.json<{ UUID: string; Token: string }>();
    expect((await call('GET', `/users/${user.uuid}/tokens`, rootAdmin)).json()).toEqual([expect.objectContaining({ UUID, Name: 'reporting' })]);
    expect((await call('GET', '/current-user', { authorization: `Bearer ${Token}` })).json()).toMatchObject({ UUID: user.uuid });
    expect((await call('DELETE', `/users/${user.uuid}/tokens/${UUID}`, rootAdmin)).statusCode).toBe(204);
    expect((await call('GET', '/current-user', { authorization: `Bearer ${Token}` })).statusCode).toBe(401);
    expect((await call('GET', `/users/${user.uuid}/tokens`, inPlant())).statusCode).toBe(403);
  });
});

describe('nobody takes over a user who holds more than they do', () => {
  const holdsMore = { status: 403, code: 'users.errors.holds_more_privileges' };
  const tokensOf = async (uuid: string) => (await t.db.query('SELECT 1 FROM api_tokens WHERE user_uuid = $1', [uuid])).rowCount;
  const passwordHashOf = async (uuid: string) => (await t.db.query<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE uuid = $1', [uuid])).rows[0].password_hash;

  it('refuses to set the password of, mint a token for or delete the built-in admin for a holder of MANAGE_USERS who lacks the admin’s privileges', async () => {
    const { rows } = await t.db.query<{ uuid: string }>('SELECT uuid FROM users WHERE name = $1', [ADMIN_USER_NAME]);
    const admin = rows[0].uuid;
    const hash = await passwordHashOf(admin);
    expect((await call('PATCH', `/users/${admin}/password`, rootAdmin, { Password: 'taken-over-1' })).json()).toMatchObject(holdsMore);
    expect((await call('POST', `/users/${admin}/tokens`, rootAdmin, { Name: 'mine now' })).json()).toMatchObject(holdsMore);
    expect((await call('DELETE', `/users/${admin}`, inRoot())).json()).toMatchObject({ ...holdsMore, errors: { 'path.id': [expect.stringContaining('MANAGE_PRIVILEGES')] } });
    expect(await passwordHashOf(admin)).toBe(hash);
    expect(await tokensOf(admin)).toBe(0);
  });

  it('a root user administrator without a privilege cannot take over a user holding it in any organization; one who holds it too can', async () => {
    const target = await createTestUser(t.db, { password: 'target-pass-1', privileges: { [plant]: ['MANAGE_COLLECTORS'] } });
    expect((await call('PATCH', `/users/${target.uuid}/password`, rootAdmin, { Password: 'taken-over-1' })).json()).toMatchObject(holdsMore);
    expect((await call('POST', `/users/${target.uuid}/tokens`, rootAdmin, { Name: 'mine now' })).json()).toMatchObject(holdsMore);
    // The organization's own user administrator lacks it as well.
    expect((await call('DELETE', `/users/${target.uuid}`, inPlant())).json()).toMatchObject(holdsMore);
    expect(await tokensOf(target.uuid)).toBe(0);
    const peer = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [root]: USERS, [plant]: ['MANAGE_COLLECTORS'] } })).uuid);
    expect((await call('PATCH', `/users/${target.uuid}/password`, peer, { Password: 'new-password-2' })).statusCode).toBe(204);
    await signIn(t.app, target.name, 'new-password-2');
  });

  it('refuses to rename or change a user who holds a privilege the caller lacks', async () => {
    const target = await createTestUser(t.db, { privileges: { [plant]: ['MANAGE_COLLECTORS'] } });
    const update = { Name: `${target.name}-impostor`, Attributes: { Locale: 'zh' } };
    expect((await call('PUT', `/users/${target.uuid}`, inRoot(), update)).json()).toMatchObject({ ...holdsMore, errors: { 'path.id': [expect.stringContaining('MANAGE_COLLECTORS')] } });
    // The organization's own user administrator lacks it as well.
    expect((await call('PUT', `/users/${target.uuid}`, inPlant(), update)).json()).toMatchObject(holdsMore);
    expect((await call('GET', `/users/${target.uuid}`, inRoot())).json()).toMatchObject({ Name: target.name, Attributes: { Locale: 'en' } });
    const peer = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [root]: USERS, [plant]: ['MANAGE_COLLECTORS'] } })).uuid);
    expect((await call('PUT', `/users/${target.uuid}`, inRoot(peer), update)).json()).toMatchObject({ Name: update.Name, Attributes: { Locale: 'zh' } });
  });

  it('refuses to list or revoke the tokens of a user who holds a privilege the caller lacks', async () => {
    const target = await createTestUser(t.db, { privileges: { [plant]: ['MANAGE_COLLECTORS'] } });
    const peer = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [root]: USERS, [plant]: ['MANAGE_COLLECTORS'] } })).uuid);
    const minted = await call('POST', `/users/${target.uuid}/tokens`, peer, { Name: 'automation' });
    expect(minted.statusCode).toBe(201);
    const { UUID, Token } = minted.json<{ UUID: string; Token: string }>();
    expect((await call('GET', `/users/${target.uuid}/tokens`, rootAdmin)).json()).toMatchObject(holdsMore);
    expect((await call('DELETE', `/users/${target.uuid}/tokens/${UUID}`, rootAdmin)).json()).toMatchObject(holdsMore);
    expect(await tokensOf(target.uuid)).toBe(1);
    expect((await call('GET', '/current-user', { authorization: `Bearer ${Token}` })).statusCode).toBe(200);
    expect((await call('GET', `/users/${target.uuid}/tokens`, peer)).json()).toEqual([expect.objectContaining({ UUID, Name: 'automation' })]);
    expect((await call('DELETE', `/users/${target.uuid}/tokens/${UUID}`, peer)).statusCode).toBe(204);
  });

  it('a token minted for another user carries at most the caller’s privileges, whatever the user gains later', async () => {
    const minter = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [root]: USERS, [plant]: ['READ_USERS', 'READ_SETTINGS'] } })).uuid);
    const user = await createTestUser(t.db, { privileges: { [plant]: ['READ_USERS', 'READ_SETTINGS'] } });
    const created = await call('POST', `/users/${user.uuid}/tokens`, minter, { Name: 'capped' });
    expect(created.statusCode).toBe(201);
    const north = await createTestOrganization(t.db);
    await grantPrivileges(t.db, user.uuid, plant, ['READ_USER_GROUPS']);
    await grantPrivileges(t.db, user.uuid, north, ['READ_SETTINGS']);
    const bearer = { authorization: `Bearer ${created.json<{ Token: string }>().Token}`, 'x-organization-uuid': plant };
    const asUser = inPlant(await sessionHeaders(t.ctx, user.uuid));
    expect((await call('GET', '/users', bearer)).statusCode).toBe(200);
    // The user may now list the groups here and read the settings of another organization; the
    // minter may not, and so neither may the token.
    for (const url of ['/user-groups', `/settings?OrganizationUUID=${north}`]) {
      expect((await call('GET', url, asUser)).statusCode).toBe(200);
      expect((await call('GET', url, inPlant(minter))).statusCode).toBe(403);
      expect((await call('GET', url, bearer)).statusCode).toBe(403);
    }
  });
});

describe('the last holder of the root administration privileges', () => {
  // Last in the file: it leaves one root administrator.
  it('still cannot be removed, neither by a user administrator nor by themselves', async () => {
    const keeper = await createTestUser(t.db, { privileges: { [root]: [...USERS, 'MANAGE_PRIVILEGES'] } });
    await t.db.query(
      `DELETE FROM user_group_users m USING user_groups g WHERE g.uuid = m.user_group_uuid AND g.organization_uuid = $1 AND m.user_uuid <> $2`,
      [root, keeper.uuid],
    );
    const userAdministrator = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [root]: USERS } })).uuid);
    const asKeeper = inRoot(await sessionHeaders(t.ctx, keeper.uuid));
    expect((await call('DELETE', `/users/${keeper.uuid}`, inRoot(userAdministrator))).json()).toMatchObject({ status: 403, code: 'users.errors.holds_more_privileges' });
    expect((await call('DELETE', `/users/${keeper.uuid}`, asKeeper)).json()).toMatchObject({ code: 'users.errors.delete_self' });
    const { rows } = await t.db.query<{ uuid: string }>('SELECT uuid FROM user_group_users WHERE user_uuid = $1', [keeper.uuid]);
    expect((await call('DELETE', `/user-group-users/${rows[0].uuid}`, asKeeper)).json()).toMatchObject({ status: 409, code: 'access.errors.last_root_administrator' });
  });
});
