import { baseBuild } from './builds';
import { CollectorApiError } from './collectorClient';
import { createMeasurementCollector, type MeasurementCollector } from './measurementCollector';
import { createPointBuffer, type OutgoingBatch } from './pointBuffer';
import type { BatchResult, CollectorMeasurement, MeasurementList } from './protocol';
import { sampleTimes, simulate } from './signals';
import { readMeasurementSettings } from './simulationSettings';

// The simulation collector's data path without a server: sampling per measurement settings, the
// bounded buffer while the server is away, resending in order after it returns, and the same batch
// key for every retry of a batch.

const T0 = Date.UTC(2026, 10, 2, 10, 0, 0);
const build = baseBuild();

const measurement = (uuid: string, settings: Record<string, unknown> = {}, datatype: CollectorMeasurement['Datatype'] = 'number'): CollectorMeasurement => ({
  UUID: uuid,
  Name: uuid,
  Datatype: datatype,
  Settings: { Signal: 'ramp', SampleIntervalMs: 1000, ...settings },
});

/** A server in memory: it stores batches by key (a key sent again is not stored twice) and can be down. */
function fakeServer(list: CollectorMeasurement[]) {
  const stored = new Map<string, OutgoingBatch>();
  const attempts: string[] = [];
  const server = {
    down: false,
    /** The next send is stored but its answer is lost (the collector sees an error). */
    loseNextAnswer: false,
    stored,
    attempts,
    client: {
      async measurements(): Promise<MeasurementList> {
        if (server.down) throw new TypeError('fetch failed');
        return { MeasurementsVersion: '1', Measurements: list };
      },
      async sendPoints(batch: OutgoingBatch): Promise<BatchResult> {
        attempts.push(batch.BatchKey);
        if (server.down) throw new TypeError('fetch failed');
        const duplicate = stored.has(batch.BatchKey);
        if (!duplicate) stored.set(batch.BatchKey, structuredClone(batch));
        if (server.loseNextAnswer) {
          server.loseNextAnswer = false;
          throw new Error('socket hang up');
        }
        return { BatchKey: batch.BatchKey, Points: batch.count, Duplicate: duplicate, Skipped: [] };
      },
    },
    /** Every stored (time, value) of a measurement, in the order the batches arrived. */
    times(uuid: string): number[] {
      return [...stored.values()].flatMap((batch) => batch.Points.filter((p) => p.MeasurementUUID === uuid).flatMap((p) => p.T));
    },
  };
  return server;
}

let clock = T0;
let collectors: MeasurementCollector[] = [];

function collectorFor(server: ReturnType<typeof fakeServer>, options: { maxBufferedPoints?: number; maxBatchPoints?: number } = {}) {
  const collector = createMeasurementCollector({
    client: server.client,
    build: () => build,
    now: () => clock,
    random: () => 0.5,
    flushIntervalMs: 1e9,
    tickMs: 1e9,
    ...options,
  });
  collectors.push(collector);
  return collector;
}

beforeEach(() => {
  clock = T0;
});

afterEach(async () => {
  await Promise.all(collectors.map((collector) => collector.close().catch(() => undefined)));
  collectors = [];
});

describe('sampling', () => {
  it('samples each measurement at whole multiples of its own interval, per its settings and Datatype', () => {
    expect(sampleTimes(T0 + 500, T0 + 3000, 1000)).toEqual([T0 + 1000, T0 + 2000, T0 + 3000]);
    const sim = (settings: Record<string, unknown>) => readMeasurementSettings({ PeriodSeconds: 4, ...settings });
    expect(simulate('number', build, sim({ Signal: 'square', Amplitude: 2, Offset: 10 }), T0)).toBe(12);
    expect(simulate('number', build, sim({ Signal: 'square', Amplitude: 2, Offset: 10 }), T0 + 2000)).toBe(8);
    expect(simulate('number', build, sim({ Signal: 'ramp', Amplitude: 4 }), T0 + 1000)).toBe(1);
    expect(simulate('number', build, sim({ Signal: 'sine', Noise: 0.5 }), T0, () => 1)).toBe(0.5);
    expect([0, 1000, 2000, 3000].map((ms) => simulate('boolean', build, sim({ Signal: 'step' }), T0 + ms))).toEqual([true, true, false, false]);
    expect([0, 1000, 2000, 3000].map((ms) => simulate('string', build, sim({ Signal: 'states', States: 'Off, On' }), T0 + ms))).toEqual(['Off', 'Off', 'On', 'On']);
    expect(simulate('[]number', build, sim({ Signal: 'ramp' }), T0)).toHaveLength(3);
    // Unknown or wrong settings fall back to the defaults.
    expect(readMeasurementSettings({ Signal: 'zigzag', SampleIntervalMs: 5 })).toMatchObject({ signal: 'sine', sampleIntervalMs: 1000, periodSeconds: 60 });
  });

  it('samples only while started (a paused collector samples nothing) and sends what it sampled', async () => {
    const server = fakeServer([measurement('a'), measurement('b', { SampleIntervalMs: 500 })]);
    const collector = collectorFor(server);
    await collector.refresh();
    clock += 5000;
    collector.sample();
    expect(collector.snapshot().sampled).toBe(0);
    collector.start();
    clock += 2000;
    collector.sample();
    expect(collector.collecting).toBe(true);
    await collector.flush();
    expect(server.times('a')).toEqual([T0 + 6000, T0 + 7000]);
    expect(server.times('b')).toEqual([T0 + 5500, T0 + 6000, T0 + 6500, T0 + 7000]);
    collector.stop();
    clock += 3000;
    collector.sample();
    await collector.flush();
    expect(server.times('a')).toHaveLength(2);
  });
});

describe('while the server is unreachable', () => {
  it('buffers up to its bound, drops the oldest beyond it (counted), says so, and sends the rest in order once the server is back', async () => {
    const server = fakeServer([measurement('a')]);
    const collector = collectorFor(server, { maxBufferedPoints: 50, maxBatchPoints: 20 });
    await collector.refresh();
    collector.start();
    server.down = true;
    for (let second = 1; second <= 80; second += 1) {
      clock = T0 + second * 1000;
      collector.sample();
      if (second % 10 === 0) await collector.flush();
    }
    expect(collector.buffering).toBe(true);
    expect(collector.snapshot()).toMatchObject({ buffered: 50, sent: 0 });
    const { dropped } = collector.snapshot();
    expect(dropped).toBe(30);

    server.down = false;
    await collector.flush();
    expect(collector.buffering).toBe(false);
    expect(collector.snapshot()).toMatchObject({ buffered: 0, sent: 50 });
    const times = server.times('a');
    // The newest 50 seconds, oldest first, no gap and no repeat.
    expect(times).toEqual(Array.from({ length: 50 }, (_, i) => T0 + (31 + i) * 1000));
  });

  it('sends a batch whose answer was lost again under the same key, and the server stores it once', async () => {
    const server = fakeServer([measurement('a')]);
    const collector = collectorFor(server, { maxBatchPoints: 5 });
    await collector.refresh();
    collector.start();
    clock += 12_000;
    collector.sample();
    server.loseNextAnswer = true;
    await collector.flush();
    expect(collector.buffering).toBe(true);
    const [first] = server.attempts;
    await collector.flush();
    expect(server.attempts[0]).toBe(first);
    expect(server.attempts[1]).toBe(first);
    expect(new Set(server.attempts).size).toBe(3);
    expect(server.times('a')).toEqual(Array.from({ length: 12 }, (_, i) => T0 + (i + 1) * 1000));
  });

  it('drops a batch the server refuses for good (400) instead of holding up the ones behind it', async () => {
    const server = fakeServer([measurement('a')]);
    const refusing = {
      ...server.client,
      sendPoints: jest.fn(async (batch: OutgoingBatch) => {
        if (refusing.sendPoints.mock.calls.length === 1) throw new CollectorApiError(400, 'bad value');
        return server.client.sendPoints(batch);
      }),
    };
    const collector = createMeasurementCollector({ client: refusing, build: () => build, now: () => clock, flushIntervalMs: 1e9, tickMs: 1e9, maxBatchPoints: 3 });
    collectors.push(collector);
    await collector.refresh();
    collector.start();
    clock += 6000;
    collector.sample();
    await collector.flush();
    expect(collector.snapshot()).toMatchObject({ rejected: 3, sent: 3, buffered: 0 });
    expect(server.times('a')).toEqual([T0 + 4000, T0 + 5000, T0 + 6000]);
  });
});

describe('the point buffer', () => {
  it('keeps a batch and its key until acknowledged, and numbers keys uniquely', () => {
    const buffer = createPointBuffer({ maxPoints: 10, keyPrefix: 'k' });
    buffer.add([1, 2, 3].map((i) => ({ measurementUuid: 'a', time: i, value: i })));
    const batch = buffer.next(2);
    expect(batch).toMatchObject({ BatchKey: 'k-1', count: 2, Points: [{ MeasurementUUID: 'a', T: [1, 2], V: [1, 2] }] });
    expect(buffer.next(2)).toBe(batch);
    if (batch) buffer.acknowledge(batch);
    expect(buffer.next(2)).toMatchObject({ BatchKey: 'k-2', count: 1 });
    expect(buffer.size).toBe(1);
  });
});
