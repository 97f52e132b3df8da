import { INFLUXDB_SETTINGS_SCHEMA, INFLUXDB_TIMESERIES_TYPE_UUID, createInfluxDriver } from './influxdb/driver';
import { POSTGRES_SETTINGS_SCHEMA, POSTGRES_TIMESERIES_TYPE_UUID, createPostgresDriver } from './postgres/driver';
import type { SqlClient } from './postgres/schema';
import type { SettingsSchema, TimeseriesDriver } from './types';

// The time-series database types the server offers (GET /timeseries-database-types) and the
// driver behind each. The UUIDs are stored in TimeseriesDatabase.TimeseriesDatabaseTypeUUID:
// never change them.

export { INFLUXDB_TIMESERIES_TYPE_UUID, POSTGRES_TIMESERIES_TYPE_UUID };

/** The contract's TimeseriesDatabaseType. */
export interface TimeseriesDatabaseTypeInfo {
  UUID: string;
  Name: string;
  SettingsSchema: SettingsSchema;
}

export const TIMESERIES_DATABASE_TYPES: readonly TimeseriesDatabaseTypeInfo[] = [
  { UUID: POSTGRES_TIMESERIES_TYPE_UUID, Name: 'PostgreSQL', SettingsSchema: POSTGRES_SETTINGS_SCHEMA },
  { UUID: INFLUXDB_TIMESERIES_TYPE_UUID, Name: 'InfluxDB', SettingsSchema: INFLUXDB_SETTINGS_SCHEMA },
];

export interface TimeseriesDrivers {
  all: readonly TimeseriesDriver[];
  /** Undefined for an unknown type UUID (answer 400 or 404). */
  byTypeUuid(typeUuid: string): TimeseriesDriver | undefined;
}

export interface TimeseriesDriverOptions {
  /** The server's own database (ctx.db), where the built-in store keeps points in builtin mode. */
  serverDb: SqlClient;
}

export function createTimeseriesDrivers(options: TimeseriesDriverOptions): TimeseriesDrivers {
  const all = [createPostgresDriver({ serverDb: options.serverDb }), createInfluxDriver()];
  return { all, byTypeUuid: (typeUuid) => all.find((driver) => driver.typeUuid === typeUuid) };
}
