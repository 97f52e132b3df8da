import type { Browser, BrowserContext, Page } from 'playwright-core';
import { POSTGRES_TIMESERIES_TYPE_UUID } from '../server/timeseries/registry';
import { ADMIN, ADMIN_PASSWORD, prepareAdmin, signInAs, type AdminApi } from './support/adminApi';
import { launchBrowser, newContext } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { until } from './support/until';

// Manual entry end to end, as a plant sets it up: an administrator builds an Events form over the
// batches of a reactor (a yield and a note typed per batch) and an Asset Properties form over the
// lab's pH, and gives the operators default access and the shift leads elevated access. Olga, an
// operator, types a batch's yield, cannot touch a batch older than a day (the server refuses it
// too), and types a pH reading that waits in her browser while it is offline and arrives when it
// is back. Eric, a shift lead, may change the day-old batch and corrects Olga's yield with a
// reason. Every change is in the audit log with its reason and the value before it.

let server: RunningServer;
let browser: Browser;
let admin: AdminApi;
let organization: string;
let configurationUuid: string;
let phPropertyUuid: string;
let recentBatch: string;
let oldBatch: string;

const OPERATORS = 'Operators';
const LEADS = 'Shift leads';
const OLGA = 'olga';
const ERIC = 'eric';
const PASSWORD = 'Manual-entry-e2e-1';
const BATCHES = 'Batch record';
const LAB = 'Lab results';
const HOUR = 3_600_000;

interface Created {
  UUID: string;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await prepareAdmin(server.url);
  const [root] = await admin.json<Created[]>('GET', '/current-user/organizations');
  organization = root.UUID;
  const post = <T = Created>(path: string, body: unknown) => admin.json<T>('POST', path, { organization, body });

  // The lab's pH: a measurement nobody collects, on an asset property that the form fills.
  const database = await post('/timeseries-databases?createDatabase=true', {
    Name: 'Lab history',
    TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID,
    Settings: { mode: 'builtin' },
  });
  const collector = await post('/collectors', { Name: 'Lab bench' });
  const measurement = await post('/measurements', {
    Name: 'Lab.pH',
    CollectorUUID: collector.UUID,
    DatabaseUUID: database.UUID,
    Datatype: 'number',
    Status: 'Active',
    Settings: {},
  });
  const site = await post('/assets', { Name: 'Plant', ParentUUID: null, Metadata: {} });
  const lab = await post('/assets', { Name: 'Lab', ParentUUID: site.UUID, Metadata: {} });
  const reactor = await post('/assets', { Name: 'Reactor 1', ParentUUID: site.UUID, Metadata: {} });
  phPropertyUuid = (await post('/asset-properties', { AssetUUID: lab.UUID, Name: 'pH', MeasurementUUID: measurement.UUID, Metadata: {} })).UUID;

  // Batches of the reactor, entered by hand: one of two hours ago, one of thirty.
  const type = await post('/event-types', { Name: 'Batch', ParentUUID: null, Properties: [] });
  await post('/event-type-properties', { EventTypeUUID: type.UUID, Name: 'Yield', Datatype: 'number', Type: 'simple', UoM: '%' });
  await post('/event-type-properties', { EventTypeUUID: type.UUID, Name: 'Note', Datatype: 'string', Type: 'simple' });
  configurationUuid = (await post('/event-configurations', { AssetUUID: reactor.UUID, EventTypeUUID: type.UUID, StartSource: 'manual' })).UUID;
  const now = Date.now();
  const batch = async (startHoursAgo: number) =>
    (
      await post('/events', {
        EventConfigurationUUID: configurationUuid,
        StartTime: new Date(now - startHoursAgo * HOUR).toISOString(),
        StopTime: new Date(now - (startHoursAgo - 1) * HOUR).toISOString(),
      })
    ).UUID;
  recentBatch = await batch(2);
  oldBatch = await batch(30);

  // Operators and shift leads may read forms; which forms and how far back is the forms' access.
  const catalogue = await admin.json<(Created & { Name: string })[]>('GET', '/privileges');
  const readForms = catalogue.find((privilege) => privilege.Name === 'READ_MANUAL_ENTRY_FORMS')?.UUID;
  for (const [group, user] of [
    [OPERATORS, OLGA],
    [LEADS, ERIC],
  ]) {
    const created = await post('/user-groups', { Name: group });
    await admin.json('PUT', `/user-groups/${created.UUID}/privileges`, { organization, body: { PrivilegeUUIDs: [readForms] } });
    const person = await post('/users', { Name: user, Password: PASSWORD });
    await post('/user-group-users', { UserGroupUUID: created.UUID, UserUUID: person.UUID });
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 60_000);

async function signIn(page: Page, name: string, password: string, path: string) {
  await page.goto(`/#${path}`);
  await page.getByLabel('User name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
}

async function asUser(name: string, password: string, path: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await newContext(browser, server.url);
  await signIn(opened.page, name, password, path);
  return opened;
}

interface Entries {
  Events?: { UUID: string; Cells: Record<string, { Value: unknown; Manual: boolean }> }[];
  Rows?: { Timestamp: string; Cells: Record<string, { Value: unknown; Manual: boolean }> }[];
}

async function formUuid(name: string): Promise<string> {
  const forms = await admin.json<(Created & { Name: string })[]>('GET', `/manual-entry-forms?Keyword=${encodeURIComponent(name)}`, { organization });
  const found = forms.find((form) => form.Name === name);
  if (!found) throw new Error(`no form ${name}`);
  return found.UUID;
}

async function entries(form: string, hours = 48): Promise<Entries> {
  const to = new Date(Date.now() + HOUR).toISOString();
  const from = new Date(Date.now() - hours * HOUR).toISOString();
  return admin.json<Entries>('GET', `/manual-entry-forms/${form}/entries?From=${from}&To=${to}`, { organization });
}

/** The cell of a grid row under the column whose header starts with `header`. */
async function cellOf(page: Page, row: ReturnType<Page['locator']>, header: string) {
  const grid = page.getByRole('grid');
  const headers = grid.getByRole('columnheader');
  const count = await headers.count();
  for (let i = 0; i < count; i += 1) {
    const candidate = headers.nth(i);
    const index = await candidate.getAttribute('aria-colindex');
    if (index && (await candidate.textContent())?.startsWith(header)) return row.locator(`[role="gridcell"][aria-colindex="${index}"]`);
  }
  throw new Error(`no column ${header}`);
}

/** The grid's body rows, newest first. */
const bodyRows = (page: Page) => page.getByRole('grid').locator('[role="rowgroup"]').nth(1).locator(':scope > [role="row"]');

async function typeInto(page: Page, cell: ReturnType<Page['locator']>, text: string) {
  await cell.click();
  await page.keyboard.press('Enter');
  const editor = cell.getByRole('textbox');
  await editor.fill(text);
  await page.keyboard.press('Enter');
}

/** Waits until a new row's first value cell has the focus, as "Add" leaves it. */
async function focusedCell(page: Page) {
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'gridcell' && document.activeElement.getAttribute('aria-readonly') !== 'true');
}

async function setAccess(page: Page, levels: Record<string, 'Default' | 'Elevated'>) {
  await page.getByRole('tab', { name: 'Access' }).click();
  for (const [group, level] of Object.entries(levels)) {
    await page.getByRole('radiogroup', { name: `Level of ${group}` }).getByRole('radio', { name: level }).check();
  }
  const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/manual-entry-forms\/[^/]+\/access$/.test(response.url()));
  await page.getByRole('button', { name: 'Save access' }).click();
  expect((await saved).status()).toBe(200);
}

describe('manual entry forms, end to end', () => {
  it('is configured by an administrator, used by operators at their levels, survives going offline and is audited', async () => {
    // The administrator builds the Events form: the reactor's batches, yield and note typed.
    const adminView = await asUser(ADMIN, ADMIN_PASSWORD, '/manual-entry-forms');
    let page = adminView.page;
    await page.getByRole('heading', { name: 'Manual entry forms', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'New form' }).or(page.getByRole('button', { name: 'New form' })).first().click();
    await page.getByRole('heading', { name: 'New manual entry form', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: /^Name/ }).fill(BATCHES);
    await page.getByRole('textbox', { name: /^Default time range/ }).fill('48h');
    await page.getByRole('textbox', { name: /^Maximum edit age \(elevated users\)/ }).fill('48h');
    await page.getByRole('tab', { name: 'Fields' }).click();
    await page.getByRole('combobox', { name: 'Add an event configuration' }).click();
    await page.getByRole('option', { name: /Plant\/Reactor 1/ }).click();
    for (const property of ['Yield', 'Note']) {
      await page.getByRole('checkbox', { name: `${property} visible` }).check();
      await page.getByRole('checkbox', { name: `${property} editable` }).check();
    }
    await page.getByRole('button', { name: 'Create form' }).click();
    await page.getByText('The form is created.').waitFor();
    await setAccess(page, { [OPERATORS]: 'Default', [LEADS]: 'Elevated' });
    const batches = await formUuid(BATCHES);

    // … and the Asset Properties form over the lab's pH.
    await page.goto('/#/manual-entry-form?id=new');
    await page.getByRole('heading', { name: 'New manual entry form', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: /^Name/ }).fill(LAB);
    await page.getByRole('radio', { name: /Asset properties/ }).check();
    await page.getByRole('tab', { name: 'Fields' }).click();
    await page.getByRole('button', { name: 'Add group' }).click();
    await page.getByRole('textbox', { name: 'Group name' }).fill('Quality');
    await page.getByRole('combobox', { name: 'Add an asset property to Quality' }).click();
    await page.getByRole('option', { name: /pH/ }).click();
    await page.getByRole('button', { name: 'Create form' }).click();
    await page.getByText('The form is created.').waitFor();
    await setAccess(page, { [OPERATORS]: 'Default', [LEADS]: 'Elevated' });
    const lab = await formUuid(LAB);
    expect(adminView.errors).toEqual([]);

    // Olga (default) sees both forms with her level, and types the recent batch's yield.
    const olga = await asUser(OLGA, PASSWORD, '/manual-entry-forms');
    page = olga.page;
    const list = page.getByRole('main');
    await list.getByRole('link', { name: BATCHES }).waitFor();
    await list.getByRole('link', { name: LAB }).waitFor();
    expect(await list.getByText('Default', { exact: true }).count()).toBe(2);
    await list.getByRole('link', { name: BATCHES }).click();
    await page.getByRole('grid', { name: BATCHES }).waitFor();
    await until(async () => (await bodyRows(page).count()) === 2, 'the two batches');
    const [recentRow, oldRow] = [bodyRows(page).nth(0), bodyRows(page).nth(1)];
    await typeInto(page, await cellOf(page, recentRow, 'Yield'), '95,5');
    await until(async () => (await entries(batches)).Events?.find((event) => event.UUID === recentBatch)?.Cells !== undefined, 'the entries');
    const yieldKey = async () => {
      const { Columns } = await admin.json<{ Columns: { Key: string; Name: string }[] }>(
        'GET',
        `/manual-entry-forms/${batches}/entries?From=${new Date(Date.now() - 48 * HOUR).toISOString()}&To=${new Date().toISOString()}`,
        { organization },
      );
      return Columns.find((column) => column.Name === 'Yield')?.Key ?? '';
    };
    const yieldUuid = await yieldKey();
    const batchValue = async (batch: string) => (await entries(batches)).Events?.find((event) => event.UUID === batch)?.Cells[yieldUuid]?.Value;
    await until(async () => (await batchValue(recentBatch)) === 95.5, 'the yield Olga typed');

    // The thirty-hour-old batch is past her 24h: read-only with the reason, and the server refuses it too.
    const oldYield = await cellOf(page, oldRow, 'Yield');
    expect(await oldYield.getAttribute('aria-readonly')).toBe('true');
    expect(await oldYield.getAttribute('aria-description')).toContain('Older than 24h');
    const olgaApi = await signInAs(server.url, OLGA, PASSWORD);
    const refused = await olgaApi.call('PUT', `/manual-entry-forms/${batches}/events/${oldBatch}`, { organization, body: { Properties: { [yieldUuid]: 90 } } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'manual_entry.errors.edit_too_old', params: { limit: '24h' } });

    // The lab form: a pH reading now; then one typed while the browser is offline waits and arrives.
    await page.goto(`/#/manual-entry-form/view?id=${lab}`);
    await page.getByRole('grid', { name: LAB }).waitFor();
    await page.getByRole('button', { name: 'Add row' }).click();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await focusedCell(page);
    await page.keyboard.type('7.1');
    await page.keyboard.press('Enter');
    await until(async () => (await entries(lab)).Rows?.some((row) => row.Cells[phPropertyUuid]?.Value === 7.1) === true, 'the pH of 7.1');

    await olga.context.setOffline(true);
    const rowTime = page.getByLabel('Time of the new row');
    await page.getByRole('button', { name: 'Add row' }).click();
    const earlier = new Date(Date.now() - 10 * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await rowTime.fill(`${earlier.getFullYear()}-${pad(earlier.getMonth() + 1)}-${pad(earlier.getDate())}T${pad(earlier.getHours())}:${pad(earlier.getMinutes())}`);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await focusedCell(page);
    await page.keyboard.type('7.3');
    await page.keyboard.press('Enter');
    await page.getByText(/Offline — 1 entry will be sent when the connection returns/).waitFor();
    await page.getByRole('grid', { name: LAB }).getByRole('img', { name: 'Waiting to send' }).waitFor();
    expect((await entries(lab)).Rows?.some((row) => row.Cells[phPropertyUuid]?.Value === 7.3)).toBe(false);
    await olga.context.setOffline(false);
    await until(async () => (await entries(lab)).Rows?.some((row) => row.Cells[phPropertyUuid]?.Value === 7.3) === true, 'the pH typed offline');
    await page.getByText(/Offline — /).waitFor({ state: 'detached' });
    expect(olga.errors).toEqual([]);
    await olga.context.close();

    // Eric (elevated) may change the day-old batch, and corrects Olga's yield with a reason.
    const eric = await asUser(ERIC, PASSWORD, `/manual-entry-form/view?id=${batches}`);
    page = eric.page;
    await page.getByRole('grid', { name: BATCHES }).waitFor();
    await until(async () => (await bodyRows(page).count()) === 2, 'the two batches');
    const ericOld = await cellOf(page, bodyRows(page).nth(1), 'Yield');
    expect(await ericOld.getAttribute('aria-readonly')).toBeNull();
    await typeInto(page, ericOld, '88');
    await until(async () => (await batchValue(oldBatch)) === 88, 'the old batch yield');
    await typeInto(page, await cellOf(page, bodyRows(page).nth(0), 'Yield'), '96');
    const reasonDialog = page.getByRole('dialog', { name: 'Why does this value change?' });
    await reasonDialog.getByLabel('Reason').fill('Recounted the drums');
    await reasonDialog.getByRole('button', { name: 'Save the value' }).click();
    await until(async () => (await batchValue(recentBatch)) === 96, 'the corrected yield');
    expect(eric.errors).toEqual([]);
    await eric.context.close();

    // Every change is in the audit log under ManualEntry, with the value before and the reason.
    const audit = await admin.json<{ SubjectType: string; Reason: string | null; Before: unknown; After: unknown; UserName: string }[]>(
      'GET',
      '/audit-logs?Limit=100&Areas[]=ManualEntry',
      { organization },
    );
    const values = audit.filter((entry) => entry.SubjectType === 'EventPropertyValue' || entry.SubjectType === 'AssetPropertyValue');
    expect(values.length).toBeGreaterThanOrEqual(5);
    const correction = values.find((entry) => entry.Reason === 'Recounted the drums');
    expect(correction).toMatchObject({ Before: { value: 95.5 }, After: { value: 96 } });
    page = adminView.page;
    await page.goto('/#/audit_log?Areas=ManualEntry');
    const table = page.getByRole('grid', { name: 'Audit log entries' });
    await table.getByText('Recounted the drums').waitFor();
    expect(adminView.errors).toEqual([]);
    await adminView.context.close();
  });
});
