import type { Db } from '../db/db';
import { newSecretToken, tokenHash } from './sessions';

// User API tokens: `Authorization: Bearer historian_pat_…` acts with the user's privileges. The
// value is shown once when created; only its SHA-256 is stored, so a copy of the table cannot be
// replayed, and deleting the row revokes the token on the very next call.

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

export async function createApiToken(db: Db, userUuid: string, name: string): Promise<TokenJson & { Token: string }> {
  const token = USER_TOKEN_PREFIX + newSecretToken();
  const { rows } = await db.query<TokenRow>(
    'INSERT INTO api_tokens (user_uuid, name, token_hash) VALUES ($1, $2, $3) RETURNING uuid, name, created_at, last_used_at',
    [userUuid, name, tokenHash(token)],
  );
  return { ...toJson(rows[0]), Token: token };
}

/** False when the user has no such token (another user's token counts as none). */
export async function deleteApiToken(db: Db, userUuid: string, tokenUuid: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM api_tokens WHERE uuid = $1 AND user_uuid = $2', [tokenUuid, userUuid]);
  return rowCount > 0;
}

/** The user a bearer value belongs to, or undefined; last_used_at is kept to the minute. */
export async function findTokenUser(db: Db, bearer: string): Promise<string | undefined> {
  if (!bearer.startsWith(USER_TOKEN_PREFIX)) return undefined;
  const hash = tokenHash(bearer);
  const { rows } = await db.query<{ user_uuid: string; stale: boolean }>(
    `SELECT user_uuid, (last_used_at IS NULL OR last_used_at < now() - interval '1 minute') AS stale
       FROM api_tokens WHERE token_hash = $1`,
    [hash],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.stale) await db.query('UPDATE api_tokens SET last_used_at = now() WHERE token_hash = $1', [hash]);
  return row.user_uuid;
}
