import type { Db } from '../../db/db';
import { POSTGRES_TIMESERIES_TYPE_UUID } from '../../timeseries/registry';

// Fixtures of the ingestion tests and bench: a built-in time-series database and measurements
// made straight in the database.

export async function insertBuiltinDatabase(db: Db, organizationUuid: string, name = `Points ${Math.random().toString(36).slice(2, 8)}`): Promise<string> {
  const { rows } = await db.query<{ uuid: string }>(
    'INSERT INTO timeseries_databases (organization_uuid, name, type_uuid, settings) VALUES ($1, $2, $3, $4) RETURNING uuid',
    [organizationUuid, name, POSTGRES_TIMESERIES_TYPE_UUID, JSON.stringify({ mode: 'builtin' })],
  );
  return rows[0].uuid;
}

export interface MeasurementFixture {
  organizationUuid: string;
  collectorUuid: string;
  databaseUuid: string | null;
  name?: string;
  datatype?: string;
  status?: string;
  settings?: Record<string, unknown>;
}

export async function insertMeasurement(db: Db, fixture: MeasurementFixture): Promise<string> {
  const { rows } = await db.query<{ uuid: string }>(
    'INSERT INTO measurements (organization_uuid, collector_uuid, database_uuid, name, datatype, status, settings) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING uuid',
    [
      fixture.organizationUuid,
      fixture.collectorUuid,
      fixture.databaseUuid,
      fixture.name ?? `m-${Math.random().toString(36).slice(2, 10)}`,
      fixture.datatype ?? 'number',
      fixture.status ?? 'Active',
      JSON.stringify(fixture.settings ?? {}),
    ],
  );
  return rows[0].uuid;
}
