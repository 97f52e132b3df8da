import { randomUUID } from 'node:crypto';
import { AGGREGATIONS_BY_VALUE_TYPE, InvalidAggregationError } from '../aggregations';
import { InvalidPointError } from '../points';
import type { AggregatedRow, Point, PointValue, StoredPoint, TimeseriesStore, ValueType } from '../types';
import { referenceAggregate } from './referenceAggregations';
import type { RefPoint, RefRow } from './referenceAggregations';

// The behaviour every TimeseriesStore must share, run against the built-in store (PGlite and
// PostgreSQL) and InfluxDB 1.6. Each test writes to its own fresh measurement UUIDs, so the
// tests of a file share one database and stay independent.

const SEC = 1000;
// Sunday 23:57 UTC: the data set crosses midnight, hence a week (partition) boundary.
const T0 = Date.UTC(2024, 0, 7, 23, 57, 0);
const at = (seconds: number) => T0 + seconds * SEC;

const ROUND_TRIPS: Record<ValueType, PointValue[]> = {
  number: [0, -1.5, 1e-7, 123456789.123456, 1.7976931348623157e308, 42],
  boolean: [true, false],
  string: ['', 'plain', 'with "quotes", commas, = and spaces', 'back\\slash\\', 'line\nbreak', 'unicode é ✓ 漢字'],
  '[]number': [[], [1, 2.5, -3]],
  '[]boolean': [[true, false], []],
  '[]string': [['a', 'b"c', ''], []],
  raw: [new Uint8Array([0, 1, 2, 255]), new Uint8Array([])],
};

/**
 * Points in 7 windows of a minute: an empty one, a point on a boundary, one just before it. No
 * window has two equally frequent values: InfluxDB breaks such ties of mode by the points'
 * times in a way no other store can follow (see README.md), booleans excepted.
 */
const NUMBERS: RefPoint<number>[] = [
  [0, 10], [10, 11], [15, 12.5], [15.5, -3], [30, 12.5], [45, 7],
  [60, 4], [75, 4], [100, 9],
  [185, 1.25],
  [299.999, 8],
  [300, 2], [330, 2], [359, 6],
  [361, 5], [362, 1], [363, 5], [364, 0.5],
  [390, 100],
].map(([s, value]) => ({ time: at(s), value }));
const WINDOWED = { from: at(10), to: at(390), windowMs: 60 * SEC };

const BOOLEANS: RefPoint<boolean>[] = [
  [0, true], [1, false], [2, true], [60, false], [61, false], [185, true], [186, false],
].map(([s, value]) => ({ time: at(Number(s)), value: value === true }));
const STRINGS: RefPoint<string>[] = [
  [0, 'b'], [1, 'a'], [2, 'b'], [60, 'z'], [61, 'é'], [62, 'é'],
].map(([s, value]) => ({ time: at(Number(s)), value: String(value) }));

const points = <V extends PointValue>(refs: RefPoint<V>[]): Point[] => refs.map((p) => ({ time: p.time, value: p.value }));

function expectRowsClose(actual: AggregatedRow[], expected: RefRow[]): void {
  expect(actual.map((r) => r.time.getTime())).toEqual(expected.map((r) => r.time));
  expected.forEach((row, i) => {
    for (const [aggregation, want] of Object.entries(row)) {
      if (aggregation === 'time') continue;
      const got: unknown = actual[i][aggregation as keyof AggregatedRow];
      const where = `window ${i} ${aggregation}`;
      // Floats within a relative 1e-9 count as equal; otherwise the message shows both values.
      const close = typeof want === 'number' && typeof got === 'number' && Math.abs(got - want) <= 1e-9 * Math.max(1, Math.abs(want));
      expect({ where, got: close ? want : got }).toEqual({ where, got: want });
    }
  });
}

const bytes = (p: StoredPoint) => (p.value instanceof Uint8Array ? [...p.value] : p.value);

export function describeTimeseriesStore(name: string, getStore: () => TimeseriesStore): void {
  describe(`${name}: time-series store contract`, () => {
    let store: TimeseriesStore;
    beforeAll(() => {
      store = getStore();
    });

    it.each(Object.keys(ROUND_TRIPS).map((t) => [t]))('round-trips every %s value with its quality', async (type) => {
      const valueType = type as ValueType;
      const measurement = randomUUID();
      const written = ROUND_TRIPS[valueType].map((value, i) => ({ time: at(i), value, ...(i % 2 === 0 ? { quality: i === 0 ? 0 : 192 } : {}) }));
      await expect(store.writePoints(measurement, valueType, written)).resolves.toBe(written.length);
      const read = await store.readRaw(measurement, valueType, { from: at(0), to: at(60) });
      expect(read.map((p) => ({ ...p, time: p.time.getTime(), value: bytes(p) }))).toEqual(
        written.map((p) => ({ ...p, value: p.value instanceof Uint8Array ? [...p.value] : p.value })),
      );
    });

    it('takes raw values as base64 text too and gives them back as bytes', async () => {
      const measurement = randomUUID();
      await store.writePoints(measurement, 'raw', [{ time: T0, value: 'AAEC/w==' }]);
      const [point] = await store.readRaw(measurement, 'raw', { from: T0, to: T0 + 1 });
      expect(bytes(point)).toEqual([0, 1, 2, 255]);
    });

    it('replaces a point written again at the same time, the last of a batch winning; a missing quality keeps the old one', async () => {
      const measurement = randomUUID();
      await store.writePoints(measurement, 'number', [{ time: T0, value: 1, quality: 192 }, { time: at(1), value: 2, quality: 192 }]);
      await expect(store.writePoints(measurement, 'number', [{ time: T0, value: 3 }, { time: T0, value: 4 }, { time: at(1), value: 5, quality: 0 }])).resolves.toBe(2);
      const read = await store.readRaw(measurement, 'number', { from: T0, to: at(2) });
      expect(read.map((p) => [p.time.getTime(), p.value, p.quality])).toEqual([[T0, 4, 192], [at(1), 5, 0]]);
    });

    it('keeps the value of another type written at the same time apart', async () => {
      const measurement = randomUUID();
      await store.writePoints(measurement, 'number', [{ time: T0, value: 1 }]);
      await store.writePoints(measurement, 'string', [{ time: T0, value: 'one' }]);
      expect((await store.readRaw(measurement, 'number', { from: T0, to: at(1) })).map((p) => p.value)).toEqual([1]);
      expect((await store.readRaw(measurement, 'string', { from: T0, to: at(1) })).map((p) => p.value)).toEqual(['one']);
    });

    it('reads [from, to): from inclusive, to exclusive, in either order, up to the limit', async () => {
      const measurement = randomUUID();
      await store.writePoints(measurement, 'number', points(NUMBERS));
      const times = (read: StoredPoint[]) => read.map((p) => (p.time.getTime() - T0) / SEC);
      expect(times(await store.readRaw(measurement, 'number', { from: at(10), to: at(60) }))).toEqual([10, 15, 15.5, 30, 45]);
      expect(times(await store.readRaw(measurement, 'number', { from: at(10), to: at(60), order: 'desc', limit: 2 }))).toEqual([45, 30]);
      expect(times(await store.readRaw(measurement, 'number', { from: at(300), to: at(1000), limit: 3 }))).toEqual([300, 330, 359]);
      expect(await store.readRaw(measurement, 'number', { from: at(120), to: at(180) })).toEqual([]);
    });

    it('keeps measurements apart', async () => {
      const [a, b] = [randomUUID(), randomUUID()];
      await store.writePoints(a, 'number', [{ time: T0, value: 1 }]);
      await store.writePoints(b, 'number', [{ time: T0, value: 2 }]);
      expect((await store.readRaw(a, 'number', { from: T0, to: at(1) })).map((p) => p.value)).toEqual([1]);
    });

    it('computes every aggregation of a number series per window as the reference does', async () => {
      const measurement = randomUUID();
      await store.writePoints(measurement, 'number', points(NUMBERS));
      const query = { ...WINDOWED, aggregations: AGGREGATIONS_BY_VALUE_TYPE.number };
      const rows = await store.readAggregated(measurement, 'number', query);
      expect(rows).toHaveLength(7);
      expectRowsClose(rows, referenceAggregate(NUMBERS, query));
    });

    it('gives an empty window count 0 and null for every other aggregation', async () => {
      const measurement = randomUUID();
      await store.writePoints(measurement, 'number', points(NUMBERS));
      const rows = await store.readAggregated(measurement, 'number', { ...WINDOWED, aggregations: AGGREGATIONS_BY_VALUE_TYPE.number });
      const empty = rows.find((r) => r.time.getTime() === at(120));
      expect(empty).toEqual({ time: new Date(at(120)), count: 0, integral: null, mean: null, median: null, mode: null, spread: null, stddev: null, sum: null, first: null, last: null, max: null, min: null });
      const nothing = await store.readAggregated(randomUUID(), 'number', { from: T0, to: at(120), windowMs: 60 * SEC, aggregations: ['count', 'mean'] });
      expect(nothing).toEqual([{ time: new Date(T0), count: 0, mean: null }, { time: new Date(at(60)), count: 0, mean: null }]);
    });

    it('aligns windows to the epoch, the first one starting before from', async () => {
      const measurement = randomUUID();
      await store.writePoints(measurement, 'number', points(NUMBERS));
      const query = { from: at(70), to: at(190), windowMs: 60 * SEC, aggregations: ['count', 'sum', 'first'] as const };
      const rows = await store.readAggregated(measurement, 'number', query);
      expect(rows.map((r) => [(r.time.getTime() - T0) / SEC, r.count, r.sum, r.first])).toEqual([[60, 2, 13, 4], [120, 0, null, null], [180, 1, 1.25, 1.25]]);
    });

    it('aggregates booleans (max = any true, min = all true, mode true on a tie) and strings', async () => {
      const [b, s] = [randomUUID(), randomUUID()];
      await store.writePoints(b, 'boolean', points(BOOLEANS));
      await store.writePoints(s, 'string', points(STRINGS));
      const boolQuery = { from: T0, to: at(240), windowMs: 60 * SEC, aggregations: AGGREGATIONS_BY_VALUE_TYPE.boolean };
      expectRowsClose(await store.readAggregated(b, 'boolean', boolQuery), referenceAggregate(BOOLEANS, boolQuery));
      const stringQuery = { from: T0, to: at(120), windowMs: 60 * SEC, aggregations: AGGREGATIONS_BY_VALUE_TYPE.string };
      expectRowsClose(await store.readAggregated(s, 'string', stringQuery), referenceAggregate(STRINGS, stringQuery));
    });

    it('counts slices and raw values and gives back the first and last of a window', async () => {
      const measurement = randomUUID();
      await store.writePoints(measurement, '[]number', [{ time: T0, value: [1] }, { time: at(1), value: [2, 3] }]);
      const [row] = await store.readAggregated(measurement, '[]number', { from: T0, to: at(60), windowMs: 60 * SEC, aggregations: ['count', 'first', 'last'] });
      expect(row).toEqual({ time: new Date(T0), count: 2, first: [1], last: [2, 3] });
    });

    it('refuses an aggregation the value type does not support, and a bad window', async () => {
      const query = { from: T0, to: at(60), windowMs: 60 * SEC };
      await expect(store.readAggregated(randomUUID(), 'string', { ...query, aggregations: ['mean'] })).rejects.toThrow(InvalidAggregationError);
      await expect(store.readAggregated(randomUUID(), 'boolean', { ...query, aggregations: ['sum'] })).rejects.toThrow(InvalidAggregationError);
      await expect(store.readAggregated(randomUUID(), 'number', { ...query, windowMs: 0, aggregations: ['mean'] })).rejects.toThrow(InvalidAggregationError);
    });

    it('refuses a point that does not fit the value type, writing nothing of its batch', async () => {
      const measurement = randomUUID();
      const bad = [{ time: T0, value: 1 }, { time: at(1), value: Number.NaN }];
      await expect(store.writePoints(measurement, 'number', bad)).rejects.toThrow(InvalidPointError);
      await expect(store.writePoints(measurement, 'boolean', [{ time: T0, value: 'yes' }])).rejects.toThrow(InvalidPointError);
      await expect(store.writePoints(measurement, '[]number', [{ time: T0, value: [1, 'x'] as unknown as number[] }])).rejects.toThrow(InvalidPointError);
      await expect(store.writePoints(measurement, 'raw', [{ time: T0, value: 'not base64!' }])).rejects.toThrow(InvalidPointError);
      expect(await store.readRaw(measurement, 'number', { from: T0, to: at(2) })).toEqual([]);
    });

    it('writes batches of 5,000 points', async () => {
      const measurement = randomUUID();
      const batch = (offset: number) => Array.from({ length: 5000 }, (_, i) => ({ time: T0 + (offset + i) * SEC, value: i % 100 }));
      await expect(store.writePoints(measurement, 'number', batch(0))).resolves.toBe(5000);
      await expect(store.writePoints(measurement, 'number', [...batch(5000), ...batch(10_000)])).resolves.toBe(10_000);
      const rows = await store.readAggregated(measurement, 'number', { from: T0, to: T0 + 15_000 * SEC, windowMs: 3600 * SEC, aggregations: ['count', 'sum'] });
      const total = (key: 'count' | 'sum') => rows.reduce((n, r) => n + Number(r[key]), 0);
      expect([total('count'), total('sum')]).toEqual([15_000, 150 * 4950]);
    });

    it('deletes every point of a measurement', async () => {
      const [gone, kept] = [randomUUID(), randomUUID()];
      await store.writePoints(gone, 'number', points(NUMBERS));
      await store.writePoints(kept, 'number', [{ time: T0, value: 1 }]);
      await store.deleteMeasurement(gone);
      expect(await store.readRaw(gone, 'number', { from: T0, to: at(1000) })).toEqual([]);
      expect(await store.readRaw(kept, 'number', { from: T0, to: at(1) })).toHaveLength(1);
      await expect(store.deleteMeasurement(randomUUID())).resolves.toBeUndefined();
    });
  });
}
