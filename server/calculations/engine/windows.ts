import type { InputValue } from '../sandbox/sandbox';
import type { Aggregation, PointValue } from '../../timeseries/types';

// The input side of the evaluation core: points read in bounded chunks, and a sampled input's
// aggregate over each window [t1, t1 + interval[, computed here in JS with the definitions of
// server/timeseries/README.md so that, for epoch-aligned windows, a window's value equals what the
// store's readAggregated gives for the same range (evaluate.test.ts compares them).

export interface InputPoint {
  time: number;
  value: PointValue;
  quality: number | null;
}

/** Points of one input in [from, to[, ascending, at most `limit`. */
export type PointSource = (from: number, to: number, limit: number) => Promise<InputPoint[]>;

/** At most this many points of one input are held at once. */
export const CHUNK_POINTS = 200_000;

/** A point value as the script sees it: slices as JSON text, raw bytes as base64 text. */
export function inputValueOf(value: PointValue | null): InputValue {
  if (value === null || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return value;
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return JSON.stringify(value);
}

/** Reads a source forward in chunks of CHUNK_POINTS; `peek` and `next` never hold more than one chunk. */
export class PointCursor {
  private buffer: InputPoint[] = [];
  private position = 0;
  private nextFrom: number;
  private exhausted = false;

  constructor(
    private readonly source: PointSource,
    from: number,
    private readonly to: number,
    private readonly chunk = CHUNK_POINTS,
  ) {
    this.nextFrom = from;
  }

  async peek(): Promise<InputPoint | undefined> {
    if (this.position >= this.buffer.length && !this.exhausted) {
      this.buffer = this.nextFrom < this.to ? await this.source(this.nextFrom, this.to, this.chunk) : [];
      this.position = 0;
      if (this.buffer.length < this.chunk) this.exhausted = true;
      const last = this.buffer.at(-1);
      if (last) this.nextFrom = last.time + 1;
    }
    return this.buffer[this.position];
  }

  async next(): Promise<InputPoint | undefined> {
    const point = await this.peek();
    if (point) this.position += 1;
    return point;
  }
}

const compare = (a: number | boolean | string, b: number | boolean | string): number => {
  if (typeof a === 'string' && typeof b === 'string') return Buffer.compare(Buffer.from(a), Buffer.from(b));
  return a > b ? 1 : a < b ? -1 : 0;
};

/** The most frequent value; ties go to the largest (strings bytewise), as the built-in store decides. */
function modeOf(values: readonly (number | boolean | string)[]): number | boolean | string {
  const counts = new Map<number | boolean | string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = values[0];
  let bestCount = 0;
  for (const [v, n] of counts) {
    if (n > bestCount || (n === bestCount && compare(v, best) > 0)) [best, bestCount] = [v, n];
  }
  return best;
}

function medianOf(values: readonly number[]): number {
  const sorted = Float64Array.from(values).sort();
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The sample standard deviation (n − 1), as both stores compute it; null for one point. */
function stddevOf(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1));
}

/**
 * One aggregation of a window's values (at least one), for the value types that
 * AGGREGATIONS_BY_VALUE_TYPE allows it: max/min of booleans are any true/all true.
 */
export function aggregateWindow(aggregation: Aggregation, values: readonly PointValue[], integral: number): InputValue {
  if (aggregation === 'count') return values.length;
  if (aggregation === 'first') return inputValueOf(values[0]);
  if (aggregation === 'last') return inputValueOf(values[values.length - 1]);
  if (aggregation === 'integral') return integral;
  const scalars = values.filter((v): v is number | boolean | string => typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string');
  if (aggregation === 'mode') return modeOf(scalars);
  if (aggregation === 'max') return scalars.reduce((a, b) => (compare(b, a) > 0 ? b : a));
  if (aggregation === 'min') return scalars.reduce((a, b) => (compare(b, a) < 0 ? b : a));
  const numbers = scalars.filter((v): v is number => typeof v === 'number');
  const sum = numbers.reduce((s, v) => s + v, 0);
  switch (aggregation) {
    case 'sum':
      return sum;
    case 'mean':
      return sum / numbers.length;
    case 'median':
      return medianOf(numbers);
    case 'spread':
      // A loop, not Math.max(...numbers): a window may hold more values than a call has arguments.
      return numbers.reduce((a, b) => (b > a ? b : a)) - numbers.reduce((a, b) => (b < a ? b : a));
    case 'stddev':
      return stddevOf(numbers);
  }
}

export interface WindowAggregate {
  /** Points in the window; 0: the input is missing there. */
  count: number;
  value: InputValue;
}

const interpolate = (a: InputPoint, b: InputPoint, at: number, av: number, bv: number) => av + ((bv - av) * (at - a.time)) / (b.time - a.time);

/**
 * Aggregates one input over consecutive windows of a span [spanFrom, spanTo[ read forward once.
 * Points outside the span are not read, as readAggregated ignores points outside [from, to[.
 * The integral (value·seconds, trapezoids) splits a segment that crosses the end of its first
 * point's window there: the first part counts to that window, the rest to its second point's.
 */
export class WindowAggregator {
  private readonly cursor: PointCursor;
  /** The last point of an earlier window, for the segment that reaches into the next one. */
  private previous: InputPoint | undefined;

  constructor(
    source: PointSource,
    spanFrom: number,
    spanTo: number,
    private readonly aggregation: Aggregation,
    private readonly intervalMs: number,
    private readonly offsetMs: number,
    chunk = CHUNK_POINTS,
  ) {
    this.cursor = new PointCursor(source, spanFrom, spanTo, chunk);
  }

  private windowEnd(time: number): number {
    return Math.floor((time - this.offsetMs) / this.intervalMs) * this.intervalMs + this.offsetMs + this.intervalMs;
  }

  /** The window [t1, t1 + interval[; windows must be asked in ascending order. */
  async window(t1: number): Promise<WindowAggregate> {
    const t2 = t1 + this.intervalMs;
    const values: PointValue[] = [];
    const integral = this.aggregation === 'integral';
    let area = 0;
    let last: InputPoint | undefined;
    for (let point = await this.cursor.peek(); point && point.time < t2; point = await this.cursor.peek()) {
      await this.cursor.next();
      if (point.time < t1) {
        this.previous = point;
        continue;
      }
      if (integral && typeof point.value === 'number') {
        const before = last ?? this.previous;
        if (before && typeof before.value === 'number') {
          const end = this.windowEnd(before.time);
          if (last || end > point.time) {
            area += ((before.value + point.value) / 2) * ((point.time - before.time) / 1000);
          } else {
            const atEnd = interpolate(before, point, end, before.value, point.value);
            area += ((atEnd + point.value) / 2) * ((point.time - end) / 1000);
          }
        }
      }
      values.push(point.value);
      last = point;
    }
    if (integral && last && typeof last.value === 'number') {
      const after = await this.cursor.peek();
      if (after && typeof after.value === 'number') {
        const atEnd = interpolate(last, after, t2, last.value, after.value);
        area += ((last.value + atEnd) / 2) * ((t2 - last.time) / 1000);
      }
    }
    if (last) this.previous = last;
    if (values.length === 0) return { count: 0, value: null };
    return { count: values.length, value: aggregateWindow(this.aggregation, values, area) };
  }
}
