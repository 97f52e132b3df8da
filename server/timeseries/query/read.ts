import { MAX_RAW_LIMIT, MIN_TIME_MS } from '../points';
import type { LastGoodPoint, RawColumns, TimeseriesStore, ValueType } from '../types';
import { RAW_POINT_BUDGET, type QueryPlan } from './request';
import { aggregatedSeries, columnsOfPoints, lastKnownOf, rawSeries, seriesAggregation, storeAggregations, type SeriesData } from './series';

// One measurement's series from its store. The built-in store reads raw points as packed columns
// with the last known point in the same statement; other stores (InfluxDB) go through readRaw.

/** How far back the generic path looks for a Good point among bad ones before giving up. */
const LAST_GOOD_LOOKBACK = 1000;
const isGood = (quality: number | undefined) => quality === undefined || (quality & 192) === 192;

async function lastGood(store: TimeseriesStore, uuid: string, valueType: ValueType, before: number): Promise<LastGoodPoint | null> {
  if (store.readRawColumns) {
    return (await store.readRawColumns(uuid, valueType, { from: before, to: before + 1, limit: 1, order: 'asc', lastKnown: true })).lastGood;
  }
  if (before <= MIN_TIME_MS) return null;
  const points = await store.readRaw(uuid, valueType, { from: MIN_TIME_MS, to: before, limit: LAST_GOOD_LOOKBACK, order: 'desc' });
  const point = points.find((p) => isGood(p.quality));
  return point ? { time: point.time.getTime(), value: point.value } : null;
}

async function readRawColumns(store: TimeseriesStore, uuid: string, valueType: ValueType, plan: QueryPlan, limit: number): Promise<RawColumns> {
  const order = plan.desc ? 'desc' : 'asc';
  if (store.readRawColumns) return store.readRawColumns(uuid, valueType, { from: plan.from, to: plan.to, limit, order, lastKnown: plan.includeLastKnown });
  const points = await store.readRaw(uuid, valueType, { from: plan.from, to: plan.to, limit, order });
  const last = plan.includeLastKnown ? await lastGood(store, uuid, valueType, plan.from) : null;
  return { ...columnsOfPoints(valueType, points), lastGood: last };
}

export async function readSeries(store: TimeseriesStore, uuid: string, valueType: ValueType, plan: QueryPlan): Promise<SeriesData> {
  if (plan.aggregation) {
    const aggregation = seriesAggregation(valueType, plan.aggregation);
    const rows = await store.readAggregated(uuid, valueType, { from: plan.from, to: plan.to, windowMs: aggregation.windowMs, aggregations: storeAggregations(valueType, aggregation) });
    const series = aggregatedSeries(valueType, rows, aggregation, plan);
    if (plan.includeLastKnown) series.lastKnown = lastKnownOf(await lastGood(store, uuid, valueType, plan.from));
    return series;
  }
  // One point more than needed tells whether the range holds more. readRaw reads at most
  // MAX_RAW_LIMIT, so through it the budget is one point less.
  const budget = store.readRawColumns ? RAW_POINT_BUDGET : MAX_RAW_LIMIT - 1;
  const filtered = plan.filters.length > 0 || plan.changesOnly;
  const wanted = filtered ? budget : Math.min(plan.offset + plan.limit, budget);
  const read = await readRawColumns(store, uuid, valueType, plan, wanted + 1);
  return rawSeries(valueType, read, wanted, plan);
}

/** The series of a measurement without a database (Discovered): no points, the same fields. */
export function emptySeries(valueType: ValueType, plan: QueryPlan): SeriesData {
  if (plan.aggregation) return aggregatedSeries(valueType, [], seriesAggregation(valueType, plan.aggregation), plan);
  return rawSeries(valueType, { ...columnsOfPoints(valueType, []), lastGood: null }, 0, plan);
}
