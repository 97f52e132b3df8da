import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEFAULT_PASSWORD, DEFAULT_TIMESERIES_DATABASE_NAME } from '../domain/constants';
import { databaseExists, startPasswordPostgres, type PasswordPostgres } from '../server/db/testing/passwordPostgres';
import { adminSession } from './support/authFixtures';
import { signInWithForm } from './support/authPages';
import { launchBrowser, newContext } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// Time-series databases (SPEC §2 configuration pages): an administrator configures a PostgreSQL
// time-series database on an external server that checks passwords, the database is really created
// and tested (every step passes), and a wrong password fails the test at the step that names it:
// authenticate.

const NEW_PASSWORD = 'e2e-admin-password';
const WRONG_PASSWORD = 'Wrong-pass-word';
const LIST_ROUTE = '/#/configuration/timeseries_databases';
const STEPS = ['connect', 'authenticate', 'database', 'schema', 'write', 'read'];

let postgres: PasswordPostgres;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  postgres = await startPasswordPostgres();
  server = await startServer();
  // The seeded admin must replace the default password before any other call.
  await adminSession(server.url, DEFAULT_PASSWORD, NEW_PASSWORD);
  browser = await launchBrowser();
  ({ context, page, errors: pageErrors } = await newContext(browser, server.url));
}, 240_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await postgres?.stop();
});

const connectionTest = () => page.getByRole('region', { name: 'Connection test' });
const notifications = () => page.getByRole('region', { name: 'Notifications' });

async function openEditorOf(name: string) {
  await page.goto(LIST_ROUTE);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: 'Edit time-series database' }).click();
  await page.getByRole('heading', { level: 1, name: 'Edit time-series database' }).waitFor();
}

describe('time-series databases in the browser', () => {
  it('creates an external PostgreSQL database, which is really created and passes its test', async () => {
    // Signing in from the list's address brings the user back to it (SPEC §2).
    await page.goto(LIST_ROUTE);
    await signInWithForm(page, 'admin', NEW_PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'Time-series databases' }).waitFor();
    await page.getByRole('link', { name: 'Create time-series database' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Create time-series database' }).waitFor();

    await page.getByLabel(/^Name/).fill('Plant store');
    await page.getByLabel(/^Type/).selectOption({ label: 'PostgreSQL' });
    await page.getByLabel(/^Storage/).selectOption('external');
    await page.getByRole('textbox', { name: 'Host', exact: true }).fill(postgres.host);
    await page.getByRole('spinbutton', { name: 'Port', exact: true }).fill(String(postgres.port));
    await page.getByRole('textbox', { name: 'User', exact: true }).fill(postgres.role);
    await page.getByLabel('Password', { exact: true }).fill(postgres.password);
    // The database name keeps its default, the internal one; creating it is checked by default.
    expect(await page.getByRole('textbox', { name: 'Database', exact: true }).inputValue()).toBe(DEFAULT_TIMESERIES_DATABASE_NAME);
    expect(await page.getByLabel(/^Create the database/).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save' }).click();

    await notifications().getByText('The time-series database is saved and its connection test passed.').waitFor();
    const row = page.getByRole('row', { name: /Plant store/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(`Host: ${postgres.host}`);
    expect(await databaseExists(postgres.server, DEFAULT_TIMESERIES_DATABASE_NAME)).toBe(true);
  });

  it('the test button passes every step on the saved settings', async () => {
    await openEditorOf('Plant store');
    // The password is not sent back: the server takes the stored one for the test.
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await page.getByRole('button', { name: 'Test the connection' }).click();
    await connectionTest().getByText('The connection test passed.').waitFor();
    for (const step of STEPS) await connectionTest().getByText(`${step}: passed`).waitFor();
  });

  it('a wrong password fails the test at the authenticate step, named in the page', async () => {
    await openEditorOf('Plant store');
    await page.getByLabel('Password', { exact: true }).fill(WRONG_PASSWORD);
    await page.getByRole('button', { name: 'Test the connection' }).click();
    await connectionTest().getByText('The connection test failed at the step authenticate.').waitFor();
    const failed = connectionTest().getByText(/authenticate: failed/);
    expect(await failed.textContent()).toMatch(/password authentication failed/);
    expect(await connectionTest().textContent()).not.toContain(WRONG_PASSWORD);
    expect(await connectionTest().getByText(/^write/).count()).toBe(0);
  });

  it('saving a wrong password keeps the database and says that its test failed', async () => {
    await openEditorOf('Plant store');
    await page.getByLabel('Password', { exact: true }).fill(WRONG_PASSWORD);
    await page.getByLabel(/^Create the database/).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await notifications().getByText('The database was saved, but the connection test failed.').waitFor();
    await connectionTest().getByText('The connection test failed at the step authenticate.').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
