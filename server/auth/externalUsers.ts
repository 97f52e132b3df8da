import { createHash } from 'node:crypto';
import type { Db } from '../db/db';
import { keepingRootAdministration, LAST_ROOT_ADMINISTRATOR_CODE } from '../access/rootAdministration';
import { HttpProblem } from '../http/problem';
import { groupMappingsRepository } from '../repositories/groupMappings';
import { userGroupsRepository } from '../repositories/userGroups';
import { usersRepository } from '../repositories/users';
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

/** The user linked to the provider's subject, created on first sign-in. */
export async function linkExternalUser(db: Db, provider: ProviderRow, subject: string, claims: Record<string, unknown>): Promise<string> {
  const users = usersRepository(db);
  const existing = await users.uuidBySubject(provider.uuid, subject);
  if (existing) return existing;
  // An administrator may create the user for this provider ahead of the first sign-in; that row
  // (same provider, no subject yet) is the invitation, and the first sign-in of the name takes it.
  const invited = await users.claimInvitation(provider.uuid, nameCandidates(claims, subject, provider.name)[0], subject);
  if (invited) return invited;
  for (const name of nameCandidates(claims, subject, provider.name)) {
    // Nothing is created when either unique index holds the row already: a name in use (try the
    // next candidate) or the same subject created by a parallel sign-in a moment ago (found below).
    const created = await users.createExternal(name, provider.uuid, subject);
    if (created) return created;
    const raced = await users.uuidBySubject(provider.uuid, subject);
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
  const sync = async (tx: Db, remove: boolean) => {
    await usersRepository(tx).setExternalGroups(userUuid, groups);
    const wanted = await groupMappingsRepository(tx).groupsMappedFrom(providerUuid, groups);
    const memberships = userGroupsRepository(tx);
    await memberships.addMappedMemberships(userUuid, wanted);
    if (remove) await memberships.removeMappedMembershipsExcept(userUuid, wanted);
  };
  try {
    await keepingRootAdministration(db, (tx) => sync(tx, true));
  } catch (error) {
    if (!(error instanceof HttpProblem) || error.extra.code !== LAST_ROOT_ADMINISTRATOR_CODE) throw error;
    await db.transaction((tx) => sync(tx, false));
  }
}
