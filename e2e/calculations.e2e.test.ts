import type { Browser, Page } from 'playwright-core';
import { POSTGRES_TIMESERIES_TYPE_UUID } from '../server/timeseries/registry';
import { ADMIN, ADMIN_PASSWORD, prepareAdmin, type AdminApi } from './support/adminApi';
import { signInWithForm } from './support/authPages';
import { launchBrowser, newContext } from './support/browser';
import { startCollector, type RunningCollector } from './support/collectorProcess';
import { startServer, type RunningServer } from './support/server';
import { until } from './support/until';

// Calculations end to end: the real server with its live calculation collector, the reference
// collector simulating two measurements, and the console in Chromium. A sampled calculation over
// the two is written in the editor, previewed over the last minutes, saved, seen live in a trend,
// then backfilled over a past day whose input values were written through the collector API.

let server: RunningServer;
let browser: Browser;
let admin: AdminApi;
let organization: string;
let collector: RunningCollector;
let token: string;
const inputs = new Map<string, string>();

const DATABASE = 'Plant history';
const COLLECTOR = 'Line 1';
const FLOW_IN = 'Reactor.FlowIn';
const FLOW_OUT = 'Reactor.FlowOut';
const CALCULATION = 'Reactor.FlowBalance';
const DAY_MS = 86_400_000;
/** The past day the test backfills: the whole of the day before yesterday (UTC). */
const pastDay = (() => {
  const start = Math.floor(Date.now() / DAY_MS) * DAY_MS - 2 * DAY_MS;
  return { start, end: start + DAY_MS };
})();

interface MeasurementJson {
  UUID: string;
  Name: string;
  LastPoint: { Time: string; Value: unknown } | null;
}

/** A past day of 1-s points for both inputs, sent as the collector sends its batches (at most 50,000 points each). */
async function writePastDay() {
  const CHUNK = 20_000;
  for (let from = pastDay.start; from < pastDay.end; from += CHUNK * 1000) {
    const times: number[] = [];
    for (let t = from; t < Math.min(pastDay.end, from + CHUNK * 1000); t += 1000) times.push(t);
    const points = [
      { MeasurementUUID: inputs.get(FLOW_IN), T: times, V: times.map(() => 10) },
      { MeasurementUUID: inputs.get(FLOW_OUT), T: times, V: times.map(() => 4) },
    ];
    const response = await fetch(`${server.url}/api/collector-api/points`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ BatchKey: `e2e-past-day-${from}`, Points: points }),
    });
    if (!response.ok) throw new Error(`writing the past day: ${response.status} ${await response.text()}`);
  }
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
  for (const [name, signal] of [[FLOW_IN, 'sine'], [FLOW_OUT, 'ramp']]) {
    const created = await admin.json<{ UUID: string }>('POST', '/measurements', {
      organization,
      body: { Name: name, CollectorUUID: collectorUuid, DatabaseUUID: database.UUID, Datatype: 'number', Status: 'Active', Settings: { Signal: signal, Amplitude: 5, Offset: 10 } },
    });
    inputs.set(name, created.UUID);
  }
  token = (await admin.json<{ Token: string }>('GET', `/collectors/${collectorUuid}/token`, { organization })).Token;
  collector = startCollector(server.url, token);
  await writePastDay();
}, 120_000);

afterAll(async () => {
  await collector?.stop();
  await browser?.close();
  await server?.stop();
}, 60_000);

async function signIn(page: Page) {
  await page.goto('/#/calculations');
  await signInWithForm(page, ADMIN, ADMIN_PASSWORD);
  await page.getByRole('heading', { name: 'Calculations', level: 1 }).waitFor();
}

/** The calculation's stored points over a range, through the query API. */
async function storedPoints(uuid: string, start: number, end: number): Promise<unknown[][]> {
  const answer = await admin.json<{ Series: { DataPoints: unknown[][] }[] }>('POST', '/timeseries/query', {
    organization,
    body: { MeasurementUUIDs: [uuid], Start: new Date(start).toISOString(), End: new Date(end).toISOString() },
  });
  return answer.Series[0]?.DataPoints ?? [];
}

/** A time as a datetime-local input takes it: local time (the browser's zone is the machine's), to the minute. */
function localInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

async function chooseInput(page: Page, row: number, name: string) {
  const picker = page.getByRole('combobox', { name: `Measurement of input ${row}` });
  await picker.fill(name);
  await page.getByRole('listbox', { name: `Measurement of input ${row}` }).getByRole('option', { name: new RegExp(name.replace('.', '\\.')) }).first().click();
  await page.getByRole('combobox', { name: `Aggregation of input ${row}` }).selectOption('mean');
}

describe('calculations, end to end', () => {
  it('a sampled calculation over two simulated measurements: previewed, saved, live in a trend, then backfilled over a past day', async () => {
    const { context, page, errors } = await newContext(browser, server.url);
    await signIn(page);

    // Written in the editor: a 2 s balance of the two flows.
    await page.getByRole('button', { name: 'New calculation' }).first().click();
    const form = page.getByRole('complementary', { name: 'New calculation' });
    await form.getByRole('textbox', { name: /^Name/ }).fill(CALCULATION);
    await form.getByRole('combobox', { name: /^Database/ }).selectOption({ label: DATABASE });
    await form.getByRole('combobox', { name: /^Datatype/ }).selectOption('number');
    await form.getByRole('combobox', { name: 'Type', exact: true }).selectOption('sampled');
    await form.getByRole('textbox', { name: /^Interval/ }).fill('2s');
    await form.getByRole('button', { name: 'Add input' }).click();
    await chooseInput(page, 1, FLOW_IN);
    await form.getByRole('button', { name: 'Add input' }).click();
    await chooseInput(page, 2, FLOW_OUT);
    // The script editor is CodeMirror (in a shadow root, which Playwright's CSS selectors pierce).
    const script = form.locator('.cm-content');
    await script.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText('_A.Value - _B.Value');
    expect(await script.textContent()).toBe('_A.Value - _B.Value');

    // The preview over the last hour, before anything is saved: evaluations, points and a chart.
    await form.getByRole('combobox', { name: 'Range' }).selectOption('1h');
    await form.getByRole('button', { name: 'Test' }).click();
    // An hour holds 1,799 or 1,800 complete windows of 2 s, most without input data yet.
    await form.getByText(/^1,?(799|800) evaluations$/).waitFor({ timeout: 30_000 });
    await form.getByText(/^\d[\d,]* points?$/).first().waitFor();
    await form.getByRole('region', { name: 'Preview' }).locator('canvas').first().waitFor();
    expect(await measurementNamed(CALCULATION)).toBeUndefined();

    await form.getByRole('button', { name: 'Create' }).click();
    const table = page.getByRole('grid', { name: 'Calculations' });
    await table.getByRole('row').filter({ hasText: CALCULATION }).waitFor();
    await page.getByRole('button', { name: 'Close', exact: true }).click();

    // Live: the calculation collector writes a value every 2 s; the trend draws it.
    const calculation = (await measurementNamed(CALCULATION))?.UUID ?? '';
    expect(calculation).not.toBe('');
    await until(async () => ((await measurementNamed(CALCULATION))?.LastPoint ?? null) !== null, 'a live value of the calculation', 45_000);
    await page.getByRole('checkbox', { name: `Choose ${CALCULATION}` }).click();
    await page.getByRole('button', { name: 'Trend chosen' }).click();
    await page.waitForURL(/trend=/);
    const trendPanel = page.getByRole('region', { name: 'Trend of the chosen measurements' });
    await trendPanel.locator('canvas').first().waitFor();
    await until(async () => (await trendPanel.getByText(CALCULATION).count()) > 0, 'the calculation in the trend');
    await page.getByRole('button', { name: 'Clear choice' }).click();

    // The past day holds no value of the calculation until it is backfilled.
    expect(await storedPoints(calculation, pastDay.start, pastDay.end)).toHaveLength(0);
    await table.getByRole('row').filter({ hasText: CALCULATION }).getByText(CALCULATION).first().click();
    await page.getByRole('button', { name: 'Backfill…' }).click();
    const dialog = page.getByRole('dialog', { name: `Backfill ${CALCULATION}` });
    await dialog.getByLabel('Start').fill(localInput(pastDay.start));
    await dialog.getByLabel('End').fill(localInput(pastDay.end));
    await dialog.getByRole('button', { name: 'Dry run' }).click();
    await dialog.getByText('Dry run done: nothing was written').waitFor({ timeout: 120_000 });
    // 43,200 windows of 2 s, each new.
    const counts = dialog.getByRole('row').filter({ hasText: CALCULATION }).first();
    await counts.getByText(/^43,?200$/).first().waitFor();
    expect(await storedPoints(calculation, pastDay.start, pastDay.end)).toHaveLength(0);

    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText('Backfill done').waitFor({ timeout: 120_000 });
    await dialog.getByText(/43,?200 values written\./).waitFor();
    const written = await storedPoints(calculation, pastDay.start, pastDay.end);
    expect(written).toHaveLength(43_200);
    expect(new Set(written.map((point) => point[1]))).toEqual(new Set([6]));
    await page.keyboard.press('Escape');

    // And the values appear in the trend of that day.
    await page.goto(`/#/calculations?trend=${calculation}&from=${new Date(pastDay.start).toISOString()}&to=${new Date(pastDay.end).toISOString()}`);
    const pastTrend = page.getByRole('region', { name: 'Trend of the chosen measurements' });
    await pastTrend.locator('canvas').first().waitFor();
    await until(async () => (await pastTrend.getByText(CALCULATION).count()) > 0, 'the backfilled day in the trend');
    await pastTrend.getByText(/^6(\.0+)?\b/).first().waitFor();

    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});

async function measurementNamed(name: string): Promise<MeasurementJson | undefined> {
  const list = await admin.json<MeasurementJson[]>('GET', `/measurements?Limit=100&Keyword=${encodeURIComponent(name)}`, { organization });
  return list.find((measurement) => measurement.Name === name);
}
