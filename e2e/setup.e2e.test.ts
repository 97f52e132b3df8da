import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// Setup wizard (SPEC §2, §4): a fresh server through the whole wizard, once as a trial and once
// with a licence issued by the licence CLI (`npm run license`) with a key pair it generated for
// this test.

const root = path.resolve(__dirname, '..');
const NEW_PASSWORD = 'e2e-admin-password';
const POSTGRES_PASSWORD = 'e2e-postgres-password';

let browser: Browser;
let keyDir: string;

/** The operator's CLI, run as `npm run license -- …` runs it, from a folder of the test's own. */
function licenceCli(args: string[]): string {
  return execFileSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'server/licence/cli.ts'), ...args], {
    cwd: root,
    env: { ...process.env, INIT_CWD: keyDir },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

beforeAll(async () => {
  keyDir = mkdtempSync(path.join(os.tmpdir(), 'historian-e2e-keys-'));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  rmSync(keyDir, { recursive: true, force: true });
});

/** Signs in as the seeded admin, who must first replace the default password. */
async function signInAsAdmin(page: Page) {
  await page.goto('/');
  await page.getByLabel('User name').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('historian');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const change = page.getByRole('dialog', { name: 'Change password' });
  await change.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await change.getByLabel('Confirm the new password').fill(NEW_PASSWORD);
  await change.getByRole('button', { name: 'Save' }).click();
  await change.waitFor({ state: 'detached' });
}

/** A GET in the page's session, as the client makes it. */
async function apiGet<T>(page: Page, url: string, organization?: string): Promise<T> {
  return page.evaluate(
    async ({ url, organization }) => {
      const xsrf = document.cookie.split('; ').find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
      const headers: Record<string, string> = { 'x-xsrf-token': decodeURIComponent(xsrf) };
      if (organization) headers['x-organization-uuid'] = organization;
      const response = await fetch(`/api${url}`, { headers });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { url, organization },
  );
}

interface Organization {
  UUID: string;
  Name: string;
  IsRoot?: boolean;
  LicenseUUID?: string;
}

/** Steps 2 to 5 of a first run: default organization, time-series database, API settings, finish. */
async function finishFirstRun(page: Page, wizard: ReturnType<Page['getByRole']>) {
  const next = wizard.getByRole('button', { name: 'Next' });
  await wizard.getByRole('heading', { level: 3, name: 'Default organization' }).waitFor();
  expect(await wizard.getByLabel(/^Name/).inputValue()).toBe('Default organization');
  expect(await wizard.getByLabel(/^PostgreSQL user/).inputValue()).toBe('default_org_read_only');
  await wizard.getByLabel(/^PostgreSQL password/).fill(POSTGRES_PASSWORD);
  await wizard.getByLabel(/^Confirm the PostgreSQL password/).fill(POSTGRES_PASSWORD);
  await next.click();

  await wizard.getByRole('heading', { level: 3, name: 'Time-series database' }).waitFor();
  await wizard.getByLabel(/^Type/).waitFor();
  expect(await wizard.getByLabel(/^Create the database/).isChecked()).toBe(true);
  await next.click();

  await wizard.getByRole('heading', { level: 3, name: 'API and authentication' }).waitFor();
  expect(await wizard.getByLabel(/^Session inactive duration/).getAttribute('placeholder')).toBe('1m');
  await wizard.getByLabel(/^Session inactive duration/).fill('8h');
  await next.click();

  await wizard.getByRole('heading', { level: 3, name: 'Finished' }).waitFor();
  await wizard.getByRole('button', { name: 'Finish' }).click();
  await wizard.waitFor({ state: 'detached' });
  await page.waitForURL(/#\/$/);

  // Right after Finish, without a new sign-in: the console is in the default organization, whose
  // pages the admin's refreshed privileges open.
  await page.getByRole('button', { name: 'Default organization, switch organization' }).waitFor();
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  await menu.getByRole('link', { name: 'Collectors' }).click();
  await page.getByRole('grid', { name: 'Collectors' }).waitFor();
}

async function checkSetupSaved(page: Page, trialMode: 'true' | 'false') {
  const organizations = await apiGet<Organization[]>(page, '/current-user/organizations');
  const rootOrganization = organizations.find((organization) => organization.IsRoot);
  const defaultOrganization = organizations.find((organization) => organization.Name === 'Default organization');
  expect(rootOrganization && defaultOrganization).toBeTruthy();
  const settings = await apiGet<{ Name: string; Value: string }[]>(page, `/settings?OrganizationUUID=${rootOrganization?.UUID}`, rootOrganization?.UUID);
  const value = (name: string) => settings.find((setting) => setting.Name === name)?.Value;
  expect(value('setup.done')).toBe('true');
  expect(value('setup.trial_mode')).toBe(trialMode);
  expect(value('auth.session_inactive_duration')).toBe('8h');
  const databases = await apiGet<{ Name: string }[]>(page, '/timeseries-databases', defaultOrganization?.UUID);
  expect(databases).toEqual([expect.objectContaining({ Name: 'historian' })]);
  return { rootOrganization, defaultOrganization };
}

describe('setup wizard on a fresh server', () => {
  let server: RunningServer | undefined;

  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('runs through every step in trial mode', async () => {
    server = await startServer();
    const { context, page, errors } = await newContext(browser, server.url);
    await signInAsAdmin(page);
    const wizard = page.getByRole('dialog', { name: 'Set up Historian Console' });
    await wizard.waitFor();
    expect(page.url()).toMatch(/#\/setup$/);
    await wizard.getByRole('button', { name: 'Next' }).click();

    await wizard.getByRole('heading', { level: 3, name: 'Licence' }).waitFor();
    await wizard.getByRole('button', { name: 'Start a 30-day trial' }).click();
    await wizard.getByRole('button', { name: 'Read the EULA' }).click();
    const eula = page.getByRole('dialog', { name: 'End-user licence agreement' });
    await eula.frameLocator('iframe').getByRole('heading', { name: /End-user licence agreement/ }).waitFor();
    expect(await eula.getByRole('link', { name: 'Open in a new tab' }).getAttribute('target')).toBe('_blank');
    await eula.getByRole('button', { name: 'Close', exact: true }).click();
    await wizard.getByLabel('I accept the end-user licence agreement').check();
    await wizard.getByRole('button', { name: 'Next' }).click();

    await finishFirstRun(page, wizard);
    await checkSetupSaved(page, 'true');
    // The trial's 30 days are counting down: the banner says so and leads to the licence page.
    await page.getByRole('link', { name: /The licence expires in 30 days/ }).click();
    await page.waitForURL(/#\/configuration\/license$/);
    await page.getByRole('row', { name: /Trial/ }).waitFor();
    // Setup is done: /setup now redirects to the home page.
    await page.goto('/#/setup');
    await page.waitForURL(/#\/$/);
    expect(await page.getByRole('dialog', { name: 'Set up Historian Console' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('runs through every step with a licence issued by the licence CLI', async () => {
    const publicKey = licenceCli(['keygen', '--out', 'keys']);
    expect(publicKey).toBe(readFileSync(path.join(keyDir, 'keys', 'licence-public.pem'), 'utf8'));
    server = await startServer({ HISTORIAN_LICENSE_PUBLIC_KEY: publicKey });
    const { context, page, errors } = await newContext(browser, server.url);
    await signInAsAdmin(page);
    const wizard = page.getByRole('dialog', { name: 'Set up Historian Console' });
    await wizard.getByRole('button', { name: 'Next' }).click();

    await wizard.getByRole('button', { name: 'I have a licence' }).click();
    const fingerprintField = wizard.getByLabel('Copy the fingerprint token of this installation');
    await page.waitForFunction((element) => element instanceof HTMLInputElement && /^[A-Za-z0-9_-]{43}$/.test(element.value), await fingerprintField.elementHandle());
    const fingerprint = await fingerprintField.inputValue();
    const token = licenceCli([
      'issue', '--key', 'keys/licence-private.pem', '--fingerprint', fingerprint,
      '--features', 'Calculations,Events,ManualEntry=5', '--expires', '+365d', '--name', 'E2E plant licence',
    ]).trim();

    const tokenField = wizard.getByLabel('Paste the licence token');
    await tokenField.fill('not-a-licence');
    await wizard.getByRole('button', { name: 'Activate' }).click();
    await wizard.getByText('This is not a valid licence token.').waitFor();
    await tokenField.fill(token);
    await wizard.getByRole('button', { name: 'Activate' }).click();
    await page.getByText('The licence is activated.', { exact: true }).waitFor();
    await wizard.getByRole('button', { name: 'Next' }).click();

    await wizard.getByRole('heading', { level: 3, name: 'Default organization' }).waitFor();
    await wizard.getByRole('option', { name: 'E2E plant licence' }).waitFor({ state: 'attached' });
    expect(await wizard.getByLabel(/^Licence/).locator('option:checked').textContent()).toBe('E2E plant licence');
    await finishFirstRun(page, wizard);

    const { defaultOrganization } = await checkSetupSaved(page, 'false');
    const info = await apiGet<{ LicenseClaims: { Name: string; OrganizationUUID?: string; Trial?: boolean; LicensedFeatures: Record<string, unknown> }[] }>(page, '/license/info');
    expect(info.LicenseClaims).toEqual([
      expect.objectContaining({ Name: 'E2E plant licence', OrganizationUUID: defaultOrganization?.UUID, LicensedFeatures: { Calculations: true, Events: true, ManualEntry: 5 } }),
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
