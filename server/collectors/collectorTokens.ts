import { newSecretToken, tokenHash } from '../auth/sessions';
import type { Db } from '../db/db';
import type { CollectorCaller } from '../http/collectorCaller';

// Collector tokens: `Authorization: Bearer historian_col_…` on the collector-facing calls. One
// per collector, bound to it and its organization; only the SHA-256 is stored, in the collector's
// own row, so issuing a new token overwrites (and so revokes) the previous one in one UPDATE.

export const COLLECTOR_TOKEN_PREFIX = 'historian_col_';

/** A new token for the collector, or undefined when the organization has no such live collector. */
export async function issueCollectorToken(db: Db, organizationUuid: string, collectorUuid: string): Promise<string | undefined> {
  const token = COLLECTOR_TOKEN_PREFIX + newSecretToken();
  const { rowCount } = await db.query(
    `UPDATE collectors SET token_hash = $3, updated_at = now()
      WHERE uuid = $1 AND organization_uuid = $2 AND status <> 'Deleted'`,
    [collectorUuid, organizationUuid, tokenHash(token)],
  );
  return rowCount > 0 ? token : undefined;
}

/**
 * The collector a bearer value belongs to. A deleted collector, or one whose organization was
 * deleted, is refused: its agent may still be running somewhere and must not feed data in.
 */
export async function findCollectorByToken(db: Db, bearer: string): Promise<CollectorCaller | undefined> {
  if (!bearer.startsWith(COLLECTOR_TOKEN_PREFIX)) return undefined;
  const { rows } = await db.query<{ uuid: string; organization_uuid: string }>(
    `SELECT c.uuid, c.organization_uuid FROM collectors c JOIN organizations o ON o.uuid = c.organization_uuid
      WHERE c.token_hash = $1 AND c.status <> 'Deleted' AND o.status <> 'Deleted'`,
    [tokenHash(bearer)],
  );
  const row = rows[0];
  return row ? { collectorUuid: row.uuid, organizationUuid: row.organization_uuid } : undefined;
}
