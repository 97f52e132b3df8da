import { randomUUID } from 'node:crypto';
import { createTestOrganization } from '../../../auth/testing/testUsers';
import type { Db } from '../../../db/db';
import { openTestDatabase, type TestDatabase } from '../../../db/testing/testDatabase';
import type { ServiceLease } from '../../../events/processor/lease';
import { insertBuiltinDatabase, insertMeasurement } from '../../../ingestion/testing/fixtures';
import { SinkUnavailableError, type OutgoingMessage, type SinkHub, type SinkHubOptions, type SparkplugMetricDefinition } from '../../sinks/hub';
import { TemplateRenderError, type ForwardedSource, type ForwarderDefinition, type MessageRenderer } from '../messages';
import { forwarderStatistics } from '../statistics';
import { insertForwarder, insertSink, setState } from './testFixture';
import { startIntegrations, type Integrations, type IntegrationsOptions, type ResolveSelection } from './worker';

// The forwarding worker on PGlite with a fake hub, renderer and selection resolution injected
// (server/integrations/README.md, "Runtime"): delivery in id order, entries kept while the hub
// refuses and sent once after, template errors left out and counted, only the lease holder
// sending, selections refreshed on change and every ReloadInterval, SparkplugB metrics declared,
// the hub stopped with the lease.

jest.setTimeout(60_000);

let database: TestDatabase;
let db: Db;
let organization: string;
const workers: Integrations[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  organization = await createTestOrganization(db);
}, 60_000);

afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
  // Each test's forwarders leave the next test's worker alone.
  await db.query(`UPDATE forwarders SET state = 'stopped'`);
  await db.query(`DELETE FROM service_leases WHERE name = 'integrations'`);
});

afterAll(async () => {
  await database?.cleanup();
}, 30_000);

// ---- fakes ---------------------------------------------------------------------------------------

class FakeHub implements SinkHub {
  readonly published: { sink: string; messages: OutgoingMessage[] }[] = [];
  readonly declared = new Map<string, SparkplugMetricDefinition[]>();
  refuse: SinkUnavailableError | null = null;
  reloads = 0;
  stopped = false;

  async publish(sinkUuid: string, messages: readonly OutgoingMessage[]) {
    if (this.stopped) throw new Error('publish on a stopped hub');
    if (this.refuse) throw this.refuse;
    this.published.push({ sink: sinkUuid, messages: [...messages] });
  }
  declareMetrics(sinkUuid: string, sourceId: string, metrics: readonly SparkplugMetricDefinition[]) {
    this.declared.set(`${sinkUuid}/${sourceId}`, [...metrics]);
  }
  async reload() {
    this.reloads += 1;
  }
  async stop() {
    this.stopped = true;
  }
  /** The payloads (MQTT) or metric values (SparkplugB) in the order the hub took them. */
  sent(): unknown[] {
    return this.published.flatMap(({ messages }) => messages.flatMap((m) => (m.kind === 'mqtt' ? [JSON.parse(m.payload) as unknown] : m.metrics.map((x) => x.value))));
  }
}

function hubs() {
  const made: FakeHub[] = [];
  return {
    made,
    factory: (_options?: SinkHubOptions) => {
      const hub = new FakeHub();
      made.push(hub);
      return hub;
    },
    sent: () => made.flatMap((hub) => hub.sent()),
  };
}

/** Renders a point as `{v}` (json) or one metric (sparkplugb); the value 'bad' fails its template. */
const renderer = (): MessageRenderer & { invalidated: (string | undefined)[] } => {
  const invalidated: (string | undefined)[] = [];
  return {
    invalidated,
    async render(forwarder: ForwarderDefinition, source: ForwardedSource): Promise<OutgoingMessage> {
      if (source.kind === 'event') return { kind: 'mqtt', topic: `events/${source.eventUuid}`, payload: JSON.stringify({ e: source.eventUuid, c: source.change }) };
      if (source.value === 'bad') throw new TemplateRenderError('PointMessage', 'function "nope" not defined', 'forwarders.errors.template_function', 1, 4);
      if (forwarder.format === 'sparkplugb') return { kind: 'sparkplug', metrics: [{ name: `Plant/${source.measurementUuid}`, timestamp: source.time, datatype: 'Double', value: source.value }] };
      return { kind: 'mqtt', topic: `points/${source.measurementUuid}`, payload: JSON.stringify({ v: source.value }) };
    },
    invalidate(forwarderUuid?: string) {
      invalidated.push(forwarderUuid);
    },
  };
};

/** Test convention: Selection.Labels name keys of `resolved`, each resolving to measurements. */
function resolver() {
  const resolved = new Map<string, string[]>();
  let calls = 0;
  const resolve: ResolveSelection = async (_db, _organization, selection) => {
    calls += 1;
    return { measurements: (selection.Labels ?? []).flatMap((label) => (resolved.get(label) ?? []).map((measurementUuid) => ({ measurementUuid, assetPropertyUuid: null }))), eventTypeUuids: [] };
  };
  return { resolved, resolve, calls: () => calls };
}

const log = { info: () => undefined, warn: () => undefined };

function start(options: Partial<IntegrationsOptions> = {}) {
  const worker = startIntegrations({ db, log, dataDir: '/nonexistent', renderer: renderer(), resolve: resolver().resolve, pollMs: 50, idleMinMs: 10, idleMaxMs: 50, ...options });
  workers.push(worker);
  return worker;
}

async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Queues points of values `from`…`from + count − 1` (in id order) for a forwarder. */
async function enqueue(forwarder: string, values: readonly unknown[], measurement: string = randomUUID()) {
  await db.query(
    `INSERT INTO forwarder_queue (forwarder_uuid, kind, measurement_uuid, time, value)
     SELECT $1, 'point', $2, timestamptz 'epoch' + (1e12 + n) * interval '1 millisecond', v FROM unnest($3::jsonb[]) WITH ORDINALITY AS x (v, n) ORDER BY n`,
    [forwarder, measurement, values.map((value) => JSON.stringify(value))],
  );
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
const queued = async (forwarder: string) => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM forwarder_queue WHERE forwarder_uuid = $1', [forwarder])).rows[0].n;
const statistics = async (forwarder: string) =>
  (
    await db.query<{ forwarded: number; skipped: number; last_forwarded_at: Date | null; last_error: string | null; selected_measurements: number }>(
      'SELECT forwarded, skipped, last_forwarded_at, last_error, selected_measurements FROM forwarder_statistics WHERE forwarder_uuid = $1',
      [forwarder],
    )
  ).rows[0];
const selections = async (forwarder: string) =>
  (await db.query<{ measurement_uuid: string }>('SELECT measurement_uuid FROM forwarder_selections WHERE forwarder_uuid = $1 ORDER BY measurement_uuid', [forwarder])).rows.map(
    (row) => row.measurement_uuid,
  );

// ---- delivery ------------------------------------------------------------------------------------

describe('delivery', () => {
  it('hands each forwarder’s queue to the hub in id order, deletes what it took and counts it', async () => {
    const sink = await insertSink(db, organization);
    const [a, b] = [await insertForwarder(db, organization, sink), await insertForwarder(db, organization, sink)];
    await enqueue(a, range(0, 1_200));
    await enqueue(b, ['x', 'y']);
    const made = hubs();
    start({ hub: made.factory, batchSize: 500 });
    await until(async () => (await queued(a)) + (await queued(b)), (n) => n === 0);
    expect(made.made).toHaveLength(1);
    const sent = made.sent();
    expect(sent.filter((m) => typeof (m as { v: unknown }).v === 'number')).toEqual(range(0, 1_200).map((v) => ({ v })));
    expect(sent.filter((m) => typeof (m as { v: unknown }).v === 'string')).toEqual([{ v: 'x' }, { v: 'y' }]);
    // Batches of at most 500, all to the forwarders' sink.
    expect(made.made[0].published.every((p) => p.sink === sink && p.messages.length <= 500)).toBe(true);
    expect(await statistics(a)).toMatchObject({ forwarded: 1_200, skipped: 0, last_forwarded_at: expect.any(Date), last_error: null });
    expect((await forwarderStatistics(db, [a])).get(a)).toMatchObject({ Queued: 0, Forwarded: 1_200, LastError: null });
  });

  it('keeps the entries queued while the hub refuses them, records why (without credentials) and sends them once after: none lost, none twice', async () => {
    const sink = await insertSink(db, organization);
    const forwarder = await insertForwarder(db, organization, sink);
    const made = hubs();
    start({ hub: made.factory });
    await until(() => made.made.length, (n) => n === 1);
    made.made[0].refuse = new SinkUnavailableError(sink, 'disconnected', 'connect ECONNREFUSED mqtt://historian:s3cret@broker.example:1883');
    await enqueue(forwarder, range(0, 10));
    const refused = await until(() => statistics(forwarder), (s) => s?.last_error != null);
    expect(refused.last_error).toContain('sink unavailable (disconnected)');
    expect(refused.last_error).not.toContain('s3cret');
    expect(await queued(forwarder)).toBe(10);
    expect(made.sent()).toEqual([]);

    await enqueue(forwarder, range(10, 5));
    made.made[0].refuse = null;
    await until(() => queued(forwarder), (n) => n === 0);
    expect(made.sent()).toEqual(range(0, 15).map((v) => ({ v })));
    expect(await statistics(forwarder)).toMatchObject({ forwarded: 15, last_error: null });
  });

  it('leaves out an entry its template cannot render, counts it and names the template, and sends the others', async () => {
    const sink = await insertSink(db, organization);
    const forwarder = await insertForwarder(db, organization, sink);
    await enqueue(forwarder, [1, 'bad', 3]);
    const made = hubs();
    start({ hub: made.factory });
    await until(() => queued(forwarder), (n) => n === 0);
    expect(made.sent()).toEqual([{ v: 1 }, { v: 3 }]);
    expect(await statistics(forwarder)).toMatchObject({ forwarded: 2, skipped: 1, last_error: 'PointMessage: function "nope" not defined' });
  });

  it('sends events as the renderer makes them, and waits with a stopped forwarder’s queue until it runs again', async () => {
    const sink = await insertSink(db, organization);
    const forwarder = await insertForwarder(db, organization, sink, { state: 'stopped' });
    const event = randomUUID();
    await db.query(`INSERT INTO forwarder_queue (forwarder_uuid, kind, event_uuid, change) VALUES ($1, 'event', $2, 'started'), ($1, 'event', $2, 'closed')`, [forwarder, event]);
    const made = hubs();
    start({ hub: made.factory });
    await until(() => made.made.length, (n) => n === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await queued(forwarder)).toBe(2);
    await setState(db, 'forwarders', forwarder, 'running');
    await until(() => queued(forwarder), (n) => n === 0);
    expect(made.sent()).toEqual([
      { e: event, c: 'started' },
      { e: event, c: 'closed' },
    ]);
  });
});

// ---- the lease -----------------------------------------------------------------------------------

describe('the integrations lease', () => {
  it('lets only its holder send when two servers share the database, and the other takes over when it stops', async () => {
    const sink = await insertSink(db, organization);
    const forwarder = await insertForwarder(db, organization, sink);
    await enqueue(forwarder, range(0, 300));
    const [first, second] = [hubs(), hubs()];
    const one = start({ hub: first.factory, batchSize: 50 });
    const two = start({ hub: second.factory, batchSize: 50 });
    await until(() => queued(forwarder), (n) => n === 0);
    const [holder, other] = first.made.length > 0 ? [first, second] : [second, first];
    const [holderWorker, otherWorker] = first.made.length > 0 ? [one, two] : [two, one];
    expect(holder.sent()).toEqual(range(0, 300).map((v) => ({ v })));
    expect(other.made).toEqual([]);
    expect(holderWorker.working()).toBe(true);
    expect(otherWorker.working()).toBe(false);

    await holderWorker.stop();
    expect(holder.made[0].stopped).toBe(true);
    await enqueue(forwarder, range(300, 100));
    await until(() => queued(forwarder), (n) => n === 0);
    expect(other.sent()).toEqual(range(300, 100).map((v) => ({ v })));
    expect([...holder.sent(), ...other.sent()]).toEqual(range(0, 400).map((v) => ({ v })));
  });

  it('stops even while a publish hangs on the broker, and stops the hub', async () => {
    const sink = await insertSink(db, organization);
    const forwarder = await insertForwarder(db, organization, sink);
    const made = hubs();
    const hanging = (options: Parameters<typeof made.factory>[0]) => {
      const hub = made.factory(options);
      hub.publish = () => new Promise<void>(() => undefined);
      return hub;
    };
    const worker = start({ hub: hanging, stopWaitMs: 200 });
    await enqueue(forwarder, [1]);
    await until(() => made.made.length, (n) => n === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await worker.stop();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(made.made[0].stopped).toBe(true);
    expect(await queued(forwarder)).toBe(1);
  });

  it('stops the hub when the lease is lost and makes a new one when it is held again; stop() gives the lease up', async () => {
    let held = true;
    let released = 0;
    const lease: ServiceLease = { holder: 'test', ensure: async () => held, held: () => held, release: async () => void (released += 1) };
    const sink = await insertSink(db, organization);
    const forwarder = await insertForwarder(db, organization, sink);
    const made = hubs();
    const worker = start({ hub: made.factory, lease });
    await until(() => made.made.length, (n) => n === 1);
    held = false;
    await until(() => made.made[0].stopped, (stopped) => stopped);
    expect(made.made[0].stopped).toBe(true);
    await enqueue(forwarder, [1]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await queued(forwarder)).toBe(1);
    held = true;
    await until(() => queued(forwarder), (n) => n === 0);
    expect(made.made).toHaveLength(2);
    expect(made.made[1].sent()).toEqual([{ v: 1 }]);
    await worker.stop();
    expect(made.made[1].stopped).toBe(true);
    expect(released).toBe(1);
  });
});

// ---- selections ----------------------------------------------------------------------------------

describe('selections', () => {
  it('are resolved into forwarder_selections at start, when the forwarder changes, and again every ReloadInterval', async () => {
    const [m1, m2, m3] = [randomUUID(), randomUUID(), randomUUID()].sort();
    const sink = await insertSink(db, organization);
    const forwarder = await insertForwarder(db, organization, sink, { selection: { Labels: ['line'] }, reloadInterval: '1m' });
    const selection = resolver();
    selection.resolved.set('line', [m1]);
    selection.resolved.set('tank', [m2]);
    let offset = 0;
    const r = renderer();
    start({ hub: hubs().factory, resolve: selection.resolve, renderer: r, now: () => Date.now() + offset });
    expect(await until(() => selections(forwarder), (s) => s.length === 1)).toEqual([m1]);
    expect(await statistics(forwarder)).toMatchObject({ selected_measurements: 1 });

    // Its Selection changed (saved on any server): taken up at the next look.
    await db.query(`UPDATE forwarders SET selection = $2::jsonb, updated_at = now() WHERE uuid = $1`, [forwarder, JSON.stringify({ Labels: ['line', 'tank'] })]);
    expect(await until(() => selections(forwarder), (s) => s.length === 2)).toEqual([m1, m2]);
    expect(r.invalidated).toContain(forwarder);

    // What the selection names changed (a new measurement with the label): only at the reload.
    selection.resolved.set('line', [m1, m3]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await selections(forwarder)).toEqual([m1, m2]);
    offset = 61_000;
    expect(await until(() => selections(forwarder), (s) => s.length === 3)).toEqual([m1, m2, m3]);
    expect(await statistics(forwarder)).toMatchObject({ selected_measurements: 3 });

    // Less selected: the rest leaves the table.
    selection.resolved.set('line', []);
    await db.query(`UPDATE forwarders SET updated_at = now() WHERE uuid = $1`, [forwarder]);
    expect(await until(() => selections(forwarder), (s) => s.length === 1)).toEqual([m2]);
  });

  it('records a selection that fails to resolve and keeps the old one', async () => {
    const sink = await insertSink(db, organization);
    const forwarder = await insertForwarder(db, organization, sink, { selection: { Labels: ['x'] } });
    await db.query('INSERT INTO forwarder_selections (forwarder_uuid, measurement_uuid) VALUES ($1, $2)', [forwarder, randomUUID()]);
    start({ hub: hubs().factory, resolve: async () => Promise.reject(new Error('connection to postgres://app:pw@db failed')) });
    const failed = await until(() => statistics(forwarder), (s) => s?.last_error != null);
    expect(failed.last_error).toMatch(/^selection: connection to postgres:\/\/\[redacted\]@db failed$/);
    expect(await selections(forwarder)).toHaveLength(1);
  });

  it('declares a SparkplugB forwarder’s metrics to the hub with their datatypes, and takes them back when it stops', async () => {
    const collector = (await db.query<{ uuid: string }>(`INSERT INTO collectors (organization_uuid, name, collector_type) VALUES ($1, 'Plant', 'simulation') RETURNING uuid`, [organization])).rows[0]
      .uuid;
    const points = await insertBuiltinDatabase(db, organization);
    const temperature = await insertMeasurement(db, { organizationUuid: organization, collectorUuid: collector, databaseUuid: points, datatype: 'number' });
    const running = await insertMeasurement(db, { organizationUuid: organization, collectorUuid: collector, databaseUuid: points, datatype: 'boolean' });
    const sink = await insertSink(db, organization, { type: 'SparkplugB' });
    const forwarder = await insertForwarder(db, organization, sink, { format: 'sparkplugb', selection: { Labels: ['all'] } });
    const selection = resolver();
    selection.resolved.set('all', [temperature, running]);
    const made = hubs();
    start({ hub: made.factory, resolve: selection.resolve });
    const key = `${sink}/${forwarder}`;
    const declared = await until(() => made.made[0]?.declared.get(key), (metrics) => metrics !== undefined);
    expect(declared).toEqual(
      expect.arrayContaining([
        { name: `Plant/${temperature}`, datatype: 'Double' },
        { name: `Plant/${running}`, datatype: 'Boolean' },
      ]),
    );
    expect(declared).toHaveLength(2);

    // Its points go as metrics.
    await enqueue(forwarder, [21.5, 22], temperature);
    await until(() => queued(forwarder), (n) => n === 0);
    expect(made.sent()).toEqual([21.5, 22]);
    expect(made.made[0].published).toHaveLength(1);

    await setState(db, 'forwarders', forwarder, 'stopped');
    expect(await until(() => made.made[0].declared.get(key), (metrics) => metrics?.length === 0)).toEqual([]);
  });

  it('reloads the hub when a sink changes', async () => {
    const made = hubs();
    start({ hub: made.factory });
    await until(() => made.made[0]?.reloads ?? 0, (n) => n >= 1);
    const before = made.made[0].reloads;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(made.made[0].reloads).toBe(before);
    await insertSink(db, organization, { state: 'stopped' });
    await until(() => made.made[0].reloads, (n) => n > before);
    expect(made.made[0].reloads).toBe(before + 1);
  });
});
