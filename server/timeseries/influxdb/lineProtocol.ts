import type { NormalizedPoint } from '../points';
import type { PointValue, ValueType } from '../types';

// InfluxDB 1.x line protocol: `measurement field=value,quality=192i <ms>` with precision=ms.
// Escaping follows the 1.x reference: in measurement names commas and spaces, in tag and field
// keys also '=', and in string field values double quotes and backslashes. A newline needs no
// escape inside a quoted string (1.x takes it literally) and must not occur elsewhere. 1.x reads
// a backslash in a name literally unless a special character follows, so it is left alone there.

/** One field per value family, so a measurement whose value type changes never hits a field-type conflict. */
export const FIELD_BY_VALUE_TYPE: Readonly<Record<ValueType, string>> = {
  number: 'value_number',
  boolean: 'value_bool',
  string: 'value_text',
  '[]number': 'value_json',
  '[]boolean': 'value_json',
  '[]string': 'value_json',
  raw: 'value_raw',
};
export const QUALITY_FIELD = 'quality';

function rejectNewline(text: string, what: string): string {
  if (/[\r\n]/.test(text)) throw new Error(`${what} must not contain a line break`);
  return text;
}

export function escapeMeasurement(name: string): string {
  return rejectNewline(name, 'A measurement name').replace(/[, ]/g, (c) => `\\${c}`);
}

export function escapeKey(key: string): string {
  return rejectNewline(key, 'A tag or field key').replace(/[,= ]/g, (c) => `\\${c}`);
}

export function quoteString(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

export function fieldValue(valueType: ValueType, value: PointValue): string {
  if (typeof value === 'number') return String(value); // no 'i' suffix: always a float field
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return quoteString(value);
  if (value instanceof Uint8Array) return quoteString(Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64'));
  if (valueType.startsWith('[]')) return quoteString(JSON.stringify(value));
  throw new Error(`No line-protocol form for a ${valueType} value`);
}

export function toLine(measurement: string, valueType: ValueType, point: NormalizedPoint): string {
  const fields = [`${escapeKey(FIELD_BY_VALUE_TYPE[valueType])}=${fieldValue(valueType, point.value)}`];
  if (point.quality !== null) fields.push(`${escapeKey(QUALITY_FIELD)}=${point.quality}i`);
  return `${escapeMeasurement(measurement)} ${fields.join(',')} ${point.time}`;
}
