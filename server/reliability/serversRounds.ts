import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createTestUser } from '../auth/testing/testUsers';
import { collectorWithToken } from '../collectors/testing/collectorFixtures';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../auth/sessions';
import { CALCULATIONS_LEASE } from '../calculations/live/engine';
import { EVENT_PROCESSOR_LEASE } from '../events/processor/lease';
import { INTEGRATIONS_LEASE } from '../integrations/forwarders/runtime/worker';
import { insertBuiltinDatabase, insertMeasurement } from '../ingestion/testing/fixtures';
import { enqueueJob } from '../jobs/queue';
import { registerTestJobTypes, TEST_JOB_TYPES } from '../jobs/testJobTypes';
import type { Cluster } from '../testing/cluster';
import type { ReceivedMessage } from '../testing/mosquittoServer';

// Rounds of "kill a server and start it again" on a loopback cluster (server/testing/cluster.ts)
// under steady ingestion through the proxy, jobs, a live calculation and an event configuration,
// counted afterwards from PostgreSQL and the jobs' own files (server/reliability/README.md, suite
// `servers`). Used small by servers.test.ts and long by bench/reliability/servers.suite.ts.

export interface ServersRoundsOptions {
  rounds: number;
  /** How long the cluster runs undisturbed before each kill, and after each restart (ms). */
  steadyMs: number;
  /** Jobs enqueued per round (short resumable test jobs). */
  jobsPerRound: number;
  /** Where the jobs write their lines. */
  workDir: string;
  /** Count the messages the forwarder delivered (the fixtures were made with a broker). */
  forwarding?: boolean;
  /** Start the killed server again each round (default true; the fast test leaves it down). */
  restart?: boolean;
  log?: (line: string) => void;
}

export interface ServersRoundsResult {
  servers: number;
  rounds: number;
  /** Points the proxy answered 200 for (a collector's acknowledged writes). */
  acknowledgedPoints: number;
  acknowledgedLost: number;
  /** Batches by the server that took them. */
  batchesByServer: number[];
  jobs: number;
  jobsRunTwice: number;
  jobsMissed: number;
  calculationWindows: number;
  calculationWindowsDoubled: number;
  calculationWindowsMissed: number;
  /** Events the processor made from the trigger's points, and those its points call for (one per rise from 0 to 1). */
  events: number;
  eventsExpected: number;
  /** Events beyond one per expected start time (two at one start, or one where none should start), and expected starts without one. */
  eventsDoubled: number;
  eventsMissed: number;
  /** Acknowledged points the forwarder sent to the broker more than once, and not at all. */
  forwardedDoubled: number;
  forwardedMissed: number;
  /** Seconds from a kill of a lease holder until live servers held all its leases again. */
  takeoverSeconds: number[];
  /** The leases the killed servers held (each taken over by another server). */
  leasesTakenOver: string[];
}

/** What runs once, each under its lease (server/reliability/README.md). */
const LEASES = [CALCULATIONS_LEASE, INTEGRATIONS_LEASE, EVENT_PROCESSOR_LEASE];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

export interface ClusterFixtures {
  organization: string;
  user: { name: string; password: string };
  collectorToken: string;
  input: string;
  calculation: string;
  /** A second measurement of the collector: a square wave of 0 and 1 in real time, the trigger of `eventConfiguration`. */
  trigger: string;
  /** A running `historian` event configuration on `trigger`, made through the API: an event from each rise to 1 until the fall to 0. */
  eventConfiguration: string;
  /** The MQTT consumer's messages: one `{"t":<ms>}` per point of the input forwarded. */
  forwarded: ReceivedMessage[];
}

async function api<T>(cluster: Cluster, browser: Record<string, string>, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${cluster.url}/api${url}`, {
    method,
    headers: { ...browser, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Signs in through the proxy; the headers a browser sends next (session, XSRF, organization). */
export async function signInThroughProxy(cluster: Cluster, name: string, password: string, organization: string): Promise<Record<string, string>> {
  const response = await fetch(`${cluster.url}/api/auth/local/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Name: name, Password: password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  const cookies = new Map(
    response.headers.getSetCookie().map((line) => {
      const pair = line.split(';')[0];
      return [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const;
    }),
  );
  const session = cookies.get(SESSION_COOKIE)!;
  const xsrf = cookies.get(XSRF_COOKIE)!;
  return { cookie: `${SESSION_COOKIE}=${session}; ${XSRF_COOKIE}=${xsrf}`, [XSRF_HEADER]: xsrf, 'x-organization-uuid': organization };
}

/**
 * The fixtures of a run: a user with every privilege of the root organization, a collector with a
 * measurement and a trigger, a live calculation, an event configuration on the trigger; with a broker, the input's points are also forwarded to it (an MQTT sink
 * and a forwarder made through the API) and a consumer subscribed to them.
 */
export async function clusterFixtures(cluster: Cluster, broker?: { url: string; subscribe: (topic: string) => Promise<ReceivedMessage[]> }): Promise<ClusterFixtures> {
  const { db } = cluster;
  const organization = (await db.query<{ uuid: string }>('SELECT uuid FROM organizations WHERE is_root')).rows[0].uuid;
  const privileges = (await db.query<{ name: string }>('SELECT name FROM privileges')).rows.map((row) => row.name);
  const password = 'cluster-password-1';
  const user = await createTestUser(db, { password, privileges: { [organization]: privileges } });
  const collector = await collectorWithToken(db, organization);
  await db.query(`UPDATE collectors SET status = 'Active' WHERE uuid = $1`, [collector.uuid]);
  const points = await insertBuiltinDatabase(db, organization);
  const input = await insertMeasurement(db, { organizationUuid: organization, collectorUuid: collector.uuid, databaseUuid: points });
  const calculator = (await db.query<{ uuid: string }>(`SELECT uuid FROM collectors WHERE organization_uuid = $1 AND collector_type = 'calculation'`, [organization])).rows[0].uuid;
  // Each window's value is the count of windows evaluated before it, plus one: a window evaluated
  // twice from a stale state, or skipped, breaks the sequence 1, 2, 3, … of the stored values.
  const calculation = await insertMeasurement(db, {
    organizationUuid: organization,
    collectorUuid: calculator,
    databaseUuid: points,
    settings: { Type: 'simulation', Interval: '1s', Script: `const n = (local.get('n') ?? 0) + 1; local.set('n', n); return n;` },
  });
  const trigger = await insertMeasurement(db, { organizationUuid: organization, collectorUuid: collector.uuid, databaseUuid: points });
  const browser = await signInThroughProxy(cluster, user.name, password, organization);
  const asset = await api<{ UUID: string }>(cluster, browser, 'POST', '/assets', { Name: 'Cluster line', ParentUUID: null, Metadata: {} });
  const eventType = await api<{ UUID: string }>(cluster, browser, 'POST', '/event-types', { Name: 'Cluster run', ParentUUID: null });
  const eventConfiguration = (
    await api<{ UUID: string }>(cluster, browser, 'POST', '/event-configurations', {
      AssetUUID: asset.UUID,
      EventTypeUUID: eventType.UUID,
      StartSource: 'historian',
      Trigger: { MeasurementUUID: trigger },
    })
  ).UUID;
  await api(cluster, browser, 'PATCH', `/event-configurations/${eventConfiguration}/state`, { State: 'running' });
  // Detection begins at the processor's first round after the start (server/events/README.md): the
  // trigger's points are all sent after it.
  await until(
    async () => (await db.query('SELECT 1 FROM event_configuration_state WHERE configuration_uuid = $1 AND processed_until IS NOT NULL', [eventConfiguration])).rows.length,
    (n) => n > 0,
    60_000,
    'the event configuration’s first round',
  );
  let forwarded: ReceivedMessage[] = [];
  if (broker) {
    await db.query(`UPDATE measurements SET labels = '{cluster}' WHERE uuid = $1`, [input]);
    const topic = `cluster-${Date.now()}`;
    forwarded = await broker.subscribe(`${topic}/#`);
    const sink = await api<{ UUID: string }>(cluster, browser, 'POST', '/sinks', { Name: 'Cluster broker', Type: 'MQTT', Settings: { BrokerURL: broker.url, TopicPrefix: `${topic}/`, BufferProcessInterval: 100 } });
    await api(cluster, browser, 'PUT', `/sinks/${sink.UUID}/state`, { State: 'running' });
    const forwarder = await api<{ UUID: string }>(cluster, browser, 'POST', '/forwarders', {
      SinkUUID: sink.UUID,
      Name: 'Cluster points',
      Format: 'json',
      ReloadInterval: '10s',
      Selection: { Labels: ['cluster'] },
      Templates: { MeasurementTopic: 'points', PointMessage: '{"t":{{.TimestampMs}}}' },
    });
    await api(cluster, browser, 'PUT', `/forwarders/${forwarder.UUID}/state`, { State: 'running' });
    // From the resolved selection on, the input's points are queued for the forwarder.
    await until(async () => (await db.query('SELECT 1 FROM forwarder_selections WHERE forwarder_uuid = $1', [forwarder.UUID])).rows.length, (n) => n > 0, 60_000, 'the forwarder’s selection');
  }
  return { organization, user: { name: user.name, password }, collectorToken: collector.token, input, calculation, trigger, eventConfiguration, forwarded };
}

/** The trigger's square wave: 0 and 1 by turns, each for this long. */
const TRIGGER_LEVEL_MS = 1_000;
/**
 * The trigger's points are stamped this far ahead of their sending, so that one acknowledged late
 * on a loaded machine still reaches PostgreSQL before the processor's settle delay (2 s) has passed
 * its time: a point later than that is left out by design, which is not what this counts.
 */
const TRIGGER_LEAD_MS = 1_000;
const levelAt = (t: number) => Math.floor(t / TRIGGER_LEVEL_MS) % 2;

interface Series {
  MeasurementUUID: string;
  T: number[];
  V: number[];
}

/** Posts a batch through the proxy; resolves to the server index that acknowledged it, or null. */
async function postBatch(cluster: Cluster, token: string, key: string, series: Series[]): Promise<number | null> {
  try {
    const response = await fetch(`${cluster.url}/api/collector-api/points`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ BatchKey: key, Points: series }),
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    return response.status === 200 ? Number(response.headers.get('x-cluster-server')) : null;
  } catch {
    return null;
  }
}

export async function runServersRounds(cluster: Cluster, fixtures: ClusterFixtures, options: ServersRoundsOptions): Promise<ServersRoundsResult> {
  const log = options.log ?? (() => undefined);
  registerTestJobTypes();
  const { db } = cluster;
  const jobsFile = path.join(options.workDir, `jobs-${Date.now()}.txt`);
  await appendFile(jobsFile, '');

  // Steady ingestion: a batch of 5 points of the input every 50 ms, each point at its own time, and
  // one point of the trigger at the time of sending (its square wave's level).
  const acknowledged: number[] = [];
  const triggerAcknowledged: number[] = [];
  const batchesByServer = cluster.servers.map(() => 0);
  let ingesting = true;
  let sequence = 0;
  const base = Date.now() - 3_600_000;
  const ingestion = (async () => {
    while (ingesting) {
      const times = Array.from({ length: 5 }, () => base + sequence++);
      const t = Date.now() + TRIGGER_LEAD_MS;
      const server = await postBatch(cluster, fixtures.collectorToken, `cluster-${times[0]}`, [
        { MeasurementUUID: fixtures.input, T: times, V: times.map((time) => time % 1000) },
        { MeasurementUUID: fixtures.trigger, T: [t], V: [levelAt(t)] },
      ]);
      if (server !== null) {
        acknowledged.push(...times);
        triggerAcknowledged.push(t);
        batchesByServer[server] += 1;
      }
      await sleep(50);
    }
  })();

  const jobs: string[] = [];
  const enqueue = async () => {
    for (let i = 0; i < options.jobsPerRound; i += 1) {
      const job = await enqueueJob(db, {
        type: TEST_JOB_TYPES.resumable,
        organizationUuid: fixtures.organization,
        payload: { file: jobsFile, steps: 8, stepMs: 100 },
        createdBy: { uuid: null, name: 'cluster' },
      });
      jobs.push(job.uuid);
    }
  };

  const takeoverSeconds: number[] = [];
  const leasesTakenOver: string[] = [];
  try {
    for (let round = 0; round < options.rounds; round += 1) {
      await enqueue();
      await sleep(options.steadyMs);
      // The server holding the most of the leases (the calculations lease first) is killed.
      await until(() => cluster.leaseHolder(CALCULATIONS_LEASE), (server) => server !== undefined, 60_000, 'a calculations lease holder');
      const holders = new Map<string, number | undefined>();
      for (const name of LEASES) holders.set(name, (await cluster.leaseHolder(name))?.index);
      const held = (index: number) => LEASES.filter((name) => holders.get(name) === index);
      const index = cluster.servers
        .filter((server) => server.alive)
        .map((server) => server.index)
        .sort((a, b) => held(b).length - held(a).length || Number(holders.get(CALCULATIONS_LEASE) === b) - Number(holders.get(CALCULATIONS_LEASE) === a))[0];
      const leases = held(index);
      const killedAt = Date.now();
      await cluster.kill(index);
      leasesTakenOver.push(...leases);
      log(`round ${round + 1}: killed server ${index} (it held the leases ${leases.join(', ') || 'none'})`);
      await enqueue();
      for (const name of leases) await until(() => cluster.leaseHolder(name), (server) => server !== undefined, 120_000, `another server to take the ${name} lease`);
      takeoverSeconds.push((Date.now() - killedAt) / 1000);
      log(`round ${round + 1}: takeover took ${takeoverSeconds[takeoverSeconds.length - 1].toFixed(1)} s`);
      if (options.restart !== false) {
        await cluster.restart(index);
        log(`round ${round + 1}: server ${index} started again`);
      }
      await sleep(options.steadyMs);
    }
  } finally {
    ingesting = false;
    await ingestion;
  }

  // Every job ends (a killed server's claim expires and another server resumes it).
  await until(
    async () => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE uuid = ANY($1::uuid[]) AND state IN ('pending', 'running')`, [jobs])).rows[0].n,
    (open) => open === 0,
    180_000,
    'every job to finish',
  );
  const lines = (await readFile(jobsFile, 'utf8')).split('\n').filter(Boolean);
  const ends = new Map<string, number>();
  for (const line of lines) if (line.startsWith('end ')) ends.set(line.slice(4), (ends.get(line.slice(4)) ?? 0) + 1);
  const done = new Set(
    (await db.query<{ uuid: string }>(`SELECT uuid FROM jobs WHERE uuid = ANY($1::uuid[]) AND state = 'done'`, [jobs])).rows.map((row) => row.uuid),
  );
  const jobsRunTwice = [...ends.values()].filter((n) => n > 1).length;
  const jobsMissed = jobs.filter((uuid) => !done.has(uuid) || !ends.has(uuid)).length;

  // Acknowledged points, by time: every one must be stored.
  const stored = new Set(
    (
      await db.query<{ t: number }>('SELECT (extract(epoch FROM time) * 1000)::float8 AS t FROM timeseries_points WHERE measurement_uuid = $1', [fixtures.input])
    ).rows.map((row) => Number(row.t)),
  );
  const triggerStored = (
    await db.query<{ t: number; v: number }>(
      'SELECT (extract(epoch FROM time) * 1000)::float8 AS t, value_number AS v FROM timeseries_points WHERE measurement_uuid = $1 ORDER BY time',
      [fixtures.trigger],
    )
  ).rows.map((row) => ({ t: Number(row.t), v: Number(row.v) }));
  const triggerTimes = new Set(triggerStored.map((point) => point.t));
  const acknowledgedLost = acknowledged.filter((t) => !stored.has(t)).length + triggerAcknowledged.filter((t) => !triggerTimes.has(t)).length;

  // The events: once the processor has passed the trigger's last point, one event at each rise of
  // the stored trigger (every acknowledged point, and any a killed server stored without answering)
  // from 0 to 1 — or at its first point when that is 1 —, counted by start time.
  const lastTrigger = triggerStored.length === 0 ? 0 : triggerStored[triggerStored.length - 1].t;
  await until(
    async () =>
      Number(
        (await db.query<{ until: string | null }>('SELECT processed_until AS until FROM event_configuration_state WHERE configuration_uuid = $1', [fixtures.eventConfiguration]))
          .rows[0]?.until ?? 0,
      ),
    (processedUntil) => processedUntil > lastTrigger,
    120_000,
    'the event processor to pass the trigger’s last point',
  ).catch((error: Error) => log(error.message));
  const expectedStarts = new Set<number>();
  let level: number | undefined;
  for (const point of triggerStored) {
    if (point.v !== level && point.v !== 0) expectedStarts.add(point.t);
    level = point.v;
  }
  const starts = new Map<number, number>();
  for (const row of (
    await db.query<{ t: number }>('SELECT (extract(epoch FROM start_time) * 1000)::float8 AS t FROM events WHERE configuration_uuid = $1', [fixtures.eventConfiguration])
  ).rows)
    starts.set(Number(row.t), (starts.get(Number(row.t)) ?? 0) + 1);
  let eventsDoubled = 0;
  for (const [start, n] of starts) eventsDoubled += expectedStarts.has(start) ? n - 1 : n;
  const eventsMissed = [...expectedStarts].filter((start) => !starts.has(start)).length;
  const { rows: eventState } = await db.query<{ last_error: string | null }>('SELECT last_error FROM event_configuration_state WHERE configuration_uuid = $1', [
    fixtures.eventConfiguration,
  ]);
  if (eventState[0]?.last_error) log(`the event configuration's last error: ${eventState[0].last_error}`);

  // The calculation: windows from its first to its last value, each once, the values 1, 2, 3, …
  const rows = (
    await db.query<{ t: number; v: number }>(
      'SELECT (extract(epoch FROM time) * 1000)::float8 AS t, value_number AS v FROM timeseries_points WHERE measurement_uuid = $1 ORDER BY time',
      [fixtures.calculation],
    )
  ).rows.map((row) => ({ t: Number(row.t), v: Number(row.v) }));
  const expectedWindows = rows.length === 0 ? 0 : (rows[rows.length - 1].t - rows[0].t) / 1000 + 1;
  const calculationWindowsMissed = expectedWindows - rows.length;
  // A value that does not continue the count means a window was evaluated twice from a stale state
  // (two holders at once); a gap in the times is a window missed (or one whose evaluation failed,
  // which its last_error tells).
  let calculationWindowsDoubled = 0;
  for (let i = 1; i < rows.length; i += 1) if (rows[i].v !== rows[i - 1].v + 1) calculationWindowsDoubled += 1;
  const { rows: calcState } = await db.query<{ last_error: string | null }>('SELECT last_error FROM calculation_state WHERE measurement_uuid = $1', [fixtures.calculation]);
  if (calcState[0]?.last_error) log(`the calculation's last error: ${calcState[0].last_error}`);

  // The forwarded messages, by point time: each acknowledged point once at the consumer.
  let forwardedDoubled = 0;
  let forwardedMissed = 0;
  if (options.forwarding) {
    const countOf = () => {
      const counts = new Map<number, number>();
      for (const message of fixtures.forwarded) {
        const t = Number((JSON.parse(message.payload.toString()) as { t: number }).t);
        counts.set(t, (counts.get(t) ?? 0) + 1);
      }
      return counts;
    };
    const counts = await until(async () => countOf(), (seen) => acknowledged.every((t) => seen.has(t)), 120_000, 'every point forwarded').catch(() => countOf());
    forwardedMissed = acknowledged.filter((t) => !counts.has(t)).length;
    forwardedDoubled = [...counts.values()].filter((n) => n > 1).length;
  }

  return {
    servers: cluster.servers.length,
    rounds: options.rounds,
    acknowledgedPoints: acknowledged.length + triggerAcknowledged.length,
    acknowledgedLost,
    batchesByServer,
    jobs: jobs.length,
    jobsRunTwice,
    jobsMissed,
    calculationWindows: rows.length,
    calculationWindowsDoubled,
    calculationWindowsMissed,
    events: [...starts.values()].reduce((sum, n) => sum + n, 0),
    eventsExpected: expectedStarts.size,
    eventsDoubled,
    eventsMissed,
    forwardedDoubled,
    forwardedMissed,
    takeoverSeconds,
    leasesTakenOver,
  };
}
