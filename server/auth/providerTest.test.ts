import { LDAP_ADMIN_DN, LDAP_ADMIN_PASSWORD, startLdapServer, type TestLdapServer } from './testing/ldapServer';
import { createTestUser, openTestApp, rootOrganizationUuid, sessionHeaders, type SessionHeaders, type TestApp } from './testing/testUsers';
import { openSecretTrap, type SecretTrap } from '../testing/secretTrap';

// POST /authentication-providers/test (SPEC §7) checks a provider's settings before it is saved,
// step by step (reach the host, TLS, bind, find a test user), and says which step failed. Against
// a real slapd on loopback with a self-signed certificate made for the test.

interface TestResult {
  Success: boolean;
  FailedStep?: string;
  Steps: Array<{ Name: string; Success: boolean; Message?: string }>;
}

// Sign-ins hash with scrypt and PGlite shares two cores with the other test files: generous limits.
jest.setTimeout(30_000);

let t: TestApp;
let ldap: TestLdapServer;
let admin: Record<string, string>;

beforeAll(async () => {
  [t, ldap] = await Promise.all([openTestApp(), startLdapServer([{ uid: 'dave', password: 'dave-pass-1', groups: ['operators'] }])]);
  const root = await rootOrganizationUuid(t.db);
  const headers: SessionHeaders = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [root]: ['READ_SETTINGS', 'MANAGE_SETTINGS'] } })).uuid);
  admin = { ...headers, 'x-organization-uuid': root };
}, 120_000);

afterAll(async () => {
  await ldap?.stop();
  await t?.close();
});

async function test(settings: Record<string, unknown>, bindPassword: string | null = LDAP_ADMIN_PASSWORD, TestUser = 'dave'): Promise<TestResult> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/authentication-providers/test',
    headers: admin,
    payload: {
      ProviderName: 'draft',
      ProviderType: 'ldap',
      Settings: { bindDn: LDAP_ADMIN_DN, userBase: 'ou=people,dc=example,dc=test', timeoutMs: 2000, ...settings },
      SecureSettings: bindPassword === null ? {} : { bindPassword },
      TestUser,
    },
  });
  expect(response.statusCode).toBe(200);
  expect(response.body).not.toContain(LDAP_ADMIN_PASSWORD);
  return response.json<TestResult>();
}

const stepNames = (result: TestResult) => result.Steps.map((step) => `${step.Name}:${step.Success ? 'ok' : 'failed'}`);

describe('testing an LDAP provider before it is saved', () => {
  it('passes every step over StartTLS with the directory’s CA, and names the test user’s DN', async () => {
    const result = await test({ url: ldap.url, startTls: true, caCertificate: ldap.certificate });
    expect(stepNames(result)).toEqual(['settings:ok', 'reach_host:ok', 'tls:ok', 'bind:ok', 'find_user:ok']);
    expect(result.Success).toBe(true);
    expect(result.Steps.at(-1)?.Message).toBe(ldap.personDn('dave'));
  });

  it('passes over ldaps:// with the CA', async () => {
    const result = await test({ url: ldap.ldapsUrl, caCertificate: ldap.certificate });
    expect(result).toMatchObject({ Success: true });
    expect(result.Steps.find((step) => step.Name === 'tls')?.Message).toMatch(/^TLS/);
  });

  it('fails at "tls" when the certificate is not trusted', async () => {
    const result = await test({ url: ldap.ldapsUrl });
    expect(result).toMatchObject({ Success: false, FailedStep: 'tls' });
    expect(stepNames(result)).toEqual(['settings:ok', 'reach_host:ok', 'tls:failed']);
  });

  it('fails at "reach_host" when nothing listens there', async () => {
    expect(await test({ url: 'ldap://127.0.0.1:1' })).toMatchObject({ Success: false, FailedStep: 'reach_host' });
  });

  it('fails at "bind" with a wrong bind password', async () => {
    expect(await test({ url: ldap.url }, 'not-the-password')).toMatchObject({ Success: false, FailedStep: 'bind' });
  });

  it('fails at "find_user" when the test user is not in the user base', async () => {
    expect(await test({ url: ldap.url }, LDAP_ADMIN_PASSWORD, 'nobody')).toMatchObject({ Success: false, FailedStep: 'find_user' });
  });

  it('fails at "settings" when a required setting is missing', async () => {
    expect(await test({ url: ldap.url }, null)).toMatchObject({ Success: false, FailedStep: 'settings' });
  });

  it('takes the stored bind password of a saved provider when the test does not send one', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/authentication-providers',
      headers: admin,
      payload: { ProviderName: 'saved-ldap', ProviderType: 'ldap', Settings: { url: ldap.url, bindDn: LDAP_ADMIN_DN, userBase: 'ou=people,dc=example,dc=test' }, SecureSettings: { bindPassword: LDAP_ADMIN_PASSWORD } },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/authentication-providers/test',
      headers: admin,
      payload: { UUID: created.json<{ UUID: string }>().UUID, ProviderName: 'saved-ldap', ProviderType: 'ldap', Settings: { url: ldap.url, bindDn: LDAP_ADMIN_DN, userBase: 'ou=people,dc=example,dc=test' }, TestUser: 'dave' },
    });
    expect(response.json()).toMatchObject({ Success: true });
  });
});

describe('a stored provider secret goes only where it was stored for', () => {
  const USER_BASE = 'ou=people,dc=example,dc=test';
  let trap: SecretTrap;

  beforeEach(async () => {
    trap = await openSecretTrap();
  });

  afterEach(async () => {
    await trap.close();
  });

  const providers = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, headers: admin, payload });

  async function saved(name: string, ProviderType: 'ldap' | 'oidc', Settings: Record<string, unknown>, SecureSettings: Record<string, string>) {
    const created = await providers('POST', '/api/authentication-providers', { ProviderName: name, ProviderType, Settings, SecureSettings });
    expect(created.statusCode).toBe(201);
    return created.json<{ UUID: string }>().UUID;
  }

  const expectReentry = (response: { statusCode: number; body: string; json: () => unknown }, field: string) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'form.errors.secret_reentry', errors: { [field]: [expect.stringContaining('must be entered again')] } });
    expect(response.body).not.toContain(LDAP_ADMIN_PASSWORD);
  };

  const nothingReachedTheTrap = () => {
    expect(trap.connections).toBe(0);
    expect(trap.received()).not.toContain(LDAP_ADMIN_PASSWORD);
  };

  it('refuses to test a saved LDAP provider against another directory without its bind password, and contacts nothing', async () => {
    const settings = { url: ldap.url, bindDn: LDAP_ADMIN_DN, userBase: USER_BASE };
    const uuid = await saved('moved-ldap', 'ldap', settings, { bindPassword: LDAP_ADMIN_PASSWORD });
    const moved = { UUID: uuid, ProviderName: 'moved-ldap', ProviderType: 'ldap', Settings: { ...settings, url: `ldap://${trap.host}:${trap.port}` }, TestUser: 'dave' };
    expectReentry(await providers('POST', '/api/authentication-providers/test', moved), 'SecureSettings.bindPassword');
    nothingReachedTheTrap();
  });

  it('refuses to save a saved LDAP provider pointed at another directory without its bind password, and contacts nothing', async () => {
    const settings = { url: ldap.url, bindDn: LDAP_ADMIN_DN, userBase: USER_BASE };
    const uuid = await saved('repointed-ldap', 'ldap', settings, { bindPassword: LDAP_ADMIN_PASSWORD });
    const moved = { ProviderName: 'repointed-ldap', ProviderType: 'ldap', Settings: { ...settings, url: `ldap://${trap.host}:${trap.port}` } };
    expectReentry(await providers('PUT', `/api/authentication-providers/${uuid}`, moved), 'SecureSettings.bindPassword');
    const { rows } = await t.db.query<{ settings: object }>('SELECT settings FROM authentication_providers WHERE uuid = $1', [uuid]);
    expect(rows[0].settings).toEqual(settings);
    // The sign-in through the provider still reaches the stored directory only.
    await t.app.inject({ method: 'POST', url: '/api/auth/repointed-ldap/login', payload: { Name: 'dave', Password: 'dave-pass-1' } });
    nothingReachedTheTrap();
  });

  it('asks for the bind password again when the bind DN, StartTLS or the CA changes', async () => {
    const settings = { url: ldap.url, bindDn: LDAP_ADMIN_DN, userBase: USER_BASE, startTls: true, caCertificate: ldap.certificate };
    const uuid = await saved('guarded-ldap', 'ldap', settings, { bindPassword: LDAP_ADMIN_PASSWORD });
    for (const change of [{ bindDn: 'cn=someone-else,dc=example,dc=test' }, { startTls: false }, { caCertificate: '' }]) {
      const body = { UUID: uuid, ProviderName: 'guarded-ldap', ProviderType: 'ldap', Settings: { ...settings, ...change } };
      expectReentry(await providers('POST', '/api/authentication-providers/test', body), 'SecureSettings.bindPassword');
    }
    // A change that does not move the secret keeps it: the user base is searched after the bind.
    const moved = { UUID: uuid, ProviderName: 'guarded-ldap', ProviderType: 'ldap', Settings: { ...settings, userBase: 'dc=example,dc=test' }, TestUser: 'dave' };
    expect((await providers('POST', '/api/authentication-providers/test', moved)).json()).toMatchObject({ Success: true });
  });

  it('refuses to send a saved OpenID Connect client secret to another issuer, and contacts nothing', async () => {
    const settings = { issuer: 'https://login.invalid/realms/plant', clientId: 'historian' };
    const uuid = await saved('moved-oidc', 'oidc', settings, { clientSecret: 'Client-S3cret-value' });
    const moved = { UUID: uuid, ProviderName: 'moved-oidc', ProviderType: 'oidc', Settings: { ...settings, issuer: `http://${trap.host}:${trap.port}` } };
    expectReentry(await providers('POST', '/api/authentication-providers/test', moved), 'SecureSettings.clientSecret');
    expectReentry(await providers('PUT', `/api/authentication-providers/${uuid}`, moved), 'SecureSettings.clientSecret');
    expect(trap.connections).toBe(0);
  });

  it('tests another directory with a bind password typed in again', async () => {
    const settings = { url: 'ldap://127.0.0.1:1', bindDn: LDAP_ADMIN_DN, userBase: USER_BASE };
    const uuid = await saved('retyped-ldap', 'ldap', settings, { bindPassword: 'old-password' });
    const moved = { UUID: uuid, ProviderName: 'retyped-ldap', ProviderType: 'ldap', Settings: { ...settings, url: ldap.url }, SecureSettings: { bindPassword: LDAP_ADMIN_PASSWORD }, TestUser: 'dave' };
    expect((await providers('POST', '/api/authentication-providers/test', moved)).json()).toMatchObject({ Success: true });
  });
});
