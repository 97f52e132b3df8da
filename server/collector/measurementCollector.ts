import type { Build } from './builds';
import { CollectorApiError, type CollectorClient } from './collectorClient';
import { createPointBuffer, DEFAULT_MAX_BUFFERED_POINTS, type BufferedPoint } from './pointBuffer';
import type { CollectorMeasurement } from './protocol';
import { sampleTimes, simulate } from './signals';
import { readMeasurementSettings, type MeasurementSimulation } from './simulationSettings';

// The data path of the simulation collector: it fetches the measurements assigned to it (again
// when MeasurementsVersion moves), samples each per its settings while the collector is Active,
// and sends what it sampled in batches every flush interval. Sending goes on while paused (what
// was sampled before still counts). While the server is unreachable the points wait in a bounded
// buffer (oldest dropped beyond it, counted) and go out in order, oldest first, once it is back.

export interface MeasurementCollectorOptions {
  client: Pick<CollectorClient, 'measurements' | 'sendPoints'>;
  /** The running build: its sample function shapes sine, ramp and random. */
  build: () => Build;
  log?: (line: string) => void;
  flushIntervalMs?: number;
  /** How often due samples are taken; each measurement has its own interval on top. */
  tickMs?: number;
  maxBufferedPoints?: number;
  maxBatchPoints?: number;
  now?: () => number;
  random?: () => number;
}

interface Collected {
  measurement: CollectorMeasurement;
  simulation: MeasurementSimulation;
  /** The time of its last sample; the next is the next multiple of its interval after it. */
  lastTime: number;
}

/** A collector that slept (a suspended laptop) catches up at most this many samples per measurement. */
const MAX_CATCH_UP = 600;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createMeasurementCollector(options: MeasurementCollectorOptions) {
  const { client } = options;
  const log = options.log ?? (() => undefined);
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const flushIntervalMs = options.flushIntervalMs ?? 1000;
  const maxBatchPoints = options.maxBatchPoints ?? 10_000;
  const buffer = createPointBuffer({ maxPoints: options.maxBufferedPoints ?? DEFAULT_MAX_BUFFERED_POINTS });
  const collected = new Map<string, Collected>();
  let version: string | undefined;
  let sampling = false;
  let closed = false;
  let offline = false;
  let flushing: Promise<void> | undefined;
  let sampleTimer: NodeJS.Timeout | undefined;
  let flushTimer: NodeJS.Timeout | undefined;
  const counts = { sampled: 0, sent: 0, rejected: 0 };

  function sample() {
    if (!sampling) return;
    const until = now();
    const points: BufferedPoint[] = [];
    for (const item of collected.values()) {
      const interval = item.simulation.sampleIntervalMs;
      const after = Math.max(item.lastTime, until - interval * MAX_CATCH_UP);
      for (const time of sampleTimes(after, until, interval)) {
        points.push({ measurementUuid: item.measurement.UUID, time, value: simulate(item.measurement.Datatype, options.build(), item.simulation, time, random) });
        item.lastTime = time;
      }
    }
    counts.sampled += points.length;
    if (points.length > 0) buffer.add(points);
  }

  async function sendAll() {
    for (;;) {
      const batch = buffer.next(maxBatchPoints);
      if (!batch) return;
      try {
        const result = await client.sendPoints(batch);
        buffer.acknowledge(batch);
        counts.sent += batch.count;
        if (offline) log(`the server is back: sending ${buffer.size + batch.count} buffered points (${buffer.dropped} dropped while it was away)`);
        offline = false;
        // Measurements paused or removed meanwhile: the list is out of date.
        if (result.Skipped.length > 0) version = undefined;
      } catch (error) {
        if (error instanceof CollectorApiError && error.status === 400) {
          // Refused for good (e.g. a value of the wrong type after a Datatype change): sending
          // it again cannot help, and it would hold up every batch behind it.
          buffer.acknowledge(batch);
          counts.rejected += batch.count;
          log(`batch ${batch.BatchKey} refused, ${batch.count} points dropped: ${message(error)}`);
          version = undefined;
          continue;
        }
        if (!offline) log(`cannot send points (${message(error)}); buffering up to ${options.maxBufferedPoints ?? DEFAULT_MAX_BUFFERED_POINTS} points`);
        offline = true;
        return;
      }
    }
  }

  /** One flush at a time; a call during one waits for it. */
  function flush(): Promise<void> {
    flushing ??= sendAll().finally(() => {
      flushing = undefined;
    });
    return flushing;
  }

  function scheduleFlush() {
    if (closed) return;
    flushTimer = setTimeout(() => {
      void flush().then(scheduleFlush);
    }, flushIntervalMs);
    flushTimer.unref();
  }

  function startSampling() {
    if (sampleTimer) clearInterval(sampleTimer);
    sampleTimer = setInterval(sample, options.tickMs ?? 100);
    sampleTimer.unref();
  }

  scheduleFlush();

  return {
    /** Fetches the measurements to collect; a measurement kept keeps its place in time. */
    async refresh() {
      const list = await client.measurements();
      const start = now();
      const next = new Map<string, Collected>();
      for (const measurement of list.Measurements) {
        const simulation = readMeasurementSettings(measurement.Settings);
        const known = collected.get(measurement.UUID);
        next.set(measurement.UUID, { measurement, simulation, lastTime: known?.lastTime ?? start });
      }
      const added = [...next.keys()].filter((uuid) => !collected.has(uuid)).length;
      const removed = [...collected.keys()].filter((uuid) => !next.has(uuid)).length;
      collected.clear();
      for (const [uuid, item] of next) collected.set(uuid, item);
      if (added > 0 || removed > 0 || version === undefined) log(`collecting ${collected.size} measurements (${added} new, ${removed} no longer)`);
      version = list.MeasurementsVersion;
    },
    /** Whether the server's MeasurementsVersion differs from the list in hand. */
    outdated(serverVersion: string | undefined): boolean {
      return version === undefined || (serverVersion !== undefined && serverVersion !== version);
    },
    start() {
      if (sampling) return;
      sampling = true;
      // Paused time is not caught up: sampling resumes from now.
      const start = now();
      for (const item of collected.values()) item.lastTime = Math.max(item.lastTime, start);
      startSampling();
    },
    stop() {
      sampling = false;
      if (sampleTimer) clearInterval(sampleTimer);
      sampleTimer = undefined;
    },
    /** Stops sampling and the flush timer; sends what it can once more. */
    async close() {
      this.stop();
      closed = true;
      if (flushTimer) clearTimeout(flushTimer);
      await flush();
    },
    flush,
    sample,
    get collecting(): boolean {
      return sampling && collected.size > 0;
    },
    /** The last send failed: points are waiting for the server. */
    get buffering(): boolean {
      return offline;
    },
    snapshot() {
      return { measurements: collected.size, buffered: buffer.size, dropped: buffer.dropped, ...counts, offline };
    },
  };
}

export type MeasurementCollector = ReturnType<typeof createMeasurementCollector>;
