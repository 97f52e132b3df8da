import type { Db } from '../db/db';
import { isRecord } from './diff';

// Reads what the link status and the plan compare: prototypes with their property prototypes, and
// instances (assets) with their properties and the calculations those point at. One statement per
// table whatever the number of instances.

export interface PropertyPrototypeRow {
  uuid: string;
  prototype_uuid: string;
  name: string;
  description: string;
  kind: 'measurement' | 'calculation';
  datatype: string;
  name_template: string;
  calculation_template: unknown;
  position: number;
  deleted: boolean;
}

export interface PrototypeRow {
  uuid: string;
  organization_uuid: string;
  name: string;
  description: string;
  default_database_uuid: string | null;
  metadata: Record<string, unknown>;
  updated_at: Date;
  properties: PropertyPrototypeRow[];
}

export interface InstanceAsset {
  uuid: string;
  organization_uuid: string;
  name: string;
  path: string;
  metadata: Record<string, unknown>;
  applied: unknown;
  prototype_uuid: string | null;
  link_status: string;
}

export interface InstanceProperty {
  uuid: string;
  asset_uuid: string;
  name: string;
  description: string;
  measurement_uuid: string | null;
  property_prototype_uuid: string | null;
  applied: unknown;
  link_status: string;
  /** The measurement's name and settings when it is a calculation (of a calculation collector). */
  calculation: { name: string; settings: unknown } | null;
}

const record = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

export async function loadPrototypes(db: Db, organizationUuid: string | null, uuids: readonly string[]): Promise<Map<string, PrototypeRow>> {
  if (uuids.length === 0) return new Map();
  const { rows } = await db.query<Omit<PrototypeRow, 'properties'>>(
    `SELECT uuid, organization_uuid, name, description, default_database_uuid, metadata, updated_at
       FROM prototypes WHERE uuid = ANY($1::uuid[]) AND ($2::uuid IS NULL OR organization_uuid = $2)`,
    [[...uuids], organizationUuid],
  );
  const found = new Map(rows.map((row) => [row.uuid, { ...row, metadata: record(row.metadata), properties: [] as PropertyPrototypeRow[] }]));
  const properties = await db.query<PropertyPrototypeRow>(
    `SELECT uuid, prototype_uuid, name, description, kind, datatype, name_template, calculation_template, position, deleted
       FROM property_prototypes WHERE prototype_uuid = ANY($1::uuid[]) ORDER BY position, lower(name)`,
    [[...found.keys()]],
  );
  for (const property of properties.rows) found.get(property.prototype_uuid)?.properties.push(property);
  return found;
}

export async function loadPrototype(db: Db, organizationUuid: string, uuid: string): Promise<PrototypeRow | undefined> {
  return (await loadPrototypes(db, organizationUuid, [uuid])).get(uuid);
}

export interface Instances {
  assets: InstanceAsset[];
  propertiesByAsset: Map<string, InstanceProperty[]>;
}

/** Active assets named, or every active instance of a prototype, with their properties. */
export async function loadInstances(db: Db, where: { assetUuids?: readonly string[]; prototypeUuid?: string; organizationUuid?: string }): Promise<Instances> {
  const { rows: assets } = await db.query<InstanceAsset>(
    `SELECT uuid, organization_uuid, name, path, metadata, applied, prototype_uuid, link_status
       FROM assets
      WHERE status = 'Active' AND ($1::uuid[] IS NULL OR uuid = ANY($1::uuid[])) AND ($2::uuid IS NULL OR prototype_uuid = $2)
        AND ($3::uuid IS NULL OR organization_uuid = $3)
      ORDER BY path`,
    [where.assetUuids ? [...where.assetUuids] : null, where.prototypeUuid ?? null, where.organizationUuid ?? null],
  );
  const propertiesByAsset = new Map<string, InstanceProperty[]>(assets.map((asset) => [asset.uuid, []]));
  if (assets.length === 0) return { assets, propertiesByAsset };
  const { rows } = await db.query<Omit<InstanceProperty, 'calculation'> & { calculation_name: string | null; calculation_settings: unknown }>(
    `SELECT p.uuid, p.asset_uuid, p.name, p.description, p.measurement_uuid, p.property_prototype_uuid, p.applied, p.link_status,
            CASE WHEN c.collector_type = 'calculation' THEN m.name END AS calculation_name,
            CASE WHEN c.collector_type = 'calculation' THEN m.settings END AS calculation_settings
       FROM asset_properties p
       LEFT JOIN measurements m ON m.uuid = p.measurement_uuid
       LEFT JOIN collectors c ON c.uuid = m.collector_uuid
      WHERE p.asset_uuid = ANY($1::uuid[])
      ORDER BY lower(p.name)`,
    [assets.map((asset) => asset.uuid)],
  );
  for (const { calculation_name: calculationName, calculation_settings: settings, ...property } of rows) {
    propertiesByAsset.get(property.asset_uuid)?.push({ ...property, calculation: calculationName === null ? null : { name: calculationName, settings } });
  }
  return { assets: assets.map((asset) => ({ ...asset, metadata: record(asset.metadata) })), propertiesByAsset };
}
