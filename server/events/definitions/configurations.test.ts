import { SETTING_NAMES } from '../../../domain/settingNames';
import { insertMeasurement } from '../../assets/testing/assetFixtures';
import { createTestOrganization, createTestUser, openTestApp, rootOrganizationUuid, sessionHeaders, type TestApp } from '../../auth/testing/testUsers';
import { writeEventLog } from './logs';

// /event-configurations and /event-property-configurations on PGlite (server/events/README.md,
// "Definitions"): each start source's part required and the others null, the defaults, the parent
// configuration rules, created stopped, PUT and DELETE only while stopped, the state changes and
// their log lines, delete with its dependants, the property configurations' mode and source rules,
// least privilege, organization scoping and the Events licence feature.

const EVENTS = ['READ_EVENT_CONFIGURATIONS', 'MANAGE_EVENT_CONFIGURATIONS'];

let t: TestApp;
let organization: string;
let otherOrganization: string;
let admin: Record<string, string>;
let reader: Record<string, string>;
let noMeasurements: Record<string, string>;
let noAssets: Record<string, string>;
let otherAdmin: Record<string, string>;

/** The plant, its line, a machine elsewhere; the types Batch (properties of each kind) and Phase (under Batch); measurements. */
const f = {} as {
  plant: string;
  line: string;
  elsewhere: string;
  deleted: string;
  batch: string;
  phase: string;
  cleaning: string;
  temperature: string;
  curve: string;
  profile: string;
  operator: string;
  phaseTemperature: string;
  phaseName: string;
  numberMeasurement: string;
  booleanMeasurement: string;
  arrayMeasurement: string;
  foreignMeasurement: string;
  lineProperty: string;
  elsewhereProperty: string;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const call = (method: Method, url: string, headers = admin, payload?: object) => t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

async function created(method: Method, url: string, payload: object, headers = admin): Promise<{ UUID: string } & Record<string, unknown>> {
  const response = await call(method, url, headers, payload);
  if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

beforeAll(async () => {
  t = await openTestApp();
  organization = await createTestOrganization(t.db);
  otherOrganization = await createTestOrganization(t.db);
  const as = async (org: string, privileges: string[]) => ({
    ...(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [org]: privileges } })).uuid)),
    'x-organization-uuid': org,
  });
  admin = await as(organization, [...EVENTS, 'READ_MEASUREMENTS', 'READ_ASSETS', 'MANAGE_ASSETS']);
  reader = await as(organization, ['READ_EVENT_CONFIGURATIONS']);
  noMeasurements = await as(organization, [...EVENTS, 'READ_ASSETS']);
  noAssets = await as(organization, [...EVENTS, 'READ_MEASUREMENTS']);
  otherAdmin = await as(otherOrganization, [...EVENTS, 'READ_MEASUREMENTS', 'READ_ASSETS', 'MANAGE_ASSETS']);

  const asset = async (name: string, parent: string | null = null) => (await created('POST', '/assets', { Name: name, ParentUUID: parent, Metadata: {} })).UUID;
  f.plant = await asset('Plant');
  f.line = await asset('Line', f.plant);
  f.elsewhere = await asset('Elsewhere');
  f.deleted = await asset('Gone');
  expect((await call('DELETE', `/assets/${f.deleted}`)).statusCode).toBe(204);

  const type = async (name: string, parent: string | null = null) => (await created('POST', '/event-types', { Name: name, ParentUUID: parent })).UUID;
  const property = async (typeUuid: string, name: string, datatype: string, kind = 'simple') =>
    (await created('POST', '/event-type-properties', { EventTypeUUID: typeUuid, Name: name, Datatype: datatype, Type: kind })).UUID;
  f.batch = await type('Batch');
  f.phase = await type('Phase', f.batch);
  f.cleaning = await type('Cleaning');
  f.temperature = await property(f.batch, 'Temperature', 'number');
  f.curve = await property(f.batch, 'Curve', 'number', 'periodic');
  f.profile = await property(f.batch, 'Profile', 'number', 'periodic_with_dimension');
  f.operator = await property(f.batch, 'Operator', 'string');
  f.phaseTemperature = await property(f.phase, 'Temperature', 'number');
  f.phaseName = await property(f.phase, 'Name', 'string');

  f.numberMeasurement = await insertMeasurement(t.db, organization, 'TT-101');
  f.booleanMeasurement = await insertMeasurement(t.db, organization, 'Running', { datatype: 'boolean' });
  f.arrayMeasurement = await insertMeasurement(t.db, organization, 'Spectrum', { datatype: '[]number' });
  f.foreignMeasurement = await insertMeasurement(t.db, otherOrganization, 'Theirs');
  f.lineProperty = (await created('POST', '/asset-properties', { AssetUUID: f.line, Name: 'Line temperature', MeasurementUUID: f.numberMeasurement, Metadata: {} })).UUID;
  f.elsewhereProperty = (await created('POST', '/asset-properties', { AssetUUID: f.elsewhere, Name: 'Far temperature', MeasurementUUID: f.numberMeasurement, Metadata: {} })).UUID;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const historian = (asset: string, type: string, trigger: object = {}) => ({
  AssetUUID: asset,
  EventTypeUUID: type,
  StartSource: 'historian',
  Trigger: { MeasurementUUID: f.numberMeasurement, ...trigger },
});
const manual = (asset: string, type: string, extra: object = {}) => ({ AssetUUID: asset, EventTypeUUID: type, StartSource: 'manual', ...extra });
const expectFieldError = (response: { statusCode: number; json: () => { errors?: Record<string, unknown> } }, status: number, field: string) => {
  expect(response.statusCode).toBe(status);
  expect(response.json().errors).toHaveProperty([field]);
};
/** A fresh type with one number property, to configure on any asset. */
async function freshType(name: string): Promise<{ type: string; property: string }> {
  const type = (await created('POST', '/event-types', { Name: name, ParentUUID: null })).UUID;
  const property = (await created('POST', '/event-type-properties', { EventTypeUUID: type, Name: 'Value', Datatype: 'number', Type: 'simple' })).UUID;
  return { type, property };
}
const insertEvent = async (configuration: string, asset: string, type: string, stopped = true) =>
  (
    await t.db.query<{ uuid: string }>(
      `INSERT INTO events (organization_uuid, configuration_uuid, asset_uuid, event_type_uuid, start_time, stop_time, status, source)
       VALUES ($1, $2, $3, $4, now() - interval '1 hour', ${stopped ? 'now()' : 'NULL'}, $5, 'auto') RETURNING uuid`,
      [organization, configuration, asset, type, stopped ? 'processed' : 'open'],
    )
  ).rows[0].uuid;

describe('configurations by start source', () => {
  it('historian: created stopped with the default grace period and refresh interval, answered with its path, type and counts', async () => {
    const { type } = await freshType('Historian defaults');
    const configuration = await created('POST', '/event-configurations', historian(f.line, type));
    expect(configuration).toMatchObject({
      AssetUUID: f.line,
      AssetPath: 'Plant/Line',
      EventTypeUUID: type,
      EventTypeName: 'Historian defaults',
      ParentEventConfigurationUUID: null,
      StartSource: 'historian',
      Trigger: { MeasurementUUID: f.numberMeasurement, GracePeriod: '0s', RefreshInterval: '10s' },
      Schedule: null,
      ExternalSource: null,
      State: 'stopped',
      ProcessedUntil: null,
      LastError: null,
      OpenEventUUID: null,
      EventCounts: { processed: 0, open: 0, pending: 0, incomplete: 0 },
      PropertyConfigurationCount: 0,
    });

    // The processor's progress, the open event and the counts come with it.
    const at = Date.UTC(2026, 10, 20, 8, 0, 0);
    await t.db.query('INSERT INTO event_configuration_state (configuration_uuid, processed_until, last_error) VALUES ($1, $2, $3)', [configuration.UUID, at, 'trigger_missing']);
    await insertEvent(configuration.UUID, f.line, type);
    const open = await insertEvent(configuration.UUID, f.line, type, false);
    expect((await call('GET', `/event-configurations/${configuration.UUID}`, reader)).json()).toMatchObject({
      ProcessedUntil: new Date(at).toISOString(),
      LastError: 'trigger_missing',
      OpenEventUUID: open,
      EventCounts: { processed: 1, open: 1, pending: 0, incomplete: 0 },
    });
  });

  it('historian: the trigger is required, the other parts null, the durations valid, the measurement number, boolean or string', async () => {
    const { type } = await freshType('Historian checks');
    expectFieldError(await call('POST', '/event-configurations', admin, { ...historian(f.line, type), Trigger: null }), 400, 'Trigger');
    expectFieldError(await call('POST', '/event-configurations', admin, { ...historian(f.line, type), Schedule: { Rule: 'FREQ=DAILY', Timezone: 'UTC' } }), 400, 'Schedule');
    expectFieldError(await call('POST', '/event-configurations', admin, historian(f.line, type, { RefreshInterval: '0s' })), 400, 'Trigger.RefreshInterval');
    expectFieldError(await call('POST', '/event-configurations', admin, historian(f.line, type, { MeasurementUUID: f.arrayMeasurement })), 400, 'Trigger.MeasurementUUID');
    expectFieldError(await call('POST', '/event-configurations', admin, historian(f.line, type, { MeasurementUUID: f.foreignMeasurement })), 404, 'Trigger.MeasurementUUID');
    const chosen = await created('POST', '/event-configurations', historian(f.line, type, { MeasurementUUID: f.booleanMeasurement, GracePeriod: '5s', RefreshInterval: '1m' }));
    expect(chosen.Trigger).toEqual({ MeasurementUUID: f.booleanMeasurement, GracePeriod: '5s', RefreshInterval: '1m' });
  });

  it('one configuration per asset and type (409), on an active asset of the organization', async () => {
    const { type } = await freshType('One per asset');
    await created('POST', '/event-configurations', manual(f.line, type));
    const twice = await call('POST', '/event-configurations', admin, manual(f.line, type));
    expectFieldError(twice, 409, 'EventTypeUUID');
    await created('POST', '/event-configurations', manual(f.plant, type));
    expectFieldError(await call('POST', '/event-configurations', admin, manual(f.deleted, type)), 400, 'AssetUUID');
    const foreignAsset = (await created('POST', '/assets', { Name: 'Their plant', ParentUUID: null, Metadata: {} }, otherAdmin)).UUID;
    expectFieldError(await call('POST', '/event-configurations', admin, manual(foreignAsset, type)), 404, 'AssetUUID');
    const foreignType = (await created('POST', '/event-types', { Name: 'Their type', ParentUUID: null }, otherAdmin)).UUID;
    expectFieldError(await call('POST', '/event-configurations', admin, manual(f.line, foreignType)), 404, 'EventTypeUUID');
  });

  it('schedule: the rule and zone checked as task schedulers do, their errors on Schedule.Rule and Schedule.Timezone', async () => {
    const { type } = await freshType('Shift');
    const body = (schedule: object) => ({ AssetUUID: f.plant, EventTypeUUID: type, StartSource: 'schedule', Schedule: { Rule: 'FREQ=DAILY;BYHOUR=6,14,22', Timezone: 'Europe/Brussels', ...schedule } });
    expectFieldError(await call('POST', '/event-configurations', admin, body({ Rule: 'FREQ=SOMETIMES' })), 400, 'Schedule.Rule');
    expectFieldError(await call('POST', '/event-configurations', admin, body({ Timezone: 'Mars/Olympus' })), 400, 'Schedule.Timezone');
    expectFieldError(await call('POST', '/event-configurations', admin, body({ Duration: '0s' })), 400, 'Schedule.Duration');
    expectFieldError(await call('POST', '/event-configurations', admin, { AssetUUID: f.plant, EventTypeUUID: type, StartSource: 'schedule' }), 400, 'Schedule');
    const shift = await created('POST', '/event-configurations', body({ Duration: '8h' }));
    expect(shift).toMatchObject({ StartSource: 'schedule', Trigger: null, Schedule: { Rule: 'FREQ=DAILY;BYHOUR=6,14,22', Timezone: 'Europe/Brussels', Duration: '8h' }, State: 'stopped' });
    const started = await call('PATCH', `/event-configurations/${shift.UUID}/state`, admin, { State: 'running' });
    expect(started.json()).toMatchObject({ State: 'running' });
  });

  it('manual: no part at all, and no state to change (409 manual_has_no_state)', async () => {
    const { type } = await freshType('Manual');
    expectFieldError(await call('POST', '/event-configurations', admin, manual(f.line, type, { Trigger: { MeasurementUUID: f.numberMeasurement } })), 400, 'Trigger');
    const configuration = await created('POST', '/event-configurations', manual(f.line, type));
    expect(configuration).toMatchObject({ Trigger: null, Schedule: null, ExternalSource: null, State: 'stopped' });
    for (const state of ['running', 'stopped']) {
      const response = await call('PATCH', `/event-configurations/${configuration.UUID}/state`, admin, { State: state });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'events.errors.manual_has_no_state' });
    }
  });
  // external_database: external.test.ts.
});

describe('state, changes and the log', () => {
  it('starts and stops with the log lines events.log.started and events.log.stopped; PUT and DELETE only while stopped', async () => {
    const { type } = await freshType('Stateful');
    const configuration = await created('POST', '/event-configurations', historian(f.line, type));
    const url = `/event-configurations/${configuration.UUID}`;
    expect((await call('PATCH', `${url}/state`, admin, { State: 'running' })).json()).toMatchObject({ State: 'running' });
    // Asking for the state it has writes no second line.
    await call('PATCH', `${url}/state`, admin, { State: 'running' });
    const put = await call('PUT', url, admin, historian(f.line, type, { GracePeriod: '1s' }));
    expect(put.statusCode).toBe(409);
    expect(put.json()).toMatchObject({ code: 'events.errors.configuration_running' });
    const deleting = await call('DELETE', `${url}?Cascade=true`);
    expect(deleting.statusCode).toBe(409);
    expect(deleting.json()).toMatchObject({ code: 'events.errors.configuration_running' });

    await writeEventLog(t.db, configuration.UUID, 'warning', 'events.log.property_failed', { Property: 'Value', Reason: 'no data' });
    expect((await call('PATCH', `${url}/state`, admin, { State: 'stopped' })).json()).toMatchObject({ State: 'stopped' });
    const logs = await call('GET', `${url}/logs`, reader);
    expect(logs.statusCode).toBe(200);
    expect(logs.headers['x-total-count']).toBe('3');
    expect(logs.json()).toMatchObject([
      { Level: 'info', Code: 'events.log.stopped', EventUUID: null },
      { Level: 'warning', Code: 'events.log.property_failed', Values: { Property: 'Value', Reason: 'no data' } },
      { Level: 'info', Code: 'events.log.started' },
    ]);
    const warnings = await call('GET', `${url}/logs?Levels=warning&Levels=error`, reader);
    expect(warnings.json().map((line: { Code: string }) => line.Code)).toEqual(['events.log.property_failed']);
    const paged = await call('GET', `${url}/logs?Limit=1&Page=3`, reader);
    expect(paged.json().map((line: { Code: string }) => line.Code)).toEqual(['events.log.started']);

    const changed = await call('PUT', url, admin, { AssetUUID: f.line, EventTypeUUID: type, StartSource: 'schedule', Schedule: { Rule: 'FREQ=HOURLY', Timezone: 'UTC' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ StartSource: 'schedule', Trigger: null, Schedule: { Rule: 'FREQ=HOURLY', Timezone: 'UTC' } });
    const moved = await call('PUT', url, admin, { ...manual(f.plant, type) });
    expectFieldError(moved, 400, 'AssetUUID');
  });

  it('keeps the newest 1,000 log lines of a configuration', async () => {
    const { type } = await freshType('Chatty');
    const configuration = (await created('POST', '/event-configurations', manual(f.line, type))).UUID;
    await t.db.query(`INSERT INTO event_configuration_logs (configuration_uuid, level, code) SELECT $1, 'info', 'events.log.event_started' FROM generate_series(1, 1000)`, [configuration]);
    const event = await insertEvent(configuration, f.line, type);
    await writeEventLog(t.db, configuration, 'error', 'events.log.trigger_missing', { Measurement: 'TT-101' }, event);
    const logs = await call('GET', `/event-configurations/${configuration}/logs?Limit=1`, reader);
    expect(logs.headers['x-total-count']).toBe('1000');
    expect(logs.json()).toEqual([{ ID: expect.any(Number), At: expect.any(String), Level: 'error', Code: 'events.log.trigger_missing', Values: { Measurement: 'TT-101' }, EventUUID: event }]);
    expect((await call('GET', `/event-configurations/${configuration}/logs?Levels=error`, reader)).headers['x-total-count']).toBe('1');
  });

  it('links a parent configuration of the parent type on the same asset or above, else 400', async () => {
    const parent = await created('POST', '/event-configurations', manual(f.plant, f.batch));
    const child = await created('POST', '/event-configurations', manual(f.line, f.phase, { ParentEventConfigurationUUID: parent.UUID }));
    expect(child.ParentEventConfigurationUUID).toBe(parent.UUID);

    const { type: unrelated } = await freshType('Unrelated');
    const wrongType = await created('POST', '/event-configurations', manual(f.plant, unrelated));
    const mismatch = await call('PUT', `/event-configurations/${child.UUID}`, admin, manual(f.line, f.phase, { ParentEventConfigurationUUID: wrongType.UUID }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ code: 'events.errors.parent_type_mismatch' });

    const sideways = await created('POST', '/event-configurations', manual(f.elsewhere, f.batch));
    expectFieldError(await call('PUT', `/event-configurations/${child.UUID}`, admin, manual(f.line, f.phase, { ParentEventConfigurationUUID: sideways.UUID })), 400, 'ParentEventConfigurationUUID');
    expectFieldError(await call('PUT', `/event-configurations/${child.UUID}`, admin, manual(f.line, f.phase, { ParentEventConfigurationUUID: child.UUID })), 400, 'ParentEventConfigurationUUID');

    const theirType = (await created('POST', '/event-types', { Name: 'Their batch', ParentUUID: null }, otherAdmin)).UUID;
    const theirAsset = (await created('POST', '/assets', { Name: 'Their site', ParentUUID: null, Metadata: {} }, otherAdmin)).UUID;
    const foreign = await created('POST', '/event-configurations', manual(theirAsset, theirType), otherAdmin);
    expectFieldError(await call('PUT', `/event-configurations/${child.UUID}`, admin, manual(f.line, f.phase, { ParentEventConfigurationUUID: foreign.UUID })), 404, 'ParentEventConfigurationUUID');

    // The parent cannot go while the child names it, even with Cascade.
    const refused = await call('DELETE', `/event-configurations/${parent.UUID}?Cascade=true`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'events.errors.configuration_in_use', Dependants: { Children: 1, Events: 0 } });
  });

  it('a stop stops the open event (pending, for the processor to close); a start resumes detection at the start', async () => {
    const { type } = await freshType('Resumed');
    const configuration = await created('POST', '/event-configurations', historian(f.line, type));
    const url = `/event-configurations/${configuration.UUID}`;
    await call('PATCH', `${url}/state`, admin, { State: 'running' });
    const open = await insertEvent(configuration.UUID, f.line, type, false);
    await t.db.query(`INSERT INTO event_configuration_state (configuration_uuid, processed_until, last_value) VALUES ($1, 1000, 'true')`, [configuration.UUID]);
    await call('PATCH', `${url}/state`, admin, { State: 'stopped' });
    const stopped = await t.db.query<{ stop_time: Date | null; status: string; evaluate_at: Date | null }>('SELECT stop_time, status, evaluate_at FROM events WHERE uuid = $1', [open]);
    expect(stopped.rows[0]).toMatchObject({ status: 'pending' });
    expect(stopped.rows[0].stop_time).not.toBeNull();
    expect(stopped.rows[0].evaluate_at).not.toBeNull();

    const before = Date.now();
    await call('PATCH', `${url}/state`, admin, { State: 'running' });
    const state = await t.db.query<{ processed_until: string; last_value: unknown }>('SELECT processed_until, last_value FROM event_configuration_state WHERE configuration_uuid = $1', [configuration.UUID]);
    expect(Number(state.rows[0].processed_until)).toBeGreaterThanOrEqual(before - 1000);
    expect(state.rows[0].last_value).toBeNull();
  });

  it('deletes a configuration with events only with Cascade, its events and property configurations with it', async () => {
    const { type, property } = await freshType('Deletable');
    const configuration = await created('POST', '/event-configurations', manual(f.line, type));
    await created('POST', '/event-property-configurations', { EventConfigurationUUID: configuration.UUID, EventTypePropertyUUID: property, Mode: 'manual', Priority: 0 });
    const event = await insertEvent(configuration.UUID, f.line, type);
    const refused = await call('DELETE', `/event-configurations/${configuration.UUID}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'events.errors.configuration_in_use', Dependants: { Children: 0, Events: 1 } });
    expect((await call('DELETE', `/event-configurations/${configuration.UUID}?Cascade=true`)).statusCode).toBe(204);
    expect((await call('GET', `/event-configurations/${configuration.UUID}`)).statusCode).toBe(404);
    expect((await t.db.query('SELECT 1 FROM events WHERE uuid = $1', [event])).rowCount).toBe(0);
    expect((await t.db.query('SELECT 1 FROM event_property_configurations WHERE configuration_uuid = $1', [configuration.UUID])).rowCount).toBe(0);
    // Without events it goes without Cascade.
    const empty = await created('POST', '/event-configurations', manual(f.line, type));
    expect((await call('DELETE', `/event-configurations/${empty.UUID}`)).statusCode).toBe(204);
  });

  it('lists by asset path and type with the filters and x-total-count', async () => {
    const { type } = await freshType('Listed zz');
    const a = await created('POST', '/event-configurations', manual(f.plant, type));
    const b = await created('POST', '/event-configurations', historian(f.line, type));
    await call('PATCH', `/event-configurations/${b.UUID}/state`, admin, { State: 'running' });
    const all = await call('GET', `/event-configurations?EventTypeUUIDs=${type}`, reader);
    expect(all.headers['x-total-count']).toBe('2');
    expect(all.json().map((c: { UUID: string }) => c.UUID)).toEqual([a.UUID, b.UUID]);
    const ids = async (query: string) => (await call('GET', `/event-configurations?EventTypeUUIDs=${type}&${query}`, reader)).json().map((c: { UUID: string }) => c.UUID);
    expect(await ids(`AssetUUIDs=${f.line}`)).toEqual([b.UUID]);
    expect(await ids('StartSources=manual')).toEqual([a.UUID]);
    expect(await ids('States=running')).toEqual([b.UUID]);
    expect(await ids('States=stopped&StartSources=historian')).toEqual([]);
    expect(await ids('Keyword=plant%2Fline')).toEqual([b.UUID]);
    expect((await call('GET', '/event-configurations?Keyword=listed%20ZZ', reader)).headers['x-total-count']).toBe('2');
    await call('PATCH', `/event-configurations/${b.UUID}/state`, admin, { State: 'stopped' });
  });
});

describe('property configurations', () => {
  let configuration: string;
  beforeAll(async () => {
    configuration = (await created('POST', '/event-configurations', historian(f.line, f.batch))).UUID;
  });
  const body = (property: string, extra: object = {}) => ({ EventConfigurationUUID: configuration, EventTypePropertyUUID: property, Mode: 'historian', Source: 'data_reference', Priority: 0, ...extra });
  const post = (payload: object, headers = admin) => call('POST', '/event-property-configurations', headers, payload);

  it('takes a data reference: exactly one of a measurement and an asset property, with an aggregation its datatype allows', async () => {
    expectFieldError(await post(body(f.temperature, { Aggregation: 'mean' })), 400, 'MeasurementUUID');
    expectFieldError(await post(body(f.temperature, { Aggregation: 'mean', MeasurementUUID: f.numberMeasurement, AssetPropertyUUID: f.lineProperty })), 400, 'AssetPropertyUUID');
    expectFieldError(await post(body(f.temperature, { MeasurementUUID: f.numberMeasurement })), 400, 'Aggregation');
    expectFieldError(await post(body(f.temperature, { Aggregation: 'mean', MeasurementUUID: f.booleanMeasurement })), 400, 'Aggregation');
    expectFieldError(await post(body(f.temperature, { Aggregation: 'mean', MeasurementUUID: f.foreignMeasurement })), 404, 'MeasurementUUID');
    expectFieldError(await post(body(f.temperature, { Aggregation: 'mean', AssetPropertyUUID: f.elsewhereProperty })), 400, 'AssetPropertyUUID');
    expectFieldError(await post(body(f.temperature, { Aggregation: 'mean', MeasurementUUID: f.numberMeasurement, DefaultValue: 'warm' })), 400, 'DefaultValue');
    expectFieldError(await post(body(f.temperature, { Aggregation: 'mean', MeasurementUUID: f.numberMeasurement, StartOffset: '-5x' })), 400, 'StartOffset');
    expectFieldError(await post(body(f.phaseTemperature, { Aggregation: 'mean', MeasurementUUID: f.numberMeasurement })), 400, 'EventTypePropertyUUID');

    const saved = await created(
      'POST',
      '/event-property-configurations',
      body(f.temperature, { Aggregation: 'max', AssetPropertyUUID: f.lineProperty, StartOffset: '-5m', StopOffset: '1h30m', CloseAfter: '10m', DefaultValue: 0, Preview: true, Priority: 2 }),
    );
    expect(saved).toMatchObject({
      PropertyName: 'Temperature',
      PropertyType: 'simple',
      Datatype: 'number',
      MeasurementUUID: null,
      AssetPropertyUUID: f.lineProperty,
      DataReferenceName: 'Plant/Line/Line temperature',
      Aggregation: 'max',
      Interval: null,
      StartOffset: '-5m',
      StopOffset: '1h30m',
      CloseAfter: '10m',
      DefaultValue: 0,
      Preview: true,
      GoodPointsOnly: true,
      Priority: 2,
    });
    const row = (await t.db.query<{ start_offset_ms: number; stop_offset_ms: number }>('SELECT start_offset_ms, stop_offset_ms FROM event_property_configurations WHERE uuid = $1', [saved.UUID])).rows[0];
    expect(row).toEqual({ start_offset_ms: -300_000, stop_offset_ms: 5_400_000 });
    expectFieldError(await post(body(f.temperature, { Aggregation: 'mean', MeasurementUUID: f.numberMeasurement })), 409, 'EventTypePropertyUUID');

    const changed = await call('PUT', `/event-property-configurations/${saved.UUID}`, admin, body(f.temperature, { Aggregation: 'mean', MeasurementUUID: f.numberMeasurement, Priority: 2 }));
    expect(changed.json()).toMatchObject({ MeasurementUUID: f.numberMeasurement, AssetPropertyUUID: null, DataReferenceName: 'TT-101', Aggregation: 'mean', StartOffset: '0s', DefaultValue: null });
  });

  it('needs an Interval for periodic properties and a dimension for periodic_with_dimension', async () => {
    expectFieldError(await post(body(f.curve, { Aggregation: 'mean', MeasurementUUID: f.numberMeasurement })), 400, 'Interval');
    expectFieldError(await post(body(f.curve, { Aggregation: 'mean', MeasurementUUID: f.numberMeasurement, Interval: '0s' })), 400, 'Interval');
    const curve = await created('POST', '/event-property-configurations', body(f.curve, { Aggregation: 'mean', MeasurementUUID: f.numberMeasurement, Interval: '60s', Priority: 1 }));
    expect(curve).toMatchObject({ PropertyType: 'periodic', Interval: '1m' });
    expectFieldError(await post(body(f.profile, { Aggregation: 'mean', MeasurementUUID: f.numberMeasurement, Interval: '1m' })), 400, 'DimensionMeasurementUUID');
    expectFieldError(await post(body(f.profile, { Aggregation: 'mean', MeasurementUUID: f.numberMeasurement, Interval: '1m', DimensionMeasurementUUID: f.foreignMeasurement })), 404, 'DimensionMeasurementUUID');
    const profile = await created('POST', '/event-property-configurations', body(f.profile, { Aggregation: 'mean', MeasurementUUID: f.numberMeasurement, Interval: '1m', DimensionMeasurementUUID: f.booleanMeasurement }));
    expect(profile).toMatchObject({ PropertyType: 'periodic_with_dimension', DimensionMeasurementUUID: f.booleanMeasurement });

    // By configuration, then priority.
    const list = await call('GET', `/event-property-configurations?EventConfigurationUUIDs=${configuration}`, reader);
    expect(list.json().map((p: { PropertyName: string }) => p.PropertyName)).toEqual(['Profile', 'Curve', 'Temperature']);
    expect(list.headers['x-total-count']).toBe('3');
  });

  it('copies a property of the type (not itself) or of the parent type; manual ones take typed possible values', async () => {
    const child = (await created('POST', '/event-configurations', manual(f.plant, f.phase))).UUID;
    const copy = (extra: object) => ({ EventConfigurationUUID: child, EventTypePropertyUUID: f.phaseName, Mode: 'historian', Source: 'property', Priority: 0, ...extra });
    expectFieldError(await post(copy({})), 400, 'SourcePropertyName');
    expectFieldError(await post(copy({ SourcePropertyName: 'Nothing' })), 400, 'SourcePropertyName');
    expectFieldError(await post(copy({ SourcePropertyName: 'name' })), 400, 'SourcePropertyName');
    const fromParent = await created('POST', '/event-property-configurations', copy({ SourcePropertyName: 'operator', FromParent: true }));
    expect(fromParent).toMatchObject({ Source: 'property', SourcePropertyName: 'Operator', FromParent: true, MeasurementUUID: null });
    const sibling = await created('POST', '/event-property-configurations', { ...copy({ SourcePropertyName: 'Name' }), EventTypePropertyUUID: f.phaseTemperature });
    expect(sibling).toMatchObject({ SourcePropertyName: 'Name', FromParent: false });
    expectFieldError(await call('PUT', `/event-property-configurations/${sibling.UUID}`, admin, { ...copy({ SourcePropertyName: 'Name' }), EventTypePropertyUUID: f.phaseTemperature, FromParent: true }), 400, 'SourcePropertyName');

    const typed = { EventConfigurationUUID: configuration, EventTypePropertyUUID: f.operator, Mode: 'manual', Priority: 0 };
    expectFieldError(await post({ ...typed, PossibleValues: [{ Label: 'Ann', Value: 'ann' }, { Label: 'Bob', Value: 2 }] }), 400, 'PossibleValues.1.Value');
    expectFieldError(await post({ ...typed, Mode: 'historian' }), 400, 'Source');
    const saved = await created('POST', '/event-property-configurations', { ...typed, Source: 'data_reference', MeasurementUUID: f.numberMeasurement, PossibleValues: [{ Label: 'Ann', Value: 'ann' }], DefaultValue: 'ann' });
    // The data reference of another mode is not kept.
    expect(saved).toMatchObject({ Mode: 'manual', Source: null, MeasurementUUID: null, PossibleValues: [{ Label: 'Ann', Value: 'ann' }], DefaultValue: 'ann' });
    expect((await call('DELETE', `/event-property-configurations/${saved.UUID}`)).statusCode).toBe(204);
    expect((await call('GET', `/event-property-configurations/${saved.UUID}`)).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('needs READ_MEASUREMENTS to name a measurement and READ_ASSETS to name an asset or an asset property (403)', async () => {
    const { type, property } = await freshType('Least privilege');
    const trigger = await call('POST', '/event-configurations', noMeasurements, historian(f.line, type));
    expect(trigger.statusCode).toBe(403);
    expect(trigger.json()).toMatchObject({ code: 'events.errors.measurement_not_permitted' });
    const noAsset = await call('POST', '/event-configurations', noAssets, manual(f.line, type));
    expect(noAsset.statusCode).toBe(403);
    expect(noAsset.json()).toMatchObject({ code: 'events.errors.assets_not_permitted' });

    const configuration = (await created('POST', '/event-configurations', manual(f.line, type), noMeasurements)).UUID;
    const reference = { EventConfigurationUUID: configuration, EventTypePropertyUUID: property, Mode: 'historian', Source: 'data_reference', Aggregation: 'mean', Priority: 0 };
    const measurement = await call('POST', '/event-property-configurations', noMeasurements, { ...reference, MeasurementUUID: f.numberMeasurement });
    expect(measurement.json()).toMatchObject({ status: 403, code: 'events.errors.measurement_not_permitted' });
    const assetProperty = await call('POST', '/event-property-configurations', noAssets, { ...reference, AssetPropertyUUID: f.lineProperty });
    expect(assetProperty.json()).toMatchObject({ status: 403, code: 'events.errors.assets_not_permitted' });
    // Without naming either, neither is needed.
    expect((await call('POST', '/event-property-configurations', noAssets, { ...reference, Mode: 'manual' })).statusCode).toBe(201);
    expect((await call('POST', '/event-configurations', reader, manual(f.plant, type))).statusCode).toBe(403);
    expect((await call('PATCH', `/event-configurations/${configuration}/state`, reader, { State: 'running' })).statusCode).toBe(403);
  });

  it('answers 404 for another organization’s configurations and property configurations', async () => {
    const theirType = (await created('POST', '/event-types', { Name: 'Hidden', ParentUUID: null }, otherAdmin)).UUID;
    const theirProperty = (await created('POST', '/event-type-properties', { EventTypeUUID: theirType, Name: 'X', Datatype: 'number', Type: 'simple' }, otherAdmin)).UUID;
    const theirAsset = (await created('POST', '/assets', { Name: 'Hidden site', ParentUUID: null, Metadata: {} }, otherAdmin)).UUID;
    const theirs = (await created('POST', '/event-configurations', manual(theirAsset, theirType), otherAdmin)).UUID;
    const theirPc = (await created('POST', '/event-property-configurations', { EventConfigurationUUID: theirs, EventTypePropertyUUID: theirProperty, Mode: 'manual', Priority: 0 }, otherAdmin)).UUID;
    const url = `/event-configurations/${theirs}`;
    for (const response of [
      await call('GET', url),
      await call('PUT', url, admin, manual(theirAsset, theirType)),
      await call('DELETE', `${url}?Cascade=true`),
      await call('PATCH', `${url}/state`, admin, { State: 'running' }),
      await call('GET', `${url}/logs`),
      await call('GET', `/event-property-configurations/${theirPc}`),
      await call('PUT', `/event-property-configurations/${theirPc}`, admin, { EventConfigurationUUID: theirs, EventTypePropertyUUID: theirProperty, Mode: 'manual', Priority: 0 }),
      await call('DELETE', `/event-property-configurations/${theirPc}`),
      await call('POST', '/event-property-configurations', admin, { EventConfigurationUUID: theirs, EventTypePropertyUUID: theirProperty, Mode: 'manual', Priority: 1 }),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect((await call('GET', `/event-configurations?EventTypeUUIDs=${theirType}`)).headers['x-total-count']).toBe('0');
    expect((await call('GET', `/event-property-configurations?EventConfigurationUUIDs=${theirs}`)).headers['x-total-count']).toBe('0');
  });
});

// Last: it turns the trial off for the whole installation.
describe('the Events licence feature', () => {
  it('answers 403 events.errors.unlicensed on every call without it', async () => {
    const { type } = await freshType('Licensed once');
    const configuration = (await created('POST', '/event-configurations', manual(f.line, type))).UUID;
    await t.db.query('INSERT INTO settings (organization_uuid, name, value) VALUES ($1, $2, $3)', [await rootOrganizationUuid(t.db), SETTING_NAMES.trialMode, 'false']);
    const url = `/event-configurations/${configuration}`;
    for (const response of [
      await call('GET', '/event-configurations', reader),
      await call('GET', url, reader),
      await call('POST', '/event-configurations', admin, manual(f.plant, type)),
      await call('PUT', url, admin, manual(f.line, type)),
      await call('PATCH', `${url}/state`, admin, { State: 'running' }),
      await call('GET', `${url}/logs`, reader),
      await call('DELETE', url),
      await call('GET', '/event-property-configurations', reader),
      await call('POST', '/event-property-configurations', admin, { EventConfigurationUUID: configuration, EventTypePropertyUUID: f.temperature, Mode: 'manual', Priority: 0 }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'events.errors.unlicensed' });
    }
  });
});
