import type { Db } from '../../db/db';

// Rows the asset tests stand on, inserted directly: a measurement of an organization (with a
// collector and a database of its own) and a property made from a prototype, still unbound.

const one = async (db: Db, text: string, params: unknown[]) => (await db.query<{ uuid: string }>(text, params)).rows[0].uuid;

export async function insertMeasurement(db: Db, organizationUuid: string, name: string, options: { datatype?: string; uom?: string; status?: string } = {}): Promise<string> {
  const collector = await one(db, "INSERT INTO collectors (organization_uuid, name, collector_type) VALUES ($1, $2, 'simulation') RETURNING uuid", [organizationUuid, `Sim ${name}`]);
  const database = await one(db, 'INSERT INTO timeseries_databases (organization_uuid, name, type_uuid) VALUES ($1, $2, gen_random_uuid()) RETURNING uuid', [organizationUuid, `Db ${name}`]);
  return one(db, 'INSERT INTO measurements (organization_uuid, collector_uuid, database_uuid, name, datatype, uom, status) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING uuid', [
    organizationUuid,
    collector,
    database,
    name,
    options.datatype ?? 'number',
    options.uom ?? '',
    options.status ?? 'Active',
  ]);
}

/** A prototype with one measurement property prototype, and an unbound property of `assetUuid` linked to it. */
export async function insertUnboundProperty(db: Db, organizationUuid: string, assetUuid: string, name: string): Promise<{ propertyUuid: string; prototypeUuid: string }> {
  const prototypeUuid = await one(db, 'INSERT INTO prototypes (organization_uuid, name) VALUES ($1, $2) RETURNING uuid', [organizationUuid, `Type of ${name}`]);
  const propertyPrototype = await one(db, "INSERT INTO property_prototypes (prototype_uuid, name, kind, datatype) VALUES ($1, $2, 'measurement', 'boolean') RETURNING uuid", [prototypeUuid, name]);
  const propertyUuid = await one(
    db,
    "INSERT INTO asset_properties (organization_uuid, asset_uuid, name, property_prototype_uuid, applied, link_status) VALUES ($1, $2, $3, $4, $5, 'Applied') RETURNING uuid",
    [organizationUuid, assetUuid, name, propertyPrototype, JSON.stringify({ Name: name, Description: '' })],
  );
  return { propertyUuid, prototypeUuid };
}
