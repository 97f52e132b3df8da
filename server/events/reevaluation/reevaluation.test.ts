import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { createTestUser, openTestApp, sessionHeaders, type TestApp } from '../../auth/testing/testUsers';
import { createTimeseriesStores, type TimeseriesStores } from '../../timeseries/stores';
import {
  createEventsWorld,
  eventsOf,
  insertConfiguration,
  insertEventType,
  insertPropertyConfiguration,
  insertSignal,
  logCodes,
  valuesOf,
  writePoints,
  type EventsWorld,
  type TypeFixture,
} from '../processor/testFixture';
import { JobInterrupted, type JobContext } from '../../jobs/registry';
import { runEventReevaluation, type EventReevaluationResult } from './reevaluationJob';

// The re-evaluation calls and the event_reevaluation job (server/events/README.md,
// "Re-evaluation") through the app, with a second app on the same database running the jobs as
// the server's runner would: the range checks and scoping, a dry run that writes nothing, and a
// run that recomputes closed events and keeps manual values.

const T0 = Date.UTC(2026, 9, 1, 8, 0, 0);
const MINUTE = 60_000;

let t: TestApp;
let runner: FastifyInstance;
let stores: TimeseriesStores;
let world: EventsWorld;
let headers: Record<string, string>;
let otherHeaders: Record<string, string>;
let type: TypeFixture;
let configuration: string;
let meanConfiguration: string;
let value: string;

interface JobBody {
  State: string;
  Error: string | null;
  Result: EventReevaluationResult | null;
}

const call = (url: string, as: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: `/api${url}`, headers: as, payload });
const iso = (ms: number) => new Date(ms).toISOString();

async function finished(jobUuid: string): Promise<JobBody> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = (await t.app.inject({ method: 'GET', url: `/api/jobs/${jobUuid}`, headers })).json<JobBody>();
    if (['done', 'failed', 'canceled'].includes(job.State)) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobUuid} still ${job.State}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function reevaluate(url: string, body: object): Promise<JobBody> {
  const started = await call(url, headers, body);
  expect(started.statusCode).toBe(202);
  return finished(started.json<{ JobUUID: string }>().JobUUID);
}

async function insertEvent(start: number, stop: number | null, values: Record<string, { value: unknown; manual?: boolean }>) {
  const { rows } = await t.db.query<{ uuid: string }>(
    `INSERT INTO events (organization_uuid, configuration_uuid, asset_uuid, event_type_uuid, start_time, stop_time, status, source)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'auto') RETURNING uuid`,
    [world.organization, configuration, world.asset, type.uuid, new Date(start), stop === null ? null : new Date(stop), stop === null ? 'open' : 'processed'],
  );
  for (const [name, entry] of Object.entries(values)) {
    await t.db.query('INSERT INTO event_property_values (event_uuid, event_type_property_uuid, value, manual) VALUES ($1, $2, $3, $4)', [
      rows[0].uuid,
      type.properties[name],
      JSON.stringify(entry.value),
      entry.manual ?? false,
    ]);
  }
  return rows[0].uuid;
}

beforeAll(async () => {
  t = await openTestApp();
  runner = await buildApp(t.ctx, { logLevel: 'silent', jobRunner: { pollMs: 50, recoverEveryMs: 60_000 } });
  stores = createTimeseriesStores(t.db);
  world = await createEventsWorld(t.db, stores);
  const other = await createEventsWorld(t.db, stores);
  const user = await createTestUser(t.db, { privileges: { [world.organization]: ['MANAGE_EVENT_CONFIGURATIONS', 'READ_EVENT_CONFIGURATIONS', 'READ_LOGS'] } });
  headers = { ...(await sessionHeaders(t.ctx, user.uuid)), 'x-organization-uuid': world.organization };
  const stranger = await createTestUser(t.db, { privileges: { [other.organization]: ['MANAGE_EVENT_CONFIGURATIONS', 'READ_EVENT_CONFIGURATIONS'] } });
  otherHeaders = { ...(await sessionHeaders(t.ctx, stranger.uuid)), 'x-organization-uuid': other.organization };

  type = await insertEventType(world, { Mean: {}, Max: {} });
  const trigger = await insertSignal(world);
  value = await insertSignal(world);
  configuration = await insertConfiguration(world, { type: type.uuid, startSource: 'historian', settings: { Trigger: { MeasurementUUID: trigger } }, state: 'stopped' });
  meanConfiguration = await insertPropertyConfiguration(world, { configuration, property: type.properties.Mean, measurement: value, aggregation: 'mean' });
  await insertPropertyConfiguration(world, { configuration, property: type.properties.Max, measurement: value, aggregation: 'max' });
  // Every minute: 10 in the first ten minutes, 20 after.
  const times = Array.from({ length: 40 }, (_, i) => T0 + i * MINUTE);
  await writePoints(world, value, times, times.map((_, i) => (i < 10 ? 10 : 20)));
}, 60_000);

afterAll(async () => {
  await stores?.close();
  await runner?.close();
  await t?.close();
}, 30_000);

describe('re-evaluation calls', () => {
  it('refuses End before Start and more than 366 days, and answers 404 for another organization’s configuration', async () => {
    const same = await call(`/event-configurations/${configuration}/re-evaluate`, headers, { Start: iso(T0), End: iso(T0) });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ errors: { End: expect.any(Array) } });
    const long = await call(`/event-configurations/${configuration}/re-evaluate`, headers, { Start: iso(T0), End: iso(T0 + 367 * 86_400_000) });
    expect(long.statusCode).toBe(400);
    expect((await call(`/event-configurations/${configuration}/re-evaluate`, otherHeaders, { Start: iso(T0), End: iso(T0 + MINUTE) })).statusCode).toBe(404);
    expect((await call(`/event-property-configurations/${meanConfiguration}/re-evaluate`, otherHeaders, { Start: iso(T0), End: iso(T0 + MINUTE) })).statusCode).toBe(404);
  });
});

describe('the event_reevaluation job', () => {
  it('a dry run tells what would change and writes nothing; a run recomputes closed events and keeps manual values', async () => {
    const stale = await insertEvent(T0, T0 + 5 * MINUTE, { Mean: { value: 1 }, Max: { value: 10 } });
    const typed = await insertEvent(T0 + 8 * MINUTE, T0 + 12 * MINUTE, { Mean: { value: 99, manual: true } });
    const open = await insertEvent(T0 + 30 * MINUTE, null, {});
    const outside = await insertEvent(T0 + 2 * 3_600_000, T0 + 3 * 3_600_000, { Mean: { value: 5 } });
    const body = { Start: iso(T0), End: iso(T0 + 3_600_000) };

    const dry = await reevaluate(`/event-configurations/${configuration}/re-evaluate`, { ...body, DryRun: true });
    expect(dry.State).toBe('done');
    expect(dry.Result).toEqual({
      DryRun: true,
      Events: 2,
      Changed: 2,
      Kept: 1,
      Samples: [
        { EventUUID: stale, StartTime: iso(T0), Property: 'Mean', Before: 1, After: 10 },
        { EventUUID: typed, StartTime: iso(T0 + 8 * MINUTE), Property: 'Max', Before: null, After: 20 },
      ],
    });
    expect((await valuesOf(t.db, stale)).Mean.value).toBe(1);
    expect(await logCodes(t.db, configuration)).toEqual([]);

    const run = await reevaluate(`/event-configurations/${configuration}/re-evaluate`, body);
    expect(run.Result).toMatchObject({ DryRun: false, Events: 2, Changed: 2, Kept: 1 });
    expect(await valuesOf(t.db, stale)).toMatchObject({ Mean: { value: 10, manual: false }, Max: { value: 10 } });
    expect(await valuesOf(t.db, typed)).toMatchObject({ Mean: { value: 99, manual: true }, Max: { value: 20, manual: false } });
    expect(await valuesOf(t.db, open)).toEqual({});
    expect((await valuesOf(t.db, outside)).Mean.value).toBe(5);
    expect((await eventsOf(t.db, configuration)).map((event) => event.status)).toEqual(['processed', 'processed', 'open', 'processed']);
    const { rows } = await t.db.query<{ code: string; values: unknown }>('SELECT code, "values" FROM event_configuration_logs WHERE configuration_uuid = $1', [configuration]);
    expect(rows).toEqual([{ code: 'events.log.reevaluated', values: { Events: 2, Changed: 2, Kept: 1 } }]);
  });

  it('re-evaluates one property configuration only', async () => {
    await writePoints(world, value, [T0 + 6 * 3_600_000], [50]);
    const lone = await insertEvent(T0 + 6 * 3_600_000 - MINUTE, T0 + 6 * 3_600_000 + MINUTE, { Mean: { value: 0 }, Max: { value: 0 } });
    const run = await reevaluate(`/event-property-configurations/${meanConfiguration}/re-evaluate`, { Start: iso(T0 + 5 * 3_600_000), End: iso(T0 + 7 * 3_600_000) });
    expect(run.Result).toMatchObject({ Events: 1, Changed: 1, Kept: 0 });
    expect(await valuesOf(t.db, lone)).toMatchObject({ Mean: { value: 50 }, Max: { value: 0 } });
  });
});

describe('batches and checkpoints', () => {
  it('goes through the events in batches of 100 with progress, and continues from its checkpoint after a pause', async () => {
    const day = T0 + 10 * 86_400_000;
    await t.db.query(
      `INSERT INTO events (organization_uuid, configuration_uuid, asset_uuid, event_type_uuid, start_time, stop_time, status, source)
       SELECT $1, $2, $3, $4, $5::timestamptz + i * interval '1 minute', $5::timestamptz + i * interval '1 minute' + interval '30 seconds', 'processed', 'auto'
         FROM generate_series(0, 149) AS i`,
      [world.organization, configuration, world.asset, type.uuid, new Date(day)],
    );
    const progress: [number, string | undefined][] = [];
    let checkpointState: unknown = null;
    let pauseOnce = true;
    const context = (): JobContext => ({
      db: t.db,
      job: { uuid: 'job', type: 'event_reevaluation', organizationUuid: world.organization, createdByUuid: null, createdByName: 'test', taskSchedulerUuid: null,
        payload: { ConfigurationUUID: configuration, PropertyConfigurationUUID: null, From: iso(day), To: iso(day + 86_400_000), DryRun: false } },
      checkpointState,
      progress: async (fraction, message) => void progress.push([fraction, message]),
      log: async () => undefined,
      checkpointWithin: async () => undefined,
      checkpoint: async (state) => {
        checkpointState = state;
        if (pauseOnce) {
          pauseOnce = false;
          throw new JobInterrupted('pause');
        }
      },
      signal: new AbortController().signal,
    });
    await expect(runEventReevaluation(context(), { timeseries: stores })).rejects.toBeInstanceOf(JobInterrupted);
    const result = await runEventReevaluation(context(), { timeseries: stores });
    expect(progress).toEqual([
      [100 / 150, '100 of 150 events'],
      [1, '150 of 150 events'],
    ]);
    expect(result).toMatchObject({ Events: 150, Kept: 0 });
    // No value points that day: every event lost nothing and gained nothing, and is incomplete now.
    const { rows } = await t.db.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM events WHERE configuration_uuid = $1 AND start_time >= $2 GROUP BY status`,
      [configuration, new Date(day)],
    );
    expect(rows).toEqual([{ status: 'incomplete', n: 150 }]);
  });
});
