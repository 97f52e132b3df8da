import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, type MqttClient } from 'mqtt';
import { createTestOrganization } from '../../../auth/testing/testUsers';
import { openTestDatabase, type TestDatabase } from '../../../db/testing/testDatabase';
import { startMosquitto, subscribeTo, type MosquittoServer, type ReceivedMessage } from '../../../testing/mosquittoServer';
import { SinkUnavailableError, type OutgoingMessage, type SinkHub } from '../hub';
import { sendOnce } from '../sendOnce';
import { sparkplugPayloads } from '../sparkplug';
import { createSinkHub, sinkBufferDir } from './hub';

// The hub against a real Mosquitto (with persistence, so that a clean:false subscriber misses
// nothing while the broker restarts): MQTT messages arrive; SparkplugB births, data with its seq,
// rebirths and the death certificate as the will; the disk buffer across a broker outage and a
// restart of the hub itself; the buffer's limit drops and counts.

let database: TestDatabase;
let broker: MosquittoServer;
let organization: string;
let dataDir: string;
const hubs: SinkHub[] = [];
const clients: MqttClient[] = [];
const log = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  [database, broker, dataDir] = await Promise.all([openTestDatabase(), startMosquitto({ persistence: true }), mkdtemp(path.join(tmpdir(), 'sink-hub-'))]);
  organization = await createTestOrganization(database.db);
}, 60_000);

afterEach(async () => {
  await Promise.all(hubs.splice(0).map((hub) => hub.stop()));
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
});

afterAll(async () => {
  await Promise.all([database?.cleanup(), broker?.close(), dataDir && rm(dataDir, { recursive: true, force: true })]);
});

let sinkNumber = 0;
async function runningSink(type: 'MQTT' | 'SparkplugB', settings: Record<string, unknown> = {}): Promise<string> {
  sinkNumber += 1;
  const { rows } = await database.db.query<{ uuid: string }>(
    "INSERT INTO sinks (organization_uuid, name, sink_type, state, settings) VALUES ($1, $2, $3, 'running', $4::jsonb) RETURNING uuid",
    [organization, `sink ${sinkNumber}`, type, JSON.stringify({ BrokerURL: broker.url, BufferProcessInterval: 100, ...settings })],
  );
  return rows[0].uuid;
}

function hub(): SinkHub {
  const created = createSinkHub({ db: database.db, dataDir, log });
  hubs.push(created);
  return created;
}

type Received = ReceivedMessage;

async function subscriber(topic: string, clientId?: string): Promise<{ client: MqttClient; received: Received[] }> {
  const subscribed = await subscribeTo(broker.url, topic, clientId);
  clients.push(subscribed.client);
  return subscribed;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const statistics = async (uuid: string) =>
  (await database.db.query<{ connected: boolean; sent: number; buffered: number; dropped: number }>('SELECT connected, sent, buffered, dropped FROM sink_statistics WHERE sink_uuid = $1', [uuid])).rows[0];

const mqtt = (topic: string, payload: string): OutgoingMessage => ({ kind: 'mqtt', topic, payload });
const decode = (message: Received) => sparkplugPayloads.decodePayload(message.payload);

describe('MQTT', () => {
  it('publishes messages that arrive at a subscriber, with the topic prefix, and counts them', async () => {
    const sink = await runningSink('MQTT', { TopicPrefix: 'site/' });
    const { received } = await subscriber('site/#');
    const h = hub();
    await h.reload();
    await h.publish(sink, [mqtt('a/1', 'one'), mqtt('a/2', 'two')]);
    await until(() => received.length === 2);
    expect(received.map((m) => [m.topic, m.payload.toString()])).toEqual([
      ['site/a/1', 'one'],
      ['site/a/2', 'two'],
    ]);
    // Written every few seconds while it runs, for any server to answer.
    await until(async () => (await statistics(sink))?.connected === true && Number((await statistics(sink)).sent) === 2, 10_000);
    await h.stop();
    expect(await statistics(sink)).toMatchObject({ connected: false, sent: 2, dropped: 0 });
  });

  it('refuses a stopped or unknown sink, and a disconnected one without buffer', async () => {
    const sink = await runningSink('MQTT', { BrokerURL: 'mqtt://127.0.0.1:1', BufferEnabled: false });
    const stopped = await runningSink('MQTT');
    await database.db.query("UPDATE sinks SET state = 'stopped' WHERE uuid = $1", [stopped]);
    const h = hub();
    await h.reload();
    await expect(h.publish(stopped, [mqtt('x', 'y')])).rejects.toMatchObject({ reason: 'stopped' });
    await expect(h.publish('00000000-0000-4000-8000-000000000000', [mqtt('x', 'y')])).rejects.toMatchObject({ reason: 'not_found' });
    await expect(h.publish(sink, [mqtt('x', 'y')])).rejects.toBeInstanceOf(SinkUnavailableError);
  });

  it('sendOnce delivers one message through a stored sink', async () => {
    const sink = await runningSink('MQTT', { TopicPrefix: 'once/' });
    const { received } = await subscriber('once/#');
    expect(await sendOnce(database.db, organization, sink, mqtt('t', 'hello'))).toMatchObject({ delivered: true });
    await until(() => received.length === 1);
    expect(received[0].topic).toBe('once/t');
    const nowhere = await runningSink('MQTT', { BrokerURL: 'mqtt://127.0.0.1:1' });
    expect(await sendOnce(database.db, organization, nowhere, mqtt('t', 'x'))).toMatchObject({ delivered: false, message: expect.any(String) });
  });
});

describe('the buffer', () => {
  it('keeps messages on disk while the broker is down and sends them in order after it restarts', async () => {
    const sink = await runningSink('MQTT', { BufferMaxBatchSize: 3 });
    const { received } = await subscriber('buffered/#', 'buffer-subscriber-1');
    const h = hub();
    await h.reload();
    await h.publish(sink, [mqtt('buffered/t', 'first')]);
    await until(() => received.length === 1);
    await broker.stop();
    const N = 20;
    for (let i = 0; i < N; i += 4) {
      await h.publish(sink, Array.from({ length: 4 }, (_, j) => mqtt('buffered/t', String(i + j))));
    }
    // Resolved: on disk, in batches of at most 3.
    expect((await readdir(sinkBufferDir(dataDir, sink))).filter((name) => name.endsWith('.batch')).length).toBeGreaterThanOrEqual(N / 3);
    await broker.start();
    await until(() => received.length === N + 1, 20_000);
    expect(received.slice(1).map((m) => m.payload.toString())).toEqual(Array.from({ length: N }, (_, i) => String(i)));
    await until(async () => (await readdir(sinkBufferDir(dataDir, sink))).length === 0);
  });

  it('sends what a previous hub left buffered once a new hub reconnects', async () => {
    const sink = await runningSink('MQTT');
    const { received } = await subscriber('restart/#', 'buffer-subscriber-2');
    await broker.stop();
    const first = createSinkHub({ db: database.db, dataDir, log });
    await first.reload();
    await first.publish(sink, [mqtt('restart/t', 'a'), mqtt('restart/t', 'b'), mqtt('restart/t', 'c')]);
    await first.stop();
    expect((await readdir(sinkBufferDir(dataDir, sink))).length).toBeGreaterThan(0);
    await broker.start();
    const second = hub();
    await second.reload();
    await until(() => received.length === 3, 20_000);
    expect(received.map((m) => m.payload.toString())).toEqual(['a', 'b', 'c']);
  });

  it('drops and counts what does not fit in MaxBatches', async () => {
    const sink = await runningSink('MQTT', { BufferMaxBatchSize: 1, BufferMaxBatches: 2, BrokerURL: 'mqtt://127.0.0.1:1' });
    const h = hub();
    await h.reload();
    await h.publish(sink, [mqtt('x', '1'), mqtt('x', '2'), mqtt('x', '3'), mqtt('x', '4'), mqtt('x', '5')]);
    await h.stop();
    expect(await statistics(sink)).toMatchObject({ buffered: 2, dropped: 3 });
  });

  it('drops and counts what would pass MaxDiskSpace or leave less than MinFreeDiskSpace', async () => {
    const big = 'x'.repeat(600 * 1024);
    const sink = await runningSink('MQTT', { BufferMaxDiskSpace: 1, BrokerURL: 'mqtt://127.0.0.1:1' });
    const full = await runningSink('MQTT', { BufferMinFreeDiskSpace: 1_000_000_000, BrokerURL: 'mqtt://127.0.0.1:1' });
    const h = hub();
    await h.reload();
    await h.publish(sink, [mqtt('x', big)]);
    await h.publish(sink, [mqtt('x', big)]);
    await h.publish(full, [mqtt('x', 'small')]);
    await h.stop();
    expect(await statistics(sink)).toMatchObject({ buffered: 1, dropped: 1 });
    expect(await statistics(full)).toMatchObject({ buffered: 0, dropped: 1 });
  });

  it('removes the buffer of a deleted sink, keeps that of a stopped one', async () => {
    const kept = await runningSink('MQTT', { BrokerURL: 'mqtt://127.0.0.1:1' });
    const deleted = await runningSink('MQTT', { BrokerURL: 'mqtt://127.0.0.1:1' });
    const h = hub();
    await h.reload();
    await h.publish(kept, [mqtt('x', '1')]);
    await h.publish(deleted, [mqtt('x', '1')]);
    await database.db.query("UPDATE sinks SET state = 'stopped', updated_at = now() WHERE uuid = $1", [kept]);
    await database.db.query('DELETE FROM sinks WHERE uuid = $1', [deleted]);
    await h.reload();
    expect((await readdir(sinkBufferDir(dataDir, kept))).length).toBe(1);
    await expect(readdir(sinkBufferDir(dataDir, deleted))).rejects.toThrow();
  });
});

describe('SparkplugB', () => {
  it('births the node with bdSeq and the declared metrics, sends NDATA with rising seq, splits, and births again on change or NCMD', async () => {
    const sink = await runningSink('SparkplugB', { GroupID: 'G1', NodeID: 'N1', MaxMetricsPerMessage: 2 });
    const { client, received } = await subscriber('spBv1.0/G1/#');
    const h = hub();
    h.declareMetrics(sink, 'forwarder-1', [{ name: 'Line1/Temperature', datatype: 'Double' }]);
    await h.reload();
    await until(() => received.length === 1);
    expect(received[0].topic).toBe('spBv1.0/G1/NBIRTH/N1');
    const birth = decode(received[0]);
    expect(Number(birth.seq)).toBe(0);
    const names = (birth.metrics ?? []).map((metric) => metric.name);
    expect(names).toEqual(expect.arrayContaining(['bdSeq', 'Node Control/Rebirth', 'Line1/Temperature']));
    const metric = (value: number) => ({ name: 'Line1/Temperature', timestamp: Date.now(), datatype: 'Double' as const, value });
    await h.publish(sink, [{ kind: 'sparkplug', metrics: [metric(1)] }]);
    await h.publish(sink, [{ kind: 'sparkplug', metrics: [metric(2), metric(3), metric(4)] }]);
    await until(() => received.length === 4);
    expect(received.slice(1).map((m) => m.topic)).toEqual(Array(3).fill('spBv1.0/G1/NDATA/N1'));
    expect(received.slice(1).map((m) => Number(decode(m).seq))).toEqual([1, 2, 3]);
    expect(received.slice(1).map((m) => decode(m).metrics?.length)).toEqual([1, 2, 1]);
    expect(decode(received[1]).metrics?.[0]).toMatchObject({ name: 'Line1/Temperature', value: 1 });

    h.declareMetrics(sink, 'forwarder-2', [{ name: 'Line2/Speed', datatype: 'Int64' }]);
    await until(() => received.length === 5);
    expect(received[4].topic).toBe('spBv1.0/G1/NBIRTH/N1');
    expect((decode(received[4]).metrics ?? []).map((m) => m.name)).toEqual(expect.arrayContaining(['Line1/Temperature', 'Line2/Speed']));

    await client.publishAsync('spBv1.0/G1/NCMD/N1', Buffer.from(sparkplugPayloads.encodePayload({ timestamp: Date.now(), metrics: [{ name: 'Node Control/Rebirth', type: 'Boolean', value: true }] })), { qos: 1 });
    await until(() => received.filter((m) => m.topic.includes('NBIRTH')).length === 3);
    await h.publish(sink, [{ kind: 'sparkplug', metrics: [metric(5)] }]);
    await until(() => received.at(-1)?.topic === 'spBv1.0/G1/NDATA/N1');
    expect(Number(decode(received.at(-1)!).seq)).toBe(1);
  });

  it('the broker sends the NDEATH (the will, same bdSeq) when the connection drops', async () => {
    const sink = await runningSink('SparkplugB', { GroupID: 'G2', NodeID: 'N2', ClientID: 'sparkplug-node-2' });
    const { received } = await subscriber('spBv1.0/G2/#');
    const h = hub();
    await h.reload();
    await until(() => received.some((m) => m.topic === 'spBv1.0/G2/NBIRTH/N2'));
    const bdSeq = (decode(received[0]).metrics ?? []).find((m) => m.name === 'bdSeq')?.value;
    // Another client with the node's client ID takes its session over: the broker drops ours.
    const intruder = connect(broker.url, { clientId: 'sparkplug-node-2', reconnectPeriod: 0 });
    clients.push(intruder);
    await until(() => received.some((m) => m.topic === 'spBv1.0/G2/NDEATH/N2'));
    const death = decode(received.find((m) => m.topic === 'spBv1.0/G2/NDEATH/N2')!);
    expect(Number((death.metrics ?? []).find((m) => m.name === 'bdSeq')?.value)).toBe(Number(bdSeq));
    expect(sink).toBeTruthy();
  });

  it('stopping the hub sends the NDEATH before it disconnects', async () => {
    const sink = await runningSink('SparkplugB', { GroupID: 'G5', NodeID: 'N5' });
    const { received } = await subscriber('spBv1.0/G5/#');
    const h = hub();
    await h.reload();
    await until(() => received.length === 1);
    await h.stop();
    await until(() => received.length === 2);
    // Only the one: a clean DISCONNECT, so that the broker does not send the will as well.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.map((m) => m.topic)).toEqual(['spBv1.0/G5/NBIRTH/N5', 'spBv1.0/G5/NDEATH/N5']);
    expect(sink).toBeTruthy();
  });

  it('DataOnly sends NDATA alone, from seq 0', async () => {
    const sink = await runningSink('SparkplugB', { GroupID: 'G3', NodeID: 'N3', DataOnly: true });
    const { received } = await subscriber('spBv1.0/G3/#');
    const h = hub();
    h.declareMetrics(sink, 'f', [{ name: 'm', datatype: 'Boolean' }]);
    await h.reload();
    await h.publish(sink, [{ kind: 'sparkplug', metrics: [{ name: 'm', timestamp: Date.now(), datatype: 'Boolean', value: true }] }]);
    await h.publish(sink, [{ kind: 'sparkplug', metrics: [{ name: 'm', timestamp: Date.now(), datatype: 'Boolean', value: null }] }]);
    await until(() => received.length === 2);
    expect(received.map((m) => [m.topic, Number(decode(m).seq)])).toEqual([
      ['spBv1.0/G3/NDATA/N3', 0],
      ['spBv1.0/G3/NDATA/N3', 1],
    ]);
    expect(decode(received[1]).metrics?.[0]).toMatchObject({ name: 'm', value: null });
  });

  it('sendOnce births the node on its short connection, then sends the data', async () => {
    const sink = await runningSink('SparkplugB', { GroupID: 'G4', NodeID: 'N4' });
    const { received } = await subscriber('spBv1.0/G4/#');
    const result = await sendOnce(database.db, organization, sink, { kind: 'sparkplug', metrics: [{ name: 'Line/Speed', timestamp: Date.now(), datatype: 'Int64', value: 7 }] });
    expect(result).toMatchObject({ delivered: true });
    await until(() => received.length === 2);
    expect(received.map((m) => [m.topic, Number(decode(m).seq)])).toEqual([
      ['spBv1.0/G4/NBIRTH/N4', 0],
      ['spBv1.0/G4/NDATA/N4', 1],
    ]);
    expect(Number(decode(received[1]).metrics?.[0].value)).toBe(7);
  });
});
