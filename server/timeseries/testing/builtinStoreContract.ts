import { randomUUID } from 'node:crypto';
import { partitionName, partitionStart } from '../postgres/partitions';
import type { SqlClient } from '../postgres/schema';
import type { TimeseriesStore } from '../types';

// What only the built-in store promises, on PGlite and on PostgreSQL: weekly partitions, and
// ties of mode broken by the largest value (InfluxDB's tie-break depends on the points' times).

const WEEK_MS = 7 * 86_400_000;

export function describeBuiltinStore(name: string, get: () => { store: TimeseriesStore; sql: SqlClient }): void {
  describe(`${name}: built-in store specifics`, () => {
    it('puts each week in its own partition, made just before the first write into it', async () => {
      const { store, sql } = get();
      const measurement = randomUUID();
      // A Sunday 23:59:59.999 and the Monday 00:00 after it belong to different weeks.
      const times = [Date.UTC(2031, 2, 2, 23, 59, 59, 999), Date.UTC(2031, 2, 3), Date.UTC(2031, 2, 20)];
      await store.writePoints(measurement, 'number', times.map((time, i) => ({ time, value: i })));
      const { rows } = await sql.query<{ partition: string }>(
        'SELECT tableoid::regclass::text AS partition FROM timeseries_points WHERE measurement_uuid = $1 ORDER BY time',
        [measurement],
      );
      expect(rows.map((r) => r.partition)).toEqual(['timeseries_points_p20310224', 'timeseries_points_p20310303', 'timeseries_points_p20310317']);
      expect(times.map((t) => partitionName(partitionStart(t)))).toEqual(rows.map((r) => r.partition));
    });

    it('makes a week again when its partition was dropped behind its back', async () => {
      const { store, sql } = get();
      const measurement = randomUUID();
      const time = Date.UTC(2032, 5, 9, 12);
      await store.writePoints(measurement, 'number', [{ time, value: 1 }]);
      await sql.query(`DROP TABLE ${partitionName(partitionStart(time))}`);
      await store.writePoints(measurement, 'number', [{ time: time + 1, value: 2 }]);
      const read = await store.readRaw(measurement, 'number', { from: time - WEEK_MS, to: time + WEEK_MS });
      expect(read.map((p) => p.value)).toEqual([2]);
    });
  
    it('writes a batch of several measurements and types at once, a point written again merging as writePoints does', async () => {
      const { store } = get();
      const [flow, level, running] = [randomUUID(), randomUUID(), randomUUID()];
      const t0 = Date.UTC(2033, 3, 4);
      const write = store.writeNormalized?.bind(store);
      if (!write) throw new Error('the built-in store writes normalized batches');
      await write([
        { measurementUuid: flow, valueType: 'number', points: [0, 1, 2].map((i) => ({ time: t0 + i * 1000, value: i / 2, quality: null })) },
        { measurementUuid: level, valueType: 'number', points: [0, 1].map((i) => ({ time: t0 + i * 1000, value: 10 + i, quality: 192 })) },
        { measurementUuid: running, valueType: 'boolean', points: [{ time: t0, value: true, quality: null }] },
      ]);
      // Again over the same times (the upsert path): a new value replaces, a missing quality keeps the old one.
      await write([
        { measurementUuid: level, valueType: 'number', points: [{ time: t0 + 1000, value: 99, quality: null }] },
        { measurementUuid: flow, valueType: 'number', points: [{ time: t0 + 3000, value: 7, quality: null }] },
      ]);
      const range = { from: t0, to: t0 + 60_000 };
      expect((await store.readRaw(flow, 'number', range)).map((p) => p.value)).toEqual([0, 0.5, 1, 7]);
      expect(await store.readRaw(level, 'number', range)).toEqual([
        { time: new Date(t0), value: 10, quality: 192 },
        { time: new Date(t0 + 1000), value: 99, quality: 192 },
      ]);
      expect((await store.readRaw(running, 'boolean', range)).map((p) => p.value)).toEqual([true]);
    });

    it('breaks ties of mode by the largest value, bytewise for strings', async () => {
      const { store } = get();
      const [numbers, strings] = [randomUUID(), randomUUID()];
      const t0 = Date.UTC(2024, 0, 1);
      const query = { from: t0, to: t0 + 60_000, windowMs: 60_000, aggregations: ['mode' as const] };
      await store.writePoints(numbers, 'number', [5, 1, 5, 1, 3].map((value, i) => ({ time: t0 + i, value })));
      await store.writePoints(strings, 'string', ['a', 'z', 'é', 'B'].map((value, i) => ({ time: t0 + i, value })));
      expect((await store.readAggregated(numbers, 'number', query))[0].mode).toBe(5);
      expect((await store.readAggregated(strings, 'string', query))[0].mode).toBe('é');
    });

    it('reads raw points as packed columns in either order, with the last Good point before the range', async () => {
      const { store } = get();
      if (!store.readRawColumns) throw new Error('the built-in store reads columns');
      const [numbers, flags, texts, slices, raw] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      const t0 = Date.UTC(2024, 1, 1);
      await store.writePoints(numbers, 'number', [
        { time: t0 - 3_000, value: 7, quality: 192 },
        { time: t0 - 1_000, value: 8, quality: 0 },
        ...[1.5, -2, 3].map((value, i) => ({ time: t0 + i * 1_000, value })),
      ]);
      await store.writePoints(flags, 'boolean', [true, false].map((value, i) => ({ time: t0 + i, value })));
      await store.writePoints(texts, 'string', [{ time: t0 - 1, value: 'was' }, ...['a', 'é "q"'].map((value, i) => ({ time: t0 + i, value }))]);
      await store.writePoints(slices, '[]number', [{ time: t0, value: [1, 2] }]);
      await store.writePoints(raw, 'raw', [{ time: t0, value: new Uint8Array([1, 2, 255]) }]);
      const range = { from: t0, to: t0 + 60_000, limit: 10, order: 'asc' as const, lastKnown: true };

      const read = await store.readRawColumns(numbers, 'number', range);
      expect(read).toEqual({ times: new Float64Array([t0, t0 + 1_000, t0 + 2_000]), values: new Float64Array([1.5, -2, 3]), lastGood: { time: t0 - 3_000, value: 7 } });
      const newest = await store.readRawColumns(numbers, 'number', { ...range, order: 'desc', limit: 2, lastKnown: false });
      expect(newest).toEqual({ times: new Float64Array([t0 + 2_000, t0 + 1_000]), values: new Float64Array([3, -2]), lastGood: null });
      expect((await store.readRawColumns(flags, 'boolean', range)).values).toEqual(new Float64Array([1, 0]));
      expect(await store.readRawColumns(texts, 'string', range)).toMatchObject({ values: ['a', 'é "q"'], lastGood: { time: t0 - 1, value: 'was' } });
      expect((await store.readRawColumns(slices, '[]number', range)).values.map((text) => JSON.parse(String(text)))).toEqual([[1, 2]]);
      expect((await store.readRawColumns(raw, 'raw', range)).values).toEqual(['AQL/']);
      expect(await store.readRawColumns(randomUUID(), 'number', range)).toEqual({ times: new Float64Array(0), values: new Float64Array(0), lastGood: null });
    });
  });
}
