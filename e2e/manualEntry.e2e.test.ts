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

describe('manual entry forms, end to end', () => {
  it('is configured by an administrator, used by operators at their levels, survives going offline and is audited', async () => {
    // TODO: filled in once the pages exist.
    expect(configurationUuid).toBeTruthy();
    expect(phPropertyUuid).toBeTruthy();
    expect(recentBatch).not.toBe(oldBatch);
    expect(until).toBeDefined();
    expect(signInAs).toBeDefined();
    expect(ADMIN && ADMIN_PASSWORD).toBeTruthy();
    expect(formUuid).toBeDefined();
    expect(entries).toBeDefined();
    expect(asUser).toBeDefined();
    expect(BATCHES && LAB).toBeTruthy();
  });
});
