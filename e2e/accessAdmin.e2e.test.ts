import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// Access administration in the browser against the real server: an administrator creates an
// organization, a group with a privilege and a user in it; that user then signs in and sees only
// what the group grants. The admin's forced password change and the setup wizard are settled
// through the API first, so this file does not depend on those screens.

const ADMIN_PASSWORD = 'admin-password-1';
const OLGA_PASSWORD = 'olga-password-1';

let server: RunningServer;
let browser: Browser;

interface ApiSession {
  cookie: string;
  xsrf: string;
}

async function apiLogin(name: string, password: string): Promise<ApiSession> {
  const response = await fetch(`${server.url}/api/auth/local/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Name: name, Password: password }) });
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status}`);
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]);
  const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.split('=')[1] ?? '';
  return { cookie: cookies.join('; '), xsrf };
}

async function api(session: ApiSession, method: string, path: string, body?: unknown, organization?: string): Promise<Response> {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-xsrf-token': session.xsrf, ...(organization ? { 'x-organization-uuid': organization } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const admin = await apiLogin('admin', 'historian');
  await api(admin, 'PATCH', '/current-user/password', { Password: ADMIN_PASSWORD });
  const settled = await apiLogin('admin', ADMIN_PASSWORD);
  const organizations = (await (await api(settled, 'GET', '/current-user/organizations')).json()) as Array<{ UUID: string; IsRoot: boolean }>;
  const root = organizations.find((organization) => organization.IsRoot)?.UUID;
  await api(settled, 'PUT', '/settings/batch', [{ Name: 'setup.done', Value: 'true' }], root);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(page: Page, name: string, password: string) {
  await page.goto('/#/login');
  await page.getByLabel('User name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
}

describe('access administration in the browser', () => {
  it('creates an organization, a group with a privilege and a user who then sees only what the group grants', async () => {
    const { context, page, errors } = await newContext(browser, server.url);
    await signIn(page, 'admin', ADMIN_PASSWORD);

    // An organization, with the SPEC §5 fields.
    await page.goto('/#/configuration/create_organization');
    await page.getByLabel(/^Name/).fill('North plant');
    await page.getByLabel(/^PostgreSQL user/).fill('north_ro');
    await page.getByLabel(/^PostgreSQL password/).fill('north-password');
    await page.getByLabel(/^Confirm the PostgreSQL password/).fill('north-password');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('grid', { name: 'Organizations' }).getByText('North plant').waitFor();

    // Act in it: its creator is in its Administrators group.
    await page.getByRole('button', { name: /switch organization/ }).click();
    // Switching reloads the app at the root route (SPEC §4): wait for that reload to finish.
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'North plant' }).click()]);
    await page.getByRole('button', { name: /North plant, switch organization/ }).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // A group that grants READ_COLLECTORS.
    await page.goto('/#/configuration/groups');
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.getByRole('dialog').getByLabel(/^Name/).fill('Operators');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    const grid = page.getByRole('grid', { name: 'User groups' });
    await grid.getByText('Operators').waitFor();
    await grid.getByRole('row', { name: /Operators/ }).getByRole('button', { name: 'Edit group' }).click();
    // The matrix keeps a draft until Save, which stores the whole set.
    await page.getByRole('checkbox', { name: 'Collectors: read' }).click();
    await page.getByRole('button', { name: 'Save privileges' }).click();
    await page.getByText('The group’s privileges are saved.').waitFor();
    await page.getByRole('checkbox', { name: 'Collectors: read', checked: true }).waitFor();

    // A local user, put into the group.
    await page.goto('/#/configuration/user');
    await page.getByLabel(/^Name/).fill('olga');
    await page.getByLabel(/^Password/).fill(OLGA_PASSWORD);
    await page.getByLabel(/^Confirm the password/).fill(OLGA_PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'olga' }).waitFor();
    await page.getByLabel('Add to group').selectOption({ label: 'Operators' });
    await page.getByRole('button', { name: 'Add to group' }).click();
    await page.getByRole('list', { name: 'Groups' }).getByText('Operators').waitFor();
    // Explain access names the privilege and the group it comes from.
    await page.getByRole('table', { name: 'Explain access' }).getByRole('row', { name: /Collectors: read Operators membership/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();

    // Olga sees the collectors and nothing the group does not grant.
    const olga = await newContext(browser, server.url);
    await signIn(olga.page, 'olga', OLGA_PASSWORD);
    const menu = olga.page.getByRole('navigation', { name: 'Main navigation' });
    await menu.getByRole('link', { name: 'Collectors' }).waitFor();
    for (const hidden of ['Measurements', 'Assets', 'Configuration']) expect(await menu.getByRole('link', { name: hidden }).count()).toBe(0);
    expect(olga.errors).toEqual([]);
    await olga.context.close();
  }, 180_000);
});
