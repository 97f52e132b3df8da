import type { Point, PointValue, ReadRawOptions, TimeInput, ValueType } from './types';

// Validation shared by both stores, so that a point one store accepts the other accepts too:
// every limit here is the narrower of PostgreSQL's and InfluxDB 1.x's.

/** Points per INSERT or per /write request: the batch size the targets are measured with. */
export const WRITE_CHUNK_SIZE = 5000;
export const DEFAULT_RAW_LIMIT = 10_000;
export const MAX_RAW_LIMIT = 1_000_000;
// InfluxDB keeps nanoseconds in an int64, which spans 1677-09-21 to 2262-04-11.
export const MIN_TIME_MS = Date.UTC(1678, 0, 1);
export const MAX_TIME_MS = Date.UTC(2262, 0, 1);
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export class InvalidPointError extends Error {
  constructor(
    readonly index: number,
    message: string,
  ) {
    super(`Point ${index}: ${message}`);
    this.name = 'InvalidPointError';
  }
}

export class InvalidTimeRangeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidTimeRangeError';
  }
}

/** A validated point: time in ms, raw values as bytes, no quality as null. */
export interface NormalizedPoint {
  time: number;
  value: PointValue;
  quality: number | null;
}

export function toMillis(time: TimeInput): number {
  return time instanceof Date ? time.getTime() : time;
}

function isValidTime(ms: number): boolean {
  return Number.isInteger(ms) && ms >= MIN_TIME_MS && ms < MAX_TIME_MS;
}

function checkTime(time: TimeInput, what: string): number {
  const ms = toMillis(time);
  if (!isValidTime(ms)) {
    throw new InvalidTimeRangeError(`${what} must be a whole number of milliseconds between 1678 and 2262 (got ${String(time)})`);
  }
  return ms;
}

export function checkRange(from: TimeInput, to: TimeInput): { from: number; to: number } {
  const range = { from: checkTime(from, 'from'), to: checkTime(to, 'to') };
  if (range.from >= range.to) throw new InvalidTimeRangeError('from must be before to');
  return range;
}

export interface RawRead {
  from: number;
  to: number;
  limit: number;
  order: 'asc' | 'desc';
}

export function checkRawRead(options: ReadRawOptions): RawRead {
  const limit = options.limit ?? DEFAULT_RAW_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RAW_LIMIT) {
    throw new InvalidTimeRangeError(`limit must be a whole number from 1 to ${MAX_RAW_LIMIT}`);
  }
  return { ...checkRange(options.from, options.to), limit, order: options.order ?? 'asc' };
}

// PostgreSQL's text and jsonb cannot hold U+0000; InfluxDB could, but then only one store would.
function isStoredString(value: unknown): value is string {
  return typeof value === 'string' && !value.includes('\u0000');
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isBoolean(value: unknown): value is boolean {
  return typeof value === 'boolean';
}

function toBytes(value: unknown): Uint8Array | undefined {
  if (value instanceof Uint8Array) return value;
  if (typeof value === 'string' && BASE64.test(value)) return Buffer.from(value, 'base64');
  return undefined;
}

type Checked = { value: PointValue } | { reason: string };

/** The canonical value, or why it does not fit the value type. */
function normalizeValue(valueType: ValueType, value: unknown): Checked {
  switch (valueType) {
    case 'number':
      // NaN and ±Infinity: InfluxDB's line protocol has no way to write them.
      return isFiniteNumber(value) ? { value } : { reason: 'number needs a finite number' };
    case 'boolean':
      return isBoolean(value) ? { value } : { reason: 'boolean needs true or false' };
    case 'string':
      return isStoredString(value) ? { value } : { reason: 'string needs a string without U+0000' };
    case '[]number':
      return Array.isArray(value) && value.every(isFiniteNumber)
        ? { value }
        : { reason: '[]number needs an array of finite numbers' };
    case '[]boolean':
      return Array.isArray(value) && value.every(isBoolean)
        ? { value }
        : { reason: '[]boolean needs an array of true or false' };
    case '[]string':
      return Array.isArray(value) && value.every(isStoredString)
        ? { value }
        : { reason: '[]string needs an array of strings without U+0000' };
    case 'raw': {
      const bytes = toBytes(value);
      return bytes ? { value: bytes } : { reason: 'raw needs bytes (Uint8Array) or a base64 string' };
    }
  }
}

/**
 * Checks every point against the value type and keeps the last point of each time, as a store
 * would (a single INSERT … ON CONFLICT may not touch one row twice).
 * @throws InvalidPointError naming the first bad point; nothing is written then.
 */
export function normalizePoints(valueType: ValueType, points: readonly Point[]): NormalizedPoint[] {
  const out: NormalizedPoint[] = [];
  let increasing = true;
  points.forEach((point, index) => {
    const time = toMillis(point.time);
    if (!isValidTime(time)) throw new InvalidPointError(index, 'time must be whole milliseconds between 1678 and 2262');
    const checked = normalizeValue(valueType, point.value);
    if ('reason' in checked) throw new InvalidPointError(index, checked.reason);
    const quality = point.quality ?? null;
    if (quality !== null && !(Number.isInteger(quality) && quality >= INT32_MIN && quality <= INT32_MAX)) {
      throw new InvalidPointError(index, 'quality must be an integer in the int32 range');
    }
    if (out.length > 0 && time <= out[out.length - 1].time) increasing = false;
    out.push({ time, value: checked.value, quality });
  });
  // Collectors send points in time order: then no time can repeat and the Map is not needed.
  if (increasing) return out;
  const byTime = new Map<number, NormalizedPoint>();
  for (const point of out) byTime.set(point.time, point);
  return [...byTime.values()];
}

/** Splits into the chunks one statement or request carries. */
export function chunks<T>(items: readonly T[], size: number = WRITE_CHUNK_SIZE): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}
