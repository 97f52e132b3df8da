import type { Db } from '../db/db';
import { belowPattern, lowerContains, type AssetPropertyInput } from './assetRules';

// Asset properties of an organization (migration 070): a measurement or calculation on an asset
// under an alias unique on it, with the measurement's name, datatype and unit and the asset's path
// joined in. A property made from a prototype may be unbound (no measurement yet): its datatype is
// then its property prototype's. Properties of deleted assets are not listed.

/** The unique index of migration 070 by the contract field it guards. */
export const ASSET_PROPERTY_UNIQUE_FIELDS = { asset_properties_name: 'Name' } as const;

export interface AssetPropertyRow {
  uuid: string;
  organization_uuid: string;
  asset_uuid: string;
  asset_path: string;
  asset_prototype_uuid: string | null;
  name: string;
  description: string;
  measurement_uuid: string | null;
  measurement_name: string | null;
  datatype: string | null;
  uom: string | null;
  metadata: Record<string, number | string | boolean>;
  property_prototype_uuid: string | null;
  link_status: 'NotLinked' | 'Applied' | 'NeedsUpdate' | 'Overridden' | 'Deleted';
}

export interface AssetPropertyFilter {
  assetUuids?: readonly string[];
  /** With assetUuids: the properties of what is below them too. */
  recursive?: boolean;
  keyword?: string | null;
  datatypes?: readonly string[];
  linkStatuses?: readonly string[];
  limit: number;
  page: number;
}

const FROM = `
    FROM asset_properties ap
    JOIN assets a ON a.uuid = ap.asset_uuid
    LEFT JOIN measurements m ON m.uuid = ap.measurement_uuid
    LEFT JOIN property_prototypes pp ON pp.uuid = ap.property_prototype_uuid`;
const SELECT = `
  SELECT ap.uuid, ap.organization_uuid, ap.asset_uuid, a.path AS asset_path, a.prototype_uuid AS asset_prototype_uuid,
         ap.name, ap.description, ap.measurement_uuid, m.name AS measurement_name,
         coalesce(m.datatype, pp.datatype) AS datatype, m.uom, ap.metadata, ap.property_prototype_uuid, ap.link_status
  ${FROM}`;

export function assetPropertiesRepository(db: Db) {
  async function whereOf(organizationUuid: string, filter: Omit<AssetPropertyFilter, 'limit' | 'page'>) {
    const params: unknown[] = [organizationUuid];
    const conditions = ['ap.organization_uuid = $1', "a.status = 'Active'"];
    const bind = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (filter.assetUuids?.length) {
      const named = bind(filter.assetUuids);
      if (filter.recursive) {
        // The subtrees by their paths: each reads the path index.
        const { rows } = await db.query<{ path: string }>("SELECT path FROM assets WHERE organization_uuid = $1 AND uuid = ANY($2::uuid[]) AND status = 'Active'", [organizationUuid, filter.assetUuids]);
        conditions.push(`(ap.asset_uuid = ANY(${named}::uuid[]) OR a.path LIKE ANY(${bind(rows.map((row) => belowPattern(row.path)))}::text[]))`);
      } else conditions.push(`ap.asset_uuid = ANY(${named}::uuid[])`);
    }
    if (filter.datatypes?.length) conditions.push(`coalesce(m.datatype, pp.datatype) = ANY(${bind(filter.datatypes)}::text[])`);
    if (filter.linkStatuses?.length) conditions.push(`ap.link_status = ANY(${bind(filter.linkStatuses)}::text[])`);
    if (filter.keyword) {
      const pattern = bind(lowerContains(filter.keyword));
      conditions.push(`(lower(ap.name) LIKE ${pattern} OR lower(a.path) LIKE ${pattern} OR lower(m.name) LIKE ${pattern})`);
    }
    return { where: conditions.join(' AND '), params };
  }

  return {
    async list(organizationUuid: string, filter: AssetPropertyFilter): Promise<{ rows: AssetPropertyRow[]; total: number }> {
      const { where, params } = await whereOf(organizationUuid, filter);
      const count = await db.query<{ total: number }>(`SELECT count(*)::int AS total ${FROM} WHERE ${where}`, params);
      const total = count.rows[0].total;
      if (total === 0 || (filter.page - 1) * filter.limit >= total) return { rows: [], total };
      const paged = [...params, filter.limit, (filter.page - 1) * filter.limit];
      const { rows } = await db.query<AssetPropertyRow>(
        `${SELECT} WHERE ${where} ORDER BY a.path, lower(ap.name), ap.uuid LIMIT $${paged.length - 1} OFFSET $${paged.length}`,
        paged,
      );
      return { rows, total };
    },

    async find(organizationUuid: string, uuid: string): Promise<AssetPropertyRow | undefined> {
      const { rows } = await db.query<AssetPropertyRow>(`${SELECT} WHERE ap.organization_uuid = $1 AND ap.uuid = $2 AND a.status = 'Active'`, [organizationUuid, uuid]);
      return rows[0];
    },

    async create(organizationUuid: string, assetUuid: string, input: AssetPropertyInput, actor: string | null): Promise<string> {
      const { rows } = await db.query<{ uuid: string }>(
        `INSERT INTO asset_properties (organization_uuid, asset_uuid, name, description, measurement_uuid, metadata, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING uuid`,
        [organizationUuid, assetUuid, input.name, input.description, input.measurementUuid, JSON.stringify(input.metadata), actor],
      );
      return rows[0].uuid;
    },

    async update(property: AssetPropertyRow, input: AssetPropertyInput, actor: string | null): Promise<void> {
      await db.query(
        `UPDATE asset_properties SET name = $3, description = $4, measurement_uuid = $5, metadata = $6, updated_at = now(), updated_by = $7
          WHERE organization_uuid = $1 AND uuid = $2`,
        [property.organization_uuid, property.uuid, input.name, input.description, input.measurementUuid, JSON.stringify(input.metadata), actor],
      );
    },

    async remove(property: AssetPropertyRow): Promise<void> {
      await db.query('DELETE FROM asset_properties WHERE organization_uuid = $1 AND uuid = $2', [property.organization_uuid, property.uuid]);
    },
  };
}
