import type { Db } from '../db/db';
import type { Caller } from '../http/caller';
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

interface TokenRow {
  uuid: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const toJson = (row: TokenRow): TokenJson => ({
  UUID: row.uuid,
  Name: row.name,
  CreatedAt: row.created_at.toISOString(),
  LastUsedAt: row.last_used_at ? row.last_used_at.toISOString() : null,
});

export async function listApiTokens(db: Db, userUuid: string): Promise<TokenJson[]> {
  const { rows } = await db.query<TokenRow>(
    'SELECT uuid, name, created_at, last_used_at FROM api_tokens WHERE user_uuid = $1 ORDER BY created_at, uuid',
    [userUuid],
  );
  return rows.map(toJson);
}

/** Privilege names per organization UUID. */
export type PrivilegeCap = ReadonlyMap<string, ReadonlySet<string>>;

/** A token for `userUuid`; with `cap`, the token can never act with more than the cap holds. */
export async function createApiToken(db: Db, userUuid: string, name: string, cap?: PrivilegeCap): Promise<TokenJson & { Token: string }> {
  const token = USER_TOKEN_PREFIX + newSecretToken();
  const row = await db.transaction(async (tx) => {
    const { rows } = await tx.query<TokenRow>(
      'INSERT INTO api_tokens (user_uuid, name, token_hash, capped) VALUES ($1, $2, $3, $4) RETURNING uuid, name, created_at, last_used_at',
      [userUuid, name, tokenHash(token), cap !== undefined],
    );
    const pairs = [...(cap ?? new Map<string, ReadonlySet<string>>())].flatMap(([organization, names]) => [...names].map((privilege) => [organization, privilege]));
    if (pairs.length > 0) {
      await tx.query(
        `INSERT INTO api_token_privileges (token_uuid, organization_uuid, privilege_name)
         SELECT $1, o, p FROM unnest($2::uuid[], $3::text[]) AS x(o, p)`,
        [rows[0].uuid, pairs.map(([organization]) => organization), pairs.map(([, privilege]) => privilege)],
      );
    }
    return rows[0];
  });
  return { ...toJson(row), Token: token };
}

/** False when the user has no such token (another user's token counts as none). */
export async function deleteApiToken(db: Db, userUuid: string, tokenUuid: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM api_tokens WHERE uuid = $1 AND user_uuid = $2', [tokenUuid, userUuid]);
  return rowCount > 0;
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
  const { rows } = await db.query<{ user_uuid: string; stale: boolean; capped: boolean; cap: Array<[string, string]> }>(
    `SELECT t.user_uuid, (t.last_used_at IS NULL OR t.last_used_at < now() - interval '1 minute') AS stale, t.capped,
            COALESCE((SELECT json_agg(json_build_array(c.organization_uuid, c.privilege_name)) FROM api_token_privileges c
                       WHERE c.token_uuid = t.uuid), '[]'::json) AS cap
       FROM api_tokens t WHERE t.token_hash = $1`,
    [hash],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.stale) await db.query('UPDATE api_tokens SET last_used_at = now() WHERE token_hash = $1', [hash]);
  if (!row.capped) return { userUuid: row.user_uuid };
  const cap = new Map<string, Set<string>>();
  for (const [organization, privilege] of row.cap) {
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
