import type { Browser, Locator, Page } from 'playwright-core';
import { ADMIN, ADMIN_PASSWORD, prepareAdmin, type AdminApi } from './support/adminApi';
import { signInWithForm } from './support/authPages';
import { launchBrowser, newContext } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { until } from './support/until';

// Assets and prototypes end to end, as a plant engineer uses them: a site and a line built in the
// tree, fifty machines stamped out of a prototype, the prototype changed and one machine changed
// by hand, the plan reviewed (every machine an Update, the hand-changed one a conflict, kept), then
// applied and undone. The server's answers are checked after each step.

let server: RunningServer;
let browser: Browser;
let admin: AdminApi;
let organization: string;

const SITE = 'Gent';
const LINE = 'Filling line 1';
const PROTOTYPE = 'Filler';
const MACHINES = 50;
const machineName = (n: number) => `Filler ${n}`;
const CHANGED = machineName(7);

interface AssetJson {
  UUID: string;
  Name: string;
  AssetPath: string;
  Metadata: Record<string, unknown>;
  LinkStatus: string;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await prepareAdmin(server.url);
  const [root] = await admin.json<{ UUID: string }[]>('GET', '/current-user/organizations');
  organization = root.UUID;
  // The machine type: a speed limit every filler shares, a serial number each fills in, and a
  // speed measurement bound later.
  await admin.json('POST', '/prototypes', {
    organization,
    body: {
      Name: PROTOTYPE,
      Description: 'A rotary filler',
      Metadata: { MaxSpeed: 100, Serial: null },
      PropertyPrototypes: [{ Name: 'Speed', Kind: 'measurement', Datatype: 'number', NameTemplate: '{{asset.Name}}.Speed', Description: 'Bottles per minute' }],
    },
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 60_000);

async function machines(): Promise<AssetJson[]> {
  return admin.json<AssetJson[]>('GET', `/assets?Keyword=${encodeURIComponent('Filler ')}&Limit=100`, { organization });
}

async function machine(name: string): Promise<AssetJson> {
  const found = (await machines()).find((asset) => asset.Name === name);
  if (!found) throw new Error(`no asset ${name}`);
  return found;
}

/** The row number (from 1) of a metadata editor whose key input holds `key`. */
async function rowOfKey(keyInput: (row: number) => Locator, key: string): Promise<number> {
  for (let row = 1; row <= 10; row += 1) {
    if ((await keyInput(row).inputValue()) === key) return row;
  }
  throw new Error(`no metadata row ${key}`);
}

async function createAsset(page: Page, dialogTitle: string, name: string) {
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByRole('button', { name: /^(Create|Save)$/ }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('assets and prototypes, end to end', () => {
  it('builds a tree, stamps out 50 machines, reviews a plan with a conflict kept, applies it and undoes it', async () => {
    const { context, page, errors } = await newContext(browser, server.url);
    await page.goto('/#/assets');
    await signInWithForm(page, ADMIN, ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Assets', level: 1 }).waitFor();

    // The tree: a site, a line below it.
    await page.getByRole('button', { name: 'Create the first site' }).click();
    await createAsset(page, 'New site', SITE);
    const tree = page.getByRole('tree', { name: 'Assets' });
    await tree.getByRole('treeitem', { name: new RegExp(SITE) }).waitFor();
    await page.getByRole('button', { name: 'Add child' }).click();
    await createAsset(page, `New asset under ${SITE}`, LINE);
    await tree.getByRole('treeitem', { name: new RegExp(LINE) }).waitFor();
    const line = (await admin.json<AssetJson[]>('GET', `/assets?Keyword=${encodeURIComponent(LINE)}`, { organization }))[0];
    expect(line.AssetPath).toBe(`${SITE}/${LINE}`);

    // Fifty machines from the prototype, under the line.
    await page.goto('/#/assets/prototypes');
    await page.getByRole('heading', { name: 'Asset prototypes', level: 1 }).waitFor();
    const prototypeRow = page.getByRole('row').filter({ hasText: PROTOTYPE });
    await prototypeRow.getByRole('button', { name: 'Create instances' }).click();
    const instances = page.getByRole('dialog', { name: `Create instances of ${PROTOTYPE}` });
    await instances.getByRole('searchbox', { name: 'Parent asset' }).fill(LINE);
    await instances.getByRole('listbox', { name: 'Assets to choose from' }).getByRole('option', { name: new RegExp(LINE) }).click();
    await instances.locator('strong', { hasText: `${SITE}/${LINE}` }).waitFor();
    await instances.getByLabel('How many').fill(String(MACHINES));
    await instances.getByLabel('Name pattern').fill('Filler {n}');
    await instances.getByLabel('First number').fill('1');
    await instances.getByRole('textbox', { name: 'Serial' }).fill('FX-2026');
    await instances.getByRole('button', { name: `Create ${MACHINES} instances` }).click();
    await instances.waitFor({ state: 'detached', timeout: 60_000 });
    await until(async () => (await machines()).length === MACHINES, 'fifty machines');
    const made = await machines();
    expect(made.every((asset) => asset.AssetPath.startsWith(`${SITE}/${LINE}/`) && asset.LinkStatus === 'Applied')).toBe(true);
    expect(made.every((asset) => asset.Metadata.MaxSpeed === 100 && asset.Metadata.Serial === 'FX-2026')).toBe(true);

    // The prototype changes: fillers now run up to 120.
    await prototypeRow.getByText(PROTOTYPE, { exact: true }).first().click();
    const drawer = page.getByRole('complementary').filter({ has: page.getByRole('textbox', { name: /^Name/ }) });
    const row = await rowOfKey((n) => drawer.getByRole('textbox', { name: `Key of row ${n}`, exact: true }), 'MaxSpeed');
    await drawer.getByLabel(`Default value of row ${row}`).fill('120');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await until(async () => (await machine(machineName(1))).LinkStatus === 'NeedsUpdate', 'the instances to need an update');

    // One machine is changed by hand on the assets page: its own speed limit.
    const changed = await machine(CHANGED);
    await page.goto(`/#/assets?asset=${changed.UUID}`);
    await page.getByRole('tab', { name: 'Metadata' }).click();
    const metadata = page.getByRole('tabpanel', { name: 'Metadata' });
    const key = await rowOfKey((n) => metadata.getByRole('textbox', { name: `Key ${n}`, exact: true }), 'MaxSpeed');
    await metadata.getByLabel(`Value of key ${key}`, { exact: true }).fill('150');
    await metadata.getByRole('button', { name: 'Save' }).click();
    await until(async () => (await machine(CHANGED)).Metadata.MaxSpeed === 150, 'the hand-changed speed limit');

    // The plan: every machine an Update, the hand-changed one a conflict.
    await page.getByRole('tab', { name: 'Prototype' }).click();
    await page.getByRole('link', { name: 'Review changes' }).click();
    await page.getByRole('heading', { name: 'Prototype bulk operations', level: 1 }).waitFor();
    const chooser = page.getByRole('region', { name: 'Prototype and instances' });
    // The review starts from the machine it was opened on; the plan covers the whole line.
    await chooser.getByRole('button', { name: 'Plan 1 instance' }).waitFor();
    await chooser.getByRole('checkbox', { name: 'All shown' }).check();
    await chooser.getByRole('button', { name: `Plan ${MACHINES} instances` }).click();
    const plan = page.getByRole('region', { name: `Plan for ${PROTOTYPE}` });
    await plan.waitFor({ timeout: 60_000 });
    const filters = plan.getByRole('group', { name: 'Filter the rows by action' });
    // One row per machine and one per machine's property: the 50 machines' speed limit is an
    // Update (the hand-changed one's a conflict within them), their properties are unchanged.
    await filters.getByRole('button', { name: /^All\D*100$/ }).waitFor();
    await filters.getByRole('button', { name: /^Update\D*50$/ }).waitFor();
    await filters.getByRole('button', { name: /^No change\D*50$/ }).waitFor();
    await filters.getByRole('button', { name: /^Conflicts\D*1$/ }).waitFor();
    await plan.getByText('One conflict still needs a keep-or-update choice.').waitFor();
    expect(await plan.getByRole('button', { name: 'Apply plan' }).isDisabled()).toBe(true);

    // The conflict, seen three ways, resolved by keep.
    await filters.getByRole('button', { name: /Conflicts/ }).click();
    const rows = plan.getByRole('grid', { name: 'Rows of the plan' }).or(plan.getByRole('table', { name: 'Rows of the plan' }));
    const conflict = rows.getByRole('row').filter({ hasText: CHANGED });
    await conflict.waitFor();
    await conflict.getByRole('button', { name: 'Show details' }).click();
    const diff = plan.getByRole('table', { name: `Fields of ${CHANGED}` });
    const speedLimit = diff.getByRole('row').filter({ hasText: 'MaxSpeed' });
    expect((await speedLimit.getByRole('cell').allInnerTexts()).map((text) => text.trim())).toEqual(['100', '120', '150', 'Both changed']);
    await conflict.getByRole('radio', { name: 'Keep' }).click();
    await plan.getByText('Every conflict has a choice.').waitFor();
    await plan.getByRole('button', { name: 'Apply plan' }).click();
    await plan.getByText('The plan is applied. Undo puts back what it changed.').waitFor({ timeout: 90_000 });

    const applied = await machines();
    expect(applied.filter((asset) => asset.Name !== CHANGED).every((asset) => asset.Metadata.MaxSpeed === 120 && asset.LinkStatus === 'Applied')).toBe(true);
    expect(await machine(CHANGED)).toMatchObject({ Metadata: { MaxSpeed: 150 }, LinkStatus: 'Overridden' });

    // Undo: everything as it was before the plan.
    await plan.getByRole('button', { name: 'Undo plan' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: /undo/i });
    if (await confirm.count()) await confirm.getByRole('button', { name: /undo/i }).last().click();
    await plan.getByText('The plan is undone: the instances are as they were before it.').waitFor({ timeout: 90_000 });
    const undone = await machines();
    expect(undone.filter((asset) => asset.Name !== CHANGED).every((asset) => asset.Metadata.MaxSpeed === 100 && asset.LinkStatus === 'NeedsUpdate')).toBe(true);
    expect((await machine(CHANGED)).Metadata.MaxSpeed).toBe(150);

    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
