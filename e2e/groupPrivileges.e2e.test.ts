import type { Browser, Page } from 'playwright-core';
import { ADMIN, ADMIN_PASSWORD, prepareAdmin, type AdminApi } from './support/adminApi';
import { launchBrowser, newContext } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// The group privilege matrix against the real server: an administrator fills a group with a
// preset and saves it, and a member of that group signs in to a menu that follows: only assets
// before, every Read page with Viewer (and no create buttons), the create buttons with Administrator.

const VERA_PASSWORD = 'vera-password-1';

let server: RunningServer;
let browser: Browser;
let admin: AdminApi;
let plant: string;
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
  plant = (
    await admin.json<Created>('POST', '/organizations', {
      body: { Name: 'South plant', PostgresUser: 'south_reader', PostgresPassword: 'south-secret-1', PostgresPasswordConfirm: 'south-secret-1' },
    })
  ).UUID;
  crew = (await admin.json<Created>('POST', '/user-groups', { body: { Name: 'Shift crew' }, organization: plant })).UUID;
  const vera = await admin.json<Created>('POST', '/users', { body: { Name: 'vera', Password: VERA_PASSWORD }, organization: plant });
  await admin.json('POST', '/user-group-users', { body: { UserGroupUUID: crew, UserUUID: vera.UUID }, organization: plant });
  // Someone without any privilege cannot sign in at all: the crew starts with the assets.
  const catalogue = await admin.json<Array<Created & { Name: string }>>('GET', '/privileges');
  const readAssets = catalogue.find((privilege) => privilege.Name === 'READ_ASSETS')?.UUID;
  await admin.json('PUT', `/user-groups/${crew}/privileges`, { body: { PrivilegeUUIDs: [readAssets] }, organization: plant });
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

/** The links of vera's side menu, read from a fresh sign-in (privileges are read at sign-in). */
async function veraMenu(): Promise<{ links: string[]; canCreateGroup: boolean }> {
  const { context, page, errors } = await newContext(browser, server.url);
  await signIn(page, 'vera', VERA_PASSWORD);
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  const links = (await menu.getByRole('link').allTextContents()).map((text) => text.trim());
  let canCreateGroup = false;
  if (links.includes('Configuration')) {
    await page.goto('/#/configuration/groups');
    await page.getByRole('grid', { name: 'User groups' }).getByText('Shift crew').waitFor();
    canCreateGroup = (await page.getByRole('button', { name: 'Create group' }).count()) > 0;
  }
  expect(errors).toEqual([]);
  await context.close();
  return { links, canCreateGroup };
}

async function savePreset(page: Page, preset: 'Viewer' | 'Operator' | 'Administrator') {
  const matrix = page.getByRole('region', { name: 'Privileges' });
  await matrix.getByRole('button', { name: preset, exact: true }).click();
  await matrix.getByText('Unsaved changes').waitFor();
  await matrix.getByRole('button', { name: 'Save privileges' }).click();
  await page.getByText('The group’s privileges are saved.').waitFor();
  await page.getByText('The group’s privileges are saved.').waitFor({ state: 'detached', timeout: 15_000 });
}

describe('group privileges in the browser', () => {
  it('a preset saved on a group changes what its member’s menu offers', async () => {
    const before = (await veraMenu()).links;
    expect(before).toContain('Assets');
    for (const hidden of ['Collectors', 'Measurements', 'Configuration']) expect(before).not.toContain(hidden);

    const { context, page, errors } = await newContext(browser, server.url);
    await signIn(page, ADMIN, ADMIN_PASSWORD);
    // A fresh sign-in acts in the first organization that is not the root (SPEC §4): South plant.
    await page.goto(`/#/configuration/group?id=${crew}`);
    const matrix = page.getByRole('region', { name: 'Privileges' });
    await matrix.getByRole('checkbox', { name: 'Collectors: read' }).waitFor();

    await savePreset(page, 'Viewer');
    expect(await matrix.getByRole('checkbox', { name: 'Collectors: read' }).isChecked()).toBe(true);
    expect(await matrix.getByRole('checkbox', { name: 'User groups: manage' }).isChecked()).toBe(false);
    const viewer = await veraMenu();
    expect(viewer.links).toEqual(expect.arrayContaining(['Collectors', 'Measurements', 'Assets', 'Configuration']));
    expect(viewer.canCreateGroup).toBe(false);

    await page.reload();
    await matrix.getByRole('checkbox', { name: 'Collectors: read', checked: true }).waitFor();
    await savePreset(page, 'Administrator');
    expect(await matrix.getByRole('checkbox', { name: 'User groups: manage' }).isChecked()).toBe(true);
    expect((await veraMenu()).canCreateGroup).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
