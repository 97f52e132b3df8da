import type { Browser, Page } from 'playwright-core';
import { startTestIdentityProvider, type TestIdentityProvider } from '../server/auth/testing/oidcTestProvider';
import { DEFAULT_PASSWORD } from '../domain/constants';
import {
  adminSession,
  createLocalUser,
  createOidcProvider,
  createOrganization,
  externalUserUuid,
  grantPrivileges,
  startServerOnPostgres,
  type AuthTestBed,
} from './support/authFixtures';
import { launchBrowser, newContext } from './support/browser';
import { completeAtProvider, menuItems, signInWithForm } from './support/authPages';

// Sign-in and sessions in a real browser against the real server: local sign-in and the remembered
// route, the forced password change, OpenID Connect through a real provider in a real popup, the
// open-redirect rule, a user's menu, switching organization, throttling and the XSRF check. Test
// data is written with SQL into a PostgreSQL the suite starts (support/authFixtures.ts says why).

const PASSWORD = 'correct-horse-battery';
const CLIENT = { clientId: 'historian-e2e', clientSecret: 'e2e-client-secret' };

let bed: AuthTestBed;
let browser: Browser;
let idp: TestIdentityProvider;
let baseUrl: string;
let plantA: string;
let plantB: string;
let corpUuid: string;

beforeAll(async () => {
  [bed, browser] = await Promise.all([startServerOnPostgres(), launchBrowser()]);
  baseUrl = bed.server.url;
  idp = await startTestIdentityProvider({ ...CLIENT, redirectUris: [`${baseUrl}/api/auth/corp/callback`] });
  plantA = await createOrganization(bed.db, 'Plant A');
  plantB = await createOrganization(bed.db, 'Plant B');
  const admin = await adminSession(baseUrl, DEFAULT_PASSWORD, 'an-admin-password');
  const created = await createOidcProvider(bed.db, baseUrl, admin, { name: 'corp', issuer: idp.issuer, ...CLIENT });
  corpUuid = created.uuid;
  console.log(`e2e auth: OIDC provider row created through ${created.via === 'api' ? 'POST /authentication-providers' : 'SQL (the providers API answers 501)'}`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await idp?.stop();
  await bed?.stop();
});

describe('local sign-in', () => {
  it('restores the remembered route after sign-in', async () => {
    await createLocalUser(bed.db, { name: 'alice', password: PASSWORD, privileges: { [plantA]: ['READ_COLLECTORS'] } });
    const { context, page, errors } = await newContext(browser, baseUrl);
    await page.goto('/#/collectors?status=Active');
    await page.getByLabel('User name').waitFor();
    expect(page.url()).toMatch(/#\/login$/);
    await signInWithForm(page, 'alice', PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'Collectors' }).waitFor();
    expect(page.url()).toMatch(/#\/collectors\?status=Active$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a user still holding the default password changes it in a dialog that cannot be cancelled', async () => {
    await createLocalUser(bed.db, { name: 'bob', password: DEFAULT_PASSWORD, mustChangePassword: true, privileges: { [plantA]: ['READ_ASSETS'] } });
    const { context, page } = await newContext(browser, baseUrl);
    await page.goto('/#/login');
    await signInWithForm(page, 'bob', DEFAULT_PASSWORD);
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: /Cancel|Close/ }).count()).toBe(0);

    const password = dialog.getByRole('textbox', { name: 'New password', exact: true });
    const confirmation = dialog.getByRole('textbox', { name: 'Confirm the new password', exact: true });
    await password.fill(DEFAULT_PASSWORD);
    await confirmation.fill(DEFAULT_PASSWORD);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Choose a password other than the default one.').waitFor();

    await password.fill('new-secret-1');
    await confirmation.fill('new-secret-2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The passwords are not equal.').waitFor();

    // The server's minimum length, checked by the form before it sends (domain/credentialRules).
    await password.fill('short');
    await confirmation.fill('short');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Must be at least 8 characters.').waitFor();

    await password.fill('a-new-secret');
    await confirmation.fill('a-new-secret');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Assets' }).waitFor();
    expect(await dialog.count()).toBe(0);

    // Signed out and in again with the new password, nothing asks for a change any more.
    await page.getByRole('button', { name: 'Log out' }).click();
    await signInWithForm(page, 'bob', 'a-new-secret');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('a user with few privileges sees only their menu items', async () => {
    await createLocalUser(bed.db, { name: 'carol', password: PASSWORD, privileges: { [plantA]: ['READ_COLLECTORS', 'READ_ASSETS'] } });
    const { context, page } = await newContext(browser, baseUrl);
    await page.goto('/#/login');
    await signInWithForm(page, 'carol', PASSWORD);
    expect(await menuItems(page)).toEqual(['Collectors', 'Assets']);
    await context.close();
  });

  it('switching organization stores the choice and reloads at the root route; logout keeps it', async () => {
    await createLocalUser(bed.db, {
      name: 'dave',
      password: PASSWORD,
      privileges: { [plantA]: ['READ_COLLECTORS'], [plantB]: ['READ_MEASUREMENTS'] },
    });
    const { context, page } = await newContext(browser, baseUrl);
    await page.goto('/#/login');
    await signInWithForm(page, 'dave', PASSWORD);
    expect(await menuItems(page)).toEqual(['Collectors']);
    await page.goto('/#/collectors');
    await page.getByRole('button', { name: 'Plant A, switch organization' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch organization' });
    await dialog.getByRole('searchbox', { name: 'Search organizations' }).fill('b');
    expect(await dialog.getByRole('button', { name: /Plant A/ }).count()).toBe(0);
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Plant B' }).click()]);

    await page.getByRole('button', { name: 'Plant B, switch organization' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/');
    // The fresh installation runs a trial with every licence feature, so Calculations shows too.
    expect(await menuItems(page)).toEqual(['Measurements', 'Calculations']);
    const stored = await page.evaluate(() => window.localStorage.getItem('historian.organization'));
    expect(stored).toContain(plantB);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByLabel('User name').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('historian.organization'))).toContain(plantB);
    expect(await page.evaluate(() => window.localStorage.getItem('historian.session'))).toContain('"userName":"null"');
    await context.close();
  });

  it('answers 429 after repeated failures and says on the password field how long to wait', async () => {
    await createLocalUser(bed.db, { name: 'erin', password: PASSWORD, privileges: { [plantA]: ['READ_COLLECTORS'] } });
    const { context, page } = await newContext(browser, baseUrl);
    await page.goto('/#/login');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await signInWithForm(page, 'erin', `wrong-${attempt}`);
      await page.getByRole('alert').filter({ hasText: 'Sign-in failed. Check your user name and password.' }).waitFor();
    }
    const throttled = page.waitForResponse((response) => response.url().endsWith('/api/auth/local/login'));
    await signInWithForm(page, 'erin', PASSWORD);
    const response = await throttled;
    expect(response.status()).toBe(429);
    expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);
    await page.getByText(/Too many failed sign-ins; try again in \d+ s/).waitFor();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await context.close();
  });
});

describe('OpenID Connect sign-in in a popup', () => {
  it('signs in through the provider; without privileges it is refused, with them it lands home', async () => {
    const { context, page } = await newContext(browser, baseUrl);
    const starts: URL[] = [];
    context.on('request', (request) => request.url().includes('/api/auth/corp/start') && starts.push(new URL(request.url())));
    await page.goto('/#/login');

    const firstPopup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'login with corp' }).click();
    await completeAtProvider(await firstPopup, idp.issuer, 'frank');
    await page.getByRole('alert').filter({ hasText: 'Your account has no privileges in any organization' }).waitFor();
    expect(starts[0].searchParams.get('id')).toBe(corpUuid);
    expect(starts[0].searchParams.get('from')).toBe(`${baseUrl}/#/login/done`);

    await grantPrivileges(bed.db, await externalUserUuid(bed.db, 'frank'), plantA, ['READ_COLLECTORS', 'READ_MEASUREMENTS']);
    const secondPopup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'login with corp' }).click();
    await completeAtProvider(await secondPopup, idp.issuer, 'frank');
    expect(await menuItems(page)).toEqual(['Collectors', 'Measurements', 'Calculations']);
    const session = await page.evaluate(() => window.localStorage.getItem('historian.session'));
    expect(session).toContain('"userProvider":"\\"corp\\""');
    await context.close();
  });

  it('an error in the popup URL fails the sign-in and closes the popup', async () => {
    const { context, page } = await newContext(browser, baseUrl);
    await page.goto('/#/login');
    const opened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'login with corp' }).click();
    const popup = await opened;
    await popup.waitForURL((url) => url.origin === idp.issuer);
    // A callback the server cannot match to a sign-in it started sends the popup back with ?error=.
    await popup.evaluate((url) => window.location.assign(url), `${baseUrl}/api/auth/corp/callback?code=forged&state=forged`);
    await popup.waitForEvent('close');
    await page.getByRole('alert').filter({ hasText: 'Sign-in failed.' }).waitFor();
    await context.close();
  });

  it('every open-redirect payload for from fails and stays on this server', async () => {
    const origin = new URL(baseUrl);
    const payloads = [
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '%2F%2Fevil.example',
      '/%2F/evil.example',
      '/%5Cevil.example',
      'https://evil.example/#/login/done',
      `http://${origin.hostname}.evil.example:${origin.port}/`,
      `http://${origin.host}.evil.example/`,
      `http://${origin.hostname}:${Number(origin.port) + 1}/#/login/done`,
      `https://${origin.host}/#/login/done`,
      `http://evil.example@${origin.host}/#/login/done`,
      `http://user@${origin.host}/#/login/done`,
      '/\t/evil.example',
      ' //evil.example',
      'evil.example',
    ];
    const { context, page } = await newContext(browser, baseUrl);
    const leaked: string[] = [];
    await context.route((url) => url.hostname.includes('evil'), (route) => {
      leaked.push(route.request().url());
      return route.abort();
    });
    for (const from of payloads) {
      await page.goto(`/api/auth/corp/start?id=${corpUuid}&from=${encodeURIComponent(from)}`);
      await page.waitForURL(/error=/);
      const landed = new URL(page.url());
      expect({ from, origin: landed.origin }).toEqual({ from, origin: baseUrl });
      expect({ from, hash: landed.hash }).toEqual({ from, hash: '#/login/done?error=invalid_return_url' });
    }
    await page.getByRole('alert').filter({ hasText: 'Sign-in failed.' }).waitFor();
    expect(leaked).toEqual([]);
    await context.close();
  });
});

describe('XSRF', () => {
  async function tokenNames(page: Page): Promise<string[]> {
    return page.evaluate(async () => {
      const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.split('=')[1] ?? '');
      const response = await fetch('/api/current-user/tokens', { headers: { 'x-xsrf-token': xsrf } });
      const tokens: { Name: string }[] = await response.json();
      return tokens.map((token) => token.Name);
    });
  }

  it('a cross-site POST without the XSRF header changes nothing', async () => {
    await createLocalUser(bed.db, { name: 'grace', password: PASSWORD, privileges: { [plantA]: ['READ_COLLECTORS'] } });
    const { context, page } = await newContext(browser, baseUrl);
    await page.goto('/#/login');
    await signInWithForm(page, 'grace', PASSWORD);
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();

    // Same origin, session cookie sent, JSON body, but no x-xsrf-token header: refused.
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/current-user/tokens', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"Name":"forged-same-origin"}' });
      return response.status;
    });
    expect(status).toBe(403);

    // Pages on another site and on another port of this host (same site: the SameSite=Strict
    // cookies do go along) try a form post and a no-cors fetch.
    const statuses: number[] = [];
    context.on('response', (response) => {
      if (response.url().endsWith('/api/current-user/tokens') && response.request().method() === 'POST') statuses.push(response.status());
    });
    const attack = `<!doctype html><title>attack</title>
      <form id="f" method="POST" action="${baseUrl}/api/current-user/tokens" enctype="text/plain"><input name='{"Name":"forged-form","x":"' value='"}'></form>
      <script>
        fetch('${baseUrl}/api/current-user/tokens', { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: '{"Name":"forged-fetch"}' })
          .catch(() => undefined).finally(() => { document.title = 'sent'; });
      </script>`;
    const sameSite = `http://127.0.0.1:${Number(new URL(baseUrl).port) + 1}/attack.html`;
    for (const attacker of ['http://attacker.example/attack.html', sameSite]) {
      await context.route(attacker, (route) => route.fulfill({ contentType: 'text/html', body: attack }));
      await page.goto(attacker);
      await page.waitForFunction(() => document.title === 'sent');
      await Promise.all([page.waitForURL(`${baseUrl}/api/current-user/tokens`), page.evaluate(() => document.querySelector('form')?.submit())]);
    }
    // The form posts arrive and are refused; Chromium does not even hand the no-cors fetches'
    // answers to the page. What counts is below: nothing was created.
    expect(statuses.length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((code) => code < 400)).toEqual([]);

    await page.goto('/#/profile');
    await page.getByRole('heading', { name: 'API tokens' }).waitFor();
    expect(await tokenNames(page)).toEqual([]);
    await context.close();
  });
});
