import type { Browser, Page } from 'playwright-core';
import { POSTGRES_TIMESERIES_TYPE_UUID } from '../server/timeseries/registry';
import { ADMIN, ADMIN_PASSWORD, prepareAdmin, type AdminApi } from './support/adminApi';
import { signInWithForm } from './support/authPages';
import { launchBrowser, newContext } from './support/browser';
import { startCollector, type RunningCollector } from './support/collectorProcess';
import { startServer, type RunningServer } from './support/server';
import { until } from './support/until';

// Events end to end, as a process engineer sets them up: the reference collector simulates a
// mixer whose Running flag goes on for 3 s every 6 s and its temperature. In the console an
// event type "Mixing" with an average temperature is defined, configured on the mixer with the
// Running flag as its historian trigger, and started. Events are watched opening and closing
// live on the overview with their average; two are merged and one is split there; a value is
// typed by hand, the aggregation changed, and the past range re-evaluated, keeping the typed value.

let server: RunningServer;
let browser: Browser;
let admin: AdminApi;
let organization: string;
let collector: RunningCollector;
let assetUuid: string;
const measurements = new Map<string, string>();

const DATABASE = 'Mixing history';
const COLLECTOR = 'Mixer PLC';
const RUNNING = 'Mixer1.Running';
const TEMPERATURE = 'Mixer1.Temperature';
const SITE = 'Plant';
const MIXER = 'Mixer 1';
const TYPE = 'Mixing';
const AVERAGE = 'Average temperature';
const CONFIGURATION = `${SITE}/${MIXER} · ${TYPE}`;

interface EventJson {
  UUID: string;
  StartTime: string;
  StopTime: string | null;
  Status: string;
  Source: string;
  Properties: Record<string, { Value: unknown; Manual: boolean }>;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await prepareAdmin(server.url);
  const [root] = await admin.json<{ UUID: string }[]>('GET', '/current-user/organizations');
  organization = root.UUID;
  const database = await admin.json<{ UUID: string }>('POST', '/timeseries-databases?createDatabase=true', {
    organization,
    body: { Name: DATABASE, TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID, Settings: { mode: 'builtin' } },
  });
  const collectorUuid = (await admin.json<{ UUID: string }>('POST', '/collectors', { body: { Name: COLLECTOR }, organization })).UUID;
  const simulated: [string, string, Record<string, unknown>][] = [
    [RUNNING, 'boolean', { Signal: 'step', PeriodSeconds: 6, SampleIntervalMs: 1000 }],
    [TEMPERATURE, 'number', { Signal: 'sine', Amplitude: 5, Offset: 80, PeriodSeconds: 30, SampleIntervalMs: 1000 }],
  ];
  for (const [name, datatype, settings] of simulated) {
    const created = await admin.json<{ UUID: string }>('POST', '/measurements', {
      organization,
      body: { Name: name, CollectorUUID: collectorUuid, DatabaseUUID: database.UUID, Datatype: datatype, Status: 'Active', Settings: settings },
    });
    measurements.set(name, created.UUID);
  }
  const site = await admin.json<{ UUID: string }>('POST', '/assets', { organization, body: { Name: SITE, ParentUUID: null, Metadata: {} } });
  assetUuid = (await admin.json<{ UUID: string }>('POST', '/assets', { organization, body: { Name: MIXER, ParentUUID: site.UUID, Metadata: {} } })).UUID;
  const token = (await admin.json<{ Token: string }>('GET', `/collectors/${collectorUuid}/token`, { organization })).Token;
  collector = startCollector(server.url, token);
}, 120_000);

afterAll(async () => {
  await collector?.stop();
  await browser?.close();
  await server?.stop();
}, 60_000);

async function events(): Promise<EventJson[]> {
  return admin.json<EventJson[]>('GET', `/events?AssetUUIDs=${assetUuid}&Limit=100`, { organization });
}

/** The events of a fixed window, in the overview's default order (newest first). */
async function windowEvents(from: number, to: number): Promise<EventJson[]> {
  const range = `StartTime=${new Date(from).toISOString()}&StopTime=${new Date(to).toISOString()}`;
  return admin.json<EventJson[]>('GET', `/events?AssetUUIDs=${assetUuid}&${range}&Limit=100`, { organization });
}

const average = (event: EventJson) => event.Properties[AVERAGE]?.Value;
const closed = (list: EventJson[]) => list.filter((event) => event.Status === 'processed' && typeof average(event) === 'number');

/** A time as the browser's datetime-local input takes it, with seconds. */
async function localInput(page: Page, iso: number): Promise<string> {
  return page.evaluate((ms) => {
    const d = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  }, iso);
}

describe('events, end to end', () => {
  it('configures a historian-triggered event, watches events live, merges, splits and re-evaluates a past range', async () => {
    const testStart = Date.now();
    const { context, page, errors } = await newContext(browser, server.url);
    await page.goto('/#/event_types');
    await signInWithForm(page, ADMIN, ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Event types', level: 1 }).waitFor();

    // The event type with its property.
    await page.getByRole('button', { name: 'New event type' }).first().click();
    const typeDrawer = page.getByRole('complementary', { name: 'New event type' });
    await typeDrawer.getByLabel(/^Name/).fill(TYPE);
    await typeDrawer.getByRole('button', { name: 'Add a property' }).click();
    const property = typeDrawer.getByRole('listitem', { name: /Property 1/ });
    await property.getByLabel('Property name').fill(AVERAGE);
    await property.getByLabel('Unit').fill('°C');
    await typeDrawer.getByRole('button', { name: 'Create event type' }).click();
    await page.getByRole('complementary', { name: TYPE }).waitFor();
    const [type] = await admin.json<{ UUID: string; Properties: { Name: string }[] }[]>('GET', `/event-types?Keyword=${TYPE}`, { organization });
    expect(type.Properties.map((p) => p.Name)).toEqual([AVERAGE]);

    // The configuration: the mixer's Running flag starts and stops the event.
    await page.goto('/#/event-configurations');
    await page.getByRole('tab', { name: 'Configurations' }).click();
    await page.getByRole('button', { name: 'New configuration' }).first().click();
    const configDrawer = page.getByRole('complementary', { name: 'New configuration' });
    await configDrawer.getByRole('combobox', { name: 'Asset' }).fill(MIXER);
    await configDrawer.getByRole('option', { name: `${SITE}/${MIXER}` }).click();
    await configDrawer.getByLabel('Event type').selectOption({ label: TYPE });
    await configDrawer.getByRole('radio', { name: /Historian trigger/ }).check();
    await configDrawer.getByRole('combobox', { name: 'Trigger measurement' }).fill(RUNNING);
    await configDrawer.getByRole('option', { name: new RegExp(RUNNING.replace('.', '\\.')) }).click();
    await configDrawer.getByRole('button', { name: 'Create configuration' }).click();
    const configuration = page.getByRole('complementary', { name: CONFIGURATION });
    await configDrawer.waitFor({ state: 'detached' });
    await page.getByRole('grid', { name: 'Event configurations' }).getByRole('row', { name: new RegExp(`${SITE}/${MIXER}`) }).waitFor();
    const [config] = await admin.json<{ UUID: string; State: string; Trigger: { MeasurementUUID: string } }[]>('GET', `/event-configurations?AssetUUIDs=${assetUuid}`, { organization });
    expect(config).toMatchObject({ State: 'stopped', Trigger: { MeasurementUUID: measurements.get(RUNNING) } });

    // The average temperature: the mean of the temperature over the event, previewed while it runs.
    await page.goto(`/#/event-property-configurations?configuration=${config.UUID}`);
    const properties = page.getByRole('grid', { name: 'Property configurations' });
    await properties.getByRole('row', { name: new RegExp(AVERAGE) }).click();
    const propertyDrawer = page.getByRole('complementary', { name: AVERAGE });
    await propertyDrawer.getByLabel(/^Value from/).selectOption('historian');
    await propertyDrawer.getByLabel(/^Source/).selectOption('data_reference');
    await propertyDrawer.getByRole('combobox', { name: 'Measurement' }).fill(TEMPERATURE);
    await propertyDrawer.getByRole('option', { name: new RegExp(TEMPERATURE.replace('.', '\\.')) }).click();
    await propertyDrawer.getByLabel(/^Aggregation/).selectOption('mean');
    await propertyDrawer.getByLabel(/^Preview while open/).check();
    await propertyDrawer.getByRole('button', { name: 'Configure property' }).click();
    await until(async () => (await admin.json<unknown[]>('GET', `/event-property-configurations?EventConfigurationUUIDs=${config.UUID}`, { organization })).length === 1, 'the property configuration');

    // Started from its drawer.
    await page.goto(`/#/event-configurations?tab=configurations&open=${config.UUID}`);
    await configuration.getByRole('button', { name: 'Start' }).click();
    await configuration.getByRole('button', { name: 'Stop' }).waitFor();

    // Live on the overview: an event runs, then events close with their average temperature.
    await page.goto(`/#/events?EventConfigurationUUIDs=${config.UUID}`);
    const grid = page.getByRole('grid', { name: 'Events' });
    try {
      await until(async () => (await events()).some((event) => event.Status === 'open'), 'an open event', 60_000);
    } catch (error) {
      const state = await admin.json('GET', `/event-configurations/${config.UUID}`, { organization });
      const log = await admin.json('GET', `/event-configurations/${config.UUID}/logs`, { organization });
      throw new Error(`${String(error)}: ${JSON.stringify(state)} ${JSON.stringify(log)} ${JSON.stringify(await events())}`);
    }
    await grid.getByRole('img', { name: 'Running' }).first().waitFor({ timeout: 30_000 });
    await until(async () => closed(await events()).length >= 4, 'four closed events', 90_000);
    await grid.getByRole('img', { name: 'Processed' }).first().waitFor({ timeout: 15_000 });
    const before = closed(await events());
    for (const event of before) {
      expect(average(event)).toBeGreaterThanOrEqual(75);
      expect(average(event)).toBeLessThanOrEqual(85);
    }
    // Each closed event lasted about the 3 s the flag was on.
    const lasted = (event: EventJson) => (Date.parse(event.StopTime ?? '') - Date.parse(event.StartTime)) / 1000;
    expect(lasted(before[1])).toBeGreaterThanOrEqual(2);
    expect(lasted(before[1])).toBeLessThanOrEqual(4);

    // From here on the overview shows a fixed window holding these events, so that rows stay put.
    const from = testStart - 60_000;
    const to = Date.parse(before[0].StopTime ?? '') + 1_000;
    await page.goto(`/#/events?EventConfigurationUUIDs=${config.UUID}&from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`);
    const bodyRows = grid.getByRole('row').filter({ has: page.getByRole('gridcell') });
    /** The row of an event, once the table shows as many rows as the server has events in the window. */
    const rowOf = async (uuid: string) => {
      let list: EventJson[] = [];
      await until(async () => {
        list = await windowEvents(from, to);
        return (await bodyRows.count()) === list.length;
      }, 'the overview to show the window');
      const index = list.findIndex((event) => event.UUID === uuid);
      if (index < 0) throw new Error(`no event ${uuid} in the window`);
      return bodyRows.nth(index);
    };

    // Merge: the second newest closed event into the one before it.
    const [, merged, previous] = before;
    const mergedRow = await rowOf(merged.UUID);
    await mergedRow.getByRole('button', { name: 'Merge with previous' }).click();
    const mergeDialog = page.getByRole('dialog', { name: 'Merge with the previous event' });
    await mergeDialog.getByRole('button', { name: 'Merge' }).click();
    await mergeDialog.waitFor({ state: 'detached' });
    await until(async () => !(await events()).some((event) => event.UUID === merged.UUID), 'the merged event to be gone');
    const absorbed = (await events()).find((event) => event.UUID === previous.UUID);
    expect(absorbed?.StartTime).toBe(previous.StartTime);
    expect(absorbed?.StopTime).toBe(merged.StopTime);

    // Split: the merged event at the middle of its gap, where the flag was off.
    const splitAt = Math.round((Date.parse(previous.StopTime ?? '') + Date.parse(merged.StartTime)) / 2 / 1000) * 1000;
    const splitRow = await rowOf(previous.UUID);
    await splitRow.getByRole('button', { name: 'Split' }).click();
    const splitDialog = page.getByRole('dialog', { name: 'Split the event' });
    await splitDialog.getByLabel('Split at').fill(await localInput(page, splitAt));
    await splitDialog.getByRole('button', { name: 'Split' }).click();
    await splitDialog.waitFor({ state: 'detached' });
    await until(async () => (await events()).some((event) => event.StartTime === new Date(splitAt).toISOString()), 'the second half of the split');
    const halves = (await events()).filter((event) => event.UUID === previous.UUID || event.StartTime === new Date(splitAt).toISOString());
    expect(halves.map((event) => [event.StartTime, event.StopTime]).sort()).toEqual(
      [
        [previous.StartTime, new Date(splitAt).toISOString()],
        [new Date(splitAt).toISOString(), merged.StopTime],
      ].sort(),
    );

    // A value typed by hand in the details drawer, with a reason.
    const typed = before[3];
    await page.goto(`/#/events?EventConfigurationUUIDs=${config.UUID}&from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}&Event=${typed.UUID}`);
    const details = page.getByRole('complementary', { name: new RegExp(TYPE) });
    await details.getByRole('button', { name: `Edit ${AVERAGE}` }).click();
    await details.getByLabel('Value').fill('42');
    await details.getByLabel('Reason').fill('Lab measurement');
    await details.getByRole('button', { name: 'Save' }).click();
    await until(async () => (await events()).find((event) => event.UUID === typed.UUID)?.Properties[AVERAGE]?.Manual === true, 'the typed value');

    // The past range re-evaluated with the maximum instead of the mean: the typed value stays.
    await page.goto(`/#/event-property-configurations?configuration=${config.UUID}`);
    await properties.getByRole('row', { name: new RegExp(AVERAGE) }).click();
    await propertyDrawer.getByLabel(/^Aggregation/).selectOption('max');
    await propertyDrawer.getByRole('button', { name: 'Save' }).click();
    await until(
      async () => (await admin.json<{ Aggregation: string }[]>('GET', `/event-property-configurations?EventConfigurationUUIDs=${config.UUID}`, { organization }))[0].Aggregation === 'max',
      'the maximum',
    );
    await page.goto(`/#/event-configurations?tab=configurations&open=${config.UUID}`);
    await configuration.getByRole('button', { name: 'Re-evaluate' }).click();
    const reevaluate = page.getByRole('dialog', { name: `Re-evaluate ${CONFIGURATION}` });
    await reevaluate.getByLabel('From').fill(await localInput(page, testStart - 60_000));
    await reevaluate.getByLabel('To').fill(await localInput(page, Date.now() + 60_000));
    await reevaluate.getByRole('button', { name: 'Dry run' }).click();
    await reevaluate.getByText('Dry run done: nothing was written').waitFor({ timeout: 60_000 });
    await reevaluate.getByRole('button', { name: 'Apply' }).click();
    await reevaluate.getByText('The events were computed again.').waitFor({ timeout: 60_000 });

    const after = await events();
    const kept = after.find((event) => event.UUID === typed.UUID);
    expect(kept?.Properties[AVERAGE]).toMatchObject({ Value: 42, Manual: true });
    const recomputed = after.filter((event) => event.UUID !== typed.UUID && event.Status === 'processed' && Date.parse(event.StartTime) < testStart + 60_000 * 10);
    const earlier = new Map(before.map((event) => [event.UUID, average(event) as number]));
    const compared = recomputed.filter((event) => earlier.has(event.UUID) && event.UUID !== previous.UUID);
    expect(compared.length).toBeGreaterThan(0);
    for (const event of compared) expect(average(event) as number).toBeGreaterThan(earlier.get(event.UUID) ?? Infinity);

    // The typed value is in the audit log with its reason and the value before.
    const audit = await admin.json<{ Area: string; SubjectType: string; Reason: string | null }[]>('GET', '/audit-logs?Limit=50', { organization });
    expect(audit.some((entry) => entry.SubjectType === 'EventPropertyValue' && entry.Reason === 'Lab measurement')).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
