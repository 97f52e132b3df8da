import { createTestUser, openTestApp, sessionHeaders, type TestApp } from '../../auth/testing/testUsers';
import { createTimeseriesStores, type TimeseriesStores } from '../../timeseries/stores';
import { startEventProcessor, type EventProcessor } from './engine';
import { createEventsWorld, eventsOf, insertSignal, valuesOf, writePoints, type EventsWorld } from './testFixture';

// The processor on what the definitions' calls save (server/events/definitions): a configuration,
// its property configurations and its start made through the API are detected and computed, and
// the configuration's answer shows the processor's progress and its log.

const T0 = Date.UTC(2026, 10, 2, 10, 0, 0);

let t: TestApp;
let stores: TimeseriesStores;
let world: EventsWorld;
let admin: Record<string, string>;
let processor: EventProcessor | null = null;
let clock = T0;

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, payload?: object) => t.app.inject({ method, url: `/api${url}`, headers: admin, ...(payload ? { payload } : {}) });
async function created(url: string, payload: object): Promise<string> {
  const response = await call('POST', url, payload);
  if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json<{ UUID: string }>().UUID;
}

beforeAll(async () => {
  t = await openTestApp();
  stores = createTimeseriesStores(t.db);
  world = await createEventsWorld(t.db, stores);
  const user = await createTestUser(t.db, { privileges: { [world.organization]: ['READ_EVENT_CONFIGURATIONS', 'MANAGE_EVENT_CONFIGURATIONS', 'READ_MEASUREMENTS', 'READ_ASSETS'] } });
  admin = { ...(await sessionHeaders(t.ctx, user.uuid)), 'x-organization-uuid': world.organization };
}, 60_000);

afterAll(async () => {
  await processor?.stop();
  await stores?.close();
  await t?.close();
}, 30_000);

describe('the processor on configurations made through the definitions’ calls', () => {
  it('detects and computes events of a started historian configuration, and the configuration answers its progress', async () => {
    const [trigger, value] = [await insertSignal(world, 'boolean'), await insertSignal(world)];
    const type = await created('/event-types', { Name: 'Batch', ParentUUID: null });
    const mean = await created('/event-type-properties', { EventTypeUUID: type, Name: 'Mean', Datatype: 'number', Type: 'simple' });
    const curve = await created('/event-type-properties', { EventTypeUUID: type, Name: 'Curve', Datatype: 'number', Type: 'periodic' });
    const configuration = await created('/event-configurations', {
      AssetUUID: world.asset,
      EventTypeUUID: type,
      StartSource: 'historian',
      Trigger: { MeasurementUUID: trigger, GracePeriod: '2s' },
    });
    const reference = { Mode: 'historian', Source: 'data_reference', MeasurementUUID: value, Aggregation: 'mean' };
    await created('/event-property-configurations', { EventConfigurationUUID: configuration, EventTypePropertyUUID: mean, Priority: 0, ...reference, StartOffset: '-1s', CloseAfter: '5s' });
    await created('/event-property-configurations', { EventConfigurationUUID: configuration, EventTypePropertyUUID: curve, Priority: 1, ...reference, Interval: '10s' });
    expect((await call('PATCH', `/event-configurations/${configuration}/state`, { State: 'running' })).statusCode).toBe(200);

    processor = startEventProcessor({ db: t.db, timeseries: stores, log: { info: () => undefined, warn: () => undefined }, now: () => clock, tickMs: 60_000 });
    await processor.refresh();
    await writePoints(world, trigger, [T0 + 10_000, T0 + 30_000, T0 + 31_000], [true, false, true]); // a flip back within 2 s
    await writePoints(world, value, [T0 + 9_500, T0 + 12_000, T0 + 25_000, T0 + 40_000], [1, 3, 5, 100]);
    await writePoints(world, trigger, [T0 + 40_000], [false]);
    clock = T0 + 60_000;
    await processor.refresh();

    const [event] = await eventsOf(t.db, configuration);
    expect(event).toMatchObject({ start: T0 + 10_000, stop: T0 + 40_000, status: 'processed' });
    const values = await valuesOf(t.db, event.uuid);
    expect(values.Mean.value).toBe(3); // [9 s, 40 s[: 1, 3, 5
    expect(values.Curve.series).toEqual({ T: [0, 10, 20], V: [3, 5, null] });

    const answer = (await call('GET', `/event-configurations/${configuration}`)).json<Record<string, unknown>>();
    expect(answer).toMatchObject({ State: 'running', ProcessedUntil: new Date(T0 + 56_000).toISOString(), LastError: null, OpenEventUUID: null });
    const logs = (await call('GET', `/event-configurations/${configuration}/logs`)).json<{ Code: string }[]>();
    expect(logs.map((line) => line.Code).sort()).toEqual(['events.log.event_started', 'events.log.event_stopped', 'events.log.started'].sort());
  });
});
