import { AGGREGATIONS_BY_VALUE_TYPE } from '../aggregations';
import type { AggregateValue, AggregatedRow, Aggregation, LastGoodPoint, PointValue, RawColumns, ValueType } from '../types';
import type { AggregationPlan, FillMode, QueryPlan, ValueFilter } from './request';

// A series of the query answer as columns, and what the query does to them after the store read
// them: changes only, value filters, fill, order, offset and limit. Working on typed arrays keeps a
// million-point raw answer free of per-point objects from the store to the encoded body.

/** How a column's values read: JSON answers write each kind its own way. */
export type ValueKind = 'number' | 'boolean' | 'integer' | 'text' | 'json';
export type ColumnData = Float64Array | Int32Array | (string | null)[];

export interface Column {
  name: string;
  kind: ValueKind;
  values: ColumnData;
}

export interface SeriesData {
  times: Float64Array;
  columns: Column[];
  truncated: boolean;
  lastKnown: { time: number; value: number | string | boolean | null } | null;
}

const NUMERIC_AGGREGATIONS: readonly Aggregation[] = ['integral', 'mean', 'median', 'spread', 'stddev', 'sum'];

/** The kind of a raw value of the type (slices are JSON text, raw values base64 text). */
export function rawKindOf(valueType: ValueType): ValueKind {
  if (valueType === 'number') return 'number';
  if (valueType === 'boolean') return 'boolean';
  if (valueType === 'string' || valueType === 'raw') return 'text';
  return 'json';
}

export function aggregateKindOf(valueType: ValueType, aggregation: Aggregation): ValueKind {
  if (aggregation === 'count') return 'integer';
  if (NUMERIC_AGGREGATIONS.includes(aggregation)) return 'number';
  return rawKindOf(valueType);
}

/** Whether min and max can come along (the trend's envelope): numbers, and booleans (all/any true). */
export function hasMinMax(valueType: ValueType): boolean {
  return AGGREGATIONS_BY_VALUE_TYPE[valueType].includes('min');
}

function textOf(value: PointValue | AggregateValue): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  return JSON.stringify(value);
}

function numberOf(value: PointValue | AggregateValue): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return NaN;
}

function emptyColumn(kind: ValueKind, length: number): ColumnData {
  if (kind === 'integer') return new Int32Array(length);
  if (kind === 'text' || kind === 'json') return new Array<string | null>(length).fill(null);
  return new Float64Array(length).fill(NaN);
}

function setValue(column: ColumnData, index: number, value: PointValue | AggregateValue): void {
  if (Array.isArray(column)) column[index] = textOf(value);
  else column[index] = numberOf(value);
}

/** The value of row `i` as the filters compare it; null for a missing one. */
function valueAt(column: Column, i: number): number | string | boolean | null {
  const { values } = column;
  if (Array.isArray(values)) return values[i];
  const v = values[i];
  if (Number.isNaN(v)) return null;
  return column.kind === 'boolean' ? v === 1 : v;
}

function passes(value: number | string | boolean | null, filter: ValueFilter): boolean {
  // As in SQL, a missing value passes no comparison; values of another type are only "!=".
  if (value === null) return false;
  if (typeof value !== typeof filter.value) return filter.operator === '!=';
  switch (filter.operator) {
    case '=':
      return value === filter.value;
    case '!=':
      return value !== filter.value;
    case '>':
      return value > filter.value;
    case '<':
      return value < filter.value;
    case '>=':
      return value >= filter.value;
    case '<=':
      return value <= filter.value;
  }
}

/** Filters read left to right: each joins the result of the ones before it by its condition. */
export function matchesFilters(value: number | string | boolean | null, filters: readonly ValueFilter[]): boolean {
  let result = passes(value, filters[0]);
  for (let i = 1; i < filters.length; i++) {
    const filter = filters[i];
    result = filter.condition === 'OR' ? result || passes(value, filter) : result && passes(value, filter);
  }
  return result;
}

function gather(values: ColumnData, rows: Int32Array): ColumnData {
  if (values instanceof Float64Array) {
    const out = new Float64Array(rows.length);
    for (let i = 0; i < rows.length; i++) out[i] = values[rows[i]];
    return out;
  }
  if (values instanceof Int32Array) {
    const out = new Int32Array(rows.length);
    for (let i = 0; i < rows.length; i++) out[i] = values[rows[i]];
    return out;
  }
  const out = new Array<string | null>(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = values[rows[i]];
  return out;
}

function slice(values: ColumnData, start: number, end: number): ColumnData {
  return Array.isArray(values) ? values.slice(start, end) : values.subarray(start, end);
}

/**
 * Keeps the rows with `keep[i]` set (all when null), then the page [offset, offset + limit).
 * `more`: the read itself stopped before the end of the range.
 */
function page(times: Float64Array, columns: Column[], keep: Uint8Array | null, plan: QueryPlan, more: boolean) {
  let kept = times.length;
  let rows: Int32Array | null = null;
  if (keep) {
    rows = new Int32Array(times.length);
    kept = 0;
    for (let i = 0; i < keep.length; i++) if (keep[i]) rows[kept++] = i;
    rows = rows.subarray(0, kept);
  }
  const start = Math.min(plan.offset, kept);
  const end = Math.min(plan.offset + plan.limit, kept);
  const truncated = more || kept > plan.offset + plan.limit;
  if (rows) {
    const chosen = rows.subarray(start, end);
    const pickedTimes = new Float64Array(chosen.length);
    for (let i = 0; i < chosen.length; i++) pickedTimes[i] = times[chosen[i]];
    return { times: pickedTimes, columns: columns.map((column) => ({ ...column, values: gather(column.values, chosen) })), truncated };
  }
  return { times: times.subarray(start, end), columns: columns.map((column) => ({ ...column, values: slice(column.values, start, end) })), truncated };
}

/** The last Good point as the answer carries it: slices as their JSON text, raw values as base64. */
export function lastKnownOf(point: LastGoodPoint | null): SeriesData['lastKnown'] {
  if (!point) return null;
  const { value } = point;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return { time: point.time, value };
  if (value instanceof Uint8Array) return { time: point.time, value: textOf(value) };
  return { time: point.time, value: value === null || value === undefined ? null : JSON.stringify(value) };
}

/**
 * A raw read turned into the answer's series. `read` holds up to `readLimit` points in the
 * order asked; more than that means the range has more (the budget or the limit cut it).
 */
export function rawSeries(valueType: ValueType, read: RawColumns, readLimit: number, plan: QueryPlan): SeriesData {
  const more = read.times.length > readLimit;
  const times = more ? read.times.subarray(0, readLimit) : read.times;
  const kind = rawKindOf(valueType);
  const values: ColumnData = read.values instanceof Float64Array ? read.values.subarray(0, times.length) : read.values.slice(0, times.length);
  const column: Column = { name: 'value', kind, values };
  let keep: Uint8Array | null = null;
  if (plan.changesOnly) {
    keep = new Uint8Array(times.length);
    // A change is judged against the point before it in time, whichever order the answer has.
    const before = plan.desc ? 1 : -1;
    for (let i = 0; i < times.length; i++) {
      const j = i + before;
      keep[i] = j < 0 || j >= times.length || values[i] !== values[j] ? 1 : 0;
    }
  }
  if (plan.filters.length > 0) {
    keep ??= new Uint8Array(times.length).fill(1);
    for (let i = 0; i < times.length; i++) if (keep[i] && !matchesFilters(valueAt(column, i), plan.filters)) keep[i] = 0;
  }
  const paged = page(times, [column], keep, plan, more);
  return { ...paged, lastKnown: lastKnownOf(read.lastGood) };
}

/**
 * The aggregation a series gets: the one asked, or `last` when it does not apply to the series'
 * value type (a mean of booleans or strings), so one query serves a chart of mixed measurements.
 * The series' Fields name what it holds.
 */
export function seriesAggregation(valueType: ValueType, aggregation: AggregationPlan): AggregationPlan {
  return AGGREGATIONS_BY_VALUE_TYPE[valueType].includes(aggregation.name) ? aggregation : { ...aggregation, name: 'last' };
}

/** The aggregations to ask the store for: the one asked, count (to know empty windows), min and max. */
export function storeAggregations(valueType: ValueType, aggregation: AggregationPlan): Aggregation[] {
  const wanted: Aggregation[] = [aggregation.name, 'count'];
  if (aggregation.withMinMax && hasMinMax(valueType)) wanted.push('min', 'max');
  return [...new Set(wanted)];
}

/** The answer's fields after time: the aggregation, then min and max when asked and possible. */
export function aggregateFields(valueType: ValueType, aggregation: AggregationPlan): Aggregation[] {
  const fields: Aggregation[] = [aggregation.name];
  if (aggregation.withMinMax && hasMinMax(valueType)) fields.push('min', 'max');
  return [...new Set(fields)];
}

function fill(column: Column, empty: Uint8Array, mode: FillMode): void {
  const { values, kind } = column;
  if (mode === 'none' || mode === 'null' || values instanceof Int32Array) return;
  const numeric = kind === 'number';
  if (mode === '0') {
    if (numeric && values instanceof Float64Array) for (let i = 0; i < empty.length; i++) if (empty[i]) values[i] = 0;
    return;
  }
  if (mode === 'linear' && numeric && values instanceof Float64Array) {
    let previous = -1;
    for (let i = 0; i < empty.length; i++) {
      if (empty[i]) continue;
      if (previous >= 0 && i - previous > 1) {
        const a = values[previous];
        const step = (values[i] - a) / (i - previous);
        for (let k = previous + 1; k < i; k++) values[k] = a + step * (k - previous);
      }
      previous = i;
    }
    return;
  }
  // previous, and linear for values that do not interpolate (a state holds until it changes).
  if (Array.isArray(values)) {
    for (let i = 1; i < empty.length; i++) if (empty[i]) values[i] = values[i - 1];
  } else {
    for (let i = 1; i < empty.length; i++) if (empty[i]) values[i] = values[i - 1];
  }
}

/** The store's windows turned into the answer's series: fill, filters, order, offset and limit. */
export function aggregatedSeries(valueType: ValueType, rows: readonly AggregatedRow[], aggregation: AggregationPlan, plan: QueryPlan): SeriesData {
  const n = rows.length;
  const times = new Float64Array(n);
  const empty = new Uint8Array(n);
  const names = aggregateFields(valueType, aggregation);
  const columns: Column[] = names.map((name) => ({ name, kind: aggregateKindOf(valueType, name), values: emptyColumn(aggregateKindOf(valueType, name), n) }));
  for (let i = 0; i < n; i++) {
    const row = rows[i];
    times[i] = row.time.getTime();
    empty[i] = row.count === 0 ? 1 : 0;
    names.forEach((name, k) => setValue(columns[k].values, i, row[name] ?? null));
  }
  for (const column of columns) fill(column, empty, aggregation.fill);

  let keep: Uint8Array | null = null;
  if (aggregation.fill === 'none') keep = Uint8Array.from(empty, (e) => (e ? 0 : 1));
  if (plan.filters.length > 0) {
    keep ??= new Uint8Array(n).fill(1);
    for (let i = 0; i < n; i++) if (keep[i] && !matchesFilters(valueAt(columns[0], i), plan.filters)) keep[i] = 0;
  }
  if (plan.desc) {
    times.reverse();
    for (const column of columns) column.values.reverse();
    keep?.reverse();
  }
  return { ...page(times, columns, keep, plan, false), lastKnown: null };
}

/** Points read through the generic readRaw, as columns. */
export function columnsOfPoints(valueType: ValueType, points: readonly { time: Date; value: PointValue }[]): Pick<RawColumns, 'times' | 'values'> {
  const times = new Float64Array(points.length);
  const kind = rawKindOf(valueType);
  const values = emptyColumn(kind, points.length);
  for (let i = 0; i < points.length; i++) {
    times[i] = points[i].time.getTime();
    setValue(values, i, points[i].value);
  }
  return { times, values: values instanceof Int32Array ? Float64Array.from(values) : values };
}

