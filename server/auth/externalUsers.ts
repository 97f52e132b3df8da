import { createHash } from 'node:crypto';
import type { Db } from '../db/db';
import { keepingRootAdministration, LAST_ROOT_ADMINISTRATOR_CODE } from '../access/rootAdministration';
import { HttpProblem } from '../http/problem';
import type { ProviderRow } from './providers';

// Users who sign in through an external provider are known by (provider, subject) and by nothing
// else. A matching name or e-mail of a local user is never taken as the same person: anyone who
// can choose their name at an identity provider would otherwise take over that local account.

const MAX_NAME_LENGTH = 200;

function claimText(claims: Record<string, unknown>, name: string): string | undefined {
  const value = claims[name];
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim().slice(0, MAX_NAME_LENGTH);
  return trimmed === '' ? undefined : trimmed;
}

/** Display names to try, in order; later ones say where the user comes from, then add a hash. */
export function nameCandidates(claims: Record<string, unknown>, subject: string, providerName: string): string[] {
  const base = claimText(claims, 'preferred_username') ?? claimText(claims, 'email') ?? claimText(claims, 'name') ?? subject;
  const qualified = `${base}@${providerName}`.slice(0, MAX_NAME_LENGTH);
  const tag = createHash('sha256').update(subject).digest('hex').slice(0, 10);
  return [base, qualified, `${qualified.slice(0, MAX_NAME_LENGTH - 11)}#${tag}`];
}

async function userBySubject(db: Db, providerUuid: string, subject: string): Promise<string | undefined> {
  const { rows } = await db.query<{ uuid: string }>('SELECT uuid FROM users WHERE provider_uuid = $1 AND external_subject = $2', [
    providerUuid,
    subject,
  ]);
  return rows[0]?.uuid;
}

/** The user linked to the provider's subject, created on first sign-in. */
export async function linkExternalUser(db: Db, provider: ProviderRow, subject: string, claims: Record<string, unknown>): Promise<string> {
  const existing = await userBySubject(db, provider.uuid, subject);
  if (existing) return existing;
  // An administrator may create the user for this provider ahead of the first sign-in; that row
  // (same provider, no subject yet) is the invitation, and the first sign-in of the name takes it.
  const invited = await db.query<{ uuid: string }>(
    `UPDATE users SET external_subject = $3, updated_at = now()
      WHERE provider_uuid = $1 AND external_subject IS NULL AND lower(name) = lower($2) RETURNING uuid`,
    [provider.uuid, nameCandidates(claims, subject, provider.name)[0], subject],
  );
  if (invited.rows[0]) return invited.rows[0].uuid;
  for (const name of nameCandidates(claims, subject, provider.name)) {
    // DO NOTHING covers both unique indexes: a name in use (try the next candidate) and the same
    // subject created by a parallel sign-in a moment ago (found by the lookup below).
    const { rows } = await db.query<{ uuid: string }>(
      `INSERT INTO users (name, provider_uuid, external_subject) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING uuid`,
      [name, provider.uuid, subject],
    );
    if (rows[0]) return rows[0].uuid;
    const raced = await userBySubject(db, provider.uuid, subject);
    if (raced) return raced;
  }
  throw new Error('No free user name for the external user');
}

/** The group claim's values, whether the provider sends a list or one string. */
export function groupsOf(claims: Record<string, unknown>, groupClaim: string | undefined): string[] {
  if (!groupClaim) return [];
  const value = claims[groupClaim];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((group): group is string => typeof group === 'string') : [];
}

/**
 * Where the provider's groups become memberships of local groups, through user_group_mappings, on
 * every sign-in: memberships of mapped groups the user's groups name are added, those a mapping
 * made earlier and no group names any more are taken away. Memberships an administrator added
 * are never touched. Group names compare without case (LDAP DNs and names are case-insensitive).
 * A removal that would leave nobody with the root administration privileges is skipped.
 */
export async function applyExternalGroups(db: Db, userUuid: string, providerUuid: string, groups: readonly string[]): Promise<void> {
  const lowered = [...new Set(groups.map((group) => group.toLowerCase()))];
  const sync = async (tx: Db, remove: boolean) => {
    await tx.query('UPDATE users SET external_groups = $2::jsonb WHERE uuid = $1', [userUuid, JSON.stringify(groups)]);
    const { rows } = await tx.query<{ group_uuid: string }>(
      `SELECT DISTINCT user_group_uuid AS group_uuid FROM user_group_mappings WHERE provider_uuid = $1 AND lower(external_group) = ANY($2::text[])`,
      [providerUuid, lowered],
    );
    const wanted = rows.map((row) => row.group_uuid);
    await tx.query(
      `INSERT INTO user_group_users (user_group_uuid, user_uuid, via_mapping) SELECT g, $1, true FROM unnest($2::uuid[]) AS g ON CONFLICT DO NOTHING`,
      [userUuid, wanted],
    );
    if (remove) {
      await tx.query('DELETE FROM user_group_users WHERE user_uuid = $1 AND via_mapping AND NOT (user_group_uuid = ANY($2::uuid[]))', [userUuid, wanted]);
    }
  };
  try {
    await keepingRootAdministration(db, (tx) => sync(tx, true));
  } catch (error) {
    if (!(error instanceof HttpProblem) || error.extra.code !== LAST_ROOT_ADMINISTRATOR_CODE) throw error;
    await db.transaction((tx) => sync(tx, false));
  }
}
