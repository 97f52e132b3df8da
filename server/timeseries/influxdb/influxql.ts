import type { Aggregation, ValueType } from '../types';
import { FIELD_BY_VALUE_TYPE, QUALITY_FIELD } from './lineProtocol';

// InfluxQL statements of the InfluxDB store. Identifiers are always double-quoted, so a
// measurement UUID, a database or a retention-policy name is never read as a keyword.

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** "db"."rp"."measurement"; an empty rp ("db".."m") means the database's default policy. */
export function source(database: string, retentionPolicy: string | undefined, measurement: string): string {
  return `${quoteIdentifier(database)}.${retentionPolicy ? quoteIdentifier(retentionPolicy) : ''}.${quoteIdentifier(measurement)}`;
}

// RFC 3339 literals rather than epoch durations: they read the same for times before 1970.
const timeRange = (from: number, to: number) => `time >= '${new Date(from).toISOString()}' AND time < '${new Date(to).toISOString()}'`;

export function rawQuery(from: string, valueType: ValueType, range: { from: number; to: number; limit: number; order: 'asc' | 'desc' }): string {
  const field = quoteIdentifier(FIELD_BY_VALUE_TYPE[valueType]);
  return `SELECT ${field}, ${quoteIdentifier(QUALITY_FIELD)} FROM ${from} WHERE ${timeRange(range.from, range.to)} ORDER BY time ${range.order.toUpperCase()} LIMIT ${range.limit}`;
}

function call(aggregation: Aggregation, field: string): string {
  // integral() in value·seconds, the unit the built-in store uses.
  if (aggregation === 'integral') return `integral(${field}, 1s)`;
  return `${aggregation}(${field})`;
}

/** Windows aligned to the epoch, empty ones filled with null (count: 0), as the built-in store. */
export function aggregateQuery(
  from: string,
  valueType: ValueType,
  plan: { from: number; to: number; windowMs: number; aggregations: readonly Aggregation[] },
): string {
  const field = quoteIdentifier(FIELD_BY_VALUE_TYPE[valueType]);
  const select = plan.aggregations.map((a) => `${call(a, field)} AS ${quoteIdentifier(a)}`).join(', ');
  return `SELECT ${select} FROM ${from} WHERE ${timeRange(plan.from, plan.to)} GROUP BY time(${plan.windowMs}ms) fill(null)`;
}
