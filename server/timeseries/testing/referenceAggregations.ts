import type { Aggregation } from '../types';

// A deliberately plain reference of every aggregation, written from the definitions in
// ../README.md and not from either store's code, to compute the values the stores must return.

export interface RefPoint<V> {
  time: number;
  value: V;
}

export type RefRow = { time: number } & Partial<Record<Aggregation, number | boolean | string | null>>;

type Comparable = number | boolean | string;

function mode<V extends Comparable>(values: V[]): V {
  const counts = new Map<V, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = values[0];
  for (const [v, n] of counts) {
    const bestCount = counts.get(best) ?? 0;
    // Ties go to the largest value, as InfluxDB 1.x decides them.
    if (n > bestCount || (n === bestCount && v > best)) best = v;
  }
  return best;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function stddev(values: number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1));
}

/** Trapezoids in value·seconds, a segment split at the end of its first point's window. */
function integrals(points: RefPoint<number>[], windowOf: (t: number) => number, windowMs: number): Map<number, number> {
  const out = new Map<number, number>();
  const add = (w: number, area: number) => out.set(w, (out.get(w) ?? 0) + area);
  for (const p of points) add(windowOf(p.time), 0);
  for (let i = 0; i + 1 < points.length; i += 1) {
    const [a, b] = [points[i], points[i + 1]];
    const end = windowOf(a.time) + windowMs;
    if (b.time < end) {
      add(windowOf(a.time), ((a.value + b.value) / 2) * ((b.time - a.time) / 1000));
    } else {
      const atEnd = a.value + ((b.value - a.value) * (end - a.time)) / (b.time - a.time);
      add(windowOf(a.time), ((a.value + atEnd) / 2) * ((end - a.time) / 1000));
      add(windowOf(b.time), ((atEnd + b.value) / 2) * ((b.time - end) / 1000));
    }
  }
  return out;
}

function aggregate<V extends Comparable>(aggregation: Aggregation, values: V[], integral: number | undefined): number | V | null {
  if (aggregation === 'count') return values.length;
  if (values.length === 0) return null;
  const numbers = values.filter((v): v is V & number => typeof v === 'number');
  const sum = numbers.reduce((s, v) => s + v, 0);
  switch (aggregation) {
    case 'first':
      return values[0];
    case 'last':
      return values[values.length - 1];
    case 'mode':
      return mode(values);
    case 'max':
      return values.reduce((a, b) => (a > b ? a : b));
    case 'min':
      return values.reduce((a, b) => (a < b ? a : b));
    case 'sum':
      return sum;
    case 'mean':
      return sum / numbers.length;
    case 'median':
      return median(numbers);
    case 'spread':
      return Math.max(...numbers) - Math.min(...numbers);
    case 'stddev':
      return stddev(numbers);
    case 'integral':
      return integral ?? null;
  }
}

/** Every window from the one holding `from` to the one holding the last instant before `to`. */
export function referenceAggregate<V extends Comparable>(
  all: RefPoint<V>[],
  query: { from: number; to: number; windowMs: number; aggregations: readonly Aggregation[] },
): RefRow[] {
  const { from, to, windowMs } = query;
  const windowOf = (t: number) => Math.floor(t / windowMs) * windowMs;
  const points = all.filter((p) => p.time >= from && p.time < to).sort((a, b) => a.time - b.time);
  const numeric = points.filter((p): p is RefPoint<V & number> => typeof p.value === 'number');
  const areas = numeric.length === points.length ? integrals(numeric, windowOf, windowMs) : new Map<number, number>();
  const rows: RefRow[] = [];
  for (let w = windowOf(from); w < to; w += windowMs) {
    const values = points.filter((p) => windowOf(p.time) === w).map((p) => p.value);
    const row: RefRow = { time: w };
    for (const aggregation of query.aggregations) row[aggregation] = aggregate(aggregation, values, areas.get(w));
    rows.push(row);
  }
  return rows;
}
