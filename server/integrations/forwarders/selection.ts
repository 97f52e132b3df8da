import type { Db } from '../../db/db';

// What a forwarder's selection names, resolved now (server/integrations/README.md, "Runtime"): the
// union of the measurements with any of the labels, the asset properties of the assets (and of
// every asset below them), the asset properties named, and the event types named. Deleted
// measurements and deleted assets are left out; so is anything of another organization.

export interface ForwarderSelectionJson {
  Labels?: string[];
  AssetUUIDs?: string[];
  AssetPropertyUUIDs?: string[];
  EventTypeUUIDs?: string[];
}

export interface SelectedMeasurement {
  measurementUuid: string;
  /** The asset property it was selected through; null when only a label selected it. */
  assetPropertyUuid: string | null;
}

export interface ResolvedSelection {
  /** One entry per measurement (forwarder_selections' key), the asset property route preferred. */
  measurements: SelectedMeasurement[];
  eventTypeUuids: string[];
}

const clean = (values: readonly string[] | undefined) => [...new Set((values ?? []).map((value) => value.trim()).filter((value) => value !== ''))];

export async function resolveSelection(db: Db, organizationUuid: string, selection: ForwarderSelectionJson): Promise<ResolvedSelection> {
  const labels = clean(selection.Labels);
  const assets = clean(selection.AssetUUIDs);
  const properties = clean(selection.AssetPropertyUUIDs);
  const eventTypes = clean(selection.EventTypeUUIDs);

  const { rows } = await db.query<{ measurement_uuid: string; asset_property_uuid: string | null }>(
    `WITH RECURSIVE tree AS (
        SELECT a.uuid FROM assets a
         WHERE a.organization_uuid = $1 AND a.uuid = ANY($3::uuid[]) AND a.status = 'Active'
        UNION
        SELECT child.uuid FROM assets child JOIN tree ON child.parent_uuid = tree.uuid
         WHERE child.status = 'Active'
     ),
     chosen AS (
        SELECT m.uuid AS measurement_uuid, NULL::uuid AS asset_property_uuid
          FROM measurements m
         WHERE cardinality($2::text[]) > 0 AND m.organization_uuid = $1 AND m.labels && $2::text[]
        UNION ALL
        SELECT p.measurement_uuid, p.uuid FROM asset_properties p JOIN tree ON p.asset_uuid = tree.uuid
        UNION ALL
        SELECT p.measurement_uuid, p.uuid FROM asset_properties p JOIN assets a ON a.uuid = p.asset_uuid AND a.status = 'Active'
         WHERE p.organization_uuid = $1 AND p.uuid = ANY($4::uuid[])
     )
     SELECT DISTINCT ON (c.measurement_uuid) c.measurement_uuid, c.asset_property_uuid
       FROM chosen c JOIN measurements m ON m.uuid = c.measurement_uuid
      WHERE m.organization_uuid = $1 AND m.status <> 'Deleted'
      ORDER BY c.measurement_uuid, c.asset_property_uuid NULLS LAST`,
    [organizationUuid, labels, assets, properties],
  );

  const eventTypeRows =
    eventTypes.length === 0
      ? []
      : (await db.query<{ uuid: string }>('SELECT uuid FROM event_types WHERE organization_uuid = $1 AND uuid = ANY($2::uuid[]) ORDER BY uuid', [organizationUuid, eventTypes])).rows;

  return {
    measurements: rows.map((row) => ({ measurementUuid: row.measurement_uuid, assetPropertyUuid: row.asset_property_uuid })),
    eventTypeUuids: eventTypeRows.map((row) => row.uuid),
  };
}

/** For a 400 naming `Selection.AssetUUIDs[2]`: the indexes of the ids not of the organization (or absent). */
export async function foreignSelectionEntries(db: Db, organizationUuid: string, selection: ForwarderSelectionJson): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const check = async (list: keyof ForwarderSelectionJson, table: string, extra = '') => {
    const ids = selection[list] ?? [];
    if (ids.length === 0) return;
    const { rows } = await db.query<{ uuid: string }>(`SELECT uuid FROM ${table} WHERE organization_uuid = $1 AND uuid = ANY($2::uuid[])${extra}`, [organizationUuid, ids]);
    const known = new Set(rows.map((row) => row.uuid));
    ids.forEach((id, index) => {
      if (!known.has(id.toLowerCase())) errors[`Selection.${list}[${index}]`] = ['is not in this organization'];
    });
  };
  await check('AssetUUIDs', 'assets', " AND status = 'Active'");
  await check('AssetPropertyUUIDs', 'asset_properties');
  await check('EventTypeUUIDs', 'event_types');
  return errors;
}
