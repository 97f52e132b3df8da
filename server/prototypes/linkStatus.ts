import type { Db } from '../db/db';

/**
 * Recomputes `link_status` of linked assets and asset properties (README.md, "Link status") after
 * either side changed: the assets named (and their properties), or every instance of a prototype.
 * Called in the same transaction as the change. To be built with the prototypes server.
 */
export async function refreshLinkStatus(_db: Db, _where: { assetUuids?: string[]; prototypeUuid?: string }): Promise<void> {
  // Until the prototypes server lands, nothing is linked, so nothing changes.
}
