import type { Db } from '../../db/db';
import { WindowAggregator, type InputPoint, type PointSource } from '../../calculations/engine/windows';
import type { TimeseriesStores } from '../../timeseries/stores';
import type { Aggregation, PointValue, TimeseriesStore, ValueType } from '../../timeseries/types';
import { externalValue } from '../../../domain/externalEvents';
import { ExternalQueryError, type RunReadOnlyQuery } from '../../integrations/external-databases/drivers/types';
import { externalDatabaseConnection, runReadOnlyQuery } from '../../integrations/external-databases/query';

// One event's property values from its configuration (server/events/README.md, "The processor",
// 3): used by the processor and by re-evaluation, so both compute the same way. It reads and
// computes; the caller writes (or, in a dry run, compares).

/** At most this many intervals per periodic series (more: the series is cut, `events.log.series_cut`). */
export const MAX_SERIES_INTERVALS = 10_000;

export interface PropertyConfig {
  uuid: string;
  propertyUuid: string;
  name: string;
  datatype: 'number' | 'boolean' | 'string';
  type: 'simple' | 'periodic' | 'periodic_with_dimension';
  mode: 'historian' | 'external_database' | 'manual';
  source: 'data_reference' | 'property' | null;
  measurementUuid: string | null;
  assetPropertyUuid: string | null;
  aggregation: string | null;
  intervalMs: number | null;
  dimensionMeasurementUuid: string | null;
  sourcePropertyName: string | null;
  fromParent: boolean;
  priority: number;
  startOffsetMs: number;
  stopOffsetMs: number;
  closeAfterMs: number;
  defaultValue: unknown;
  preview: boolean;
  goodPointsOnly: boolean;
  externalDatabaseUuid: string | null;
  externalQuery: string | null;
}

export interface Series {
  T: number[];
  V: (number | null)[];
  D?: (number | null)[];
}

export interface StoredValue {
  value: unknown;
  series: Series | null;
  manual: boolean;
  defaulted: boolean;
}

export interface ComputedValue {
  value: unknown;
  series: Series | null;
  defaulted: boolean;
}

export interface EventWindow {
  uuid: string;
  start: number;
  stop: number | null;
  parentUuid: string | null;
}

export interface ComputeInput {
  event: EventWindow;
  /** The configuration's property configurations (any order: they are taken by priority here). */
  properties: readonly PropertyConfig[];
  /** The event's values now, by type property UUID. */
  existing: ReadonlyMap<string, StoredValue>;
  now: number;
  /** Which properties to compute (default all): open and pending events compute those with Preview. */
  only?: (property: PropertyConfig) => boolean;
}

export interface ComputeOutcome {
  /** Per type property computed: its new value, or null (no value). Manual values never appear. */
  values: Map<string, ComputedValue | null>;
  /** Manual values left as they are (of the properties asked). */
  kept: number;
  failures: { Property: string; Reason: string }[];
  /** Properties whose series was cut at MAX_SERIES_INTERVALS. */
  cut: string[];
}

export interface ComputeDeps {
  db: Db;
  timeseries: TimeseriesStores;
  /** Runs external_database properties' queries (tests pass a fake); the drivers' by default. */
  runQuery?: RunReadOnlyQuery;
}

/** How long an external property's query may run. */
export const EXTERNAL_PROPERTY_TIMEOUT_MS = 10_000;

/** Priority order: lower first, then name. */
export const byPriority = (a: PropertyConfig, b: PropertyConfig) => a.priority - b.priority || a.name.localeCompare(b.name);

/** A point without quality, or with an OPC Good code (192–255). */
export const isGood = (quality: number | null | undefined) => quality === null || quality === undefined || (quality >= 192 && quality <= 255);

class PropertyFailure extends Error {}

interface Measurement {
  uuid: string;
  valueType: ValueType;
  store: TimeseriesStore;
}

const jsonValue = (value: PointValue | null | undefined): unknown => {
  if (value === null || value === undefined) return null;
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return value;
};

/** Raw points of [from, to[, ascending; good ones only unless told otherwise. */
function pointSource(measurement: Measurement, goodOnly: boolean): PointSource {
  return async (from, to, limit) => {
    const found: InputPoint[] = [];
    let next = from;
    for (;;) {
      const raw = await measurement.store.readRaw(measurement.uuid, measurement.valueType, { from: next, to, limit });
      for (const point of raw) {
        if (!goodOnly || isGood(point.quality)) found.push({ time: point.time.getTime(), value: point.value, quality: point.quality ?? null });
      }
      // The cursor takes a short answer as the end: keep reading while bad points were dropped.
      if (raw.length < limit || found.length >= limit) return found;
      next = raw[raw.length - 1].time.getTime() + 1;
    }
  };
}

export async function computeEventProperties(deps: ComputeDeps, input: ComputeInput): Promise<ComputeOutcome> {
  const { db, timeseries } = deps;
  const runQuery = deps.runQuery ?? runReadOnlyQuery;
  const { event, now } = input;
  const outcome: ComputeOutcome = { values: new Map(), kept: 0, failures: [], cut: [] };
  const byName = new Map<string, StoredValue | ComputedValue>();
  for (const property of input.properties) {
    const stored = input.existing.get(property.propertyUuid);
    if (stored) byName.set(property.name.toLowerCase(), stored);
  }
  let parentValues: Map<string, StoredValue> | null = null;
  const measurements = new Map<string, Measurement>();
  /** Reads per measurement and range: properties over the same window read its points once. */
  const reads = new Map<string, Promise<InputPoint[]>>();
  const sourceOf = (measurement: Measurement, goodOnly: boolean): PointSource => {
    const read = pointSource(measurement, goodOnly);
    return (from, to, limit) => {
      const key = `${measurement.uuid}:${goodOnly}:${from}:${to}:${limit}`;
      let found = reads.get(key);
      if (!found) {
        found = read(from, to, limit);
        reads.set(key, found);
      }
      return found;
    };
  };

  async function measurementOf(uuid: string): Promise<Measurement> {
    const known = measurements.get(uuid);
    if (known) return known;
    const { rows } = await db.query<{ datatype: ValueType; database_uuid: string | null; status: string }>('SELECT datatype, database_uuid, status FROM measurements WHERE uuid = $1', [uuid]);
    const row = rows[0];
    if (!row || row.status === 'Deleted') throw new PropertyFailure('the measurement no longer exists');
    if (!row.database_uuid) throw new PropertyFailure('the measurement has no time-series database');
    const measurement = { uuid, valueType: row.datatype, store: await timeseries.forDatabase(row.database_uuid) };
    measurements.set(uuid, measurement);
    return measurement;
  }

  async function dataMeasurement(property: PropertyConfig): Promise<Measurement> {
    if (property.measurementUuid) return measurementOf(property.measurementUuid);
    if (!property.assetPropertyUuid) throw new PropertyFailure('no data reference');
    const { rows } = await db.query<{ measurement_uuid: string | null }>('SELECT measurement_uuid FROM asset_properties WHERE uuid = $1', [property.assetPropertyUuid]);
    if (!rows[0]) throw new PropertyFailure('the asset property no longer exists');
    if (!rows[0].measurement_uuid) throw new PropertyFailure('the asset property is not bound to a measurement');
    return measurementOf(rows[0].measurement_uuid);
  }

  async function parentValueOf(name: string): Promise<StoredValue | undefined> {
    if (!event.parentUuid) return undefined;
    if (!parentValues) {
      const { rows } = await db.query<{ name: string; value: unknown; series: Series | null; manual: boolean; defaulted: boolean }>(
        `SELECT p.name, v.value, v.series, v.manual, v.defaulted FROM event_property_values v
           JOIN event_type_properties p ON p.uuid = v.event_type_property_uuid WHERE v.event_uuid = $1`,
        [event.parentUuid],
      );
      parentValues = new Map(rows.map((row) => [row.name.toLowerCase(), { value: row.value, series: row.series, manual: row.manual, defaulted: row.defaulted }]));
    }
    return parentValues.get(name.toLowerCase());
  }

  const windowOf = (property: PropertyConfig) => ({ from: event.start + property.startOffsetMs, to: (event.stop ?? now) + property.stopOffsetMs });

  async function simple(property: PropertyConfig): Promise<ComputedValue | null> {
    const aggregation = property.aggregation as Aggregation;
    const measurement = await dataMeasurement(property);
    const { from, to } = windowOf(property);
    if (to <= from) return null;
    if (!property.goodPointsOnly) {
      // The store's aggregate query over one window: a window as long as the epoch up to `to`
      // starts at the epoch and holds [from, to[ whole (points outside [from, to[ are ignored).
      const rows = await measurement.store.readAggregated(measurement.uuid, measurement.valueType, { from, to, windowMs: to, aggregations: [aggregation, 'count'] });
      const row = rows.find((r) => r.count !== 0 && r.count !== null && r.count !== undefined);
      return row ? { value: jsonValue(row[aggregation]), series: null, defaulted: false } : null;
    }
    // Good points only: the store cannot leave the others out, so the aggregation runs here with
    // the same definitions (server/calculations/engine/windows.ts).
    const aggregator = new WindowAggregator(sourceOf(measurement, true), from, to, aggregation, to - from, from);
    const window = await aggregator.window(from);
    return window.count === 0 ? null : { value: window.value, series: null, defaulted: false };
  }

  async function periodic(property: PropertyConfig): Promise<ComputedValue | null> {
    const aggregation = property.aggregation as Aggregation;
    const intervalMs = property.intervalMs ?? 0;
    if (!(intervalMs >= 1_000)) throw new PropertyFailure('the interval is missing or shorter than 1s');
    const measurement = await dataMeasurement(property);
    const { from, to: windowTo } = windowOf(property);
    if (windowTo <= from) return null;
    let intervals = Math.ceil((windowTo - from) / intervalMs);
    let to = windowTo;
    if (intervals > MAX_SERIES_INTERVALS) {
      intervals = MAX_SERIES_INTERVALS;
      to = from + intervals * intervalMs;
      outcome.cut.push(property.name);
    }
    const values = new WindowAggregator(sourceOf(measurement, property.goodPointsOnly), from, to, aggregation, intervalMs, from);
    const withDimension = property.type === 'periodic_with_dimension';
    if (withDimension && !property.dimensionMeasurementUuid) throw new PropertyFailure('no dimension measurement');
    const dimension = withDimension
      ? new WindowAggregator(sourceOf(await measurementOf(property.dimensionMeasurementUuid!), property.goodPointsOnly), from, to, 'last', intervalMs, from)
      : null;
    const series: Series = { T: [], V: [], ...(dimension ? { D: [] } : {}) };
    let any = false;
    for (let i = 0; i < intervals; i += 1) {
      const t1 = from + i * intervalMs;
      const window = await values.window(t1);
      const value = window.count === 0 || typeof window.value !== 'number' ? null : window.value;
      if (value !== null) any = true;
      series.T.push((t1 - event.start) / 1000);
      series.V.push(value);
      if (dimension) {
        const d = await dimension.window(t1);
        series.D!.push(d.count === 0 || typeof d.value !== 'number' ? null : d.value);
      }
    }
    return any ? { value: null, series, defaulted: false } : null;
  }

  async function copied(property: PropertyConfig): Promise<ComputedValue | null> {
    const name = property.sourcePropertyName ?? '';
    const found = property.fromParent ? await parentValueOf(name) : byName.get(name.toLowerCase());
    if (!found || (found.value === null && found.series === null)) return null;
    return { value: found.value, series: found.series, defaulted: false };
  }

  let organizationUuid: string | undefined;

  /** The first column of the first row of ExternalQuery over the window, typed; no row: no value. */
  async function external(property: PropertyConfig): Promise<ComputedValue | null> {
    if (property.type !== 'simple') throw new PropertyFailure('an external value is for simple properties only');
    if (!property.externalDatabaseUuid) throw new PropertyFailure('the external database no longer exists');
    if (!property.externalQuery) throw new PropertyFailure('no query');
    if (organizationUuid === undefined) {
      const { rows } = await db.query<{ organization_uuid: string }>('SELECT organization_uuid FROM events WHERE uuid = $1', [event.uuid]);
      organizationUuid = rows[0]?.organization_uuid ?? '';
    }
    const connection = await externalDatabaseConnection(db, organizationUuid, property.externalDatabaseUuid);
    if (!connection) throw new PropertyFailure('the external database no longer exists');
    const { from, to } = windowOf(property);
    let result;
    try {
      result = await runQuery(connection, property.externalQuery, {
        params: { StartTime: new Date(from), StopTime: new Date(to), EventUUID: event.uuid },
        limit: 1,
        timeoutMs: EXTERNAL_PROPERTY_TIMEOUT_MS,
      });
    } catch (error) {
      // The drivers' messages never carry a secure setting (drivers/types.ts).
      if (error instanceof ExternalQueryError) throw new PropertyFailure(`the query failed (${error.step}): ${error.message}`);
      throw error;
    }
    const row = result.rows[0];
    if (!row || row.length === 0) return null;
    const typed = externalValue(row[0], property.datatype);
    if (!typed) throw new PropertyFailure(`the query's value ${JSON.stringify(row[0])?.slice(0, 100)} is not a ${property.datatype}`);
    return typed.value === null ? null : { value: typed.value, series: null, defaulted: false };
  }

  async function valueOf(property: PropertyConfig): Promise<ComputedValue | null> {
    if (property.mode === 'external_database') return external(property);
    if (property.mode !== 'historian') return null; // manual: typed by a person
    if (property.source === 'property') return copied(property);
    if (property.source !== 'data_reference') throw new PropertyFailure('no source');
    return property.type === 'simple' ? simple(property) : periodic(property);
  }

  const ordered = [...input.properties].sort(byPriority);
  for (const property of ordered) {
    if (input.only && !input.only(property)) continue;
    const stored = input.existing.get(property.propertyUuid);
    if (stored?.manual) {
      outcome.kept += 1;
      continue;
    }
    let computed: ComputedValue | null = null;
    try {
      computed = await valueOf(property);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      outcome.failures.push({ Property: property.name, Reason: reason });
      outcome.values.set(property.propertyUuid, null);
      byName.delete(property.name.toLowerCase());
      continue;
    }
    if (computed === null && property.defaultValue !== null && property.defaultValue !== undefined) {
      computed = { value: property.defaultValue, series: null, defaulted: true };
    }
    outcome.values.set(property.propertyUuid, computed);
    if (computed) byName.set(property.name.toLowerCase(), computed);
    else byName.delete(property.name.toLowerCase());
  }
  return outcome;
}

/** Whether a property that has a configuration would have no value after the outcome is written. */
export function missingProperties(properties: readonly PropertyConfig[], existing: ReadonlyMap<string, StoredValue>, computed: ReadonlyMap<string, ComputedValue | null>): string[] {
  return properties
    .filter((property) => {
      const stored = existing.get(property.propertyUuid);
      if (stored?.manual) return false;
      const value = computed.has(property.propertyUuid) ? computed.get(property.propertyUuid) : stored;
      return !value || (value.value === null && value.series === null);
    })
    .map((property) => property.name);
}

interface PropertyConfigRow {
  uuid: string;
  event_type_property_uuid: string;
  name: string;
  datatype: PropertyConfig['datatype'];
  type: PropertyConfig['type'];
  mode: PropertyConfig['mode'];
  source: PropertyConfig['source'];
  measurement_uuid: string | null;
  asset_property_uuid: string | null;
  aggregation: string | null;
  interval_ms: string | null;
  dimension_measurement_uuid: string | null;
  source_property_name: string | null;
  from_parent: boolean;
  priority: number;
  start_offset_ms: string;
  stop_offset_ms: string;
  close_after_ms: string;
  default_value: unknown;
  preview: boolean;
  good_points_only: boolean;
  external_database_uuid: string | null;
  external_query: string | null;
  configuration_uuid: string;
}

/** The property configurations of configurations, by configuration UUID, in priority order. */
export async function loadPropertyConfigs(db: Db, configurationUuids: readonly string[]): Promise<Map<string, PropertyConfig[]>> {
  const found = new Map<string, PropertyConfig[]>();
  if (configurationUuids.length === 0) return found;
  const { rows } = await db.query<PropertyConfigRow>(
    `SELECT c.*, p.name, p.datatype, p.type FROM event_property_configurations c
       JOIN event_type_properties p ON p.uuid = c.event_type_property_uuid
      WHERE c.configuration_uuid = ANY($1::uuid[])`,
    [configurationUuids],
  );
  for (const row of rows) {
    const property: PropertyConfig = {
      uuid: row.uuid,
      propertyUuid: row.event_type_property_uuid,
      name: row.name,
      datatype: row.datatype,
      type: row.type,
      mode: row.mode,
      source: row.source,
      measurementUuid: row.measurement_uuid,
      assetPropertyUuid: row.asset_property_uuid,
      aggregation: row.aggregation,
      intervalMs: row.interval_ms === null ? null : Number(row.interval_ms),
      dimensionMeasurementUuid: row.dimension_measurement_uuid,
      sourcePropertyName: row.source_property_name,
      fromParent: row.from_parent,
      priority: row.priority,
      startOffsetMs: Number(row.start_offset_ms),
      stopOffsetMs: Number(row.stop_offset_ms),
      closeAfterMs: Number(row.close_after_ms),
      defaultValue: row.default_value,
      preview: row.preview,
      goodPointsOnly: row.good_points_only,
      externalDatabaseUuid: row.external_database_uuid,
      externalQuery: row.external_query,
    };
    found.set(row.configuration_uuid, [...(found.get(row.configuration_uuid) ?? []), property]);
  }
  for (const list of found.values()) list.sort(byPriority);
  return found;
}

/** An event's stored values, by type property UUID. */
export async function loadValues(db: Db, eventUuid: string): Promise<Map<string, StoredValue>> {
  const { rows } = await db.query<{ event_type_property_uuid: string; value: unknown; series: Series | null; manual: boolean; defaulted: boolean }>(
    'SELECT event_type_property_uuid, value, series, manual, defaulted FROM event_property_values WHERE event_uuid = $1',
    [eventUuid],
  );
  return new Map(rows.map((row) => [row.event_type_property_uuid, { value: row.value, series: row.series, manual: row.manual, defaulted: row.defaulted }]));
}

/** Writes computed values (never over a manual one); null removes an automatic value. */
export async function saveValues(db: Db, eventUuid: string, values: ReadonlyMap<string, ComputedValue | null>): Promise<void> {
  for (const [propertyUuid, computed] of values) {
    if (computed === null) {
      await db.query('DELETE FROM event_property_values WHERE event_uuid = $1 AND event_type_property_uuid = $2 AND NOT manual', [eventUuid, propertyUuid]);
      continue;
    }
    await db.query(
      `INSERT INTO event_property_values (event_uuid, event_type_property_uuid, value, series, defaulted) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (event_uuid, event_type_property_uuid) DO UPDATE SET value = EXCLUDED.value, series = EXCLUDED.series,
         defaulted = EXCLUDED.defaulted, updated_at = now(), updated_by = NULL
        WHERE NOT event_property_values.manual`,
      [eventUuid, propertyUuid, computed.value === null || computed.value === undefined ? null : JSON.stringify(computed.value), computed.series ? JSON.stringify(computed.series) : null, computed.defaulted],
    );
  }
}

/** Whether a stored and a computed value are the same (for re-evaluation's counts). */
export function sameValue(before: StoredValue | undefined, after: ComputedValue | null): boolean {
  if (!before) return after === null;
  if (!after) return false;
  return JSON.stringify(before.value ?? null) === JSON.stringify(after.value ?? null) && JSON.stringify(before.series ?? null) === JSON.stringify(after.series ?? null);
}

export type EventStatus = 'open' | 'pending' | 'incomplete' | 'processed';

/** When a stopped event closes: its stop plus the longest CloseAfter of its property configurations. */
export const closeAtOf = (stop: number | null, properties: readonly PropertyConfig[]) => (stop === null ? null : stop + Math.max(0, ...properties.map((p) => p.closeAfterMs)));

/** The status after a computation (README.md, "Statuses"). */
export function statusAfter(
  stop: number | null,
  properties: readonly PropertyConfig[],
  existing: ReadonlyMap<string, StoredValue>,
  computed: ReadonlyMap<string, ComputedValue | null>,
  now: number,
): EventStatus {
  const closeAt = closeAtOf(stop, properties);
  if (closeAt === null) return 'open';
  if (now < closeAt) return 'pending';
  return missingProperties(properties, existing, computed).length > 0 ? 'incomplete' : 'processed';
}

/** The parent configuration's event that runs at `start` (start ≤ t < stop, or open), if any. */
export async function findParentEvent(db: Db, parentConfigurationUuid: string, start: number): Promise<string | null> {
  const { rows } = await db.query<{ uuid: string }>(
    `SELECT uuid FROM events WHERE configuration_uuid = $1 AND start_time <= $2 AND (stop_time IS NULL OR stop_time > $2)
      ORDER BY start_time DESC LIMIT 1`,
    [parentConfigurationUuid, new Date(start)],
  );
  return rows[0]?.uuid ?? null;
}
