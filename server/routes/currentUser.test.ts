import { PRIVILEGES } from '../../domain/privilegeNames';
import { signIn } from '../auth/testing/injectHelpers';
import { tokenHash } from '../auth/sessions';
import {
  createTestOrganization,
  createTestUser,
  openTestApp,
  rootOrganizationUuid,
  sessionHeaders,
  type TestApp,
} from '../auth/testing/testUsers';

// /current-user/*, and the XSRF rule on the state-changing ones: a cross-site request without
// the header, with a wrong one or with another session's one gets 403 and changes nothing.

let t: TestApp;
let root: string;

beforeAll(async () => {
  t = await openTestApp();
  root = await rootOrganizationUuid(t.db);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function localeOf(userUuid: string): Promise<unknown> {
  const { rows } = await t.db.query<{ locale: unknown }>(`SELECT attributes->'Locale' AS locale FROM users WHERE uuid = $1`, [userUuid]);
  return rows[0].locale;
}

describe('XSRF protection of state-changing calls', () => {
  const PASSWORD = 'xsrf-password';
  const change = (headers: Record<string, string>, name: string) =>
    t.app.inject({ method: 'PUT', url: '/api/current-user', headers, payload: { Name: name, Attributes: { Locale: 'nl' } } });

  it.each([
    ['without the x-xsrf-token header', (h: Record<string, string>) => ({ cookie: h.cookie })],
    ['with a wrong x-xsrf-token header', (h: Record<string, string>) => ({ cookie: h.cookie, 'x-xsrf-token': 'forged' })],
    ['with an empty x-xsrf-token header', (h: Record<string, string>) => ({ cookie: h.cookie, 'x-xsrf-token': '' })],
  ])('a cookie-session PUT %s gets 403 and changes nothing', async (_case, strip) => {
    const user = await createTestUser(t.db, { password: PASSWORD });
    const headers = await signIn(t.app, user.name, PASSWORD);
    const response = await change(strip(headers), user.name);
    expect(response.statusCode).toBe(403);
    expect(await localeOf(user.uuid)).toBe('en');
  });

  it('a PUT carrying another session’s XSRF token gets 403 and changes nothing', async () => {
    const victim = await createTestUser(t.db, { password: PASSWORD });
    const attacker = await createTestUser(t.db, { password: PASSWORD });
    const victimHeaders = await signIn(t.app, victim.name, PASSWORD);
    const attackerHeaders = await signIn(t.app, attacker.name, PASSWORD);
    const response = await change({ cookie: victimHeaders.cookie, 'x-xsrf-token': attackerHeaders['x-xsrf-token'] }, victim.name);
    expect(response.statusCode).toBe(403);
    expect(await localeOf(victim.uuid)).toBe('en');
  });

  it('a cross-site POST without the header creates nothing', async () => {
    const user = await createTestUser(t.db, { password: PASSWORD });
    const { cookie } = await signIn(t.app, user.name, PASSWORD);
    const response = await t.app.inject({ method: 'POST', url: '/api/current-user/tokens', headers: { cookie, origin: 'https://evil.example' }, payload: { Name: 'x' } });
    expect(response.statusCode).toBe(403);
    const { rowCount } = await t.db.query('SELECT 1 FROM api_tokens WHERE user_uuid = $1', [user.uuid]);
    expect(rowCount).toBe(0);
  });

  it('the same PUT with its own session’s token goes through; GET needs no token', async () => {
    const user = await createTestUser(t.db, { password: PASSWORD });
    const headers = await signIn(t.app, user.name, PASSWORD);
    expect((await t.app.inject({ method: 'GET', url: '/api/current-user', headers: { cookie: headers.cookie } })).statusCode).toBe(200);
    const response = await change(headers, user.name);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Attributes: { Locale: 'nl' } });
    expect(await localeOf(user.uuid)).toBe('nl');
  });
});

describe('/current-user', () => {
  it('keeps the name: a PUT that renames answers 400', async () => {
    const user = await createTestUser(t.db);
    const headers = await sessionHeaders(t.ctx, user.uuid);
    const response = await t.app.inject({ method: 'PUT', url: '/api/current-user', headers, payload: { Name: 'someone else' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('Name');
  });

  it('lists the organizations where the user is in a group, and root only with a root privilege', async () => {
    const plant = await createTestOrganization(t.db, 'Plant North');
    const member = await createTestUser(t.db, { privileges: { [plant]: [PRIVILEGES.ReadCollectors], [root]: [] } });
    const admin = await createTestUser(t.db, { privileges: { [plant]: [], [root]: [PRIVILEGES.ReadSettings] } });
    const list = async (uuid: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/current-user/organizations', headers: await sessionHeaders(t.ctx, uuid) })).json();
    expect(await list(member.uuid)).toEqual([expect.objectContaining({ UUID: plant, Name: 'Plant North', IsRoot: false })]);
    expect(await list(admin.uuid)).toEqual([
      expect.objectContaining({ UUID: plant, IsRoot: false }),
      expect.objectContaining({ UUID: root, IsRoot: true }),
    ]);
  });

  it('lists privileges per organization as { Name, OrganizationUUID }', async () => {
    const plant = await createTestOrganization(t.db, 'Plant South');
    const user = await createTestUser(t.db, { privileges: { [plant]: [PRIVILEGES.ReadCollectors, PRIVILEGES.ReadUsers], [root]: [PRIVILEGES.ReadLogs] } });
    const response = await t.app.inject({ method: 'GET', url: '/api/current-user/privileges', headers: await sessionHeaders(t.ctx, user.uuid) });
    const pairs = response.json().map((p: { Name: string; OrganizationUUID: string }) => `${p.OrganizationUUID}:${p.Name}`);
    expect(pairs.sort()).toEqual([`${plant}:READ_COLLECTORS`, `${plant}:READ_USERS`, `${root}:READ_LOGS`].sort());
  });

  it('has no manual-entry-form privileges until forms exist', async () => {
    const user = await createTestUser(t.db);
    const response = await t.app.inject({ method: 'GET', url: '/api/current-user/manual-entry-form-privileges', headers: await sessionHeaders(t.ctx, user.uuid) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe('API tokens', () => {
  it('shows the token once at creation, stores only its hash, and never lists it', async () => {
    const user = await createTestUser(t.db);
    const headers = await sessionHeaders(t.ctx, user.uuid);
    const created = await t.app.inject({ method: 'POST', url: '/api/current-user/tokens', headers, payload: { Name: 'script' } });
    expect(created.statusCode).toBe(201);
    const { Token, UUID } = created.json();
    expect(Token).toMatch(/^historian_pat_[A-Za-z0-9_-]{43}$/);
    const listed = await t.app.inject({ method: 'GET', url: '/api/current-user/tokens', headers });
    expect(listed.json()).toEqual([expect.objectContaining({ UUID, Name: 'script' })]);
    expect(listed.body).not.toContain(Token);
    const { rows } = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM api_tokens WHERE uuid = $1', [UUID]);
    expect(rows[0].token_hash).toBe(tokenHash(Token));
  });

  it('a bearer token acts with the user’s privileges, needs no XSRF header, and deleting it revokes it at once', async () => {
    const user = await createTestUser(t.db, { privileges: { [root]: [PRIVILEGES.ReadOrganizations] } });
    const headers = await sessionHeaders(t.ctx, user.uuid);
    const { Token, UUID } = (await t.app.inject({ method: 'POST', url: '/api/current-user/tokens', headers, payload: { Name: 'ci' } })).json();
    const bearer = { authorization: `Bearer ${Token}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/current-user', headers: bearer });
    expect(me.json()).toMatchObject({ UUID: user.uuid });
    const privileges = await t.app.inject({ method: 'GET', url: '/api/current-user/privileges', headers: bearer });
    expect(privileges.json()).toEqual([expect.objectContaining({ Name: PRIVILEGES.ReadOrganizations, OrganizationUUID: root })]);
    const put = await t.app.inject({ method: 'PUT', url: '/api/current-user', headers: bearer, payload: { Name: user.name, Attributes: { Locale: 'de' } } });
    expect(put.statusCode).toBe(200);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/current-user/tokens', headers })).json();
    expect(listed[0].LastUsedAt).not.toBeNull();

    expect((await t.app.inject({ method: 'DELETE', url: `/api/current-user/tokens/${UUID}`, headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/current-user', headers: bearer })).statusCode).toBe(401);
  });

  it('a token can neither change the password nor make more tokens', async () => {
    const user = await createTestUser(t.db);
    const headers = await sessionHeaders(t.ctx, user.uuid);
    const { Token } = (await t.app.inject({ method: 'POST', url: '/api/current-user/tokens', headers, payload: { Name: 'ci' } })).json();
    const bearer = { authorization: `Bearer ${Token}` };
    expect((await t.app.inject({ method: 'POST', url: '/api/current-user/tokens', headers: bearer, payload: { Name: 'more' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/current-user/password', headers: bearer, payload: { Password: 'longer-password' } })).statusCode).toBe(403);
  });

  it('another user’s token cannot be deleted (404), and unknown or malformed bearers get 401', async () => {
    const owner = await createTestUser(t.db);
    const other = await createTestUser(t.db);
    const { UUID } = (await t.app.inject({ method: 'POST', url: '/api/current-user/tokens', headers: await sessionHeaders(t.ctx, owner.uuid), payload: { Name: 'mine' } })).json();
    const response = await t.app.inject({ method: 'DELETE', url: `/api/current-user/tokens/${UUID}`, headers: await sessionHeaders(t.ctx, other.uuid) });
    expect(response.statusCode).toBe(404);
    for (const authorization of ['Bearer historian_pat_unknown', 'Basic YWRtaW46eA==', 'Bearer']) {
      expect((await t.app.inject({ method: 'GET', url: '/api/current-user', headers: { authorization } })).statusCode).toBe(401);
    }
  });
});
