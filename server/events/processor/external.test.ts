import { createTestOrganization } from '../../auth/testing/testUsers';
import type { Db } from '../../db/db';
import { openTestDatabase, type TestDatabase } from '../../db/testing/testDatabase';
import { ExternalQueryError, type ExternalDatabaseConnection, type ReadOnlyQueryOptions, type ReadOnlyQueryResult } from '../../integrations/external-databases/drivers/types';
import { createTimeseriesStores, type TimeseriesStores } from '../../timeseries/stores';
import { startEventProcessor, type EventProcessor } from './engine';
import { createEventsWorld, eventsOf, insertConfiguration, insertEventType, insertPropertyConfiguration, stateOf, valuesOf, type EventsWorld } from './testFixture';

// The external_database start source and external_database property values (server/events/README.md,
// "external_database") with a fake query runner in place of the drivers: rows become events across
// polls without duplicates, StopTime stops them, columns fill properties, a failing query is logged
// and tried again at the next poll, and a database of another organization is never queried.

let database: TestDatabase;
let db: Db;
let stores: TimeseriesStores;
let world: EventsWorld;
let clock: number;
const processors: EventProcessor[] = [];
const T0 = Date.UTC(2026, 10, 2, 10, 0, 0);
const log = { info: () => undefined, warn: () => undefined };

interface Call {
  connection: ExternalDatabaseConnection;
  query: string;
  options: ReadOnlyQueryOptions;
}
type Answer = ReadOnlyQueryResult | Error | ((call: Call) => ReadOnlyQueryResult);
const calls: Call[] = [];
/** What the fake answers, by query text; each call takes the first of its list (the last one stays). */
const answers = new Map<string, Answer[]>();

async function fakeRunner(connection: ExternalDatabaseConnection, query: string, options: ReadOnlyQueryOptions): Promise<ReadOnlyQueryResult> {
  const call = { connection, query, options };
  calls.push(call);
  const list = answers.get(query);
  if (!list || list.length === 0) throw new Error(`unexpected query ${query}`);
  const answer = list.length > 1 ? list.shift()! : list[0];
  if (answer instanceof Error) throw answer;
  return typeof answer === 'function' ? answer(call) : answer;
}

const result = (names: string[], rows: unknown[][], truncated = false): ReadOnlyQueryResult => ({ columns: names.map((Name) => ({ Name })), rows, truncated, durationMs: 1 });
const iso = (offset: number) => new Date(T0 + offset).toISOString();

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  stores = createTimeseriesStores(db);
  world = await createEventsWorld(db, stores);
}, 60_000);

afterEach(async () => {
  for (const processor of processors.splice(0)) await processor.stop();
  await db.query(`UPDATE event_configurations SET state = 'stopped'`);
  await db.query('UPDATE events SET evaluate_at = NULL');
  calls.length = 0;
  answers.clear();
});

afterAll(async () => {
  await stores?.close();
  await database?.cleanup();
}, 30_000);

async function insertDatabase(organization = world.organization): Promise<string> {
  const { rows } = await db.query<{ uuid: string }>(
    `INSERT INTO external_databases (organization_uuid, name, kind, settings, secure_settings) VALUES ($1, $2, 'postgres', '{"Host":"mes"}', '{"Password":"s3cret"}') RETURNING uuid`,
    [organization, `MES ${Math.random().toString(36).slice(2, 8)}`],
  );
  return rows[0].uuid;
}

async function start(at: number) {
  clock = at;
  const processor = startEventProcessor({ db, timeseries: stores, log, now: () => clock, tickMs: 60_000, runQuery: fakeRunner });
  processors.push(processor);
  await processor.refresh();
  return processor;
}

async function at(processor: EventProcessor, time: number) {
  clock = time;
  await processor.refresh();
}

const external = (databaseUuid: string, query: string, pollInterval = '10s') => ({ ExternalSource: { ExternalDatabaseUUID: databaseUuid, Query: query, PollInterval: pollInterval } });
const spans = async (configuration: string) => (await eventsOf(db, configuration)).map((event) => [event.start - T0, event.stop === null ? null : event.stop - T0, event.status]);
async function logLines(configuration: string) {
  const { rows } = await db.query<{ code: string; values: Record<string, unknown> }>('SELECT code, "values" FROM event_configuration_logs WHERE configuration_uuid = $1 ORDER BY id', [configuration]);
  return rows;
}

describe('external_database start source', () => {
  it('starts events from rows, stops them when a later poll brings their StopTime, never twice, and fills properties', async () => {
    const type = await insertEventType(world, { Product: { datatype: 'string' }, Quantity: {}, Rework: { datatype: 'boolean' } });
    const source = await insertDatabase();
    const query = 'SELECT * FROM batches WHERE start_time >= :StartTime AND start_time < :StopTime';
    const configuration = await insertConfiguration(world, { type: type.uuid, startSource: 'external_database', settings: external(source, query) });
    const columns = ['externalid', 'StartTime', 'STOPTIME', 'product', 'Quantity', 'Rework', 'Operator'];
    answers.set(query, [
      result(columns, [
        ['B1', iso(-8_000), iso(-6_000), 'Cola', '12.5', 1, 'Ann'],
        ['B2', iso(-3_000), null, 'Lemon', 7, 'false', 'Bob'],
      ]),
      // The next poll sees B2 again, now with its stop, and a new B3 (ISO text and a Date both work).
      result(columns, [
        ['B2', iso(-3_000), iso(5_000), 'Lemon', 7, false, 'Bob'],
        ['B3', new Date(T0 + 6_000), null, 'Cola', 'not a number', true, 'Cy'],
      ]),
      // And again: nothing new.
      result(columns, [
        ['B2', iso(-3_000), iso(5_000), 'Lemon', 7, false, 'Bob'],
        ['B3', iso(6_000), null, 'Cola', null, true, 'Cy'],
      ]),
    ]);
    const processor = await start(T0);
    expect(calls).toHaveLength(1);
    // The first poll reads one PollInterval back; parameters are bound, never pasted.
    expect(calls[0].options).toMatchObject({ params: { StartTime: new Date(T0 - 10_000), StopTime: new Date(T0) }, limit: 1_000 });
    expect(calls[0].connection).toMatchObject({ uuid: source, kind: 'postgres' });
    expect(await spans(configuration)).toEqual([
      [-8_000, -6_000, 'processed'],
      [-3_000, null, 'open'],
    ]);
    const [b1] = await eventsOf(db, configuration);
    expect(await valuesOf(db, b1.uuid)).toEqual({
      Product: { value: 'Cola', series: null, manual: false, defaulted: false },
      Quantity: { value: 12.5, series: null, manual: false, defaulted: false },
      Rework: { value: true, series: null, manual: false, defaulted: false },
    });

    // Not yet a PollInterval later: no query.
    await at(processor, T0 + 5_000);
    expect(calls).toHaveLength(1);
    await at(processor, T0 + 10_000);
    expect(calls).toHaveLength(2);
    expect(calls[1].options.params).toEqual({ StartTime: new Date(T0), StopTime: new Date(T0 + 10_000) });
    await at(processor, T0 + 20_000);
    expect(calls).toHaveLength(3);
    expect(await spans(configuration)).toEqual([
      [-8_000, -6_000, 'processed'],
      [-3_000, 5_000, 'processed'],
      [6_000, null, 'open'],
    ]);
    const b3 = (await eventsOf(db, configuration))[2];
    // The text that is not a number is left out; null on a later poll removes nothing it had not.
    expect(Object.keys(await valuesOf(db, b3.uuid)).sort()).toEqual(['Product', 'Rework']);
    expect((await stateOf(db, configuration))?.processedUntil).toBe(T0 + 20_000);
    const codes = (await logLines(configuration)).map((line) => line.code);
    expect(codes.filter((code) => code === 'events.log.event_started')).toHaveLength(3);
    expect(codes.filter((code) => code === 'events.log.event_stopped')).toHaveLength(2);
  });

  it('without ExternalID, identifies a row by its StartTime; a later row stops the open event', async () => {
    const type = await insertEventType(world, {});
    const source = await insertDatabase();
    const query = 'SELECT start_time AS "StartTime" FROM orders';
    const configuration = await insertConfiguration(world, { type: type.uuid, startSource: 'external_database', settings: external(source, query) });
    answers.set(query, [result(['StartTime'], [[iso(-5_000)]]), result(['StartTime'], [[iso(-5_000)], [iso(4_000)], [''], ['yesterday-ish']])]);
    const processor = await start(T0);
    await at(processor, T0 + 10_000);
    await at(processor, T0 + 20_000);
    expect(calls).toHaveLength(3);
    expect(await spans(configuration)).toEqual([
      [-5_000, 4_000, 'processed'],
      [4_000, null, 'open'],
    ]);
    const { rows } = await db.query<{ external_id: string }>('SELECT external_id FROM events WHERE configuration_uuid = $1 ORDER BY start_time', [configuration]);
    expect(rows.map((row) => row.external_id)).toEqual([`start:${iso(-5_000)}`, `start:${iso(4_000)}`]);
  });

  it('logs a failing query in the configuration log (once while it lasts, no secret) and tries again at the next poll', async () => {
    const type = await insertEventType(world, {});
    const source = await insertDatabase();
    const query = 'SELECT broken';
    const configuration = await insertConfiguration(world, { type: type.uuid, startSource: 'external_database', settings: external(source, query) });
    const failure = new ExternalQueryError('query', 'relation "broken" does not exist', 'external_databases.errors.query_failed');
    answers.set(query, [failure, failure, result(['StartTime'], [[iso(12_000)]])]);
    const processor = await start(T0);
    expect(calls).toHaveLength(1);
    await at(processor, T0 + 3_000); // a failed poll waits its PollInterval too
    expect(calls).toHaveLength(1);
    await at(processor, T0 + 10_000);
    expect(calls).toHaveLength(2);
    // The window is read again from where the last good poll ended.
    expect(calls[1].options.params.StartTime).toEqual(new Date(T0 - 10_000));
    const failed = (await logLines(configuration)).filter((line) => line.code === 'events.log.external_query_failed');
    expect(failed).toEqual([{ code: 'events.log.external_query_failed', values: { Reason: 'The query failed (query): relation "broken" does not exist' } }]);
    expect(JSON.stringify(await logLines(configuration))).not.toContain('s3cret');
    expect((await stateOf(db, configuration))?.lastError).toContain('relation "broken"');
    await at(processor, T0 + 20_000);
    expect(calls[2].options.params).toEqual({ StartTime: new Date(T0 - 10_000), StopTime: new Date(T0 + 20_000) });
    expect(await spans(configuration)).toEqual([[12_000, null, 'open']]);
    expect((await stateOf(db, configuration))?.lastError).toBeNull();
  });

  it('reads at most 1,000 rows a poll and goes on at once from the last start read', async () => {
    const type = await insertEventType(world, {});
    const source = await insertDatabase();
    const query = 'SELECT many';
    const configuration = await insertConfiguration(world, { type: type.uuid, startSource: 'external_database', settings: external(source, query, '1m') });
    const rows = Array.from({ length: 1_000 }, (_, i) => [`E${i}`, iso(-50_000 + i * 10), iso(-50_000 + i * 10 + 5)]);
    answers.set(query, [result(['ExternalID', 'StartTime', 'StopTime'], rows, true), result(['ExternalID', 'StartTime', 'StopTime'], [rows[999], ['E1000', iso(-10), iso(-5)]])]);
    await start(T0);
    expect(calls).toHaveLength(2);
    expect(calls[1].options.params.StartTime).toEqual(new Date(T0 - 50_000 + 999 * 10));
    expect(await eventsOf(db, configuration)).toHaveLength(1_001);
  }, 90_000); // 1,001 events written one by one

  it('never queries a database of another organization, even when a configuration names one', async () => {
    const type = await insertEventType(world, {});
    const other = await insertDatabase(await createTestOrganization(db));
    const query = 'SELECT elsewhere';
    answers.set(query, [result(['StartTime'], [[iso(-1_000)]])]);
    const configuration = await insertConfiguration(world, { type: type.uuid, startSource: 'external_database', settings: external(other, query) });
    await start(T0);
    expect(calls).toHaveLength(0);
    expect(await eventsOf(db, configuration)).toHaveLength(0);
    expect((await logLines(configuration)).map((line) => line.values)).toEqual([{ Reason: 'The external database no longer exists' }]);
  });
});

describe('external_database properties', () => {
  it("take the first column of the query's first row over the event's window, typed; no row gives the default", async () => {
    const type = await insertEventType(world, { Recipe: { datatype: 'string' }, Target: {}, Missing: {}, Fallback: {}, Broken: {} });
    const source = await insertDatabase();
    const query = 'SELECT start_time AS "StartTime", stop_time AS "StopTime" FROM runs';
    const configuration = await insertConfiguration(world, { type: type.uuid, startSource: 'external_database', settings: external(source, query) });
    answers.set(query, [result(['StartTime', 'StopTime'], [[iso(-8_000), iso(-2_000)]])]);
    answers.set('SELECT recipe', [result(['recipe', 'other'], [['R-7', 'x'], ['R-8', 'y']])]);
    answers.set('SELECT target', [result(['target'], [['42']])]);
    answers.set('SELECT nothing', [result(['v'], [])]);
    answers.set('SELECT text', [result(['v'], [['abc']])]);
    const property = (name: string, externalQuery: string, extra: Record<string, unknown> = {}) =>
      db.query(
        `INSERT INTO event_property_configurations (configuration_uuid, event_type_property_uuid, mode, external_database_uuid, external_query, start_offset_ms, default_value)
         VALUES ($1, $2, 'external_database', $3, $4, $5, $6)`,
        [configuration, type.properties[name], source, externalQuery, extra.startOffsetMs ?? 0, extra.defaultValue === undefined ? null : JSON.stringify(extra.defaultValue)],
      );
    await property('Recipe', 'SELECT recipe', { startOffsetMs: -1_000 });
    await property('Target', 'SELECT target');
    await property('Missing', 'SELECT nothing');
    await property('Fallback', 'SELECT nothing', { defaultValue: 3 });
    await property('Broken', 'SELECT text');
    await start(T0);
    const [event] = await eventsOf(db, configuration);
    const values = await valuesOf(db, event.uuid);
    expect(values.Recipe.value).toBe('R-7');
    expect(values.Target.value).toBe(42);
    expect(values.Fallback).toMatchObject({ value: 3, defaulted: true });
    expect(values.Missing).toBeUndefined();
    expect(values.Broken).toBeUndefined();
    expect(event.status).toBe('incomplete');
    const recipe = calls.find((call) => call.query === 'SELECT recipe')!;
    expect(recipe.options).toMatchObject({ params: { StartTime: new Date(T0 - 9_000), StopTime: new Date(T0 - 2_000), EventUUID: event.uuid }, limit: 1 });
    const failed = (await logLines(configuration)).filter((line) => line.code === 'events.log.property_failed');
    expect(failed.map((line) => line.values)).toEqual([{ Property: 'Broken', Reason: 'the query\'s value "abc" is not a number' }]);
  });

  it('a failing query leaves the property without a value and a log line naming the step', async () => {
    const type = await insertEventType(world, { Grade: { datatype: 'string' } });
    const source = await insertDatabase();
    const configuration = await insertConfiguration(world, { type: type.uuid, startSource: 'manual', state: 'stopped' });
    await insertPropertyConfiguration(world, { configuration, property: type.properties.Grade, mode: 'external_database' });
    await db.query(`UPDATE event_property_configurations SET external_database_uuid = $2, external_query = 'SELECT grade' WHERE configuration_uuid = $1`, [configuration, source]);
    answers.set('SELECT grade', [new ExternalQueryError('authenticate', 'password authentication failed for user "lims"', 'external_databases.errors.authenticate')]);
    await db.query(
      `INSERT INTO events (organization_uuid, configuration_uuid, asset_uuid, event_type_uuid, start_time, stop_time, status, source, evaluate_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', 'manual', $7)`,
      [world.organization, configuration, world.asset, type.uuid, new Date(T0 - 5_000), new Date(T0 - 1_000), new Date(T0 - 1_000)],
    );
    await start(T0);
    const [event] = await eventsOf(db, configuration);
    expect(event.status).toBe('incomplete');
    expect(await valuesOf(db, event.uuid)).toEqual({});
    const failed = (await logLines(configuration)).filter((line) => line.code === 'events.log.property_failed');
    expect(failed.map((line) => line.values)).toEqual([{ Property: 'Grade', Reason: 'the query failed (authenticate): password authentication failed for user "lims"' }]);
  });
});
