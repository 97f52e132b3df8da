import { Attribute, Change, Client } from 'ldapts';
import { createServer, type Socket } from 'node:net';
import { escapeFilterValue, firstRdnValue, userFilterFor } from './ldap';
import { browserHeaders } from './testing/injectHelpers';
import { startLdapServer, LDAP_ADMIN_DN, LDAP_ADMIN_PASSWORD, type TestLdapServer } from './testing/ldapServer';
import { createTestOrganization, createTestUser, openTestApp, rootOrganizationUuid, sessionHeaders, type SessionHeaders, type TestApp } from './testing/testUsers';

// LDAP sign-in through ldapts against a real OpenLDAP (Debian's slapd on loopback, one per
// file), the RFC 4515 escaping of the typed name, external groups mapped onto local groups at every
// sign-in, and the provider's bind password kept as a secure setting.

const PEOPLE = [
  { uid: 'alice', password: 'alice-pass-1', groups: ['operators', 'engineers'] },
  { uid: 'bob', password: 'bob-pass-12', groups: ['operators'] },
  { uid: 'carol', password: 'carol-pass-1', groups: [] },
];

// Sign-ins hash with scrypt and PGlite shares two cores with the other test files: generous limits.
jest.setTimeout(30_000);

let t: TestApp;
let ldap: TestLdapServer;
let root: string;
let plant: string;
let admin: SessionHeaders;
let providerUuid: string;

const inRoot = (headers: SessionHeaders) => ({ ...headers, 'x-organization-uuid': root });
const inPlant = (headers: SessionHeaders) => ({ ...headers, 'x-organization-uuid': plant });
const ldapLogin = (name: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/corp-ldap/login', payload: { Name: name, Password: password } });

function settings(overrides: Record<string, unknown> = {}) {
  return { url: ldap.url, bindDn: LDAP_ADMIN_DN, userBase: `ou=people,dc=example,dc=test`, ...overrides };
}

beforeAll(async () => {
  [t, ldap] = await Promise.all([openTestApp(), startLdapServer(PEOPLE)]);
  root = await rootOrganizationUuid(t.db);
  plant = await createTestOrganization(t.db);
  // Nobody grants what they do not hold: the administrator holds what the mapped groups give.
  const everything = ['READ_SETTINGS', 'MANAGE_SETTINGS', 'READ_USERS', 'MANAGE_USERS', 'READ_USER_GROUPS', 'MANAGE_USER_GROUPS', 'MANAGE_PRIVILEGES', 'READ_COLLECTORS', 'READ_MEASUREMENTS'];
  admin = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [root]: everything, [plant]: everything } })).uuid);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/authentication-providers',
    headers: inRoot(admin),
    payload: { ProviderName: 'corp-ldap', ProviderType: 'ldap', Settings: settings(), SecureSettings: { bindPassword: LDAP_ADMIN_PASSWORD } },
  });
  expect(created.statusCode).toBe(201);
  providerUuid = created.json<{ UUID: string }>().UUID;
}, 120_000);

afterAll(async () => {
  await ldap?.stop();
  await t?.close();
});

describe('RFC 4515 escaping of the typed name', () => {
  it('escapes * ( ) \\ and NUL as \\XX', () => {
    expect(escapeFilterValue('a*b(c)d\\e\0f')).toBe('a\\2ab\\28c\\29d\\5ce\\00f');
    expect(userFilterFor('(uid={{username}})', '*)(uid=*))(|(uid=*')).toBe('(uid=\\2a\\29\\28uid=\\2a\\29\\29\\28|\\28uid=\\2a)');
  });

  it('reads the group name from the first RDN of its DN', () => {
    expect(firstRdnValue('cn=operators,ou=groups,dc=example,dc=test')).toBe('operators');
    expect(firstRdnValue('cn=Smith\\, John,ou=x')).toBe('Smith, John');
  });
});

describe('LDAP sign-in', () => {
  it('signs in with the directory password and creates the user on first sign-in', async () => {
    const response = await ldapLogin('alice', 'alice-pass-1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ User: { Name: 'alice', ProviderName: 'corp-ldap', MustChangePassword: false } });
    const again = await ldapLogin('alice', 'alice-pass-1');
    expect(again.json<{ User: { UUID: string } }>().User.UUID).toBe(response.json<{ User: { UUID: string } }>().User.UUID);
  });

  it('refuses a wrong password and an unknown name alike', async () => {
    expect((await ldapLogin('alice', 'wrong-password')).statusCode).toBe(401);
    expect((await ldapLogin('nobody', 'alice-pass-1')).statusCode).toBe(401);
  });

  it.each(['*', 'al*', '*)(uid=*))(|(uid=*', 'alice)(uid=*', '\\2a'])('an injection payload %j finds nobody, even with a real password', async (payload) => {
    expect((await ldapLogin(payload, 'alice-pass-1')).statusCode).toBe(401);
  });

  it('a user name with a NUL character is refused before any directory is asked, naming the field', async () => {
    const response = await ldapLogin('alice\0', 'alice-pass-1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { Name: expect.anything() } });
  });

  it('signs in over StartTLS and over ldaps://, trusting the directory’s own CA', async () => {
    for (const [name, extra] of [
      ['tls-ldap', { startTls: true, caCertificate: ldap.certificate }],
      ['ldaps-ldap', { url: ldap.ldapsUrl, caCertificate: ldap.certificate }],
    ] as const) {
      await t.db.query(
        `INSERT INTO authentication_providers (provider_name, provider_type, settings, secure_settings) VALUES ($1, 'ldap', $2::jsonb, $3::jsonb)`,
        [name, JSON.stringify(settings(extra)), JSON.stringify({ bindPassword: LDAP_ADMIN_PASSWORD })],
      );
      const response = await t.app.inject({ method: 'POST', url: `/api/auth/${name}/login`, payload: { Name: 'carol', Password: 'carol-pass-1' } });
      expect(response.statusCode).toBe(200);
    }
  });

  it('answers 503, not 401, when the directory cannot be reached', async () => {
    const { rows } = await t.db.query<{ uuid: string }>(
      `INSERT INTO authentication_providers (provider_name, provider_type, settings, secure_settings) VALUES ('dead-ldap', 'ldap', $1::jsonb, $2::jsonb) RETURNING uuid`,
      [JSON.stringify(settings({ url: 'ldap://127.0.0.1:1', timeoutMs: 500 })), JSON.stringify({ bindPassword: 'x' })],
    );
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/dead-ldap/login', payload: { Name: 'alice', Password: 'alice-pass-1' } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'login.directory_unreachable' });
    await t.db.query('DELETE FROM authentication_providers WHERE uuid = $1', [rows[0].uuid]);
  });

  it('answers 503, not 401, when the directory accepts the connection but never answers', async () => {
    // A directory that hangs: the connection opens, and no LDAP answer ever comes.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const { rows } = await t.db.query<{ uuid: string }>(
      `INSERT INTO authentication_providers (provider_name, provider_type, settings, secure_settings) VALUES ('silent-ldap', 'ldap', $1::jsonb, $2::jsonb) RETURNING uuid`,
      [JSON.stringify(settings({ url: `ldap://127.0.0.1:${port}`, timeoutMs: 300 })), JSON.stringify({ bindPassword: 'x' })],
    );
    try {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/silent-ldap/login', payload: { Name: 'alice', Password: 'alice-pass-1' } });
      expect(sockets.length).toBeGreaterThan(0);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'login.directory_unreachable' });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
      await t.db.query('DELETE FROM authentication_providers WHERE uuid = $1', [rows[0].uuid]);
    }
  });
});

describe('external groups map onto user groups at every sign-in', () => {
  let operators: string;
  let engineers: string;

  beforeAll(async () => {
    const group = async (name: string, privilege: string) => {
      const created = await t.app.inject({ method: 'POST', url: '/api/user-groups', headers: inPlant(admin), payload: { Name: name } });
      const uuid = created.json<{ UUID: string }>().UUID;
      const privileges = (await t.app.inject({ method: 'GET', url: '/api/privileges', headers: admin })).json<Array<{ UUID: string; Name: string }>>();
      const privilegeUuid = privileges.find((p) => p.Name === privilege)?.UUID;
      expect((await t.app.inject({ method: 'POST', url: `/api/user-groups/${uuid}/privileges`, headers: inPlant(admin), payload: { PrivilegeUUID: privilegeUuid } })).statusCode).toBe(201);
      return uuid;
    };
    operators = await group('Plant operators', 'READ_COLLECTORS');
    engineers = await group('Plant engineers', 'READ_MEASUREMENTS');
    const map = (group: string, external: string) =>
      t.app.inject({ method: 'POST', url: `/api/user-groups/${group}/mapping`, headers: inPlant(admin), payload: { ExternalGroup: external, AuthenticationProviderUUID: providerUuid } });
    expect((await map(operators, 'operators')).statusCode).toBe(201);
    // A mapping may name the group's full DN as well; case does not matter.
    expect((await map(engineers, 'CN=engineers,OU=groups,DC=example,DC=test')).statusCode).toBe(201);
  });

  async function privilegesOf(name: string, password: string) {
    const response = await ldapLogin(name, password);
    expect(response.statusCode).toBe(200);
    const privileges = await t.app.inject({ method: 'GET', url: '/api/current-user/privileges', headers: browserHeaders(response) });
    return privileges.json<Array<{ Name: string; OrganizationUUID: string }>>().filter((p) => p.OrganizationUUID === plant).map((p) => p.Name).sort();
  }

  it('gives the privileges of the mapped groups', async () => {
    expect(await privilegesOf('alice', 'alice-pass-1')).toEqual(['READ_COLLECTORS', 'READ_MEASUREMENTS']);
    expect(await privilegesOf('bob', 'bob-pass-12')).toEqual(['READ_COLLECTORS']);
    expect(await privilegesOf('carol', 'carol-pass-1')).toEqual([]);
  });

  it('explains the access of a mapped user: the group and the mapping it comes from', async () => {
    const alice = (await ldapLogin('alice', 'alice-pass-1')).json<{ User: { UUID: string } }>().User.UUID;
    const response = await t.app.inject({ method: 'GET', url: `/api/users/${alice}/access`, headers: inPlant(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual(
      expect.objectContaining({ PrivilegeName: 'READ_COLLECTORS', GroupUUID: operators, ViaMapping: true, Mappings: [expect.objectContaining({ ExternalGroup: 'operators' })] }),
    );
  });

  it('takes a mapped membership away when the directory drops the group, and keeps one an administrator added', async () => {
    const bob = (await ldapLogin('bob', 'bob-pass-12')).json<{ User: { UUID: string } }>().User.UUID;
    expect((await t.app.inject({ method: 'POST', url: '/api/user-group-users', headers: inPlant(admin), payload: { UserGroupUUID: engineers, UserUUID: bob } })).statusCode).toBe(201);
    const directory = new Client({ url: ldap.url });
    await directory.bind(LDAP_ADMIN_DN, LDAP_ADMIN_PASSWORD);
    await directory.modify(ldap.groupDn('operators'), new Change({ operation: 'delete', modification: new Attribute({ type: 'member', values: [ldap.personDn('bob')] }) }));
    await directory.unbind();
    expect(await privilegesOf('bob', 'bob-pass-12')).toEqual(['READ_MEASUREMENTS']);
  });
});

describe('the provider and its secure bind password', () => {
  it('never answers the bind password, and keeps it when an update does not send it', async () => {
    const listed = await t.app.inject({ method: 'GET', url: '/api/authentication-providers', headers: inRoot(admin) });
    expect(listed.body).not.toContain(LDAP_ADMIN_PASSWORD);
    const one = await t.app.inject({ method: 'GET', url: `/api/authentication-providers/${providerUuid}`, headers: inRoot(admin) });
    expect(one.json()).not.toHaveProperty('SecureSettings');
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/authentication-providers/${providerUuid}`,
      headers: inRoot(admin),
      payload: { ProviderName: 'corp-ldap', ProviderType: 'ldap', Settings: settings({ timeoutMs: 4000 }), SecureSettings: { bindPassword: '' } },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.body).not.toContain(LDAP_ADMIN_PASSWORD);
    expect((await ldapLogin('alice', 'alice-pass-1')).statusCode).toBe(200);
  });

  it('refuses a setting the type does not have, and a secure one sent as plain (still missing where it belongs)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/authentication-providers',
      headers: inRoot(admin),
      payload: { ProviderName: 'bad-ldap', ProviderType: 'ldap', Settings: { ...settings(), colour: 'red', bindPassword: 'x' } },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors).sort()).toEqual(['SecureSettings.bindPassword', 'Settings.bindPassword', 'Settings.colour']);
  });
});
