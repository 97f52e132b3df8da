import type { LastGoodPoint, RawColumns, ReadRawColumnsOptions, ValueType } from '../types';
import { POINTS_TABLE, VALUE_COLUMNS, type SqlClient } from './schema';

// The built-in store's columnar read for the query API: one statement returns a measurement's
// points as two packed columns instead of one row object per point. Times and number (or boolean)
// values come as big-endian float8 bytes (float8send, joined by string_agg), other values as one
// JSON array; the last Good point before the range rides along in the same statement. Reading a
// million points this way costs a tenth of readRaw's row objects on PGlite (bench/query.bench.ts).

const TS = (param: string) => `to_timestamp(${param}::float8 / 1000)`;
const MS = 'round(date_part(\'epoch\', time) * 1000)';
/** OPC quality: the two top bits of the low byte set (192–255) is Good; no quality counts as Good. */
export const GOOD_QUALITY_SQL = '(quality IS NULL OR quality & 192 = 192)';

type Packing = 'f64' | 'text';

function packingOf(valueType: ValueType): Packing {
  return valueType === 'number' || valueType === 'boolean' ? 'f64' : 'text';
}

/** The aggregate of a column of values `v`, ordered by time in the given direction. */
function valuesAggregate(valueType: ValueType, direction: string): string {
  switch (valueType) {
    case 'number':
      return `string_agg(float8send(v), ''::bytea ORDER BY time ${direction})`;
    case 'boolean':
      return `string_agg(float8send(CASE WHEN v THEN 1 ELSE 0 END::float8), ''::bytea ORDER BY time ${direction})`;
    case 'raw':
      return `json_agg(encode(v, 'base64') ORDER BY time ${direction})::text`;
    case 'string':
      return `json_agg(v ORDER BY time ${direction})::text`;
    default:
      // Slices: each value as its JSON text, as the columnar answer carries them.
      return `json_agg(v::text ORDER BY time ${direction})::text`;
  }
}

/** The last Good value as jsonb: what the query API answers as the last known point's value. */
function lastValueJson(valueType: ValueType, column: string): string {
  if (valueType === 'raw') return `to_jsonb(encode(${column}, 'base64'))`;
  return `to_jsonb(${column})`;
}

/**
 * $1 measurement, $2 from (ms), $3 to (ms), $4 limit, $5 whether to look up the last Good point
 * before $2. One row: n, t (bytes), v (bytes or JSON text), lk_time, lk_value.
 */
export function readRawColumnsSql(valueType: ValueType, order: 'asc' | 'desc'): string {
  const { column } = VALUE_COLUMNS[valueType];
  const direction = order === 'desc' ? 'DESC' : 'ASC';
  // The ordered aggregates read the subquery in its own order (PostgreSQL 16 and later skip the
  // sort for presorted input), so the points are sorted once, by the primary key's index.
  return `WITH p AS (
  SELECT time, ${column} AS v FROM ${POINTS_TABLE}
  WHERE measurement_uuid = $1 AND time >= ${TS('$2')} AND time < ${TS('$3')} AND ${column} IS NOT NULL
  ORDER BY time ${direction} LIMIT $4
),
lk AS (
  SELECT ${MS} AS t, ${lastValueJson(valueType, column)} AS v FROM ${POINTS_TABLE}
  WHERE $5::boolean AND measurement_uuid = $1 AND time < ${TS('$2')} AND ${column} IS NOT NULL AND ${GOOD_QUALITY_SQL}
  ORDER BY time DESC LIMIT 1
)
SELECT a.n, a.t, a.v, (SELECT t FROM lk) AS lk_time, (SELECT v FROM lk) AS lk_value
FROM (SELECT count(*)::int AS n, string_agg(float8send(${MS}), ''::bytea ORDER BY time ${direction}) AS t,
  ${valuesAggregate(valueType, direction)} AS v FROM p) a`;
}

interface ColumnsRow {
  n: number;
  t: Uint8Array | null;
  v: Uint8Array | string | null;
  lk_time: number | null;
  lk_value: unknown;
}

/** float8send's big-endian bytes as doubles. */
function doublesOf(bytes: Uint8Array | null, count: number): Float64Array {
  const out = new Float64Array(count);
  if (!bytes || count === 0) return out;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < count; i++) out[i] = view.getFloat64(i * 8, false);
  return out;
}

function textsOf(json: unknown, count: number): (string | null)[] {
  if (count === 0 || typeof json !== 'string') return [];
  const parsed: unknown = JSON.parse(json);
  if (!Array.isArray(parsed)) throw new Error('The store answered values that are not a JSON array');
  return parsed.map((item: unknown) => (typeof item === 'string' ? item : null));
}

function lastGoodOf(time: number | null, value: unknown): LastGoodPoint | null {
  if (time === null || time === undefined) return null;
  return { time: Number(time), value };
}

export async function readRawColumns(client: SqlClient, measurementUuid: string, valueType: ValueType, options: ReadRawColumnsOptions): Promise<RawColumns> {
  const { rows } = await client.query<ColumnsRow>(readRawColumnsSql(valueType, options.order), [
    measurementUuid,
    options.from,
    options.to,
    options.limit,
    options.lastKnown,
  ]);
  const row = rows[0];
  const count = row?.n ?? 0;
  const times = doublesOf(row?.t ?? null, count);
  const raw = row?.v ?? null;
  const values = packingOf(valueType) === 'f64' ? doublesOf(raw instanceof Uint8Array ? raw : null, count) : textsOf(raw, count);
  return { times, values, lastGood: row ? lastGoodOf(row.lk_time, row.lk_value) : null };
}
