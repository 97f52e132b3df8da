// `npm run bench -- events`: the event processor replaying BENCH_EVENTS_SECONDS (a day) of 1-s
// trigger data (a change every ~10 minutes, so ~144 events) and a 1-s measured value on PGlite,
// with one simple property (the mean of the value) and one periodic property (the mean per
// minute): the processor starts at the day's beginning and catches up to its end in rounds, as
// after a restart. Prints events processed per second (detected, computed and closed) and points
// per second of the replay (trigger points read plus value points in the events' windows), with
// the CPU time of this process; median of 3 runs. Figures only, never pass/fail.
import { openTestDatabase } from '../server/db/testing/testDatabase';
import { startEventProcessor } from '../server/events/processor/engine';
import { createEventsWorld, insertConfiguration, insertEventType, insertPropertyConfiguration, insertSignal } from '../server/events/processor/testFixture';
import { createTimeseriesStores } from '../server/timeseries/stores';

const SECONDS = Number(process.env.BENCH_EVENTS_SECONDS ?? 86_400);
const RUNS = 3;
const T0 = Date.UTC(2026, 0, 5);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** The trigger's value at second i: a new value every 540–660 s (never zero), deterministic. */
function triggerValues(): number[] {
  const values: number[] = [];
  let value = 1;
  let segment = 0;
  let left = 600;
  for (let i = 0; i < SECONDS; i++) {
    if (left === 0) {
      segment += 1;
      value = (value % 5) + 1;
      left = 540 + ((segment * 37) % 121);
    }
    values.push(value);
    left -= 1;
  }
  return values;
}

async function main() {
  const database = await openTestDatabase();
  const db = database.db;
  const stores = createTimeseriesStores(db);
  const log = { info: () => undefined, warn: (object: object, message: string) => console.warn(message, object) };
  const world = await createEventsWorld(db, stores);
  const store = await stores.forDatabase(world.database);
  const times = Array.from({ length: SECONDS }, (_, i) => T0 + i * 1000);
  const trigger = triggerValues();
  const eventsPerSecond: number[] = [];
  const pointsPerSecond: number[] = [];
  const cpuEventsPerSecond: number[] = [];
  let events = 0;
  try {
    for (let run = 0; run < RUNS; run++) {
      const type = await insertEventType(world, { Mean: {}, Profile: { type: 'periodic' } });
      const [triggerUuid, valueUuid] = [await insertSignal(world), await insertSignal(world)];
      await store.writePoints(triggerUuid, 'number', times.map((time, i) => ({ time, value: trigger[i], quality: 192 })));
      await store.writePoints(valueUuid, 'number', times.map((time, i) => ({ time, value: Math.sin(i / 300) * 10 + 50, quality: 192 })));
      // One asset per run: a configuration is unique per asset and type.
      const asset = (await db.query<{ uuid: string }>(`INSERT INTO assets (organization_uuid, name, path) VALUES ($1, $2, $2) RETURNING uuid`, [world.organization, `Bench ${run}`])).rows[0]
        .uuid;
      const configuration = await insertConfiguration(world, { type: type.uuid, asset, startSource: 'historian', settings: { Trigger: { MeasurementUUID: triggerUuid } } });
      await insertPropertyConfiguration(world, { configuration, property: type.properties.Mean, measurement: valueUuid, aggregation: 'mean' });
      await insertPropertyConfiguration(world, { configuration, property: type.properties.Profile, measurement: valueUuid, aggregation: 'mean', intervalMs: 60_000 });

      let clock = T0;
      const processor = startEventProcessor({ db, timeseries: stores, log, now: () => clock, tickMs: 3_600_000 });
      await processor.refresh(); // the first start: detection begins at the day's start
      clock = T0 + SECONDS * 1000 + 3_000;
      const cpuStart = cpuMs();
      const started = performance.now();
      await processor.refresh();
      const seconds = (performance.now() - started) / 1000;
      const cpuSeconds = (cpuMs() - cpuStart) / 1000;
      await processor.stop();
      await db.query(`UPDATE event_configurations SET state = 'stopped' WHERE uuid = $1`, [configuration]);

      const { rows } = await db.query<{ n: number; closed: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'processed')::int AS closed FROM events WHERE configuration_uuid = $1`,
        [configuration],
      );
      events = rows[0].n;
      // Trigger points read once; value points read by each of the two properties.
      const points = SECONDS + 2 * SECONDS;
      eventsPerSecond.push(events / seconds);
      cpuEventsPerSecond.push(events / cpuSeconds);
      pointsPerSecond.push(points / seconds);
      console.log(`run ${run + 1}: ${events} events (${rows[0].closed} processed) in ${seconds.toFixed(2)} s wall, ${cpuSeconds.toFixed(2)} s CPU`);
    }
    console.log(`replay of ${fmt(SECONDS)} s of 1-s trigger and value data, one simple and one periodic property (median of ${RUNS}):`);
    console.log(`  ${fmt(median(eventsPerSecond))} events/s wall, ${fmt(median(cpuEventsPerSecond))} events per CPU-second (${events} events per run)`);
    console.log(`  ${fmt(median(pointsPerSecond))} points/s wall (trigger points read + value points in the events' windows, per property)`);
  } finally {
    await stores.close();
    await database.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
