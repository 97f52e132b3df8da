import type { Db } from '../db/db';
import type { LinkStatus } from './diff';
import { compareInstance } from './compare';
import { loadInstances, loadPrototypes } from './state';

/**
 * Recomputes `link_status` of linked assets and asset properties (README.md, "Link status") after
 * either side changed: the assets named (and their properties), or every instance of a prototype.
 * Called in the same transaction as the change. Reads everything in four statements, compares in
 * memory (compare.ts) and writes only the statuses that changed, in one statement per table.
 */
export async function refreshLinkStatus(db: Db, where: { assetUuids?: string[]; prototypeUuid?: string }): Promise<void> {
  if (where.assetUuids !== undefined && where.assetUuids.length === 0) return;
  const { assets, propertiesByAsset } = await loadInstances(db, where);
  const prototypes = await loadPrototypes(db, null, [...new Set(assets.flatMap((asset) => (asset.prototype_uuid === null ? [] : [asset.prototype_uuid])))]);
  const assetChanges: [string, LinkStatus][] = [];
  const propertyChanges: [string, LinkStatus][] = [];
  const note = (changes: [string, LinkStatus][], uuid: string, before: string, after: LinkStatus) => {
    if (before !== after) changes.push([uuid, after]);
  };
  for (const asset of assets) {
    const properties = propertiesByAsset.get(asset.uuid) ?? [];
    const prototype = asset.prototype_uuid === null ? undefined : prototypes.get(asset.prototype_uuid);
    if (!prototype) {
      note(assetChanges, asset.uuid, asset.link_status, 'NotLinked');
      for (const property of properties) note(propertyChanges, property.uuid, property.link_status, 'NotLinked');
      continue;
    }
    const compared = compareInstance(prototype, asset, properties);
    note(assetChanges, asset.uuid, asset.link_status, compared.assetStatus);
    for (const item of compared.linked) note(propertyChanges, item.property.uuid, item.property.link_status, item.status);
    for (const property of compared.orphaned) note(propertyChanges, property.uuid, property.link_status, 'Deleted');
    for (const property of compared.unlinked) note(propertyChanges, property.uuid, property.link_status, 'NotLinked');
  }
  await writeStatuses(db, 'assets', assetChanges);
  await writeStatuses(db, 'asset_properties', propertyChanges);
}

async function writeStatuses(db: Db, table: 'assets' | 'asset_properties', changes: readonly [string, LinkStatus][]): Promise<void> {
  if (changes.length === 0) return;
  await db.query(
    `UPDATE ${table} t SET link_status = v.status FROM unnest($1::uuid[], $2::text[]) AS v(uuid, status) WHERE t.uuid = v.uuid`,
    [changes.map(([uuid]) => uuid), changes.map(([, status]) => status)],
  );
}
