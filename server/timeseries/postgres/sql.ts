import type { Aggregation, ValueType } from '../types';
import { POINTS_TABLE, VALUE_COLUMNS } from './schema';

// The statements of the built-in store. Times travel as milliseconds and become timestamptz in
// SQL (to_timestamp rounds to the microsecond, so whole milliseconds stay exact): both adapters
// send numbers and number arrays the same way, while Date arrays are serialized differently.

const TS = (param: string) => `to_timestamp(${param}::float8 / 1000)`;

/**
 * $1 measurement, $2 times (ms, int8[]: parsed faster than float8[], which matters on PGlite where
 * parsing the arrays is half the cost of a write), $3 qualities (only when a point has one),
 * $4 values: one statement per chunk of points.
 */
export function insertSql(valueType: ValueType, replace: boolean, withQuality: boolean): string {
  const { column, arrayType, fromParam } = VALUE_COLUMNS[valueType];
  const insert = withQuality
    ? `INSERT INTO ${POINTS_TABLE} AS old (measurement_uuid, time, quality, ${column})
SELECT $1::uuid, to_timestamp(t::float8 / 1000), q, ${fromParam}
FROM unnest($2::int8[], $3::int4[], $4::${arrayType}) AS u(t, q, v)`
    : `INSERT INTO ${POINTS_TABLE} AS old (measurement_uuid, time, ${column})
SELECT $1::uuid, to_timestamp(t::float8 / 1000), ${fromParam}
FROM unnest($2::int8[], $3::${arrayType}) AS u(t, v)`;
  if (!replace) return insert;
  // A rewrite merges like InfluxDB's fields: the written value replaces the old one of its family,
  // a quality given replaces the old one, a missing quality keeps it (InfluxDB cannot remove a
  // field), and another family's value stays.
  const quality = withQuality ? ', quality = COALESCE(EXCLUDED.quality, old.quality)' : '';
  return `${insert}
ON CONFLICT (measurement_uuid, time) DO UPDATE SET ${column} = EXCLUDED.${column}${quality}`;
}

/**
 * Points of several measurements of one value type in one statement: $1 the measurements (uuid[],
 * each once), $2 each point's measurement as a 1-based index into $1 (int4[]: cheaper to parse than
 * a uuid per point), $3 times, $4 qualities (only when a point has one), then the values. Ingestion
 * writes a batch of many measurements this way instead of one statement per measurement.
 */
export function insertManySql(valueType: ValueType, replace: boolean, withQuality: boolean): string {
  const { column, arrayType, fromParam } = VALUE_COLUMNS[valueType];
  const insert = withQuality
    ? `INSERT INTO ${POINTS_TABLE} AS old (measurement_uuid, time, quality, ${column})
SELECT ($1::uuid[])[m], to_timestamp(t::float8 / 1000), q, ${fromParam}
FROM unnest($2::int4[], $3::int8[], $4::int4[], $5::${arrayType}) AS u(m, t, q, v)`
    : `INSERT INTO ${POINTS_TABLE} AS old (measurement_uuid, time, ${column})
SELECT ($1::uuid[])[m], to_timestamp(t::float8 / 1000), ${fromParam}
FROM unnest($2::int4[], $3::int8[], $4::${arrayType}) AS u(m, t, v)`;
  if (!replace) return insert;
  const quality = withQuality ? ', quality = COALESCE(EXCLUDED.quality, old.quality)' : '';
  return `${insert}
ON CONFLICT (measurement_uuid, time) DO UPDATE SET ${column} = EXCLUDED.${column}${quality}`;
}

/** $1 measurement, $2 from (ms), $3 to (ms), $4 limit. */
export function readRawSql(valueType: ValueType, order: 'asc' | 'desc'): string {
  const { column } = VALUE_COLUMNS[valueType];
  return `SELECT time, quality, ${column} AS value FROM ${POINTS_TABLE}
WHERE measurement_uuid = $1 AND time >= ${TS('$2')} AND time < ${TS('$3')} AND ${column} IS NOT NULL
ORDER BY time ${order === 'desc' ? 'DESC' : 'ASC'} LIMIT $4`;
}

export const DELETE_MEASUREMENT_SQL = `DELETE FROM ${POINTS_TABLE} WHERE measurement_uuid = $1`;

// Seconds between two timestamps, exact: date_part of an interval, not a difference of epochs.
const secs = (a: string, b: string) => `date_part('epoch', (${a}) - (${b}))`;

// The integral follows InfluxDB 1.x: trapezoids between consecutive points; a segment that
// crosses the end `e` of its first point's window is split there at the linearly interpolated
// value, the first part (`own`) counting to that window and the rest (`spill`) to the window of
// the segment's second point, which is the next window holding points. So windows without points
// stay empty and the windows' integrals add up to the whole. Only lead() is needed per point; the
// spill moves to the next window with lag() over the few aggregated rows.
const AT_E = `(v + (nv - v) * ${secs('e', 'time')} / ${secs('nt', 'time')})`;
const OWN = `CASE
    WHEN nt IS NULL THEN 0
    WHEN nt < e THEN (v + nv) / 2 * ${secs('nt', 'time')}
    ELSE (v + ${AT_E}) / 2 * ${secs('e', 'time')}
  END`;
const SPILL = `CASE WHEN nt IS NULL OR nt < e THEN 0 ELSE (${AT_E} + nv) / 2 * ${secs('nt', 'e')} END`;

// mode() picks the first of equally frequent values in its ORDER BY: DESC gives the largest (true
// for booleans, as InfluxDB; for other types InfluxDB's choice depends on the points' times).
// Strings compare bytewise (COLLATE "C") like InfluxDB, whatever the database's collation.
const NUMBER_EXPRESSIONS: Record<Aggregation, string> = {
  count: 'count(*)::int',
  // Two sums, combined by the outer query with the previous window's spill.
  integral: 'sum(own) AS own, sum(spill) AS spill',
  mean: 'avg(v)',
  median: 'percentile_cont(0.5) WITHIN GROUP (ORDER BY v)',
  mode: 'mode() WITHIN GROUP (ORDER BY v DESC)',
  spread: 'max(v) - min(v)',
  stddev: 'stddev_samp(v)',
  sum: 'sum(v)',
  // By the time of the window's first and last point, looked up afterwards: an ordered aggregate
  // such as array_agg(v ORDER BY time) would rule out hash aggregation.
  first: 'min(time)',
  last: 'max(time)',
  max: 'max(v)',
  min: 'min(v)',
};

function expression(valueType: ValueType, aggregation: Aggregation): string {
  if (valueType === 'boolean' && aggregation === 'max') return 'bool_or(v)';
  if (valueType === 'boolean' && aggregation === 'min') return 'bool_and(v)';
  if (valueType === 'string' && aggregation === 'mode') return 'mode() WITHIN GROUP (ORDER BY v COLLATE "C" DESC)';
  return NUMBER_EXPRESSIONS[aggregation];
}

/** first and last are found by their point's time, once per window, through the primary key. */
const valueAt = (column: string, time: string) =>
  `(SELECT ${column} FROM ${POINTS_TABLE} WHERE measurement_uuid = $1 AND time = ${time})`;

/**
 * $1 measurement, $2 from (ms), $3 to (ms), $4 window (ms). One row per window that holds points,
 * `w` its start; the caller adds the empty ones. The aggregations must fit the value type
 * (planAggregation checks that); they are our own identifiers, never user text.
 */
export function aggregateSql(valueType: ValueType, aggregations: readonly Aggregation[]): string {
  const { column } = VALUE_COLUMNS[valueType];
  const integral = aggregations.includes('integral');
  const inner = aggregations.map((a) => (a === 'integral' ? expression(valueType, a) : `${expression(valueType, a)} AS ${a}`)).join(',\n    ');
  const outer = aggregations
    .map((a) => {
      if (a === 'first' || a === 'last') return `${valueAt(column, a)} AS ${a}`;
      if (a === 'integral') return 'own + coalesce(lag(spill) OVER (ORDER BY w), 0) AS integral';
      return a;
    })
    .join(',\n  ');
  // lead() costs one pass in index order (no sort); only the integral needs it.
  const next = integral
    ? `SELECT *, w + iv AS e, lead(time) OVER o AS nt, lead(v) OVER o AS nv FROM b WINDOW o AS (ORDER BY time)`
    : 'SELECT * FROM b';
  const parts = integral ? `, ${OWN} AS own, ${SPILL} AS spill` : '';
  // OFFSET 0 keeps the planner from merging the subquery into the GROUP BY. Merged, it estimates
  // one group per point (date_bin of a unique column) and sorts every point to group them; kept
  // apart, it assumes few groups and hashes, one pass without a sort (5 times faster at 1M).
  return `WITH params AS (SELECT $4::float8 * interval '1 millisecond' AS iv),
b AS (
  SELECT time, ${column} AS v, date_bin(params.iv, time, 'epoch'::timestamptz) AS w, params.iv
  FROM ${POINTS_TABLE}, params
  WHERE measurement_uuid = $1 AND time >= ${TS('$2')} AND time < ${TS('$3')} AND ${column} IS NOT NULL
),
n AS (${next}),
p AS (SELECT *${parts} FROM n OFFSET 0),
a AS (
  SELECT w,
    ${inner}
  FROM p GROUP BY w
)
SELECT w,
  ${outer}
FROM a ORDER BY w`;
}
