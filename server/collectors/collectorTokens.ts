import { newSecretToken, tokenHash } from '../auth/sessions';
import type { Db } from '../db/db';
import type { CollectorCaller } from '../http/collectorCaller';
import { collectorsRepository } from '../repositories/collectors';

// Collector tokens: `Authorization: Bearer historian_col_…` on the collector-facing calls. One
// per collector, bound to it and its organization; only the SHA-256 is stored, in the collector's
// own row, so issuing a new token overwrites (and so revokes) the previous one in one UPDATE.

export const COLLECTOR_TOKEN_PREFIX = 'historian_col_';

/** A new token for the collector, or undefined when the organization has no such live collector. */
export async function issueCollectorToken(db: Db, organizationUuid: string, collectorUuid: string): Promise<string | undefined> {
  const token = COLLECTOR_TOKEN_PREFIX + newSecretToken();
  const issued = await collectorsRepository(db).setTokenHash(organizationUuid, collectorUuid, tokenHash(token));
  return issued ? token : undefined;
}

/**
 * The collector a bearer value belongs to. A deleted collector, or one whose organization was
 * deleted, is refused: its agent may still be running somewhere and must not feed data in.
 */
export async function findCollectorByToken(db: Db, bearer: string): Promise<CollectorCaller | undefined> {
  if (!bearer.startsWith(COLLECTOR_TOKEN_PREFIX)) return undefined;
  const row = await collectorsRepository(db).findByTokenHash(tokenHash(bearer));
  return row ? { collectorUuid: row.uuid, organizationUuid: row.organization_uuid, collectorName: row.name } : undefined;
}
