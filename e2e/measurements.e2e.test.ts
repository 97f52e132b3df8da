import type { Browser, Locator, Page } from 'playwright-core';
import { POSTGRES_TIMESERIES_TYPE_UUID } from '../server/timeseries/registry';
import { ADMIN, ADMIN_PASSWORD, prepareAdmin, type AdminApi } from './support/adminApi';
import { signInWithForm } from './support/authPages';
import { launchBrowser, newContext } from './support/browser';
import { startCollector, type RunningCollector } from './support/collectorProcess';
import { startServer, type RunningServer } from './support/server';
import { until } from './support/until';

// The data path end to end: the real server, the reference collector as a process of its own with
// a token issued through the API, and the console in Chromium. Three measurements are created in
// the form, their values arrive from the collector and are drawn in a trend; one is paused and its
// data stops. (A spreadsheet of 1,000 measurements: measurementImport.e2e.test.ts.)

let server: RunningServer;
let browser: Browser;
let admin: AdminApi;
let organization: string;
let collectorUuid: string;
let collector: RunningCollector;

const DATABASE = 'Plant history';
const COLLECTOR = 'Line 1';
const NAMES = ['Boiler.Temperature', 'Boiler.Pressure', 'Boiler.Running'];

interface MeasurementJson {
  UUID: string;
  Name: string;
  Status: string;
  LastPoint: { Time: string; Value: unknown } | null;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await prepareAdmin(server.url);
  const [root] = await admin.json<{ UUID: string }[]>('GET', '/current-user/organizations');
  organization = root.UUID;
  await admin.json('POST', '/timeseries-databases?createDatabase=true', {
    organization,
    body: { Name: DATABASE, TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID, Settings: { mode: 'builtin' } },
  });
  collectorUuid = (await admin.json<{ UUID: string }>('POST', '/collectors', { body: { Name: COLLECTOR }, organization })).UUID;
  const { Token } = await admin.json<{ Token: string }>('GET', `/collectors/${collectorUuid}/token`, { organization });
  collector = startCollector(server.url, Token);
  // The form offers the collector's settings (Signal, …) once it has reported their schema at its
  // start; on a loaded machine that may come after the page opened.
  await until(async () => {
    const collectors = await admin.json<{ UUID: string; MeasurementSettingsSchema?: { properties?: object } }[]>('GET', '/collectors', { organization });
    return Object.keys(collectors.find((c) => c.UUID === collectorUuid)?.MeasurementSettingsSchema?.properties ?? {}).length > 0;
  }, 'the collector to report its measurement settings', 60_000);
}, 120_000);

afterAll(async () => {
  await collector?.stop();
  await browser?.close();
  await server?.stop();
}, 60_000);

async function signIn(page: Page) {
  await page.goto('/#/measurements');
  await signInWithForm(page, ADMIN, ADMIN_PASSWORD);
  await page.getByRole('heading', { name: 'Measurements', level: 1 }).waitFor();
}

const table = (page: Page): Locator => page.getByRole('grid', { name: 'Measurements' });
const rowOf = (page: Page, name: string): Locator => table(page).getByRole('row').filter({ hasText: name });

async function measurementsByName(): Promise<Map<string, MeasurementJson>> {
  const list = await admin.json<MeasurementJson[]>('GET', '/measurements?Limit=100', { organization });
  return new Map(list.map((measurement) => [measurement.Name, measurement]));
}

async function lastPointTime(uuid: string): Promise<number> {
  const measurement = await admin.json<MeasurementJson>('GET', `/measurements/${uuid}`, { organization });
  return measurement.LastPoint ? Date.parse(measurement.LastPoint.Time) : 0;
}

async function createInForm(page: Page, name: string, datatype: string, signal: string) {
  await page.getByRole('button', { name: 'New measurement' }).first().click();
  const form = page.getByRole('complementary', { name: 'New measurement' });
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await form.getByRole('combobox', { name: /^Collector/ }).selectOption({ label: COLLECTOR });
  await form.getByRole('combobox', { name: /^Database/ }).selectOption({ label: DATABASE });
  await form.getByRole('combobox', { name: /^Datatype/ }).selectOption(datatype);
  await form.getByRole('combobox', { name: /^Signal/ }).selectOption(signal);
  await form.getByRole('button', { name: 'Create' }).click();
  await rowOf(page, name).waitFor();
  await page.getByRole('button', { name: 'Close', exact: true }).click();
}

describe('measurements, end to end', () => {
  it('three measurements on the reference collector: values arrive, a trend draws them, pausing one stops its data', async () => {
    const { context, page, errors } = await newContext(browser, server.url);
    await signIn(page);

    await createInForm(page, NAMES[0], 'number', 'sine');
    await createInForm(page, NAMES[1], 'number', 'ramp');
    await createInForm(page, NAMES[2], 'boolean', 'step');

    // The collector picks them up and its points arrive: every row shows a last value.
    const created = await measurementsByName();
    for (const name of NAMES) {
      const uuid = created.get(name)?.UUID ?? '';
      await until(async () => (await lastPointTime(uuid)) > 0, `points of ${name}`);
    }
    await page.reload();
    for (const name of NAMES) await rowOf(page, name).getByText(/\d{1,2}:\d{2}/).first().waitFor({ timeout: 15_000 });

    // The three in one trend: the chart is drawn, and its legend names each with a value.
    for (const name of NAMES) await page.getByRole('checkbox', { name: `Choose ${name}` }).click();
    await page.getByRole('button', { name: 'Trend chosen' }).click();
    await page.waitForURL(/trend=/);
    const trendPanel = page.getByRole('region', { name: 'Trend of the chosen measurements' });
    await trendPanel.locator('canvas').first().waitFor();
    for (const name of NAMES) await until(async () => (await trendPanel.getByText(name).count()) > 0, `${name} in the trend`);

    // Pause one from the bulk bar; its points stop while the others go on.
    await page.getByRole('button', { name: 'Clear choice' }).click();
    await page.getByRole('checkbox', { name: `Choose ${NAMES[1]}` }).click();
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.getByText('1 measurement paused.').waitFor();
    const paused = created.get(NAMES[1])?.UUID ?? '';
    const running = created.get(NAMES[0])?.UUID ?? '';
    // Points sampled before the pause reached the collector may still be in flight: let them land.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const pausedAt = await lastPointTime(paused);
    const runningAt = await lastPointTime(running);
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(await lastPointTime(paused)).toBe(pausedAt);
    expect(await lastPointTime(running)).toBeGreaterThan(runningAt);
    expect((await measurementsByName()).get(NAMES[1])?.Status).toBe('Paused');

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
