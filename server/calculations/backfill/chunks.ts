import type { CalculatedPoint, CalculationDefinition } from '../engine/types';
import type { PointValue, StoredPoint } from '../../timeseries/types';

// How a backfill cuts its range into chunks, and how it compares a chunk's new points with the
// stored ones (README.md). Pure functions, so the job stays a loop.

const HOUR_MS = 3_600_000;
/** The usual chunk: 6 hours (360 windows of 1 minute). */
export const CHUNK_MS = 6 * HOUR_MS;
/** For raw calculations (one evaluation per input point, however dense) and intervals under 2.16 s. */
export const SHORT_CHUNK_MS = HOUR_MS;
/** Windows of one calculation in a chunk, at most (before the short chunk is chosen). */
export const MAX_WINDOWS_PER_CHUNK = 10_000;
/** Changed or added values kept per calculation for the result, earliest first. */
export const SAMPLE_SIZE = 100;
/** Failed evaluations kept per calculation for the result, earliest first. */
export const FIRST_ERRORS_SIZE = 20;

/**
 * The chunk length for these calculations: 6 h, or 1 h when one of them is raw or has windows so
 * short that 6 h would hold more than MAX_WINDOWS_PER_CHUNK; then stretched to a whole number of
 * such lengths when an interval is longer (12 h, 1 d), so every chunk holds a complete window of
 * each. The lengths divide a day, so chunk bounds (multiples of the length since the epoch) are
 * window bounds of every calculation with an interval that divides the length and no offset.
 */
export function chunkLengthOf(calculations: readonly CalculationDefinition[]): number {
  const intervals = calculations.filter((calc) => calc.type !== 'raw' && calc.intervalMs > 0).map((calc) => calc.intervalMs);
  const short = calculations.some((calc) => calc.type === 'raw') || intervals.some((interval) => interval * MAX_WINDOWS_PER_CHUNK < CHUNK_MS);
  const length = short ? SHORT_CHUNK_MS : CHUNK_MS;
  const longest = Math.max(0, ...intervals);
  return longest > length ? Math.ceil(longest / length) * length : length;
}

/** The bounds of the chunks of [from, to[: from, the multiples of `length` between, to. */
export function chunkBounds(from: number, to: number, length: number): number[] {
  const bounds = [from];
  for (let bound = Math.floor(from / length) * length + length; bound < to; bound += length) bounds.push(bound);
  bounds.push(to);
  return bounds;
}

/** A value as the result (JSON) gives it: raw bytes as base64. */
export function jsonValue(value: PointValue | undefined): unknown {
  if (value === undefined) return null;
  return value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value;
}

function sameValue(a: PointValue, b: PointValue): boolean {
  if (a instanceof Uint8Array || b instanceof Uint8Array) return a instanceof Uint8Array && b instanceof Uint8Array && Buffer.from(a).equals(Buffer.from(b));
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => item === b[i]);
  return a === b;
}

/** A stored point without a quality is Good (192), as the query API reads it. */
const GOOD = 192;

export interface ChunkDiff {
  added: number;
  changed: number;
  unchanged: number;
  /** Stored points at times the new run gives no point (a failed evaluation, or fewer input points). */
  onlyOld: number;
  /** Changed and added points, in time order. */
  differences: { T: number; Old: unknown; New: unknown }[];
}

/** Compares a chunk's new points with the points stored over the same range, by time. */
export function diffChunk(fresh: readonly CalculatedPoint[], stored: readonly StoredPoint[]): ChunkDiff {
  const old = new Map(stored.map((point) => [point.time.getTime(), point]));
  const diff: ChunkDiff = { added: 0, changed: 0, unchanged: 0, onlyOld: 0, differences: [] };
  const seen = new Set<number>();
  for (const point of fresh) {
    seen.add(point.time);
    const before = old.get(point.time);
    if (!before) {
      diff.added += 1;
      diff.differences.push({ T: point.time, Old: null, New: jsonValue(point.value) });
    } else if (sameValue(before.value, point.value) && (before.quality ?? GOOD) === point.quality) {
      diff.unchanged += 1;
    } else {
      diff.changed += 1;
      diff.differences.push({ T: point.time, Old: jsonValue(before.value), New: jsonValue(point.value) });
    }
  }
  for (const time of old.keys()) if (!seen.has(time)) diff.onlyOld += 1;
  return diff;
}
