import type { Read } from '../../domain/contract';
import type { SettingsSchema } from '../../domain/settingsSchema';

// The storage interface the measurements work writes and reads points through. Two
// implementations: the built-in store on PostgreSQL/PGlite (./postgres) and InfluxDB 1.x
// (./influxdb); one shared test suite (./testing/storeContract.ts) holds them to the same
// behaviour. README.md in this folder states the semantics both follow.

export type ConnectionTestResult = Read<'ConnectionTestResult'>;
export type { SettingsSchema };

/** The value types of SPEC §3: number, boolean, string, their slice variants and raw. */
export const VALUE_TYPES = ['number', 'boolean', 'string', '[]number', '[]boolean', '[]string', 'raw'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

/** The aggregations of SPEC §3. */
export const AGGREGATIONS = [
  'count',
  'integral',
  'mean',
  'median',
  'mode',
  'spread',
  'stddev',
  'sum',
  'first',
  'last',
  'max',
  'min',
] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

/** A point's value as written: raw values may be given as bytes or as a base64 string. */
export type PointValue = number | boolean | string | number[] | boolean[] | string[] | Uint8Array;

/** A time as a Date or as milliseconds since the Unix epoch. */
export type TimeInput = Date | number;

export interface Point {
  time: TimeInput;
  value: PointValue;
  /** A quality code (e.g. OPC 192 = good): an integer in the int32 range. */
  quality?: number;
}

/** A point as read back: raw values always come back as bytes. */
export interface StoredPoint {
  time: Date;
  value: PointValue;
  quality?: number;
}

export interface ReadRawOptions {
  /** Inclusive. */
  from: TimeInput;
  /** Exclusive. */
  to: TimeInput;
  /** Default DEFAULT_RAW_LIMIT; at most MAX_RAW_LIMIT. */
  limit?: number;
  /** By time; default 'asc'. With 'desc' and a limit, the newest points. */
  order?: 'asc' | 'desc';
}

export interface AggregateQuery {
  /** Inclusive; windows are aligned to the Unix epoch, so the first may start before `from`. */
  from: TimeInput;
  /** Exclusive. */
  to: TimeInput;
  windowMs: number;
  aggregations: readonly Aggregation[];
}

/** An aggregate: a number, or a value of the series' own type for first/last/mode/max/min. */
export type AggregateValue = PointValue | null;

/**
 * One window: `time` is its start; every asked aggregation is present. An empty window has
 * count 0 and null for the others.
 */
export type AggregatedRow = { time: Date } & Partial<Record<Aggregation, AggregateValue>>;

/** A point as the query API answers it: time in ms, the value as JSON (raw values as base64 text). */
export interface LastGoodPoint {
  time: number;
  value: unknown;
}

export interface ReadRawColumnsOptions {
  /** Inclusive, ms. */
  from: number;
  /** Exclusive, ms. */
  to: number;
  /** Any positive number: the caller keeps to its own point budget. */
  limit: number;
  order: 'asc' | 'desc';
  /** Also the last Good point (no quality, or an OPC Good code) before `from`. */
  lastKnown: boolean;
}

/**
 * Raw points as columns: times in ms; numbers as they are and booleans as 0/1 in a Float64Array;
 * strings, raw values (base64) and slices (JSON text) as texts.
 */
export interface RawColumns {
  times: Float64Array;
  values: Float64Array | string[] | (string | null)[];
  lastGood: LastGoodPoint | null;
}

/** The points of one measurement as normalizePoints returns them (points.ts). */
export interface NormalizedSeries {
  measurementUuid: string;
  valueType: ValueType;
  points: readonly { time: number; value: PointValue; quality: number | null }[];
}

export interface TimeseriesStore {
  /**
   * Writes the points of one measurement; a point at a time that already holds one replaces it.
   * Validates every point first, so an invalid one writes nothing. Large inputs go in chunks of
   * WRITE_CHUNK_SIZE; a failure part-way leaves earlier chunks written (retrying is safe because
   * a rewrite replaces). Returns the number of points written after de-duplication by time.
   */
  writePoints(measurementUuid: string, valueType: ValueType, points: readonly Point[]): Promise<number>;
  readRaw(measurementUuid: string, valueType: ValueType, options: ReadRawOptions): Promise<StoredPoint[]>;
  /** One row per window from the window holding `from` to the one holding the last instant before `to`. */
  readAggregated(measurementUuid: string, valueType: ValueType, query: AggregateQuery): Promise<AggregatedRow[]>;
  /**
   * Optional, for the query API's large reads (the built-in store has it): the points of a range
   * as packed columns, without an object per point, and the last Good point before it.
   */
  readRawColumns?(measurementUuid: string, valueType: ValueType, options: ReadRawColumnsOptions): Promise<RawColumns>;
  /**
   * Optional, for ingestion (the built-in store has it): points of several measurements, already
   * checked by normalizePoints (sorted, one per time), in as few statements as the store can, with
   * writePoints' rules for a point written again. Each measurement appears at most once.
   */
  writeNormalized?(series: readonly NormalizedSeries[]): Promise<void>;
  /** Removes every point of the measurement. */
  deleteMeasurement(measurementUuid: string): Promise<void>;
  /** Releases the store's own connections; never the server's database. */
  close(): Promise<void>;
}

/** A settings map of a TimeseriesDatabase (Settings or SecureSettings). */
export type SettingsMap = Record<string, unknown>;

export interface CreatedDatabase {
  /** False when it already existed (creating is idempotent). */
  created: boolean;
  /** The settings with the defaults used filled in (e.g. the internal default database name). */
  settings: SettingsMap;
}

export interface TimeseriesDriver {
  /** Stable: stored in TimeseriesDatabase.TimeseriesDatabaseTypeUUID. */
  readonly typeUuid: string;
  readonly typeName: string;
  readonly settingsSchema: SettingsSchema;
  /** @throws TimeseriesSettingsError when a setting is missing or malformed. */
  open(settings: SettingsMap, secureSettings: SettingsMap): Promise<TimeseriesStore>;
  /** Really creates the database (or checks the built-in tables), with the default name when none is given. */
  createDatabase(settings: SettingsMap, secureSettings: SettingsMap): Promise<CreatedDatabase>;
  /**
   * Connects, writes and reads back one point; never throws, names the step that failed. With
   * `readOnly`, stops before the first step that would change the database (reachability).
   */
  test(settings: SettingsMap, secureSettings: SettingsMap, options?: { readOnly?: boolean }): Promise<ConnectionTestResult>;
}
