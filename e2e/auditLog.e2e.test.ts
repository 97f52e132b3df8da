import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, ADMIN_PASSWORD, prepareAdmin, type AdminApi } from './support/adminApi';
import { launchBrowser, newContext } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// The audit log against the real server: changes made through the API are found by filtering the
// configuration log (filters kept in the address, so a reload shows the same view), an entry's
// diff shows the change, and the CSV export holds exactly the filtered entries.

let server: RunningServer;
let browser: Browser;
let admin: AdminApi;
let crew: string;

interface Created {
  UUID: string;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await prepareAdmin(server.url);
  const organizations = await admin.json<Array<Created & { IsRoot: boolean }>>('GET', '/current-user/organizations');
  const root = organizations.find((organization) => organization.IsRoot)?.UUID;
  await admin.json('PUT', '/settings/batch', { body: [{ Name: 'setup.done', Value: 'true' }], organization: root });
  const plant = (
    await admin.json<Created>('POST', '/organizations', {
      body: { Name: 'East plant', PostgresUser: 'east_reader', PostgresPassword: 'east-secret-1', PostgresPasswordConfirm: 'east-secret-1' },
    })
  ).UUID;
  crew = (await admin.json<Created>('POST', '/user-groups', { body: { Name: 'Line crew', Description: 'first shift' }, organization: plant })).UUID;
  await admin.json('PUT', `/user-groups/${crew}`, { body: { Name: 'Line crew', Description: 'second shift' }, organization: plant });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(page: Page) {
  await page.goto('/#/login');
  await page.getByLabel('User name').fill(ADMIN);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
}

test('filter the log, open an entry’s diff, reload the shared view and export it as CSV', async () => {
  const { context, page, errors } = await newContext(browser, server.url);
  await signIn(page);
  await page.goto('/#/configuration/audit_logs');
  await page.getByText(/Chain intact since/).waitFor();
  const table = page.getByRole('grid', { name: 'Audit log entries' });
  await table.getByText('Line crew').first().waitFor();
  expect(await table.getByText('Line crew').count()).toBeGreaterThan(1);

  await page.getByRole('searchbox', { name: 'Search subject (name or id)' }).fill('Line crew');
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.locator('summary', { hasText: 'Actions' }).click();
  // At once, before the search box's debounce has written the subject: neither filter may be lost.
  // (click, not check: the box follows the address, which changes a moment after the click)
  await filters.getByRole('checkbox', { name: 'Updated' }).click();
  await page.waitForFunction(() => location.hash.includes('Subject=Line') && location.hash.includes('Actions=Update'));
  await page.waitForTimeout(800);
  expect(await page.evaluate(() => location.hash)).toMatch(/Actions=Update.*Subject=Line|Subject=Line.*Actions=Update/);
  await page.getByText('1 entry', { exact: true }).waitFor();
  expect(await table.getByText('Line crew').count()).toBe(1);

  // The same view after a reload: the filters came back from the address.
  await page.reload();
  await table.getByText('Line crew').waitFor();
  await page.getByText('1 entry', { exact: true }).waitFor();
  expect(await page.getByRole('searchbox', { name: 'Search subject (name or id)' }).inputValue()).toBe('Line crew');

  await table.getByRole('button', { name: 'Show entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Audit log entry' });
  await dialog.getByText('first shift → second shift').waitFor();
  await dialog.getByText('description', { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await dialog.waitFor({ state: 'detached' });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-.*\.csv$/);
  const csv = (await readFile(String(await download.path()), 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(csv[0]).toBe('CreatedAt,Sequence,Organization,User,Action,Area,SubjectType,Subject id,Subject name,Reason,Before,After,Hash');
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(`,admin,Update,UserGroups,UserGroup,${crew},Line crew,`);
  expect(csv[1]).toContain('second shift');

  expect(errors).toEqual([]);
  await context.close();
});
