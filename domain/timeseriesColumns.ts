// The compact columnar answer of POST /timeseries/query, asked for with
// `Accept: application/vnd.historian.columns`. The trend draws a million points from it without
// making a million objects: the client wraps typed-array views around the received bytes (no copy,
// no parsing per point), which is what uPlot takes as it is. Shared by the server (encode) and the
// client (decode), so it uses only ArrayBuffer, typed arrays, DataView and TextEncoder/TextDecoder.
//
// Layout (all integers and floats little-endian):
//
//   offset 0   4 bytes  magic "HCOL"
//   offset 4   uint32   format version (COLUMNS_FORMAT_VERSION)
//   offset 8   uint32   H: byte length of the JSON header
//   offset 12  H bytes  the header, UTF-8 JSON (ColumnsHeader), then spaces up to a multiple of 8
//   then       the column buffers, each starting at a multiple of 8 bytes from the start
//
// The header lists the series in the order of the request; each names its metadata and its columns
// with their `type`, `offset` (from the start of the body) and `byteLength`:
//   - `f64`:  Float64Array of `length` values. Times are ms since the Unix epoch. Numbers as they
//             are, booleans as 0/1, and NaN for null (an empty window, a filled null).
//   - `i32`:  Int32Array of `length` values (the `count` aggregation, never null).
//   - `text`: a UTF-8 JSON array of `length` strings or nulls (string values; slices and raw
//             values as their JSON or base64 text).
// `fields` is the same list as the JSON answer's Fields: 'time' first, then one column name each
// ('value', or the aggregation's name, then 'min' and 'max' with WithMinMax). `times` holds the
// 'time' column; `columns` holds every other field.

export const COLUMNS_MEDIA_TYPE = 'application/vnd.historian.columns';
export const COLUMNS_FORMAT_VERSION = 1;
const MAGIC = [0x48, 0x43, 0x4f, 0x4c]; // "HCOL"
const PREAMBLE_BYTES = 12;

export type ColumnValues = Float64Array | Int32Array | (string | null)[];
export type LastKnownValue = number | string | boolean | null;

export interface ColumnSeries {
  measurementUuid: string;
  name: string;
  database: string;
  datatype: string;
  uom: string;
  fields: string[];
  times: Float64Array;
  columns: Record<string, ColumnValues>;
  lastKnown: { time: number; value: LastKnownValue } | null;
  truncated: boolean;
}

export interface ColumnsAnswer {
  series: ColumnSeries[];
}

export type ColumnType = 'f64' | 'i32' | 'text';

export interface ColumnHeader {
  name: string;
  type: ColumnType;
  offset: number;
  byteLength: number;
}

export interface SeriesHeader {
  measurementUuid: string;
  name: string;
  database: string;
  datatype: string;
  uom: string;
  fields: string[];
  length: number;
  lastKnown: { time: number; value: LastKnownValue } | null;
  truncated: boolean;
  columns: ColumnHeader[];
}

export interface ColumnsHeader {
  series: SeriesHeader[];
}

export class ColumnsFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ColumnsFormatError';
  }
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function align8(n: number): number {
  return (n + 7) & ~7;
}

interface PendingColumn {
  name: string;
  type: ColumnType;
  bytes: Uint8Array;
  length: number;
}

function columnBytes(name: string, values: ColumnValues, encoder: TextEncoder): PendingColumn {
  if (values instanceof Float64Array) {
    return { name, type: 'f64', bytes: new Uint8Array(values.buffer, values.byteOffset, values.byteLength), length: values.length };
  }
  if (values instanceof Int32Array) {
    return { name, type: 'i32', bytes: new Uint8Array(values.buffer, values.byteOffset, values.byteLength), length: values.length };
  }
  return { name, type: 'text', bytes: encoder.encode(JSON.stringify(values)), length: values.length };
}

/** The columnar body of an answer; every column of a series must have as many values as `times`. */
export function encodeColumns(answer: ColumnsAnswer): ArrayBuffer {
  const encoder = new TextEncoder();
  const pending: PendingColumn[][] = answer.series.map((series) => {
    const columns = [columnBytes('time', series.times, encoder)];
    for (const field of series.fields) {
      if (field === 'time') continue;
      const values = series.columns[field];
      if (!values) throw new ColumnsFormatError(`Series ${series.measurementUuid} has no column ${field}`);
      if (values.length !== series.times.length) {
        throw new ColumnsFormatError(`Column ${field} of ${series.measurementUuid} has ${values.length} values for ${series.times.length} times`);
      }
      columns.push(columnBytes(field, values, encoder));
    }
    return columns;
  });

  // The offsets depend on the header's length, which depends on the offsets' digits: lay the
  // columns out after a header made with placeholder offsets, then grow the reserve until the
  // final header fits in it.
  const headerFor = (dataStart: number) => {
    let offset = dataStart;
    const header: ColumnsHeader = {
      series: answer.series.map((series, i) => ({
        measurementUuid: series.measurementUuid,
        name: series.name,
        database: series.database,
        datatype: series.datatype,
        uom: series.uom,
        fields: series.fields,
        length: series.times.length,
        lastKnown: series.lastKnown,
        truncated: series.truncated,
        columns: pending[i].map((column) => {
          const entry = { name: column.name, type: column.type, offset, byteLength: column.bytes.byteLength };
          offset = align8(offset + column.bytes.byteLength);
          return entry;
        }),
      })),
    };
    return { bytes: encoder.encode(JSON.stringify(header)), end: offset };
  };
  let dataStart = align8(PREAMBLE_BYTES + headerFor(0).bytes.byteLength + 64);
  let header = headerFor(dataStart);
  while (PREAMBLE_BYTES + header.bytes.byteLength > dataStart) {
    dataStart = align8(PREAMBLE_BYTES + header.bytes.byteLength + 64);
    header = headerFor(dataStart);
  }

  const buffer = new ArrayBuffer(header.end);
  const bytes = new Uint8Array(buffer);
  const view = new DataView(buffer);
  bytes.set(MAGIC, 0);
  view.setUint32(4, COLUMNS_FORMAT_VERSION, true);
  // The header is padded with spaces (valid JSON whitespace) up to the first column.
  const headerLength = dataStart - PREAMBLE_BYTES;
  view.setUint32(8, headerLength, true);
  bytes.fill(0x20, PREAMBLE_BYTES, dataStart);
  bytes.set(header.bytes, PREAMBLE_BYTES);

  let offset = dataStart;
  for (const columns of pending) {
    for (const column of columns) {
      if (LITTLE_ENDIAN || column.type === 'text') bytes.set(column.bytes, offset);
      else writeSwapped(view, offset, column);
      offset = align8(offset + column.bytes.byteLength);
    }
  }
  return buffer;
}

function writeSwapped(view: DataView, offset: number, column: PendingColumn) {
  const source = new DataView(column.bytes.buffer, column.bytes.byteOffset, column.bytes.byteLength);
  const size = column.type === 'f64' ? 8 : 4;
  for (let i = 0; i < column.length; i++) {
    if (size === 8) view.setFloat64(offset + i * 8, source.getFloat64(i * 8, false), true);
    else view.setInt32(offset + i * 4, source.getInt32(i * 4, false), true);
  }
}

function readF64(buffer: ArrayBuffer, offset: number, length: number): Float64Array {
  if (LITTLE_ENDIAN) return new Float64Array(buffer, offset, length);
  const view = new DataView(buffer);
  const values = new Float64Array(length);
  for (let i = 0; i < length; i++) values[i] = view.getFloat64(offset + i * 8, true);
  return values;
}

function readI32(buffer: ArrayBuffer, offset: number, length: number): Int32Array {
  if (LITTLE_ENDIAN) return new Int32Array(buffer, offset, length);
  const view = new DataView(buffer);
  const values = new Int32Array(length);
  for (let i = 0; i < length; i++) values[i] = view.getInt32(offset + i * 4, true);
  return values;
}

function isTextArray(value: unknown, length: number): value is (string | null)[] {
  return Array.isArray(value) && value.length === length && value.every((item) => item === null || typeof item === 'string');
}

function isHeader(value: unknown): value is ColumnsHeader {
  if (typeof value !== 'object' || value === null || !('series' in value) || !Array.isArray(value.series)) return false;
  return value.series.every(
    (series: unknown) =>
      typeof series === 'object' &&
      series !== null &&
      'length' in series &&
      typeof series.length === 'number' &&
      'fields' in series &&
      Array.isArray(series.fields) &&
      'columns' in series &&
      Array.isArray(series.columns),
  );
}

/**
 * Reads a columnar body. Float and integer columns are views on `buffer` (no copy): keep the
 * buffer unchanged while they are used.
 * @throws ColumnsFormatError when the bytes are not this format or a column lies outside them.
 */
export function decodeColumns(buffer: ArrayBuffer): ColumnsAnswer {
  if (buffer.byteLength < PREAMBLE_BYTES) throw new ColumnsFormatError('The body is too short for the columnar format');
  const bytes = new Uint8Array(buffer);
  if (MAGIC.some((byte, i) => bytes[i] !== byte)) throw new ColumnsFormatError('The body is not in the columnar format');
  const view = new DataView(buffer);
  const version = view.getUint32(4, true);
  if (version !== COLUMNS_FORMAT_VERSION) throw new ColumnsFormatError(`Unknown columnar format version ${version}`);
  const headerLength = view.getUint32(8, true);
  if (PREAMBLE_BYTES + headerLength > buffer.byteLength) throw new ColumnsFormatError('The header runs past the end of the body');
  const decoder = new TextDecoder();
  const parsed: unknown = JSON.parse(decoder.decode(new Uint8Array(buffer, PREAMBLE_BYTES, headerLength)));
  if (!isHeader(parsed)) throw new ColumnsFormatError('The header does not describe series');

  return {
    series: parsed.series.map((series) => {
      const values: Record<string, ColumnValues> = {};
      let times: Float64Array = new Float64Array(0);
      for (const column of series.columns) {
        if (column.offset % 8 !== 0 || column.offset + column.byteLength > buffer.byteLength) {
          throw new ColumnsFormatError(`Column ${column.name} lies outside the body`);
        }
        let decoded: ColumnValues;
        if (column.type === 'f64') {
          if (column.byteLength !== series.length * 8) throw new ColumnsFormatError(`Column ${column.name} has the wrong size`);
          decoded = readF64(buffer, column.offset, series.length);
        } else if (column.type === 'i32') {
          if (column.byteLength !== series.length * 4) throw new ColumnsFormatError(`Column ${column.name} has the wrong size`);
          decoded = readI32(buffer, column.offset, series.length);
        } else {
          const text: unknown = JSON.parse(decoder.decode(new Uint8Array(buffer, column.offset, column.byteLength)));
          if (!isTextArray(text, series.length)) throw new ColumnsFormatError(`Column ${column.name} is not a list of texts`);
          decoded = text;
        }
        if (column.name === 'time') {
          if (!(decoded instanceof Float64Array)) throw new ColumnsFormatError('The time column is not f64');
          times = decoded;
        } else {
          values[column.name] = decoded;
        }
      }
      if (times.length !== series.length) throw new ColumnsFormatError(`Series ${series.measurementUuid} has no time column`);
      return {
        measurementUuid: series.measurementUuid,
        name: series.name,
        database: series.database,
        datatype: series.datatype,
        uom: series.uom,
        fields: series.fields,
        times,
        columns: values,
        lastKnown: series.lastKnown,
        truncated: series.truncated,
      };
    }),
  };
}
