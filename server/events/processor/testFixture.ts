import { createTestOrganization } from '../../auth/testing/testUsers';
import type { Db } from '../../db/db';
import { createBatchIngestion, type BatchIngestion } from '../../ingestion/batches';
import { insertBuiltinDatabase, insertMeasurement } from '../../ingestion/testing/fixtures';
import type { TimeseriesStores } from '../../timeseries/stores';

// What the processor's and re-evaluation's tests build on, made straight in the database (the
// definitions' calls are another folder's): an organization with a built-in time-series database,
// a collector, an asset, event types with properties, measurements, configurations and property
// configurations. Points go through the collectors' ingestion path, as a collector sends them.

export interface EventsWorld {
  db: Db;
  organization: string;
  database: string;
  collector: string;
  asset: string;
  ingestion: BatchIngestion;
}

const suffix = () => Math.random().toString(36).slice(2, 8);

export async function createEventsWorld(db: Db, stores: TimeseriesStores): Promise<EventsWorld> {
  const organization = await createTestOrganization(db);
  const database = await insertBuiltinDatabase(db, organization);
  const collector = (
    await db.query<{ uuid: string }>(`INSERT INTO collectors (organization_uuid, name, collector_type) VALUES ($1, 'Plant', 'simulation') RETURNING uuid`, [organization])
  ).rows[0].uuid;
  const world: EventsWorld = { db, organization, database, collector, asset: '', ingestion: createBatchIngestion(db, stores) };
  world.asset = await insertAsset(world, 'Line 1');
  return world;
}

export async function insertAsset(world: EventsWorld, name: string, parentUuid: string | null = null): Promise<string> {
  const { rows } = await world.db.query<{ uuid: string }>(
    `INSERT INTO assets (organization_uuid, parent_uuid, name, path, depth) VALUES ($1, $2, $3, $4, $5) RETURNING uuid`,
    [world.organization, parentUuid, name, name, parentUuid ? 1 : 0],
  );
  return rows[0].uuid;
}

export function insertSignal(world: EventsWorld, datatype: 'number' | 'boolean' | 'string' = 'number'): Promise<string> {
  return insertMeasurement(world.db, { organizationUuid: world.organization, collectorUuid: world.collector, databaseUuid: world.database, datatype });
}

export async function writePoints(world: EventsWorld, measurement: string, times: readonly number[], values: readonly (number | boolean | string)[], qualities?: readonly number[]) {
  for (let i = 0; i < times.length; i += 50_000) {
    await world.ingestion.ingest(world.collector, {
      BatchKey: `test-${suffix()}-${i}`,
      Points: [
        {
          MeasurementUUID: measurement,
          T: times.slice(i, i + 50_000),
          V: values.slice(i, i + 50_000) as number[],
          ...(qualities ? { Q: qualities.slice(i, i + 50_000) } : {}),
        },
      ],
    });
  }
}

export interface TypeFixture {
  uuid: string;
  /** Type property UUIDs by name. */
  properties: Record<string, string>;
}

export async function insertEventType(
  world: EventsWorld,
  properties: Record<string, { datatype?: 'number' | 'boolean' | 'string'; type?: 'simple' | 'periodic' | 'periodic_with_dimension' }>,
  parentUuid: string | null = null,
): Promise<TypeFixture> {
  const { rows } = await world.db.query<{ uuid: string }>('INSERT INTO event_types (organization_uuid, name, parent_uuid) VALUES ($1, $2, $3) RETURNING uuid', [
    world.organization,
    `Type ${suffix()}`,
    parentUuid,
  ]);
  const fixture: TypeFixture = { uuid: rows[0].uuid, properties: {} };
  for (const [name, property] of Object.entries(properties)) {
    const { rows: made } = await world.db.query<{ uuid: string }>('INSERT INTO event_type_properties (event_type_uuid, name, datatype, type) VALUES ($1, $2, $3, $4) RETURNING uuid', [
      fixture.uuid,
      name,
      property.datatype ?? 'number',
      property.type ?? 'simple',
    ]);
    fixture.properties[name] = made[0].uuid;
  }
  return fixture;
}

export interface ConfigurationFixture {
  type: string;
  asset?: string;
  startSource: 'historian' | 'schedule' | 'manual' | 'external_database';
  settings?: Record<string, unknown>;
  parent?: string | null;
  state?: 'running' | 'stopped';
}

export async function insertConfiguration(world: EventsWorld, fixture: ConfigurationFixture): Promise<string> {
  const { rows } = await world.db.query<{ uuid: string }>(
    `INSERT INTO event_configurations (organization_uuid, asset_uuid, event_type_uuid, parent_configuration_uuid, start_source, settings, state)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING uuid`,
    [world.organization, fixture.asset ?? world.asset, fixture.type, fixture.parent ?? null, fixture.startSource, JSON.stringify(fixture.settings ?? {}), fixture.state ?? 'running'],
  );
  return rows[0].uuid;
}

export interface PropertyConfigurationFixture {
  configuration: string;
  property: string;
  mode?: 'historian' | 'external_database' | 'manual';
  source?: 'data_reference' | 'property' | null;
  measurement?: string | null;
  assetProperty?: string | null;
  aggregation?: string | null;
  intervalMs?: number | null;
  dimension?: string | null;
  sourcePropertyName?: string | null;
  fromParent?: boolean;
  priority?: number;
  startOffsetMs?: number;
  stopOffsetMs?: number;
  closeAfterMs?: number;
  defaultValue?: unknown;
  preview?: boolean;
  goodPointsOnly?: boolean;
}

export async function insertPropertyConfiguration(world: EventsWorld, fixture: PropertyConfigurationFixture): Promise<string> {
  const mode = fixture.mode ?? 'historian';
  const { rows } = await world.db.query<{ uuid: string }>(
    `INSERT INTO event_property_configurations (configuration_uuid, event_type_property_uuid, mode, source, measurement_uuid, asset_property_uuid,
       aggregation, interval_ms, dimension_measurement_uuid, source_property_name, from_parent, priority, start_offset_ms, stop_offset_ms,
       close_after_ms, default_value, preview, good_points_only)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING uuid`,
    [
      fixture.configuration,
      fixture.property,
      mode,
      fixture.source === undefined ? (mode === 'historian' ? 'data_reference' : null) : fixture.source,
      fixture.measurement ?? null,
      fixture.assetProperty ?? null,
      fixture.aggregation ?? null,
      fixture.intervalMs ?? null,
      fixture.dimension ?? null,
      fixture.sourcePropertyName ?? null,
      fixture.fromParent ?? false,
      fixture.priority ?? 0,
      fixture.startOffsetMs ?? 0,
      fixture.stopOffsetMs ?? 0,
      fixture.closeAfterMs ?? 0,
      fixture.defaultValue === undefined ? null : JSON.stringify(fixture.defaultValue),
      fixture.preview ?? false,
      fixture.goodPointsOnly ?? true,
    ],
  );
  return rows[0].uuid;
}

export interface EventRowView {
  uuid: string;
  start: number;
  stop: number | null;
  status: string;
  parent_uuid: string | null;
  source: string;
}

/** A configuration's events, oldest first. */
export async function eventsOf(db: Db, configuration: string): Promise<EventRowView[]> {
  const { rows } = await db.query<EventRowView>(
    `SELECT uuid, (extract(epoch FROM start_time) * 1000)::float8 AS start, (extract(epoch FROM stop_time) * 1000)::float8 AS stop, status, parent_uuid, source
       FROM events WHERE configuration_uuid = $1 ORDER BY start_time`,
    [configuration],
  );
  return rows;
}

/** An event's values by property name. */
export async function valuesOf(db: Db, event: string): Promise<Record<string, { value: unknown; series: unknown; manual: boolean; defaulted: boolean }>> {
  const { rows } = await db.query<{ name: string; value: unknown; series: unknown; manual: boolean; defaulted: boolean }>(
    `SELECT p.name, v.value, v.series, v.manual, v.defaulted FROM event_property_values v JOIN event_type_properties p ON p.uuid = v.event_type_property_uuid
      WHERE v.event_uuid = $1`,
    [event],
  );
  return Object.fromEntries(rows.map((row) => [row.name, { value: row.value, series: row.series, manual: row.manual, defaulted: row.defaulted }]));
}

export async function stateOf(db: Db, configuration: string) {
  const { rows } = await db.query<{ processed_until: string | null; last_value: unknown; last_error: string | null }>(
    'SELECT processed_until, last_value, last_error FROM event_configuration_state WHERE configuration_uuid = $1',
    [configuration],
  );
  const row = rows[0];
  return row ? { processedUntil: row.processed_until === null ? null : Number(row.processed_until), lastValue: row.last_value, lastError: row.last_error } : null;
}

export async function logCodes(db: Db, configuration: string): Promise<string[]> {
  const { rows } = await db.query<{ code: string }>('SELECT code FROM event_configuration_logs WHERE configuration_uuid = $1 ORDER BY id', [configuration]);
  return rows.map((row) => row.code);
}
