import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type SessionHeaders, type TestApp } from '../../auth/testing/testUsers';
import { bearer, collectorWithToken } from '../../collectors/testing/collectorFixtures';
import { insertBuiltinDatabase, insertMeasurement } from '../../ingestion/testing/fixtures';
import { createMessageRenderer } from './render';
import { resolveSelection } from './selection';
import { TemplateRenderError } from './messages';

// sendOnce belongs to the sinks side (a broker round trip); here it records what it was handed.
const mockSent: unknown[][] = [];
jest.mock('../sinks/sendOnce', () => ({
  sendOnce: async (...args: unknown[]) => {
    mockSent.push(args);
    return { delivered: true };
  },
}));

// /forwarders (server/integrations/README.md): CRUD, the 400s of a body (sink, format, ids of the
// organization, templates located, reload interval), 409 on a name, least privilege on save, start
// and preview, 404 across organizations, selection counts, and the preview rendering a real point
// written through the collector API; the renderer of the runtime seam on the same data.

let t: TestApp;
let dataDir: string;
let org: string;
let otherOrg: string;
let admin: SessionHeaders;
let sinksOnly: SessionHeaders;
let noAssets: SessionHeaders;
let reader: SessionHeaders;
let otherAdmin: SessionHeaders;
let mqtt: string;
let sparkplug: string;
let otherSink: string;
let collector: { uuid: string; token: string };
let boiler: string;
let pump: string;
let gone: string;
let plant: string;
let line: string;
let otherAsset: string;
let boilerProperty: string;
let pumpProperty: string;
let eventType: string;
let event: string;

const ALL = ['READ_SINKS', 'MANAGE_SINKS', 'READ_MEASUREMENTS', 'READ_ASSETS', 'READ_EVENTS', 'READ_EVENT_CONFIGURATIONS'];
const T0 = Date.UTC(2026, 10, 2, 10, 0, 0);

const one = async (text: string, params: unknown[]) => (await t.db.query<{ uuid: string }>(text, params)).rows[0].uuid;
const addSink = (organization: string, name: string, type: 'MQTT' | 'SparkplugB') =>
  one('INSERT INTO sinks (organization_uuid, name, sink_type) VALUES ($1, $2, $3) RETURNING uuid', [organization, name, type]);
const addAsset = (organization: string, name: string, parent: string | null, assetPath: string) =>
  one('INSERT INTO assets (organization_uuid, name, parent_uuid, path) VALUES ($1, $2, $3, $4) RETURNING uuid', [organization, name, parent, assetPath]);
const addProperty = (organization: string, asset: string, name: string, measurement: string) =>
  one('INSERT INTO asset_properties (organization_uuid, asset_uuid, name, measurement_uuid) VALUES ($1, $2, $3, $4) RETURNING uuid', [organization, asset, name, measurement]);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'historian-forwarders-'));
  t = await openTestApp({ HISTORIAN_DATA_DIR: dataDir });
  org = await createTestOrganization(t.db, 'Plant');
  otherOrg = await createTestOrganization(t.db, 'Elsewhere');
  const user = async (organization: string, privileges: string[]) => sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: privileges } })).uuid);
  admin = await user(org, ALL);
  sinksOnly = await user(org, ['READ_SINKS', 'MANAGE_SINKS']);
  noAssets = await user(org, ['READ_SINKS', 'MANAGE_SINKS', 'READ_MEASUREMENTS']);
  reader = await user(org, ['READ_SINKS', 'READ_MEASUREMENTS']);
  otherAdmin = await user(otherOrg, ALL);
  mqtt = await addSink(org, 'Broker', 'MQTT');
  sparkplug = await addSink(org, 'Sparkplug', 'SparkplugB');
  otherSink = await addSink(otherOrg, 'Foreign broker', 'MQTT');

  const database = await insertBuiltinDatabase(t.db, org);
  collector = await collectorWithToken(t.db, org);
  boiler = await insertMeasurement(t.db, { organizationUuid: org, collectorUuid: collector.uuid, databaseUuid: database, name: 'Boiler temperature' });
  pump = await insertMeasurement(t.db, { organizationUuid: org, collectorUuid: collector.uuid, databaseUuid: database, name: 'Pump running', datatype: 'boolean' });
  gone = await insertMeasurement(t.db, { organizationUuid: org, collectorUuid: collector.uuid, databaseUuid: database, name: 'Old', status: 'Deleted' });
  await t.db.query(`UPDATE measurements SET labels = '{hall-a}', tags = '{"site":"Ghent"}' WHERE uuid = ANY($1::uuid[])`, [[boiler, gone]]);

  plant = await addAsset(org, 'Plant', null, 'Plant');
  line = await addAsset(org, 'Line 1', plant, 'Plant/Line 1');
  otherAsset = await addAsset(otherOrg, 'Elsewhere', null, 'Elsewhere');
  boilerProperty = await addProperty(org, line, 'Temperature', boiler);
  pumpProperty = await addProperty(org, plant, 'Pump', pump);

  eventType = await one('INSERT INTO event_types (organization_uuid, name) VALUES ($1, $2) RETURNING uuid', [org, 'Batch']);
  const configuration = await one("INSERT INTO event_configurations (organization_uuid, asset_uuid, event_type_uuid, start_source) VALUES ($1, $2, $3, 'manual') RETURNING uuid", [
    org,
    line,
    eventType,
  ]);
  event = await one("INSERT INTO events (organization_uuid, configuration_uuid, asset_uuid, event_type_uuid, start_time, status, source) VALUES ($1, $2, $3, $4, $5, 'open', 'manual') RETURNING uuid", [
    org,
    configuration,
    line,
    eventType,
    new Date(T0),
  ]);

  // A real point, written the way a collector writes it.
  const written = await t.app.inject({
    method: 'POST',
    url: '/api/collector-api/points',
    headers: bearer(collector.token),
    payload: { BatchKey: 'fwd-1', Points: [{ MeasurementUUID: boiler, T: [T0, T0 + 1000], V: [20.25, 21.5], Q: [192, 192] }] },
  });
  expect(written.statusCode).toBe(200);
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

const inOrg = (headers: SessionHeaders, organization = org) => ({ ...headers, 'x-organization-uuid': organization });
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

const forwarder = (overrides: Record<string, unknown> = {}) => ({
  Name: `Forwarder ${Math.random().toString(36).slice(2, 8)}`,
  SinkUUID: mqtt,
  Format: 'json',
  Selection: { Labels: ['hall-a'] },
  Templates: {},
  ReloadInterval: '5m',
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await call('POST', '/forwarders', inOrg(admin), forwarder(overrides));
  expect(response.statusCode).toBe(201);
  return response.json().UUID;
}

describe('forwarders: create, read, update, delete', () => {
  it('creates one stopped, with its sink name and empty statistics, and lists it (filtered by sink)', async () => {
    const response = await call('POST', '/forwarders', inOrg(admin), forwarder({ Name: 'To the broker', Templates: { PointMessage: '{{.Value}}', MeasurementTopic: '  ' } }));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      Name: 'To the broker',
      SinkUUID: mqtt,
      SinkName: 'Broker',
      State: 'stopped',
      Format: 'json',
      Selection: { Labels: ['hall-a'] },
      Templates: { PointMessage: '{{.Value}}' },
      ReloadInterval: '5m',
      Statistics: { Queued: 0, Forwarded: 0, LastForwardedAt: null, LastError: null, SelectedMeasurements: 0 },
    });
    expect(body.Templates).not.toHaveProperty('MeasurementTopic');
    expect((await call('GET', `/forwarders/${body.UUID}`, inOrg(reader))).json()).toMatchObject({ UUID: body.UUID, Name: 'To the broker' });
    const bySink = (await call('GET', `/forwarders?SinkUUID=${mqtt}`, inOrg(reader))).json() as { UUID: string }[];
    expect(bySink.map((item) => item.UUID)).toContain(body.UUID);
    expect((await call('GET', `/forwarders?SinkUUID=${sparkplug}`, inOrg(reader))).json()).toEqual([]);
  });

  it('updates one and deletes it with what it had queued', async () => {
    const uuid = await create();
    const updated = await call('PUT', `/forwarders/${uuid}`, inOrg(admin), forwarder({ Name: 'Renamed', ReloadInterval: '10s', Selection: { AssetUUIDs: [plant] } }));
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ Name: 'Renamed', ReloadInterval: '10s', Selection: { AssetUUIDs: [plant] } });
    await t.db.query("INSERT INTO forwarder_queue (forwarder_uuid, kind, measurement_uuid, time, value) VALUES ($1, 'point', $2, now(), '1')", [uuid, boiler]);
    expect((await call('GET', `/forwarders/${uuid}`, inOrg(reader))).json().Statistics.Queued).toBe(1);
    expect((await call('DELETE', `/forwarders/${uuid}`, inOrg(admin))).statusCode).toBe(204);
    expect((await call('GET', `/forwarders/${uuid}`, inOrg(reader))).statusCode).toBe(404);
    expect((await t.db.query('SELECT 1 FROM forwarder_queue WHERE forwarder_uuid = $1', [uuid])).rows).toEqual([]);
  });

  it('refuses a name taken in the organization (409 on Name, any case) and takes it in another one', async () => {
    await create({ Name: 'Unique one' });
    const taken = await call('POST', '/forwarders', inOrg(admin), forwarder({ Name: 'UNIQUE ONE' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'forwarders.errors.name_taken', errors: { Name: [expect.any(String)] } });
    const elsewhere = await call('POST', '/forwarders', inOrg(otherAdmin, otherOrg), forwarder({ Name: 'Unique one', SinkUUID: otherSink, Selection: {} }));
    expect(elsewhere.statusCode).toBe(201);
  });

  it('starts and stops one; starting needs its sink to fit', async () => {
    const uuid = await create();
    const started = await call('PUT', `/forwarders/${uuid}/state`, inOrg(admin), { State: 'running' });
    expect(started.statusCode).toBe(200);
    expect(started.json().State).toBe('running');
    expect((await call('PUT', `/forwarders/${uuid}/state`, inOrg(admin), { State: 'stopped' })).json().State).toBe('stopped');
  });
});

describe('forwarders: what a body must be', () => {
  const refused = async (overrides: Record<string, unknown>) => {
    const response = await call('POST', '/forwarders', inOrg(admin), forwarder(overrides));
    expect(response.statusCode).toBe(400);
    return response.json();
  };

  it('Format must fit the sink: json needs MQTT, sparkplugb needs SparkplugB (400 on Format)', async () => {
    expect(await refused({ Format: 'sparkplugb' })).toMatchObject({ code: 'forwarders.errors.format_mismatch', errors: { Format: [expect.stringContaining('SparkplugB')] } });
    expect(await refused({ SinkUUID: sparkplug })).toMatchObject({ code: 'forwarders.errors.format_mismatch', errors: { Format: [expect.any(String)] } });
    await create({ SinkUUID: sparkplug, Format: 'sparkplugb' });
  });

  it('SparkplugB carries no events (400 on Selection.EventTypeUUIDs)', async () => {
    expect(await refused({ SinkUUID: sparkplug, Format: 'sparkplugb', Selection: { EventTypeUUIDs: [eventType] } })).toMatchObject({
      errors: { 'Selection.EventTypeUUIDs': [expect.any(String)] },
    });
  });

  it('a sink of another organization is 400 on SinkUUID', async () => {
    expect(await refused({ SinkUUID: otherSink })).toMatchObject({ code: 'forwarders.errors.sink_not_found', errors: { SinkUUID: [expect.any(String)] } });
  });

  it('everything the selection names must be of the organization (400 naming the entry)', async () => {
    const body = await refused({ Selection: { AssetUUIDs: [plant, line, otherAsset], EventTypeUUIDs: ['00000000-0000-4000-8000-000000000000'] } });
    expect(body.code).toBe('forwarders.errors.selection_not_found');
    expect(Object.keys(body.errors).sort()).toEqual(['Selection.AssetUUIDs[2]', 'Selection.EventTypeUUIDs[0]']);
  });

  it('templates must parse (400 naming Templates.PointMessage, line and column in the message)', async () => {
    const body = await refused({ Templates: { PointMessage: '{\n  "v": {{.Value | round}}\n}' } });
    expect(body.code).toBe('forwarders.errors.template_syntax');
    expect(body.errors['Templates.PointMessage']).toEqual([expect.stringMatching(/^line 2, column 19: function "round" not defined/)]);
  });

  it('ReloadInterval is at least 10s', async () => {
    expect(await refused({ ReloadInterval: '9s' })).toMatchObject({ code: 'forwarders.errors.reload_interval_too_short', errors: { ReloadInterval: [expect.any(String)] } });
    await create({ ReloadInterval: '10s' });
  });

  it('a blank name is 400 on Name', async () => {
    expect(await refused({ Name: '   ' })).toMatchObject({ errors: { Name: [expect.any(String)] } });
  });
});

describe('forwarders: least privilege', () => {
  it('MANAGE_SINKS without READ_MEASUREMENTS cannot save (403 naming Selection.Labels)', async () => {
    const response = await call('POST', '/forwarders', inOrg(sinksOnly), forwarder());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'forwarders.errors.selection_not_permitted', errors: { 'Selection.Labels': [expect.stringContaining('READ_MEASUREMENTS')] } });
  });

  it('selecting assets needs READ_ASSETS, event types READ_EVENTS and READ_EVENT_CONFIGURATIONS', async () => {
    const response = await call('POST', '/forwarders', inOrg(noAssets), forwarder({ Selection: { Labels: ['hall-a'], AssetPropertyUUIDs: [boilerProperty], EventTypeUUIDs: [eventType] } }));
    expect(response.statusCode).toBe(403);
    expect(Object.keys(response.json().errors).sort()).toEqual(['Selection.AssetPropertyUUIDs', 'Selection.EventTypeUUIDs']);
    const update = await call('PUT', `/forwarders/${await create()}`, inOrg(noAssets), forwarder({ Selection: { AssetUUIDs: [plant] } }));
    expect(update.statusCode).toBe(403);
  });

  it('starting checks again: a user without READ_ASSETS cannot start a forwarder of assets', async () => {
    const uuid = await create({ Selection: { AssetUUIDs: [plant] } });
    const response = await call('PUT', `/forwarders/${uuid}/state`, inOrg(noAssets), { State: 'running' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'forwarders.errors.selection_not_permitted', errors: { 'Selection.AssetUUIDs': [expect.any(String)] } });
    expect((await call('GET', `/forwarders/${uuid}`, inOrg(reader))).json().State).toBe('stopped');
    const withoutMeasurements = await call('PUT', `/forwarders/${await create()}/state`, inOrg(sinksOnly), { State: 'running' });
    expect(withoutMeasurements.statusCode).toBe(403);
  });

  it('MANAGE_SINKS without READ_MEASUREMENTS cannot preview, and READ_SINKS alone cannot save', async () => {
    const preview = await call('POST', '/forwarders/preview', inOrg(sinksOnly), { Format: 'json', Templates: {}, MeasurementUUID: boiler });
    expect(preview.statusCode).toBe(403);
    expect((await call('POST', '/forwarders', inOrg(reader), forwarder())).statusCode).toBe(403);
  });

  it('an event preview needs READ_EVENTS', async () => {
    expect((await call('POST', '/forwarders/preview', inOrg(noAssets), { Format: 'json', Templates: {}, EventUUID: event })).statusCode).toBe(403);
  });
});

describe('forwarders: across organizations', () => {
  it('another organization’s forwarder is 404 to read, change, start and delete', async () => {
    const uuid = await create();
    const other = inOrg(otherAdmin, otherOrg);
    expect((await call('GET', `/forwarders/${uuid}`, other)).statusCode).toBe(404);
    expect((await call('PUT', `/forwarders/${uuid}`, other, forwarder({ SinkUUID: otherSink, Selection: {} }))).statusCode).toBe(404);
    expect((await call('PUT', `/forwarders/${uuid}/state`, other, { State: 'running' })).statusCode).toBe(404);
    expect((await call('DELETE', `/forwarders/${uuid}`, other)).statusCode).toBe(404);
    expect((await call('GET', '/forwarders', other)).json().map((item: { UUID: string }) => item.UUID)).not.toContain(uuid);
  });

  it('a preview of another organization’s measurement is 400 naming MeasurementUUID', async () => {
    const response = await call('POST', '/forwarders/preview', inOrg(otherAdmin, otherOrg), { Format: 'json', Templates: {}, MeasurementUUID: boiler });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('MeasurementUUID');
  });
});

describe('forwarders: preview', () => {
  it('renders the latest point written through the API with the default templates', async () => {
    const response = await call('POST', '/forwarders/preview', inOrg(admin), { Format: 'json', Templates: {}, MeasurementUUID: boiler });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.Errors).toEqual([]);
    expect(body.Topic).toBe(`historian/measurements/${boiler}`);
    expect(JSON.parse(body.Payload)).toEqual({ Timestamp: '2026-11-02T10:00:01.000Z', Value: 21.5, Quality: 192, MeasurementUUID: boiler, AssetPropertyUUID: '' });
    expect(body.Source).toMatchObject({ MeasurementUUID: boiler, MeasurementName: 'Boiler temperature', Value: 21.5, Time: '2026-11-02T10:00:01.000Z' });
  });

  it('takes the first selected measurement with a point, through its asset property', async () => {
    const response = await call('POST', '/forwarders/preview', inOrg(admin), {
      Format: 'json',
      Templates: { AssetPropertyTopic: '{{(getAsset .AssetPropertyUUID).Path}}', PointMessage: '{{.Value | printf "%.1f"}} {{.Tags.site}} {{(getMeasurement .MeasurementUUID).Name}}' },
      Selection: { AssetUUIDs: [plant] },
    });
    expect(response.json()).toMatchObject({ Topic: 'Plant/Line 1/Temperature', Payload: '21.5 Ghent Boiler temperature', Errors: [], Source: { AssetPropertyUUID: boilerProperty } });
  });

  it('sparkplugb previews one metric named by the topic, typed by the measurement', async () => {
    const response = await call('POST', '/forwarders/preview', inOrg(admin), { Format: 'sparkplugb', Templates: { MeasurementTopic: 'Boiler/{{.Tags.site}}' }, MeasurementUUID: boiler });
    const body = response.json();
    expect(body.Topic).toBe('Boiler/Ghent');
    expect(JSON.parse(body.Payload)).toEqual({ metrics: [{ name: 'Boiler/Ghent', timestamp: T0 + 1000, datatype: 'Double', value: 21.5 }] });
  });

  it('locates template errors (200): parse errors of every template, render errors of the one used', async () => {
    const response = await call('POST', '/forwarders/preview', inOrg(admin), {
      Format: 'json',
      Templates: { PointMessage: 'v={{.Valeu}}', EventTopic: '{{if}}' },
      MeasurementUUID: boiler,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Topic: null,
      Payload: null,
      Errors: [
        { Template: 'EventTopic', Line: 1, Column: 5, Code: 'forwarders.errors.template_syntax' },
        { Template: 'PointMessage', Line: 1, Column: 5, Code: 'forwarders.errors.template_render', Message: expect.stringContaining('Valeu') },
      ],
    });
  });

  it('says when no selected measurement has a point', async () => {
    const response = await call('POST', '/forwarders/preview', inOrg(admin), { Format: 'json', Templates: {}, MeasurementUUID: pump });
    expect(response.json()).toMatchObject({ Topic: null, Payload: null, Errors: [{ Code: 'forwarders.errors.no_point' }] });
  });

  it('renders an event with the event templates', async () => {
    const response = await call('POST', '/forwarders/preview', inOrg(admin), { Format: 'json', Templates: { EventTopic: 'events/{{.Event.Type}}/{{.Event.AssetPath}}' }, EventUUID: event });
    const body = response.json();
    expect(body.Topic).toBe('events/Batch/Plant/Line 1');
    expect(JSON.parse(body.Payload)).toMatchObject({ UUID: event, Type: 'Batch', Status: 'open', Change: 'started', StopTime: null });
  });

  it('getAsset gives nil to a caller who may not read assets', async () => {
    const response = await call('POST', '/forwarders/preview', inOrg(noAssets), {
      Format: 'json',
      Templates: { PointMessage: '{{getAsset "' + boilerProperty + '"}}' },
      MeasurementUUID: boiler,
    });
    expect(response.json().Payload).toBe('<nil>');
  });
});

describe('forwarders: selection', () => {
  it('counts and samples what a selection resolves to, without deleted measurements', async () => {
    const response = await call('POST', '/forwarders/selection', inOrg(admin), { Labels: ['hall-a'], AssetUUIDs: [plant], EventTypeUUIDs: [eventType] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      Measurements: 2,
      AssetProperties: 2,
      EventTypes: 1,
      Sample: [
        { MeasurementUUID: boiler, MeasurementName: 'Boiler temperature', AssetPropertyUUID: boilerProperty, AssetPath: 'Plant/Line 1/Temperature' },
        { MeasurementUUID: pump, MeasurementName: 'Pump running', AssetPropertyUUID: pumpProperty, AssetPath: 'Plant/Pump' },
      ],
    });
  });

  it('resolves labels alone, an asset below another, and named asset properties', async () => {
    expect(await resolveSelection(t.db, org, { Labels: ['hall-a'] })).toEqual({ measurements: [{ measurementUuid: boiler, assetPropertyUuid: null }], eventTypeUuids: [] });
    expect((await resolveSelection(t.db, org, { AssetUUIDs: [line] })).measurements).toEqual([{ measurementUuid: boiler, assetPropertyUuid: boilerProperty }]);
    expect((await resolveSelection(t.db, org, { AssetPropertyUUIDs: [pumpProperty] })).measurements).toEqual([{ measurementUuid: pump, assetPropertyUuid: pumpProperty }]);
    expect(await resolveSelection(t.db, otherOrg, { Labels: ['hall-a'], AssetUUIDs: [plant], EventTypeUUIDs: [eventType] })).toEqual({ measurements: [], eventTypeUuids: [] });
  });

  it('needs READ_ASSETS to resolve assets', async () => {
    expect((await call('POST', '/forwarders/selection', inOrg(noAssets), { AssetUUIDs: [plant] })).statusCode).toBe(403);
  });
});

describe('forwarders: test message', () => {
  it('refuses a sink of another organization and a format that does not fit (400)', async () => {
    const foreign = await call('POST', '/forwarders/test-message', inOrg(admin), { SinkUUID: otherSink, Format: 'json', Templates: {}, MeasurementUUID: boiler });
    expect(foreign.json()).toMatchObject({ status: 400, errors: { SinkUUID: [expect.any(String)] } });
    const misfit = await call('POST', '/forwarders/test-message', inOrg(admin), { SinkUUID: sparkplug, Format: 'json', Templates: {}, MeasurementUUID: boiler });
    expect(misfit.json()).toMatchObject({ status: 400, errors: { Format: [expect.any(String)] } });
  });

  it('renders the latest point and hands that one message to the sink, saying the broker took it', async () => {
    mockSent.length = 0;
    const response = await call('POST', '/forwarders/test-message', inOrg(admin), { SinkUUID: mqtt, Format: 'json', Templates: { PointMessage: '{{.Value}}' }, MeasurementUUID: boiler });
    expect(response.json()).toEqual({ Delivered: true, Topic: `historian/measurements/${boiler}`, Payload: '21.5', Errors: [] });
    expect(mockSent).toEqual([[expect.anything(), org, mqtt, { kind: 'mqtt', topic: `historian/measurements/${boiler}`, payload: '21.5' }]]);
  });

  it('test messages need MANAGE_SINKS and READ_MEASUREMENTS', async () => {
    const body = { SinkUUID: mqtt, Format: 'json', Templates: {}, MeasurementUUID: boiler };
    expect((await call('POST', '/forwarders/test-message', inOrg(reader), body)).statusCode).toBe(403);
    expect((await call('POST', '/forwarders/test-message', inOrg(sinksOnly), body)).statusCode).toBe(403);
  });

  it('does not send a message whose templates fail', async () => {
    mockSent.length = 0;
    const response = await call('POST', '/forwarders/test-message', inOrg(admin), { SinkUUID: mqtt, Format: 'json', Templates: { PointMessage: '{{.Nope}}' }, MeasurementUUID: boiler });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Delivered: false, Errors: [{ Template: 'PointMessage' }] });
    expect(mockSent).toEqual([]);
  });
});

describe('the message renderer (the runtime seam)', () => {
  const definition = { uuid: '33333333-3333-4333-8333-333333333333', sinkUuid: mqtt, format: 'json' as const, templates: {} };

  it('renders a point through its asset property with AssetPropertyTopic, else MeasurementTopic', async () => {
    const renderer = createMessageRenderer(t.db);
    const forwarder = { ...definition, organizationUuid: org };
    const point = { kind: 'point' as const, measurementUuid: boiler, time: T0, value: 3, quality: 0 };
    expect(await renderer.render(forwarder, { ...point, assetPropertyUuid: boilerProperty })).toMatchObject({ kind: 'mqtt', topic: 'historian/assets/Plant/Line 1/Temperature' });
    const plain = await renderer.render({ ...forwarder, templates: { PointMessage: '{{.ErrorStatus}}' } }, { ...point, assetPropertyUuid: null });
    expect(plain).toEqual({ kind: 'mqtt', topic: `historian/measurements/${boiler}`, payload: 'Bad' });
  });

  it('gives a boolean measurement a Boolean SparkplugB metric', async () => {
    const renderer = createMessageRenderer(t.db);
    const message = await renderer.render(
      { ...definition, organizationUuid: org, format: 'sparkplugb', templates: { MeasurementTopic: 'Pump' } },
      { kind: 'point', measurementUuid: pump, assetPropertyUuid: null, time: T0, value: true, quality: 192 },
    );
    expect(message).toEqual({ kind: 'sparkplug', metrics: [{ name: 'Pump', timestamp: T0, datatype: 'Boolean', value: true }] });
  });

  it('reads nothing of another organization: getMeasurement of a foreign forwarder is nil', async () => {
    const renderer = createMessageRenderer(t.db);
    await expect(
      renderer.render(
        { ...definition, organizationUuid: otherOrg, templates: { PointMessage: '{{(getMeasurement .MeasurementUUID).Name}}' } },
        { kind: 'point', measurementUuid: boiler, assetPropertyUuid: null, time: T0, value: 1, quality: null },
      ),
    ).rejects.toMatchObject({ template: 'PointMessage', line: 1, column: 3 });
  });

  it('throws TemplateRenderError naming the template that does not parse; invalidate forgets compiled templates', async () => {
    const renderer = createMessageRenderer(t.db);
    const source = { kind: 'point' as const, measurementUuid: boiler, assetPropertyUuid: null, time: T0, value: 1, quality: null };
    const error = await renderer.render({ ...definition, organizationUuid: org, templates: { MeasurementTopic: '{{' } }, source).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TemplateRenderError);
    expect(error).toMatchObject({ template: 'MeasurementTopic', code: 'forwarders.errors.template_syntax' });
    renderer.invalidate(definition.uuid);
    expect((await renderer.render({ ...definition, organizationUuid: org }, source)).kind).toBe('mqtt');
  });
});
