import type { Db } from '../../db/db';
import { openTestDatabase, type TestDatabase } from '../../db/testing/testDatabase';
import { createTimeseriesStores, type TimeseriesStores } from '../../timeseries/stores';
import { startEventProcessor, type EventProcessor } from './engine';
import { createServiceLease, LEASE_TTL_MS } from './lease';
import { createEventsWorld, eventsOf, insertConfiguration, insertEventType, insertSignal, writePoints, type EventsWorld } from './testFixture';

// Two processors on one database (two servers): only the lease holder works; when it stops (or
// stops renewing), the other takes over. Clocks are injected.

let database: TestDatabase;
let db: Db;
let stores: TimeseriesStores;
let world: EventsWorld;
let clock: number;
const T0 = Date.UTC(2026, 10, 2, 10, 0, 0);
const log = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  stores = createTimeseriesStores(db);
  world = await createEventsWorld(db, stores);
}, 60_000);

afterAll(async () => {
  await stores?.close();
  await database?.cleanup();
}, 30_000);

describe('the event-processor lease', () => {
  it('is taken when free, refused while another holds it, and taken over once it expired', async () => {
    clock = T0;
    const a = createServiceLease(db, { name: 'lease-test', holder: 'a', now: () => clock });
    const b = createServiceLease(db, { name: 'lease-test', holder: 'b', now: () => clock });
    expect(await a.ensure()).toBe(true);
    expect(await b.ensure()).toBe(false);
    clock += 6_000; // a renews (every 5 s)
    expect(await a.ensure()).toBe(true);
    clock += LEASE_TTL_MS - 1;
    expect(await b.ensure()).toBe(false);
    clock += 2; // a did not renew for 15 s: expired
    expect(a.held()).toBe(false);
    expect(await b.ensure()).toBe(true);
    expect(await a.ensure()).toBe(false);
    await b.release();
    expect(await a.ensure()).toBe(true);
    await a.release();
  });

  it('lets only one of two processors work; when the holder stops, the other takes over', async () => {
    const type = await insertEventType(world, {});
    const trigger = await insertSignal(world);
    const configuration = await insertConfiguration(world, { type: type.uuid, startSource: 'historian', settings: { Trigger: { MeasurementUUID: trigger } } });
    clock = T0;
    const processors: EventProcessor[] = [];
    const start = () => {
      const processor = startEventProcessor({ db, timeseries: stores, log, now: () => clock, tickMs: 60_000 });
      processors.push(processor);
      return processor;
    };
    const first = start();
    await first.refresh();
    const second = start();
    await second.refresh();
    expect(first.working()).toBe(true);
    expect(second.working()).toBe(false);

    await writePoints(world, trigger, [T0 + 1_000], [1]);
    clock = T0 + 4_000;
    await second.refresh();
    expect(await eventsOf(db, configuration)).toEqual([]); // the second does nothing
    await first.refresh();
    expect((await eventsOf(db, configuration)).map((event) => event.start)).toEqual([T0 + 1_000]);

    await first.stop();
    await writePoints(world, trigger, [T0 + 5_000], [2]);
    clock = T0 + 8_000;
    await second.refresh();
    expect(second.working()).toBe(true);
    expect((await eventsOf(db, configuration)).map((event) => [event.start, event.stop])).toEqual([
      [T0 + 1_000, T0 + 5_000],
      [T0 + 5_000, null],
    ]);
    for (const processor of processors) await processor.stop();
  });
});
