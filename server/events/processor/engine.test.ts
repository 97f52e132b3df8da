import type { Db } from '../../db/db';
import { openTestDatabase, type TestDatabase } from '../../db/testing/testDatabase';
import { createTimeseriesStores, type TimeseriesStores } from '../../timeseries/stores';
import { startEventProcessor, type EventProcessor } from './engine';
import {
  createEventsWorld,
  eventsOf,
  insertConfiguration,
  insertEventType,
  insertPropertyConfiguration,
  insertSignal,
  logCodes,
  stateOf,
  valuesOf,
  writePoints,
  type EventsWorld,
} from './testFixture';

// The event processor on PGlite with an injected clock (server/events/README.md, "The processor"):
// each start source, each status, the property computations, parents and failures. Points go
// through the collectors' ingestion path; rounds are driven by refresh().

let database: TestDatabase;
let db: Db;
let stores: TimeseriesStores;
let world: EventsWorld;
let clock: number;
const processors: EventProcessor[] = [];
const T0 = Date.UTC(2026, 10, 2, 10, 0, 0);
const log = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  stores = createTimeseriesStores(db);
  world = await createEventsWorld(db, stores);
}, 60_000);

afterEach(async () => {
  for (const processor of processors.splice(0)) await processor.stop();
  // Each test's configurations leave the next test alone.
  await db.query(`UPDATE event_configurations SET state = 'stopped'`);
  await db.query('UPDATE events SET evaluate_at = NULL');
});

afterAll(async () => {
  await stores?.close();
  await database?.cleanup();
}, 30_000);

async function start(at: number, options: { licensed?: (organization: string) => Promise<boolean> } = {}) {
  clock = at;
  const processor = startEventProcessor({ db, timeseries: stores, log, now: () => clock, tickMs: 60_000, ...options });
  processors.push(processor);
  await processor.refresh();
  return processor;
}

async function at(processor: EventProcessor, time: number) {
  clock = time;
  await processor.refresh();
}

const historian = (trigger: string, extra: Record<string, unknown> = {}) => ({ Trigger: { MeasurementUUID: trigger, ...extra } });
const spans = async (configuration: string) => (await eventsOf(db, configuration)).map((event) => [event.start - T0, event.stop === null ? null : event.stop - T0, event.status]);

describe('historian start source', () => {
  it('starts an event at a change, stops it at the next change or a zero, and computes a mean of good points', async () => {
    const type = await insertEventType(world, { Mean: {} });
    const [trigger, value] = [await insertSignal(world), await insertSignal(world)];
    const configuration = await insertConfiguration(world, { type: type.uuid, startSource: 'historian', settings: historian(trigger) });
    await insertPropertyConfiguration(world, { configuration, property: type.properties.Mean, measurement: value, aggregation: 'mean' });
    const processor = await start(T0);
    await writePoints(world, trigger, [T0 + 1_000, T0 + 5_000, T0 + 10_000, T0 + 20_000, T0 + 30_000], [1, 1, 2, 0, 0]);
    await writePoints(world, value, [T0 + 2_000, T0 + 4_000, T0 + 12_000, T0 + 13_000, T0 + 14_000], [10, 20, 30, 1_000, 50], [192, 192, 192, 0, 192]);
    await at(processor, T0 + 40_000);
    expect(await spans(configuration)).toEqual([
      [1_000, 10_000, 'processed'],
      [10_000, 20_000, 'processed'],
    ]);
    const [first, second] = await eventsOf(db, configuration);
    expect((await valuesOf(db, first.uuid)).Mean).toMatchObject({ value: 15, manual: false, defaulted: false });
    expect((await valuesOf(db, second.uuid)).Mean.value).toBe(40); // the bad point is left out
    expect(await stateOf(db, configuration)).toEqual({ processedUntil: T0 + 38_000, lastValue: 0, lastError: null });
    expect(await logCodes(db, configuration)).toEqual(['events.log.event_started', 'events.log.event_stopped', 'events.log.event_started', 'events.log.event_stopped']);
  });

  it('ignores a value that flips back within the grace period', async () => {
    const type = await insertEventType(world, {});
    const trigger = await insertSignal(world, 'string');
    const configuration = await insertConfiguration(world, { type: type.uuid, startSource: 'historian', settings: historian(trigger, { GracePeriod: '5s' }) });
    const processor = await start(T0);
    await writePoints(world, trigger, [T0 + 1_000, T0 + 10_000, T0 + 13_000, T0 + 30_000], ['A', '', 'A', 'B']);
    await at(processor, T0 + 60_000);
    expect(await spans(configuration)).toEqual([
      [1_000, 30_000, 'processed'],
      [30_000, null, 'open'],
    ]);
  });

  it('continues from processed_until after a restart without doubling events', async () => {
    const type = await insertEventType(world, {});
    const trigger = await insertSignal(world, 'boolean');
    const configuration = await insertConfiguration(world, { type: type.uuid, startSource: 'historian', settings: historian(trigger) });
    const first = await start(T0);
    await writePoints(world, trigger, [T0 + 1_000], [true]);
    await at(first, T0 + 5_000);
    await first.stop();
    await writePoints(world, trigger, [T0 + 6_000, T0 + 7_000], [false, true]);
    const second = await start(T0 + 10_000);
    await at(second, T0 + 10_000);
    expect(await spans(configuration)).toEqual([
      [1_000, 6_000, 'processed'],
      [7_000, null, 'open'],
    ]);
    expect((await stateOf(db, configuration))?.processedUntil).toBe(T0 + 8_000);
  });
});

describe('rounds', () => {
  it('runs a round at once when a batch names a trigger measurement', async () => {
    const type = await insertEventType(world, {});
    const trigger = await insertSignal(world);
    const configuration = await insertConfiguration(world, { type: type.uuid, startSource: 'historian', settings: historian(trigger) });
    await start(T0);
    clock = T0 + 10_000; // no refresh(): the batch's event starts the round
    await writePoints(world, trigger, [T0 + 1_000], [1]);
    const deadline = Date.now() + 5_000;
    while ((await eventsOf(db, configuration)).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await spans(configuration)).toEqual([[1_000, null, 'open']]);
  });

  it('recomputes a dirty event (evaluate_at set by an edit) and sets its status again', async () => {
    const type = await insertEventType(world, { Mean: {} });
    const [trigger, value] = [await insertSignal(world), await insertSignal(world)];
    const configuration = await insertConfiguration(world, { type: type.uuid, startSource: 'historian', settings: historian(trigger) });
    await insertPropertyConfiguration(world, { configuration, property: type.properties.Mean, measurement: value, aggregation: 'mean' });
    const processor = await start(T0);
    await writePoints(world, trigger, [T0 + 1_000, T0 + 10_000], [1, 0]);
    await writePoints(world, value, [T0 + 2_000, T0 + 12_000], [4, 8]);
    await at(processor, T0 + 20_000);
    const [event] = await eventsOf(db, configuration);
    expect((await valuesOf(db, event.uuid)).Mean.value).toBe(4);
    // A person moved the stop (as PUT /events/{id} does): the event is dirty.
    await db.query('UPDATE events SET stop_time = $2, evaluate_at = $3 WHERE uuid = $1', [event.uuid, new Date(T0 + 15_000), new Date(T0 + 20_000)]);
    await at(processor, T0 + 21_000);
    expect(await spans(configuration)).toEqual([[1_000, 15_000, 'processed']]);
    expect((await valuesOf(db, event.uuid)).Mean.value).toBe(6);
  });
});

describe('schedule start source', () => {
  const day = (d: number, h: number) => Date.UTC(2026, 9, d, h, 0, 0) - T0;

  it('starts an event at each occurrence in the zone, stopping the previous one there (across a DST change)', async () => {
    const type = await insertEventType(world, {});
    const configuration = await insertConfiguration(world, {
      type: type.uuid,
      startSource: 'schedule',
      settings: { Schedule: { Rule: 'FREQ=DAILY;BYHOUR=6;BYMINUTE=0', Timezone: 'Europe/Amsterdam' } },
    });
    const processor = await start(Date.UTC(2026, 9, 23, 12, 0, 0));
    await at(processor, Date.UTC(2026, 9, 25, 12, 0, 0));
    // 06:00 in Amsterdam: 04:00 UTC in summer time, 05:00 UTC after 25 October.
    expect(await spans(configuration)).toEqual([
      [day(24, 4), day(25, 5), 'processed'],
      [day(25, 5), null, 'open'],
    ]);
  });

  it('stops each event after Duration, leaving none open in between', async () => {
    const type = await insertEventType(world, {});
    const configuration = await insertConfiguration(world, {
      type: type.uuid,
      startSource: 'schedule',
      settings: { Schedule: { Rule: 'FREQ=DAILY;BYHOUR=6;BYMINUTE=0', Timezone: 'Europe/Amsterdam', Duration: '2h' } },
    });
    const processor = await start(Date.UTC(2026, 9, 23, 12, 0, 0));
    await at(processor, Date.UTC(2026, 9, 25, 6, 0, 0));
    expect(await spans(configuration)).toEqual([
      [day(24, 4), day(24, 6), 'processed'],
      [day(25, 5), null, 'open'],
    ]);
    await at(processor, Date.UTC(2026, 9, 25, 12, 0, 0));
    expect(await spans(configuration)).toEqual([
      [day(24, 4), day(24, 6), 'processed'],
      [day(25, 5), day(25, 7), 'processed'],
    ]);
  });
});

describe('manual start source', () => {
  it('detects nothing, even when marked running (external_database: external.test.ts)', async () => {
    const type = await insertEventType(world, {});
    const manual = await insertConfiguration(world, { type: type.uuid, startSource: 'manual' });
    const processor = await start(T0);
    await at(processor, T0 + 3_600_000);
    expect(await eventsOf(db, manual)).toEqual([]);
    expect(await stateOf(db, manual)).toBeNull();
  });
});

describe('statuses', () => {
  it('goes open → pending (until CloseAfter) → processed', async () => {
    const type = await insertEventType(world, { Mean: {} });
    const [trigger, value] = [await insertSignal(world), await insertSignal(world)];
    const configuration = await insertConfiguration(world, { type: type.uuid, startSource: 'historian', settings: historian(trigger) });
    await insertPropertyConfiguration(world, { configuration, property: type.properties.Mean, measurement: value, aggregation: 'mean', closeAfterMs: 60_000 });
    const processor = await start(T0);
    await writePoints(world, trigger, [T0 + 1_000, T0 + 10_000], [1, 0]);
    await writePoints(world, value, [T0 + 2_000], [5]);
    await at(processor, T0 + 5_000);
    expect(await spans(configuration)).toEqual([[1_000, null, 'open']]);
    await at(processor, T0 + 20_000);
    expect(await spans(configuration)).toEqual([[1_000, 10_000, 'pending']]);
    const [event] = await eventsOf(db, configuration);
    expect(await valuesOf(db, event.uuid)).toEqual({}); // no preview: computed at the close
    await writePoints(world, value, [T0 + 8_000], [7]); // late data
    await at(processor, T0 + 69_999);
    expect(await spans(configuration)).toEqual([[1_000, 10_000, 'pending']]);
    await at(processor, T0 + 70_000);
    expect(await spans(configuration)).toEqual([[1_000, 10_000, 'processed']]);
    expect((await valuesOf(db, event.uuid)).Mean.value).toBe(6);
  });

  it('is incomplete while a property has no value, and processed once a person typed it', async () => {
    const type = await insertEventType(world, { Mean: {}, Operator: { datatype: 'string' }, Shift: { datatype: 'string' } });
    const [trigger, value] = [await insertSignal(world), await insertSignal(world)];
    const configuration = await insertConfiguration(world, { type: type.uuid, startSource: 'historian', settings: historian(trigger) });
    await insertPropertyConfiguration(world, { configuration, property: type.properties.Mean, measurement: value, aggregation: 'mean' });
    await insertPropertyConfiguration(world, { configuration, property: type.properties.Operator, mode: 'manual' });
    await insertPropertyConfiguration(world, { configuration, property: type.properties.Shift, mode: 'manual', defaultValue: 'day' });
    const processor = await start(T0);
    await writePoints(world, trigger, [T0 + 1_000, T0 + 10_000], [1, 0]);
    await writePoints(world, value, [T0 + 2_000], [5]);
    await at(processor, T0 + 20_000);
    expect(await spans(configuration)).toEqual([[1_000, 10_000, 'incomplete']]);
    const [event] = await eventsOf(db, configuration);
    expect(await valuesOf(db, event.uuid)).toEqual({
      Mean: { value: 5, series: null, manual: false, defaulted: false },
      Shift: { value: 'day', series: null, manual: false, defaulted: true },
    });
    await db.query(`INSERT INTO event_property_values (event_uuid, event_type_property_uuid, value, manual) VALUES ($1, $2, '"Ann"', true)`, [event.uuid, type.properties.Operator]);
    await at(processor, T0 + 21_000);
    expect(await spans(configuration)).toEqual([[1_000, 10_000, 'processed']]);
    expect((await valuesOf(db, event.uuid)).Operator).toMatchObject({ value: 'Ann', manual: true });
  });
});

describe('properties', () => {
  it('computes a periodic series with a dimension, and a simple value over a window with offsets', async () => {
    const type = await insertEventType(world, { Profile: { type: 'periodic_with_dimension' }, Wide: {} });
    const [trigger, value, dimension] = [await insertSignal(world), await insertSignal(world), await insertSignal(world)];
    const configuration = await insertConfiguration(world, { type: type.uuid, startSource: 'historian', settings: historian(trigger) });
    await insertPropertyConfiguration(world, { configuration, property: type.properties.Profile, measurement: value, aggregation: 'mean', intervalMs: 10_000, dimension });
    await insertPropertyConfiguration(world, { configuration, property: type.properties.Wide, measurement: value, aggregation: 'count', startOffsetMs: -1_000, stopOffsetMs: 2_000 });
    const processor = await start(T0);
    await writePoints(world, trigger, [T0 + 1_000, T0 + 31_000], [1, 0]);
    await writePoints(world, value, [T0 + 500, T0 + 2_000, T0 + 4_000, T0 + 25_000, T0 + 32_000, T0 + 34_000], [9, 1, 3, 7, 9, 9]);
    await writePoints(world, dimension, [T0 + 5_000, T0 + 9_000, T0 + 15_000], [100, 110, 120]);
    await at(processor, T0 + 40_000);
    const [event] = await eventsOf(db, configuration);
    const values = await valuesOf(db, event.uuid);
    expect(values.Profile.series).toEqual({ T: [0, 10, 20], V: [2, null, 7], D: [110, 120, null] });
    expect(values.Wide.value).toBe(5); // [T0 + 0 s, T0 + 33 s[
  });

  it('takes all points through the store’s aggregate query when GoodPointsOnly is off, and the default where there are none', async () => {
    const type = await insertEventType(world, { Max: {}, Empty: {} });
    const [trigger, value, silent] = [await insertSignal(world), await insertSignal(world), await insertSignal(world)];
    const configuration = await insertConfiguration(world, { type: type.uuid, startSource: 'historian', settings: historian(trigger) });
    await insertPropertyConfiguration(world, { configuration, property: type.properties.Max, measurement: value, aggregation: 'max', goodPointsOnly: false });
    await insertPropertyConfiguration(world, { configuration, property: type.properties.Empty, measurement: silent, aggregation: 'mean', defaultValue: -1 });
    const processor = await start(T0);
    await writePoints(world, trigger, [T0 + 1_000, T0 + 10_000], [1, 0]);
    await writePoints(world, value, [T0 + 2_000, T0 + 3_000, T0 + 11_000], [4, 8, 99], [192, 0, 192]);
    await at(processor, T0 + 20_000);
    const [event] = await eventsOf(db, configuration);
    const values = await valuesOf(db, event.uuid);
    expect(values.Max.value).toBe(8);
    expect(values.Empty).toMatchObject({ value: -1, defaulted: true });
    expect(event.status).toBe('processed');
  });

  it('copies properties of the event in priority order, computes preview properties of open events, and logs a failed property', async () => {
    const type = await insertEventType(world, { Mean: {}, Copy: {}, Early: {}, Broken: {} });
    const [trigger, value, gone] = [await insertSignal(world), await insertSignal(world), await insertSignal(world)];
    const configuration = await insertConfiguration(world, { type: type.uuid, startSource: 'historian', settings: historian(trigger, { RefreshInterval: '1s' }) });
    await insertPropertyConfiguration(world, { configuration, property: type.properties.Mean, measurement: value, aggregation: 'mean', priority: 1, preview: true });
    await insertPropertyConfiguration(world, { configuration, property: type.properties.Copy, source: 'property', sourcePropertyName: 'Mean', priority: 2 });
    await insertPropertyConfiguration(world, { configuration, property: type.properties.Early, source: 'property', sourcePropertyName: 'Mean', priority: 0, defaultValue: 0 });
    await insertPropertyConfiguration(world, { configuration, property: type.properties.Broken, measurement: gone, aggregation: 'mean', priority: 3 });
    await db.query(`UPDATE measurements SET status = 'Deleted' WHERE uuid = $1`, [gone]);
    const processor = await start(T0);
    await writePoints(world, trigger, [T0 + 1_000], [1]);
    await writePoints(world, value, [T0 + 2_000], [4]);
    await at(processor, T0 + 5_000);
    const [open] = await eventsOf(db, configuration);
    expect(await valuesOf(db, open.uuid)).toEqual({ Mean: { value: 4, series: null, manual: false, defaulted: false } });
    await writePoints(world, value, [T0 + 6_000], [8]);
    await at(processor, T0 + 7_000);
    expect((await valuesOf(db, open.uuid)).Mean.value).toBe(6); // refreshed after RefreshInterval
    await writePoints(world, trigger, [T0 + 10_000], [0]);
    await at(processor, T0 + 20_000);
    const values = await valuesOf(db, open.uuid);
    expect(values.Copy.value).toBe(6);
    expect(values.Early).toMatchObject({ value: 6, defaulted: false }); // Mean was stored by the preview
    expect(values.Broken).toBeUndefined();
    expect((await eventsOf(db, configuration))[0].status).toBe('incomplete');
    const { rows } = await db.query<{ values: unknown }>(`SELECT "values" FROM event_configuration_logs WHERE configuration_uuid = $1 AND code = 'events.log.property_failed'`, [configuration]);
    expect(rows).toEqual([{ values: { Property: 'Broken', Reason: 'the measurement no longer exists' } }]);
  });

  it('reads an asset property’s measurement, and cuts a periodic series at 10,000 intervals with a log line', async () => {
    const type = await insertEventType(world, { Level: {}, Fine: { type: 'periodic' } });
    const [trigger, value] = [await insertSignal(world), await insertSignal(world)];
    const { rows } = await db.query<{ uuid: string }>(`INSERT INTO asset_properties (organization_uuid, asset_uuid, name, measurement_uuid) VALUES ($1, $2, $3, $4) RETURNING uuid`, [
      world.organization,
      world.asset,
      `Level ${value.slice(0, 8)}`,
      value,
    ]);
    const configuration = await insertConfiguration(world, { type: type.uuid, startSource: 'historian', settings: historian(trigger) });
    await insertPropertyConfiguration(world, { configuration, property: type.properties.Level, assetProperty: rows[0].uuid, aggregation: 'last' });
    await insertPropertyConfiguration(world, { configuration, property: type.properties.Fine, measurement: value, aggregation: 'mean', intervalMs: 1_000 });
    const processor = await start(T0);
    await writePoints(world, trigger, [T0 + 1_000, T0 + 12_001_000], [1, 0]);
    await writePoints(world, value, [T0 + 2_000, T0 + 3_000, T0 + 11_000_500], [4, 6, 8]);
    await at(processor, T0 + 12_010_000);
    const [event] = await eventsOf(db, configuration);
    const values = await valuesOf(db, event.uuid);
    expect(values.Level.value).toBe(8);
    const series = values.Fine.series as { T: number[]; V: (number | null)[] };
    expect(series.T).toHaveLength(10_000);
    expect(series.V.slice(0, 3)).toEqual([null, 4, 6]);
    expect(series.T.at(-1)).toBe(9_999);
    expect(await logCodes(db, configuration)).toContain('events.log.series_cut');
  });

  it('links an event to the parent configuration’s event running at its start, copies from it, and says missing where none runs', async () => {
    const parentType = await insertEventType(world, { Batch: { datatype: 'string' } });
    const childType = await insertEventType(world, { Batch: { datatype: 'string' } }, parentType.uuid);
    const [parentTrigger, childTrigger] = [await insertSignal(world), await insertSignal(world)];
    const parent = await insertConfiguration(world, { type: parentType.uuid, startSource: 'historian', settings: historian(parentTrigger) });
    await insertPropertyConfiguration(world, { configuration: parent, property: parentType.properties.Batch, mode: 'manual' });
    const child = await insertConfiguration(world, { type: childType.uuid, startSource: 'historian', settings: historian(childTrigger), parent });
    await insertPropertyConfiguration(world, { configuration: child, property: childType.properties.Batch, source: 'property', sourcePropertyName: 'Batch', fromParent: true });
    const processor = await start(T0);
    await writePoints(world, parentTrigger, [T0 + 1_000], [1]);
    await writePoints(world, childTrigger, [T0 + 500, T0 + 900, T0 + 5_000], [1, 0, 1]);
    await at(processor, T0 + 4_000);
    const [parentEvent] = await eventsOf(db, parent);
    await db.query(`INSERT INTO event_property_values (event_uuid, event_type_property_uuid, value, manual) VALUES ($1, $2, '"B-17"', true)`, [parentEvent.uuid, parentType.properties.Batch]);
    await writePoints(world, childTrigger, [T0 + 8_000], [0]);
    await at(processor, T0 + 12_000);
    const [before, inside] = await eventsOf(db, child);
    expect(before).toMatchObject({ parent_uuid: null, status: 'incomplete' });
    expect(inside).toMatchObject({ parent_uuid: parentEvent.uuid, status: 'processed' });
    expect((await valuesOf(db, inside.uuid)).Batch).toMatchObject({ value: 'B-17', manual: false });
  });
});

describe('failures and licences', () => {
  it('keeps a configuration’s failure to itself: a missing trigger is its last error, the others go on', async () => {
    const type = await insertEventType(world, {});
    const other = await insertEventType(world, {});
    const [gone, trigger] = [await insertSignal(world), await insertSignal(world)];
    const broken = await insertConfiguration(world, { type: type.uuid, startSource: 'historian', settings: historian(gone) });
    const working = await insertConfiguration(world, { type: other.uuid, startSource: 'historian', settings: historian(trigger) });
    await db.query(`UPDATE measurements SET status = 'Deleted' WHERE uuid = $1`, [gone]);
    const processor = await start(T0);
    await writePoints(world, trigger, [T0 + 1_000], [1]);
    await at(processor, T0 + 5_000);
    await at(processor, T0 + 6_000);
    expect(await spans(working)).toEqual([[1_000, null, 'open']]);
    expect((await stateOf(db, broken))?.lastError).toBe('The trigger measurement no longer exists');
    expect(await logCodes(db, broken)).toEqual(['events.log.trigger_missing']);
  });

  it('skips the configurations of an organization whose licence lacks Events, with one log line', async () => {
    const other = await createEventsWorld(db, stores);
    const type = await insertEventType(other, {});
    const trigger = await insertSignal(other);
    const configuration = await insertConfiguration(other, { type: type.uuid, startSource: 'historian', settings: historian(trigger) });
    const processor = await start(T0, { licensed: async (organization) => organization !== other.organization });
    await writePoints(other, trigger, [T0 + 1_000], [1]);
    await at(processor, T0 + 5_000);
    await at(processor, T0 + 6_000);
    expect(await eventsOf(db, configuration)).toEqual([]);
    expect(await stateOf(db, configuration)).toBeNull();
    expect(await logCodes(db, configuration)).toEqual(['events.log.unlicensed']);
  });
});
