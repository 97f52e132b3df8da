import type { Db } from '../../db/db';
import { VALUE_TYPES, type ValueType } from '../types';

// The measurements a query reads, from the measurements table (only what the query needs: the
// CRUD lives in the measurements routes). Deleted measurements are hidden like missing ones.

export interface QueryMeasurement {
  uuid: string;
  name: string;
  datatype: ValueType;
  uom: string;
  /** Null for a Discovered measurement, which has no database yet. */
  databaseUuid: string | null;
  databaseName: string;
}

interface Row {
  uuid: string;
  name: string;
  datatype: string;
  uom: string;
  database_uuid: string | null;
  database_name: string | null;
}

function isValueType(value: string): value is ValueType {
  return VALUE_TYPES.some((type) => type === value);
}

/** The organization's measurements among `uuids`, in the order asked; missing ones are left out. */
export async function findQueryMeasurements(db: Db, organizationUuid: string, uuids: readonly string[]): Promise<QueryMeasurement[]> {
  const { rows } = await db.query<Row>(
    `SELECT m.uuid, m.name, m.datatype, m.uom, m.database_uuid, d.name AS database_name
       FROM measurements m LEFT JOIN timeseries_databases d ON d.uuid = m.database_uuid
      WHERE m.organization_uuid = $1 AND m.uuid = ANY($2::uuid[]) AND m.status <> 'Deleted'`,
    [organizationUuid, uuids],
  );
  const byUuid = new Map(rows.map((row) => [row.uuid, row]));
  const found: QueryMeasurement[] = [];
  for (const uuid of uuids) {
    const row = byUuid.get(uuid);
    if (!row || !isValueType(row.datatype)) continue;
    found.push({ uuid: row.uuid, name: row.name, datatype: row.datatype, uom: row.uom, databaseUuid: row.database_uuid, databaseName: row.database_name ?? '' });
  }
  return found;
}
