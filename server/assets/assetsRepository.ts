import type { Db } from '../db/db';
import { belowPattern, lowerContains, type AssetInput } from './assetRules';

// The assets of an organization (migrations 070 and 071; the rules in server/prototypes/README.md,
// "The tree"). Every query names the organization: another organization's UUID finds nothing. The
// path and depth of a subtree change in one statement; the active descendants of an active asset
// are exactly the active rows whose path starts with its path and a `/` (sibling names are unique
// and a deleted asset has no active children), so that LIKE reads the path index.

/** The unique index of migration 070 by the contract field it guards. */
export const ASSET_UNIQUE_FIELDS = { assets_sibling_name: 'Name' } as const;

export interface AssetRow {
  uuid: string;
  organization_uuid: string;
  parent_uuid: string | null;
  name: string;
  description: string;
  status: 'Active' | 'Deleted';
  metadata: Record<string, number | string | boolean>;
  path: string;
  depth: number;
  prototype_uuid: string | null;
  prototype_name: string | null;
  link_status: 'NotLinked' | 'Applied' | 'NeedsUpdate' | 'Overridden' | 'Deleted';
  child_count: number;
  created_at: Date;
  updated_at: Date;
}

export interface AssetFilter {
  roots?: boolean;
  parentUuids?: readonly string[];
  uuids?: readonly string[];
  keyword?: string | null;
  path?: string | null;
  prototypeUuids?: readonly string[];
  linkStatuses?: readonly string[];
  /** Active only unless named. */
  statuses?: readonly string[];
  limit: number;
  page: number;
}

const selectFrom = (source: string) => `
  SELECT a.uuid, a.organization_uuid, a.parent_uuid, a.name, a.description, a.status, a.metadata, a.path, a.depth,
         a.prototype_uuid, p.name AS prototype_name, a.link_status, a.created_at, a.updated_at,
         (SELECT count(*)::int FROM assets c
           WHERE c.organization_uuid = a.organization_uuid AND c.parent_uuid = a.uuid AND c.status = 'Active') AS child_count
    FROM ${source} LEFT JOIN prototypes p ON p.uuid = a.prototype_uuid`;
const SELECT = selectFrom('assets a');

function whereOf(organizationUuid: string, filter: Omit<AssetFilter, 'limit' | 'page'>): { where: string; params: unknown[] } {
  const params: unknown[] = [organizationUuid];
  const conditions = ['a.organization_uuid = $1'];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const statuses = filter.statuses?.length ? filter.statuses : ['Active'];
  conditions.push(statuses.length === 1 ? `a.status = ${bind(statuses[0])}` : `a.status = ANY(${bind(statuses)}::text[])`);
  if (filter.roots) conditions.push('a.parent_uuid IS NULL');
  if (filter.parentUuids?.length) conditions.push(`a.parent_uuid = ANY(${bind(filter.parentUuids)}::uuid[])`);
  if (filter.uuids?.length) conditions.push(`a.uuid = ANY(${bind(filter.uuids)}::uuid[])`);
  if (filter.prototypeUuids?.length) conditions.push(`a.prototype_uuid = ANY(${bind(filter.prototypeUuids)}::uuid[])`);
  if (filter.linkStatuses?.length) conditions.push(`a.link_status = ANY(${bind(filter.linkStatuses)}::text[])`);
  if (filter.path) conditions.push(`(a.path = ${bind(filter.path)} OR a.path LIKE ${bind(belowPattern(filter.path))})`);
  // The path holds the name; each side reads its trigram index (070, 071).
  if (filter.keyword) {
    const pattern = bind(lowerContains(filter.keyword));
    conditions.push(`(lower(a.path) LIKE ${pattern} OR lower(a.description) LIKE ${pattern})`);
  }
  return { where: conditions.join(' AND '), params };
}

export function assetsRepository(db: Db) {
  return {
    /**
     * Serializes the changes to an organization's tree until the transaction ends: a path rewrite
     * reads the subtree as of its start and would miss a child created meanwhile under a renamed or
     * moved asset. Take it first in every transaction that creates, renames, moves or deletes.
     */
    async lockTree(organizationUuid: string): Promise<void> {
      await db.query("SELECT pg_advisory_xact_lock(hashtext('assets:' || $1::text))", [organizationUuid]);
    },

    async list(organizationUuid: string, filter: AssetFilter): Promise<{ rows: AssetRow[]; total: number }> {
      const { where, params } = whereOf(organizationUuid, filter);
      const count = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM assets a WHERE ${where}`, params);
      const total = count.rows[0].total;
      if (total === 0 || (filter.page - 1) * filter.limit >= total) return { rows: [], total };
      const paged = [...params, filter.limit, (filter.page - 1) * filter.limit];
      // A page is read in path order (071's index): a search for a common word stops after the
      // page. A subtree is read through its path range first (OFFSET 0 keeps the planner from
      // walking the ordered index from the organization's first path to the subtree's).
      const [source, condition] = filter.path ? [`(SELECT * FROM assets a WHERE ${where} OFFSET 0) a`, 'true'] : ['assets a', where];
      const { rows } = await db.query<AssetRow>(
        `${selectFrom(source)} WHERE ${condition} ORDER BY a.path, a.uuid LIMIT $${paged.length - 1} OFFSET $${paged.length}`,
        paged,
      );
      return { rows, total };
    },

    async find(organizationUuid: string, uuid: string, lock = false): Promise<AssetRow | undefined> {
      const { rows } = await db.query<AssetRow>(`${SELECT} WHERE a.organization_uuid = $1 AND a.uuid = $2${lock ? ' FOR UPDATE OF a' : ''}`, [organizationUuid, uuid]);
      return rows[0];
    },

    async create(organizationUuid: string, parent: AssetRow | null, input: AssetInput, actor: string | null): Promise<string> {
      const { rows } = await db.query<{ uuid: string }>(
        `INSERT INTO assets (organization_uuid, parent_uuid, name, description, metadata, path, depth, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING uuid`,
        [organizationUuid, parent?.uuid ?? null, input.name, input.description, JSON.stringify(input.metadata), parent ? `${parent.path}/${input.name}` : input.name, parent ? parent.depth + 1 : 0, actor],
      );
      return rows[0].uuid;
    },

    async update(asset: AssetRow, input: AssetInput, actor: string | null): Promise<void> {
      await db.query('UPDATE assets SET name = $3, description = $4, metadata = $5, updated_at = now(), updated_by = $6 WHERE organization_uuid = $1 AND uuid = $2', [
        asset.organization_uuid,
        asset.uuid,
        input.name,
        input.description,
        JSON.stringify(input.metadata),
        actor,
      ]);
    },

    /**
     * Gives the asset a new parent (unchanged when `parentUuid` is undefined) and rewrites the path
     * and depth of it and its active descendants, in one statement.
     */
    async rewriteSubtree(asset: AssetRow, change: { path: string; depth: number; parentUuid?: string | null }, actor: string | null): Promise<void> {
      const moved = change.parentUuid !== undefined;
      await db.query(
        `UPDATE assets
            SET path = $4 || substr(path, $5::int + 1),
                depth = depth + $6::int,
                parent_uuid = CASE WHEN uuid = $2 AND $7 THEN $8::uuid ELSE parent_uuid END,
                updated_at = CASE WHEN uuid = $2 THEN now() ELSE updated_at END,
                updated_by = CASE WHEN uuid = $2 THEN $9::uuid ELSE updated_by END
          WHERE organization_uuid = $1 AND (uuid = $2 OR (status = 'Active' AND path LIKE $3))`,
        [asset.organization_uuid, asset.uuid, belowPattern(asset.path), change.path, asset.path.length, change.depth - asset.depth, moved, change.parentUuid ?? null, actor],
      );
    },

    /** Its active children, its properties, and the event configurations on it or below it (which Cascade deletes with it). */
    async dependants(asset: AssetRow): Promise<{ children: number; properties: number; eventConfigurations: number }> {
      const { rows } = await db.query<{ children: number; properties: number; eventConfigurations: number }>(
        `SELECT (SELECT count(*)::int FROM assets WHERE organization_uuid = $1 AND parent_uuid = $2 AND status = 'Active') AS children,
                (SELECT count(*)::int FROM asset_properties WHERE asset_uuid = $2) AS properties,
                (SELECT count(*)::int FROM event_configurations
                  WHERE organization_uuid = $1 AND asset_uuid IN (SELECT uuid FROM assets WHERE organization_uuid = $1 AND (uuid = $2 OR (status = 'Active' AND path LIKE $3)))) AS "eventConfigurations"`,
        [asset.organization_uuid, asset.uuid, belowPattern(asset.path)],
      );
      return rows[0];
    },

    /** Deletes the asset and its active descendants (soft) and removes their properties and event configurations (with their events). */
    async deleteSubtree(asset: AssetRow, actor: string | null): Promise<void> {
      const subtree = `SELECT uuid FROM assets WHERE organization_uuid = $1 AND (uuid = $2 OR (status = 'Active' AND path LIKE $3))`;
      const params = [asset.organization_uuid, asset.uuid, belowPattern(asset.path)];
      const configurations = `SELECT uuid FROM event_configurations WHERE organization_uuid = $1 AND asset_uuid IN (${subtree})`;
      await db.query(`UPDATE event_configurations SET parent_configuration_uuid = NULL WHERE parent_configuration_uuid IN (${configurations})`, params);
      await db.query(`DELETE FROM event_configurations WHERE uuid IN (${configurations})`, params);
      await db.query(`DELETE FROM asset_properties WHERE organization_uuid = $1 AND asset_uuid IN (${subtree})`, params);
      await db.query(`UPDATE assets SET status = 'Deleted', updated_at = now(), updated_by = $4 WHERE uuid IN (${subtree})`, [...params, actor]);
    },
  };
}
