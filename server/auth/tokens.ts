import type { Db } from '../db/db';
import type { Caller } from '../http/caller';
import { apiTokensRepository, type TokenRow } from '../repositories/apiTokens';
import { newSecretToken, tokenHash } from './sessions';

// User API tokens: `Authorization: Bearer historian_pat_…` acts with the user's privileges. The
// value is shown once when created; only its SHA-256 is stored, so a copy of the table cannot be
// replayed, and deleting the row revokes the token on the very next call.
//
// A token an administrator mints for another user is capped: it carries at most the privileges
// the administrator held when minting it (api_token_privileges), whatever the user holds later.

export const USER_TOKEN_PREFIX = 'historian_pat_';

export interface TokenJson {
  UUID: string;
  Name: string;
  CreatedAt: string;
  LastUsedAt: string | null;
}

const toJson = (row: TokenRow): TokenJson => ({
  UUID: row.uuid,
  Name: row.name,
  CreatedAt: row.created_at.toISOString(),
  LastUsedAt: row.last_used_at ? row.last_used_at.toISOString() : null,
});

export async function listApiTokens(db: Db, userUuid: string): Promise<TokenJson[]> {
  return (await apiTokensRepository(db).list(userUuid)).map(toJson);
}

/** Privilege names per organization UUID. */
export type PrivilegeCap = ReadonlyMap<string, ReadonlySet<string>>;

/** A token for `userUuid`; with `cap`, the token can never act with more than the cap holds. */
export async function createApiToken(db: Db, userUuid: string, name: string, cap?: PrivilegeCap): Promise<TokenJson & { Token: string }> {
  const token = USER_TOKEN_PREFIX + newSecretToken();
  const pairs = [...(cap ?? [])].flatMap(([organizationUuid, names]) => [...names].map((privilegeName) => ({ organizationUuid, privilegeName })));
  const row = await db.transaction(async (tx) => {
    const tokens = apiTokensRepository(tx);
    const created = await tokens.create(userUuid, name, tokenHash(token), cap !== undefined);
    await tokens.addCap(created.uuid, pairs);
    return created;
  });
  return { ...toJson(row), Token: token };
}

/** False when the user has no such token (another user's token counts as none). */
export async function deleteApiToken(db: Db, userUuid: string, tokenUuid: string): Promise<boolean> {
  return apiTokensRepository(db).delete(userUuid, tokenUuid);
}

export interface FoundToken {
  userUuid: string;
  /** Set for a token minted by someone else: the most it may act with. */
  cap?: PrivilegeCap;
}

/** The user a bearer value belongs to and the token's cap, or undefined; last_used_at is kept to the minute. */
export async function findToken(db: Db, bearer: string): Promise<FoundToken | undefined> {
  if (!bearer.startsWith(USER_TOKEN_PREFIX)) return undefined;
  const hash = tokenHash(bearer);
  const tokens = apiTokensRepository(db);
  const row = await tokens.findByHash(hash);
  if (!row) return undefined;
  if (row.stale) await tokens.touch(hash);
  if (!row.capped) return { userUuid: row.user_uuid };
  const cap = new Map<string, Set<string>>();
  for (const { organization_uuid: organization, privilege_name: privilege } of row.cap) {
    const names = cap.get(organization) ?? new Set<string>();
    cap.set(organization, names.add(privilege));
  }
  return { userUuid: row.user_uuid, cap };
}

const within = (held: ReadonlySet<string>, allowed: ReadonlySet<string> | undefined) => new Set([...held].filter((name) => allowed?.has(name) ?? false));

/** The caller as a capped token lets them act: their privileges here and at root cut down to the cap. */
export function capCaller(caller: Caller, cap: PrivilegeCap | undefined): Caller {
  if (cap === undefined) return caller;
  return {
    ...caller,
    privileges: caller.organizationUuid === null ? caller.privileges : within(caller.privileges, cap.get(caller.organizationUuid)),
    rootPrivileges: within(caller.rootPrivileges, cap.get(caller.rootOrganizationUuid)),
    tokenCap: cap,
  };
}
