import type { Db } from '../db/db';
import type { Caller } from '../http/caller';
import { HttpProblem } from '../http/problem';
import { formLevelsBeyond } from '../manual-entry/access';
import { privilegesRepository } from '../repositories/privileges';

// ARCHITECTURE "Security model": nobody grants, joins or acts as something that holds a privilege
// they lack. Two checks carry it: one before acting as or on another user (changing or renaming
// them, setting their password, listing, minting or revoking their tokens, deleting them), one
// before anything that hands out a group's privileges (a membership, a group privilege, a mapping).

/** Privilege names per organization UUID. */
export type PrivilegeHoldings = Map<string, Set<string>>;

const HOLDS_MORE_CODE = 'users.errors.holds_more_privileges';
const GRANT_BEYOND_OWN_CODE = 'access.errors.grant_beyond_own';

/** What a user holds, in every organization they belong to (deleted organizations hold nothing). */
export async function privilegeHoldingsOf(db: Db, userUuid: string): Promise<PrivilegeHoldings> {
  const holdings: PrivilegeHoldings = new Map();
  for (const row of await privilegesRepository(db).heldBy(userUuid)) {
    const names = holdings.get(row.organization_uuid) ?? new Set<string>();
    holdings.set(row.organization_uuid, names.add(row.privilege_name));
  }
  return holdings;
}

/** What the caller may act with: what they hold, cut down to their token's cap when it has one. */
export async function callerHoldings(db: Db, caller: Caller): Promise<PrivilegeHoldings> {
  const holdings = await privilegeHoldingsOf(db, caller.userUuid);
  const cap = caller.tokenCap;
  if (cap === undefined) return holdings;
  return new Map([...holdings].map(([organization, names]) => [organization, new Set([...names].filter((name) => cap.get(organization)?.has(name)))]));
}

/** Names of the privileges `target` holds somewhere that `held` lacks there; sorted, once each. */
function privilegesBeyond(held: PrivilegeHoldings, target: PrivilegeHoldings): string[] {
  const missing = new Set<string>();
  for (const [organization, names] of target) {
    for (const name of names) if (!held.get(organization)?.has(name)) missing.add(name);
  }
  return [...missing].sort();
}

/**
 * 403 unless the caller holds every privilege the user holds, in every organization the user
 * belongs to, and every level they hold on a manual entry form: whoever renames a user, sets a
 * password, sees or handles tokens or deletes an account could otherwise act as (or remove)
 * someone above them. The answer names privileges only, no organizations.
 */
export async function requireHoldsEverythingOf(db: Db, caller: Caller, userUuid: string): Promise<void> {
  const beyond = privilegesBeyond(await callerHoldings(db, caller), await privilegeHoldingsOf(db, userUuid));
  // A user's levels on manual entry forms count too: else a default operator with MANAGE_USERS
  // could set an elevated one's password and change what only elevated users may.
  const missing = [...new Set([...beyond, ...(await formLevelsBeyond(db, caller, userUuid))])].sort();
  if (missing.length === 0) return;
  throw new HttpProblem(403, 'Forbidden', {
    detail: `The user holds privileges you do not hold: ${missing.join(', ')}`,
    code: HOLDS_MORE_CODE,
    errors: { 'path.id': [`holds privileges you do not hold: ${missing.join(', ')}`] },
  });
}

/** 403 unless the caller holds each of `names` in the organization of the call: nobody grants what they do not hold. */
export function requireCanGrant(caller: Caller, names: Iterable<string>, field: string): void {
  const missing = [...new Set(names)].filter((name) => !caller.privileges.has(name)).sort();
  if (missing.length === 0) return;
  throw new HttpProblem(403, 'Forbidden', {
    detail: `You cannot grant privileges you do not hold: ${missing.join(', ')}`,
    code: GRANT_BEYOND_OWN_CODE,
    errors: { [field]: [`grants privileges you do not hold: ${missing.join(', ')}`] },
  });
}

/** The privilege names a group grants its members. */
export async function groupPrivilegeNames(db: Db, groupUuid: string): Promise<string[]> {
  return privilegesRepository(db).namesOfGroup(groupUuid);
}
