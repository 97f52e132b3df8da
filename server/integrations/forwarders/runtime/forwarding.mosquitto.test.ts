import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import { sessionHeaders, createTestUser, type SessionHeaders } from '../../../auth/testing/testUsers';
import { bearer, collectorWithToken } from '../../../collectors/testing/collectorFixtures';
import { insertBuiltinDatabase, insertMeasurement } from '../../../ingestion/testing/fixtures';
import { openEntriesFixture, type EntriesFixture } from '../../../manual-entry/entries/testFixture';
import { startMosquitto, subscribeTo, type MosquittoServer } from '../../../testing/mosquittoServer';
import { sparkplugPayloads } from '../../sinks/sparkplug';

const decode = (payload: Buffer) => {
  const decoded = sparkplugPayloads!.decodePayload(payload);
  return { seq: Number(decoded.seq), metrics: (decoded.metrics ?? []).map((metric) => ({ name: metric.name, value: metric.value, timestamp: Number(metric.timestamp) })) };
};
import { startIntegrations, type Integrations } from './worker';

// Issue 21's "done when" for forwarders, the whole path with nothing faked: sinks and forwarders
// made through the API, points sent by a collector through the collector API, the worker under
// the integrations lease with the real renderer, selection and sink hub, and a real Mosquitto with
// a subscriber. JSON messages arrive in order; SparkplugB births and data arrive with their
// sequence numbers; points acknowledged while the broker is down wait in the sink's disk buffer
// and all arrive after it restarts.

jest.setTimeout(90_000);

let f: EntriesFixture;
let broker: MosquittoServer;
let dataDir: string;
let integrations: Integrations;
let manager: SessionHeaders;
let collector: { uuid: string; token: string };
let database: string;
const clients: MqttClient[] = [];
const log = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  [f, broker, dataDir] = await Promise.all([openEntriesFixture(), startMosquitto({ persistence: true }), mkdtemp(path.join(tmpdir(), 'forwarding-'))]);
  database = await insertBuiltinDatabase(f.db, f.organization);
  collector = await collectorWithToken(f.db, f.organization);
  const user = await createTestUser(f.db, { privileges: { [f.organization]: ['READ_SINKS', 'MANAGE_SINKS', 'READ_MEASUREMENTS'] } });
  manager = await sessionHeaders(f.t.ctx, user.uuid);
  integrations = startIntegrations({ db: f.db, log, dataDir, pollMs: 200, idleMaxMs: 200 });
});

afterAll(async () => {
  await integrations?.stop();
  await Promise.all(clients.map((client) => client.endAsync(true)));
  await Promise.all([f?.close(), broker?.close(), dataDir && rm(dataDir, { recursive: true, force: true })]);
});

async function api<T>(method: string, url: string, payload?: unknown): Promise<T> {
  const response = await f.call(method, url, payload, manager);
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return (response.body ? response.json() : undefined) as T;
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function subscriber(topic: string): Promise<{ topic: string; payload: Buffer }[]> {
  const { client, received } = await subscribeTo(broker.url, topic, `consumer-${clients.length}`);
  clients.push(client);
  return received;
}

async function measurement(name: string, labels: string[] = []): Promise<string> {
  const uuid = await insertMeasurement(f.db, { organizationUuid: f.organization, collectorUuid: collector.uuid, databaseUuid: database, name });
  await f.db.query('UPDATE measurements SET labels = $2 WHERE uuid = $1', [uuid, labels]);
  return uuid;
}

let batches = 0;
/** A collector's batch, answered once durable (the points are acknowledged). */
async function send(measurementUuid: string, times: number[], values: number[]): Promise<void> {
  batches += 1;
  const response = await f.t.app.inject({
    method: 'POST',
    url: '/api/collector-api/points',
    headers: bearer(collector.token),
    payload: { BatchKey: `forwarding-${batches}`, Points: [{ MeasurementUUID: measurementUuid, T: times, V: values }] },
  });
  expect(response.statusCode).toBe(200);
}

async function runningForwarder(sink: string, body: Record<string, unknown>): Promise<string> {
  await api('PUT', `/sinks/${sink}/state`, { State: 'running' });
  const forwarder = await api<{ UUID: string }>('POST', '/forwarders', { SinkUUID: sink, ReloadInterval: '10s', ...body });
  await api('PUT', `/forwarders/${forwarder.UUID}/state`, { State: 'running' });
  // The worker resolves a started forwarder's selection (it looks every 2 s); from then on points are queued.
  await until(async () => (await f.db.query('SELECT 1 FROM forwarder_selections WHERE forwarder_uuid = $1', [forwarder.UUID])).rows.length > 0, 'the selection');
  return forwarder.UUID;
}

const queued = async (forwarder: string) => Number((await f.db.query<{ n: string }>('SELECT count(*) AS n FROM forwarder_queue WHERE forwarder_uuid = $1', [forwarder])).rows[0].n);
const T0 = Date.UTC(2026, 10, 27, 6, 0, 0);
const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i);

it('sends the points of the measurements a label selects to an MQTT broker, rendered by the templates, in order', async () => {
  const temperature = await measurement('Reactor.Temperature', ['forward']);
  const pressure = await measurement('Reactor.Pressure');
  const sink = await api<{ UUID: string }>('POST', '/sinks', { Name: 'Plant broker', Type: 'MQTT', Settings: { BrokerURL: broker.url, TopicPrefix: 'plant/', BufferProcessInterval: 100 } });
  const received = await subscriber('plant/#');
  const forwarder = await runningForwarder(sink.UUID, {
    Name: 'Temperatures',
    Format: 'json',
    Selection: { Labels: ['forward'] },
    Templates: { MeasurementTopic: 'historian/{{(getMeasurement .MeasurementUUID).Name}}', PointMessage: '{"v":{{.Value}},"t":{{.TimestampMs}}}' },
  });

  await send(temperature, range(20).map((i) => T0 + i * 1000), range(20).map((i) => 20 + i / 2));
  await send(pressure, [T0], [1.013]);
  await until(() => received.length >= 20, '20 messages');
  expect(received.map((m) => m.topic)).toEqual(range(20).map(() => 'plant/historian/Reactor.Temperature'));
  expect(received.map((m) => JSON.parse(m.payload.toString()))).toEqual(range(20).map((i) => ({ v: 20 + i / 2, t: T0 + i * 1000 })));
  await until(async () => (await queued(forwarder)) === 0, 'an empty queue');
  const statistics = await api<{ Statistics: { Forwarded: number; SelectedMeasurements: number } }>('GET', `/forwarders/${forwarder}`);
  expect(statistics.Statistics).toMatchObject({ Forwarded: 20, SelectedMeasurements: 1 });
});

it('sends SparkplugB: a birth naming the metric, then data with rising sequence numbers', async () => {
  const level = await measurement('Tank.Level', ['sparkplug']);
  const sink = await api<{ UUID: string }>('POST', '/sinks', { Name: 'Sparkplug broker', Type: 'SparkplugB', Settings: { BrokerURL: broker.url, GroupID: 'Plant', NodeID: 'Historian', BufferProcessInterval: 100 } });
  const received = await subscriber('spBv1.0/Plant/#');
  await runningForwarder(sink.UUID, { Name: 'Levels', Format: 'sparkplugb', Selection: { Labels: ['sparkplug'] }, Templates: { MeasurementTopic: 'Tanks/{{(getMeasurement .MeasurementUUID).Name}}' } });
  await until(() => received.some((m) => m.topic === 'spBv1.0/Plant/NBIRTH/Historian' && decode(m.payload).metrics.some((metric) => metric.name === 'Tanks/Tank.Level')), 'a birth naming the metric');

  await send(level, range(5).map((i) => T0 + i * 1000), [1, 2, 3, 4, 5]);
  const data = () => received.filter((m) => m.topic === 'spBv1.0/Plant/NDATA/Historian').map((m) => decode(m.payload));
  await until(() => data().flatMap((payload) => payload.metrics).length >= 5, 'five metrics of data');
  const metrics = data().flatMap((payload) => payload.metrics);
  expect(metrics.map((metric) => [metric.name, Number(metric.value), Number(metric.timestamp)])).toEqual(range(5).map((i) => ['Tanks/Tank.Level', i + 1, T0 + i * 1000]));
  const sequence = data().map((payload) => Number(payload.seq));
  expect(sequence.every((seq, i) => i === 0 || seq === (sequence[i - 1] + 1) % 256)).toBe(true);
  expect(sequence[0]).toBeGreaterThan(0); // 0 is the birth's
});

it('keeps what was acknowledged while the broker is down and delivers all of it after the broker restarts', async () => {
  const flow = await measurement('Line.Flow', ['outage']);
  const sink = await api<{ UUID: string }>('POST', '/sinks', { Name: 'Outage broker', Type: 'MQTT', Settings: { BrokerURL: broker.url, BufferProcessInterval: 100 } });
  const received = await subscriber('outage/#');
  const forwarder = await runningForwarder(sink.UUID, { Name: 'Flows', Format: 'json', Selection: { Labels: ['outage'] }, Templates: { MeasurementTopic: 'outage/flow', PointMessage: '{{.Value}}' } });
  await send(flow, [T0], [0]);
  await until(() => received.length === 1, 'the first message');

  await broker.stop();
  // Acknowledged to the collector while nothing can reach the broker: 50 points in 5 batches.
  for (const batch of range(5)) await send(flow, range(10, 1 + batch * 10).map((i) => T0 + i * 1000), range(10, 1 + batch * 10));
  // The worker hands them to the sink, which keeps them in its disk buffer.
  await until(async () => (await queued(forwarder)) === 0, 'the queue handed to the sink');
  // The sink says so (its statistics are written every 2 s): disconnected, 50 messages buffered.
  const statistics = () => api<{ Connected: boolean; Buffered: number }>('GET', `/sinks/${sink.UUID}/statistics`);
  await until(async () => (await statistics()).Buffered === 50, '50 buffered messages');
  expect((await statistics()).Connected).toBe(false);
  expect(received).toHaveLength(1);
  await broker.start();

  await until(() => new Set(received.map((m) => m.payload.toString())).size === 51, 'all 51 values', 60_000);
  const values = received.map((m) => Number(m.payload.toString()));
  expect([...new Set(values)].sort((a, b) => a - b)).toEqual(range(51));
  // In the order they were sent (a repeat after a reconnect would come again in order).
  const firsts = values.filter((value, i) => values.indexOf(value) === i);
  expect(firsts).toEqual(range(51));
});
