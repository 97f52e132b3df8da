import { cookieValue } from './testing/injectHelpers';
import { signInAtProvider, startTestIdentityProvider, type TestIdentityProvider } from './testing/oidcTestProvider';
import { createTestUser, openTestApp, type TestApp } from './testing/testUsers';
import { SESSION_COOKIE, XSRF_COOKIE } from './sessions';
import { OIDC_BROWSER_COOKIE } from './oidcLogin';

// External single sign-on against a real OpenID Connect provider (oidc-provider) on loopback:
// the whole authorization-code flow, linking by subject only, and the open-redirect rule.

const ORIGIN = 'http://localhost';
const FROM = `${ORIGIN}/#/login/done`;
const CLIENT = { clientId: 'historian', clientSecret: 'a-test-client-secret', redirectUris: [`${ORIGIN}/api/auth/corp/callback`] };

let t: TestApp;
let idp: TestIdentityProvider;
let providerUuid: string;

beforeAll(async () => {
  [t, idp] = await Promise.all([openTestApp(), startTestIdentityProvider(CLIENT)]);
  const { rows } = await t.db.query<{ uuid: string }>(
    `INSERT INTO authentication_providers (provider_name, provider_type, settings, secure_settings)
     VALUES ('corp', 'oidc', $1::jsonb, $2::jsonb) RETURNING uuid`,
    [
      JSON.stringify({ issuer: idp.issuer, clientId: CLIENT.clientId, scopes: 'openid profile email groups', groupClaim: 'groups' }),
      JSON.stringify({ clientSecret: CLIENT.clientSecret }),
    ],
  );
  providerUuid = rows[0].uuid;
}, 60_000);

afterAll(async () => {
  await idp?.stop();
  await t?.close();
});

async function start(from: string = FROM) {
  const response = await t.app.inject({ method: 'GET', url: `/api/auth/corp/start?id=${providerUuid}&from=${encodeURIComponent(from)}` });
  expect(response.statusCode).toBe(302);
  return { location: String(response.headers.location), browser: cookieValue(response, OIDC_BROWSER_COOKIE) };
}

async function callback(callbackUrl: string, browser: string | undefined) {
  const url = new URL(callbackUrl);
  expect(url.origin).toBe(ORIGIN);
  const headers = browser === undefined ? {} : { cookie: `${OIDC_BROWSER_COOKIE}=${browser}` };
  return t.app.inject({ method: 'GET', url: url.pathname + url.search, headers });
}

async function signInAs(account: string) {
  const { location, browser } = await start();
  const done = await callback(await signInAtProvider(location, account), browser);
  const session = cookieValue(done, SESSION_COOKIE);
  const xsrf = cookieValue(done, XSRF_COOKIE);
  const me = await t.app.inject({ method: 'GET', url: '/api/current-user', headers: { cookie: `${SESSION_COOKIE}=${session}` } });
  return { done, me, session, xsrf };
}

describe('OpenID Connect sign-in', () => {
  it('sends the popup to the provider with state, nonce and an S256 PKCE challenge', async () => {
    const { location, browser } = await start();
    const url = new URL(location);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('client_id')).toBe(CLIENT.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(CLIENT.redirectUris[0]);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(url.searchParams.get('scope')?.split(' ')).toContain('openid');
    expect(browser).toBeDefined();
  });

  it('completes the authorization-code flow, creates the session and lands on from', async () => {
    const { done, me, session, xsrf } = await signInAs('carol');
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(FROM);
    expect(session).toBeDefined();
    expect(xsrf).toBeDefined();
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ Name: 'carol', ProviderName: 'corp', MustChangePassword: false });
  });

  it('links the user by the provider’s subject: signing in again is the same user', async () => {
    const first = (await signInAs('dave')).me.json();
    const second = (await signInAs('dave')).me.json();
    expect(second.UUID).toBe(first.UUID);
    const { rows } = await t.db.query<{ external_subject: string }>('SELECT external_subject FROM users WHERE uuid = $1', [first.UUID]);
    expect(rows[0].external_subject).toBe('dave');
  });

  it('never takes a local user with the same name for the external one', async () => {
    const local = await createTestUser(t.db, { name: 'erin', password: 'local-password' });
    const external = (await signInAs('erin')).me.json();
    expect(external.UUID).not.toBe(local.uuid);
    expect(external.Name).toBe('erin@corp');
    expect(external.ProviderName).toBe('corp');
  });

  it('fails when the callback reaches another browser than the one that started (login CSRF)', async () => {
    const { location } = await start();
    const done = await callback(await signInAtProvider(location, 'mallory'), 'another-browser');
    expect(done.headers.location).toBe(`${FROM}?error=login_failed`);
    expect(cookieValue(done, SESSION_COOKIE)).toBeUndefined();
  });

  it('uses a state once: replaying the callback fails', async () => {
    const { location, browser } = await start();
    const callbackUrl = await signInAtProvider(location, 'frank');
    expect((await callback(callbackUrl, browser)).headers.location).toBe(FROM);
    const replay = await callback(callbackUrl, browser);
    expect(replay.headers.location).toBe('/#/login/done?error=login_expired');
    expect(cookieValue(replay, SESSION_COOKIE)).toBeUndefined();
  });

  it('an unknown provider id fails the sign-in with an error on from', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/auth/corp/start?id=00000000-0000-4000-8000-000000000001&from=${encodeURIComponent(FROM)}`,
    });
    expect(response.headers.location).toBe(`${FROM}?error=login_failed`);
  });
});

describe('the open-redirect rule of the auth path', () => {
  it.each([
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '%2F%2Fevil.example',
    'https://evil.example/',
    'http://localhost.evil.example/',
    '/%5Cevil',
    'https://evil.example/#/login/done',
    'http://localhost:8080/#/login/done',
  ])('from=%p fails with an error and never redirects off this origin', async (from) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/auth/corp/start?id=${providerUuid}&from=${encodeURIComponent(from)}` });
    expect(response.statusCode).toBe(302);
    const location = String(response.headers.location);
    expect(location).toBe('/#/login/done?error=invalid_return_url');
    expect(new URL(location, ORIGIN).origin).toBe(ORIGIN);
    expect(cookieValue(response, OIDC_BROWSER_COOKIE)).toBeUndefined();
  });
});
