import { cookieValue } from './testing/injectHelpers';
import { signInAtProvider, startTestIdentityProvider, type TestIdentityProvider } from './testing/oidcTestProvider';
import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type TestApp } from './testing/testUsers';
import { SESSION_COOKIE } from './sessions';
import { OIDC_BROWSER_COOKIE } from './oidcLogin';

// The OpenID Connect group claim becomes memberships through the user-group mappings at
// every sign-in, against a real provider (oidc-provider) on loopback whose accounts are all in
// the group "operators".

const ORIGIN = 'http://localhost';
const CLIENT = { clientId: 'historian', clientSecret: 'a-test-client-secret', redirectUris: [`${ORIGIN}/api/auth/corp/callback`] };

// Sign-ins hash with scrypt and PGlite shares two cores with the other test files: generous limits.
jest.setTimeout(30_000);

let t: TestApp;
let idp: TestIdentityProvider;
let providerUuid: string;
let plant: string;
let admin: Record<string, string>;
let operators: string;
let mapping: string;

beforeAll(async () => {
  [t, idp] = await Promise.all([openTestApp(), startTestIdentityProvider(CLIENT)]);
  plant = await createTestOrganization(t.db);
  // READ_COLLECTORS: nobody grants (or maps onto) what they do not hold.
  const manager = await createTestUser(t.db, { privileges: { [plant]: ['READ_USERS', 'READ_USER_GROUPS', 'MANAGE_USER_GROUPS', 'MANAGE_PRIVILEGES', 'READ_COLLECTORS'] } });
  admin = { ...(await sessionHeaders(t.ctx, manager.uuid)), 'x-organization-uuid': plant };
  const { rows } = await t.db.query<{ uuid: string }>(
    `INSERT INTO authentication_providers (provider_name, provider_type, settings, secure_settings)
     VALUES ('corp', 'oidc', $1::jsonb, $2::jsonb) RETURNING uuid`,
    [JSON.stringify({ issuer: idp.issuer, clientId: CLIENT.clientId, scopes: 'openid profile email groups', groupClaim: 'groups' }), JSON.stringify({ clientSecret: CLIENT.clientSecret })],
  );
  providerUuid = rows[0].uuid;
  operators = (await t.app.inject({ method: 'POST', url: '/api/user-groups', headers: admin, payload: { Name: 'Operators' } })).json<{ UUID: string }>().UUID;
  const privilege = (await t.db.query<{ uuid: string }>(`SELECT uuid FROM privileges WHERE name = 'READ_COLLECTORS'`)).rows[0].uuid;
  await t.app.inject({ method: 'POST', url: `/api/user-groups/${operators}/privileges`, headers: admin, payload: { PrivilegeUUID: privilege } });
  const created = await t.app.inject({ method: 'POST', url: `/api/user-groups/${operators}/mapping`, headers: admin, payload: { ExternalGroup: 'Operators', AuthenticationProviderUUID: providerUuid } });
  expect(created.statusCode).toBe(201);
  mapping = created.json<{ UUID: string }>().UUID;
}, 60_000);

afterAll(async () => {
  await idp?.stop();
  await t?.close();
});

async function signInAs(account: string): Promise<{ uuid: string; privileges: string[] }> {
  const start = await t.app.inject({ method: 'GET', url: `/api/auth/corp/start?id=${providerUuid}&from=${encodeURIComponent(`${ORIGIN}/#/login/done`)}` });
  const browser = cookieValue(start, OIDC_BROWSER_COOKIE);
  const callbackUrl = new URL(await signInAtProvider(String(start.headers.location), account));
  const done = await t.app.inject({ method: 'GET', url: callbackUrl.pathname + callbackUrl.search, headers: { cookie: `${OIDC_BROWSER_COOKIE}=${browser}` } });
  const cookie = `${SESSION_COOKIE}=${cookieValue(done, SESSION_COOKIE)}`;
  const me = await t.app.inject({ method: 'GET', url: '/api/current-user', headers: { cookie } });
  const held = await t.app.inject({ method: 'GET', url: '/api/current-user/privileges', headers: { cookie } });
  const privileges = held.json<Array<{ Name: string; OrganizationUUID: string }>>().filter((p) => p.OrganizationUUID === plant).map((p) => p.Name);
  return { uuid: me.json<{ UUID: string }>().UUID, privileges };
}

describe('OpenID Connect group claim', () => {
  it('makes a membership of the mapped group at sign-in (group names compare without case)', async () => {
    const erin = await signInAs('erin');
    expect(erin.privileges).toEqual(['READ_COLLECTORS']);
    const memberships = await t.app.inject({ method: 'GET', url: `/api/user-group-users?UserUUID=${erin.uuid}`, headers: admin });
    expect(memberships.json()).toEqual([expect.objectContaining({ UserGroupUUID: operators, ViaMapping: true })]);
    const access = await t.app.inject({ method: 'GET', url: `/api/users/${erin.uuid}/access`, headers: admin });
    expect(access.json()).toEqual([expect.objectContaining({ PrivilegeName: 'READ_COLLECTORS', ViaMapping: true, Mappings: [expect.objectContaining({ UUID: mapping })] })]);
  });

  it('takes the membership away at the next sign-in once no mapping names the claim’s groups', async () => {
    const changed = await t.app.inject({ method: 'PUT', url: `/api/user-groups/${operators}/mapping/${mapping}`, headers: admin, payload: { ExternalGroup: 'engineers', AuthenticationProviderUUID: providerUuid } });
    expect(changed.statusCode).toBe(200);
    expect((await signInAs('erin')).privileges).toEqual([]);
  });
});
