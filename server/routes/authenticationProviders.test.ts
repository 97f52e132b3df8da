import { createTestUser, openTestApp, rootOrganizationUuid, sessionHeaders, type TestApp } from '../auth/testing/testUsers';

// The secure-value rule of domain/settingsModule.ts on authentication providers, as on collectors
// and time-series databases: a secure key absent from a change keeps the stored value, null clears
// it, a value replaces it; and the answer never holds it. No directory is contacted: the provider
// points at a port where nothing listens.

jest.setTimeout(30_000);

let t: TestApp;
let admin: Record<string, string>;

const SETTINGS = { url: 'ldap://127.0.0.1:1', bindDn: 'cn=historian,dc=example,dc=test', userBase: 'ou=people,dc=example,dc=test', timeoutMs: 500 };

beforeAll(async () => {
  t = await openTestApp();
  const root = await rootOrganizationUuid(t.db);
  const user = await createTestUser(t.db, { privileges: { [root]: ['READ_SETTINGS', 'MANAGE_SETTINGS'] } });
  admin = { ...(await sessionHeaders(t.ctx, user.uuid)), 'x-organization-uuid': root };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const call = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url: `/api${url}`, headers: admin, payload });

async function createProvider(name: string, bindPassword: string): Promise<string> {
  const response = await call('POST', '/authentication-providers', { ProviderName: name, ProviderType: 'ldap', Settings: SETTINGS, SecureSettings: { bindPassword } });
  expect(response.statusCode).toBe(201);
  expect(response.body).not.toContain(bindPassword);
  return response.json<{ UUID: string }>().UUID;
}

async function storedSecure(uuid: string): Promise<Record<string, unknown>> {
  const { rows } = await t.db.query<{ secure_settings: Record<string, unknown> }>('SELECT secure_settings FROM authentication_providers WHERE uuid = $1', [uuid]);
  return rows[0].secure_settings;
}

const update = (uuid: string, name: string, SecureSettings?: Record<string, unknown>) =>
  call('PUT', `/authentication-providers/${uuid}`, { ProviderName: name, ProviderType: 'ldap', Settings: SETTINGS, ...(SecureSettings ? { SecureSettings } : {}) });

describe('secure settings of an authentication provider', () => {
  it('a secure key absent from the change (or sent empty) keeps the stored value, a value replaces it, and no answer holds it', async () => {
    const uuid = await createProvider('kept-ldap', 'first-secret');
    expect((await update(uuid, 'kept-ldap')).statusCode).toBe(200);
    expect(await storedSecure(uuid)).toEqual({ bindPassword: 'first-secret' });
    expect((await update(uuid, 'kept-ldap', { bindPassword: '' })).statusCode).toBe(200);
    expect(await storedSecure(uuid)).toEqual({ bindPassword: 'first-secret' });
    const replaced = await update(uuid, 'kept-ldap', { bindPassword: 'second-secret' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.body).not.toContain('second-secret');
    expect(await storedSecure(uuid)).toEqual({ bindPassword: 'second-secret' });
  });

  it('a secure key sent as null clears the stored value: a required one is then missing (400 on its field), never silently kept', async () => {
    const uuid = await createProvider('cleared-ldap', 'stored-secret');
    const response = await update(uuid, 'cleared-ldap', { bindPassword: null });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: object }>().errors).toEqual({ 'SecureSettings.bindPassword': [expect.any(String)] });
    expect(await storedSecure(uuid)).toEqual({ bindPassword: 'stored-secret' });
  });

  it('testing a stored provider with a secure key sent as null tests without the stored value', async () => {
    const uuid = await createProvider('tested-ldap', 'stored-secret');
    const cleared = await call('POST', '/authentication-providers/test', { UUID: uuid, ProviderName: 'tested-ldap', ProviderType: 'ldap', Settings: SETTINGS, SecureSettings: { bindPassword: null } });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ Success: false, FailedStep: 'settings' });
    const kept = await call('POST', '/authentication-providers/test', { UUID: uuid, ProviderName: 'tested-ldap', ProviderType: 'ldap', Settings: SETTINGS });
    expect(kept.json()).toMatchObject({ Success: false, FailedStep: 'reach_host' });
  });
});
