import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEFAULT_PASSWORD } from '../domain/constants';
import { signInAs } from './support/adminApi';
import { adminSession } from './support/authFixtures';
import { signInWithForm } from './support/authPages';
import { launchBrowser, newContext } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// The browser offline during a save (issue 22, item 2): an administrator edits a built-in
// time-series database, the browser goes offline and Save is pressed: a clear, translated message
// (no stack trace, no raw error), and the form keeps what was typed; back online, Save again stores
// it. Screenshots of the message, light and dark, go to $HISTORIAN_E2E_SHOTS_DIR when it is set.

const NEW_PASSWORD = 'e2e-admin-password';
const LIST_ROUTE = '/#/configuration/timeseries_databases';
const SHOTS = process.env.HISTORIAN_E2E_SHOTS_DIR;
const shot = async (name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` }).catch(() => undefined);
};

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  server = await startServer();
  await adminSession(server.url, DEFAULT_PASSWORD, NEW_PASSWORD);
  browser = await launchBrowser();
  ({ context, page, errors: pageErrors } = await newContext(browser, server.url));
}, 240_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

it('offline during a save: a clear message, the typed name kept; back online the save stores it', async () => {
  await page.goto(LIST_ROUTE);
  await signInWithForm(page, 'admin', NEW_PASSWORD);
  await page.getByRole('heading', { level: 1, name: 'Time-series databases' }).waitFor();
  // A built-in one to edit, made as a user would.
  await page.getByRole('link', { name: 'Create time-series database' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Create time-series database' }).waitFor();
  await page.getByLabel(/^Name/).fill('Plant store');
  await page.getByLabel(/^Type/).selectOption({ label: 'PostgreSQL' });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('row', { name: /Plant store/ }).getByRole('button', { name: 'Edit time-series database' }).click();
  await page.getByRole('heading', { level: 1, name: 'Edit time-series database' }).waitFor();
  const name = page.getByLabel(/^Name/);
  await name.fill('Plant store, saved offline');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Save' }).click();
  // The error toast (role alert) names the save that failed and why, translated.
  const toast = page.getByRole('alert').getByTestId('toast').filter({ hasText: 'The time-series database could not be saved.' });
  await toast.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
    await shot('offline-save-failed');
    const alerts = await page.locator('[role=alert], [role=status]').allTextContents();
    throw new Error(`no clear message; on the page: ${JSON.stringify(alerts)}`, { cause: error });
  });
  await toast.hover(); // held while read (and while the pictures are taken)
  expect(await toast.locator('.toast-reason').textContent()).toBe('Network request failed');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await shot(`offline-save-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  // Nothing raw: no error class, no stack, no code path, no untranslated key.
  const shown = (await page.getByRole('alert').allTextContents()).join(' ');
  expect(shown).not.toMatch(/TypeError|Failed to fetch|\bat \w+ \(|transport\.|errors\./);
  // Its details, opened while still offline, keep the network failure.
  await toast.getByRole('button', { name: 'Show error details' }).click();
  const details = page.getByRole('dialog', { name: 'Error details' });
  await details.waitFor({ timeout: 15_000 });
  expect(await details.textContent()).toContain('Network request failed');
  await details.getByRole('button', { name: 'Close', exact: true }).click();
  await details.waitFor({ state: 'hidden' });
  // What was typed is kept, on the editor.
  expect(await name.inputValue()).toBe('Plant store, saved offline');
  expect(await page.getByRole('heading', { level: 1, name: 'Edit time-series database' }).isVisible()).toBe(true);

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Save' }).click();
  await page
    .getByRole('row', { name: /Plant store, saved offline/ })
    .waitFor({ timeout: 30_000 })
    .catch(async (error: unknown) => {
      await shot('online-save-failed');
      const alerts = await page.locator('[role=alert], [role=status]').allTextContents();
      throw new Error(`not stored; on the page: ${JSON.stringify(alerts)}`, { cause: error });
    });
  // Stored: read again through the API.
  const api = await signInAs(server.url, 'admin', NEW_PASSWORD);
  const stored = await api.json<{ Name: string }[]>('GET', '/timeseries-databases');
  expect(stored.map((database) => database.Name).filter((named) => named.startsWith('Plant store'))).toEqual(['Plant store, saved offline']);
  expect(pageErrors).toEqual([]);
}, 120_000);
