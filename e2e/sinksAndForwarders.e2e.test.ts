import { connectAsync, type MqttClient } from 'mqtt';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { POSTGRES_TIMESERIES_TYPE_UUID } from '../server/timeseries/registry';
import { startMosquitto, type MosquittoServer } from '../server/testing/mosquittoServer';
import { ADMIN, ADMIN_PASSWORD, prepareAdmin, type AdminApi } from './support/adminApi';
import { signInWithForm } from './support/authPages';
import { launchBrowser, newContext } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { until } from './support/until';

// Sinks and forwarders end to end (issue 21), as a plant's engineer sets them up: the boiler's
// temperature goes to the site's MQTT broker. In the console, an administrator creates a sink for
// the broker and tests it before saving (every step passes; a wrong port fails at the step that
// says so), starts it, creates a forwarder that selects the measurements labelled "export", writes
// the topic and message templates while the live preview renders a real point, sends one test
// message, and starts it. A consumer subscribed to the broker then receives each point the
// collector sends, rendered by those templates, and the lists show what was sent.

let server: RunningServer;
let broker: MosquittoServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let admin: AdminApi;
let organization: string;
let token: string;
let temperature: string;
let consumer: MqttClient;
const received: { topic: string; payload: string }[] = [];

const SINK = 'Site broker';
const FORWARDER = 'Boiler to MES';
const T0 = Date.now() - 60_000;

async function sendPoints(times: number[], values: number[], key: string) {
  const response = await fetch(`${server.url}/api/collector-api/points`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ BatchKey: key, Points: [{ MeasurementUUID: temperature, T: times, V: values }] }),
  });
  if (!response.ok) throw new Error(`points: ${response.status} ${await response.text()}`);
}

beforeAll(async () => {
  [server, broker, browser] = await Promise.all([startServer(), startMosquitto(), launchBrowser()]);
  admin = await prepareAdmin(server.url);
  const [root] = await admin.json<{ UUID: string }[]>('GET', '/current-user/organizations');
  organization = root.UUID;
  const post = <T = { UUID: string }>(path: string, body: unknown) => admin.json<T>('POST', path, { organization, body });
  const database = await post('/timeseries-databases?createDatabase=true', { Name: 'Plant history', TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID, Settings: { mode: 'builtin' } });
  const collector = await post('/collectors', { Name: 'Boiler house' });
  const measurement = { CollectorUUID: collector.UUID, DatabaseUUID: database.UUID, Datatype: 'number', Status: 'Active', Settings: {} };
  temperature = (await post('/measurements', { ...measurement, Name: 'Boiler.Temperature', Labels: ['export'] })).UUID;
  await post('/measurements', { ...measurement, Name: 'Boiler.Pressure' });
  token = (await admin.json<{ Token: string }>('GET', `/collectors/${collector.UUID}/token`, { organization })).Token;
  // A recent point, which the forwarder's preview renders.
  await sendPoints([T0], [71.5], 'e2e-first');

  consumer = await connectAsync(broker.url, { clientId: 'mes-consumer', protocolVersion: 4 });
  consumer.on('message', (topic, payload) => received.push({ topic, payload: payload.toString() }));
  await consumer.subscribeAsync('site/#', { qos: 1 });

  ({ context, page, errors } = await newContext(browser, server.url));
  await page.goto('/#/configuration/sinks');
  await signInWithForm(page, ADMIN, ADMIN_PASSWORD);
  await page.getByRole('heading', { level: 1, name: 'Sinks' }).waitFor();
}, 180_000);

afterAll(async () => {
  await consumer?.endAsync(true);
  await context?.close();
  await browser?.close();
  await server?.stop();
  await broker?.close();
});

const connectionTest = () => page.getByRole('region', { name: 'Connection test' });

describe('sinks and forwarders in the browser', () => {
  it('creates an MQTT sink, tested step by step before it is saved, and starts it', async () => {
    await page.getByRole('link', { name: 'Create sink' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Create sink' }).waitFor();
    await page.getByLabel(/^Name/).fill(SINK);
    await page.getByLabel(/^Type/).selectOption('MQTT');
    const brokerUrl = page.getByRole('textbox', { name: /^Broker URL/ });
    // A port where no broker listens: the test names the step that failed.
    await brokerUrl.fill(`mqtt://127.0.0.1:1`);
    await page.getByRole('button', { name: 'Test the connection' }).click();
    await page.getByText(/The connection test failed at the step connect/).waitFor({ timeout: 20_000 });

    await brokerUrl.fill(broker.url);
    await page.getByRole('textbox', { name: /^Topic prefix/ }).fill('site/');
    await page.getByRole('button', { name: 'Test the connection' }).click();
    await page.getByText('The connection test passed.').waitFor({ timeout: 20_000 });
    for (const step of ['resolve', 'connect', 'authenticate', 'publish']) expect(await connectionTest().textContent()).toContain(step);
    // The test published to the broker, under the prefix.
    await until(async () => received.some((message) => message.topic === 'site/historian/test'), 'the test message');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sinks' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(SINK) });
    await row.getByRole('button', { name: `Start ${SINK}` }).click();
    await row.getByText(/Connected since/).waitFor({ timeout: 20_000 });
  });

  it('creates a forwarder whose preview renders a real point, sends a test message, and forwards what the collector sends', async () => {
    await page.goto('/#/configuration/forwarder');
    await page.getByRole('heading', { level: 1, name: 'Create forwarder' }).waitFor();
    await page.getByLabel(/^Name/).fill(FORWARDER);
    await page.getByLabel(/^Sink/).selectOption({ label: `${SINK} (MQTT)` });
    await page.getByText('Format: JSON, because the sink is an MQTT sink.').waitFor();

    await page.getByRole('combobox', { name: 'Add: Measurement labels' }).fill('exp');
    await page.getByRole('option', { name: /^export/ }).click();
    await page.getByText(/Resolves to 1 measurements/).waitFor();

    await page.getByLabel(/^Measurement topic/).fill('boiler/{{(getMeasurement .MeasurementUUID).Name}}');
    await page.getByLabel(/^Point message/).fill('{"value":{{.Value}},"at":"{{.Timestamp}}"}');
    const preview = page.getByRole('region', { name: 'Preview' });
    await until(async () => (await preview.getByLabel('Topic').textContent()) === 'site/boiler/Boiler.Temperature', 'the rendered topic');
    expect(JSON.parse((await preview.getByLabel('Payload').textContent()) ?? '')).toEqual({ value: 71.5, at: new Date(T0).toISOString() });

    // A template error is shown at its template, with where it is.
    await page.getByLabel(/^Point message/).fill('{"value":{{.Value}');
    await preview.getByText(/template has an error/).waitFor();
    await page.getByText(/Line 1, column/).first().waitFor();
    await page.getByLabel(/^Point message/).fill('{"value":{{.Value}},"at":"{{.Timestamp}}"}');
    await until(async () => (await preview.getByLabel('Payload').textContent())?.includes('71.5') ?? false, 'the payload again');

    await preview.getByRole('button', { name: 'Send a test message' }).click();
    await page.getByText('The broker took the test message on boiler/Boiler.Temperature.').waitFor({ timeout: 20_000 });
    await until(async () => received.some((message) => message.topic === 'site/boiler/Boiler.Temperature'), 'the test message at the consumer');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forwarders' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(FORWARDER) });
    await row.getByRole('button', { name: `Start ${FORWARDER}` }).click();
    await row.getByRole('button', { name: `Stop ${FORWARDER}` }).waitFor();

    // The running server resolves the selection within seconds; from then on each point goes out.
    const before = received.length;
    let batch = 0;
    await until(async () => {
      batch += 1;
      await sendPoints([T0 + batch * 1000], [70 + batch], `e2e-${batch}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      return received.slice(before).some((message) => message.topic === 'site/boiler/Boiler.Temperature');
    }, 'the first forwarded point', 30_000);
    await sendPoints([T0 + 100_000, T0 + 101_000, T0 + 102_000], [80, 81, 82], 'e2e-last');
    await until(async () => received.filter((message) => message.payload.includes('"value":8')).length >= 3, 'the last three points');
    const last = received.filter((message) => message.topic === 'site/boiler/Boiler.Temperature').slice(-3).map((message) => JSON.parse(message.payload));
    expect(last).toEqual([80, 81, 82].map((value, i) => ({ value, at: new Date(T0 + 100_000 + i * 1000).toISOString() })));
    // Only the labelled measurement goes out.
    expect(received.every((message) => !message.topic.includes('Pressure'))).toBe(true);

    // The lists say what was sent (the forwarders' statistics, and the sink's, written every few seconds).
    await until(async () => {
      await page.reload();
      return /\d/.test((await page.getByRole('row', { name: new RegExp(FORWARDER) }).textContent()) ?? '');
    }, 'the forwarder statistics');
    expect(errors).toEqual([]);
  });
});
