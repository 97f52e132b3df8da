import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../db/db';
import { kyselyOf } from '../db/kysely';

// User API tokens (migrations 001, 042): only the SHA-256 of a token is stored, never the value.
// A capped token carries the (organization, privilege) pairs it may act with at most.

export interface TokenRow {
  uuid: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

export interface TokenByHashRow {
  user_uuid: string;
  /** last_used_at is older than a minute (or unset): time to write it again. */
  stale: boolean;
  capped: boolean;
  cap: Array<{ organization_uuid: string; privilege_name: string }>;
}

export interface CapPair {
  organizationUuid: string;
  privilegeName: string;
}

const TOKEN_COLUMNS = ['uuid', 'name', 'created_at', 'last_used_at'] as const;

export function apiTokensRepository(db: Db) {
  const q = kyselyOf(db);

  return {
    async list(userUuid: string): Promise<TokenRow[]> {
      return q.selectFrom('api_tokens').select(TOKEN_COLUMNS).where('user_uuid', '=', userUuid).orderBy('created_at').orderBy('uuid').execute();
    },

    /** Run it in a transaction with addCap, so that a capped token never exists without its cap. */
    async create(userUuid: string, name: string, tokenHash: string, capped: boolean): Promise<TokenRow> {
      return q.insertInto('api_tokens').values({ user_uuid: userUuid, name, token_hash: tokenHash, capped }).returning(TOKEN_COLUMNS).executeTakeFirstOrThrow();
    },

    async addCap(tokenUuid: string, pairs: readonly CapPair[]): Promise<void> {
      if (pairs.length === 0) return;
      await q
        .insertInto('api_token_privileges')
        .values(pairs.map((pair) => ({ token_uuid: tokenUuid, organization_uuid: pair.organizationUuid, privilege_name: pair.privilegeName })))
        .execute();
    },

    /** False when the user has no such token (another user's token counts as none). */
    async delete(userUuid: string, tokenUuid: string): Promise<boolean> {
      const result = await q.deleteFrom('api_tokens').where('uuid', '=', tokenUuid).where('user_uuid', '=', userUuid).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async findByHash(tokenHash: string): Promise<TokenByHashRow | undefined> {
      return q
        .selectFrom('api_tokens as t')
        .select((eb) => [
          't.user_uuid',
          't.capped',
          sql<boolean>`(t.last_used_at IS NULL OR t.last_used_at < now() - interval '1 minute')`.as('stale'),
          jsonArrayFrom(eb.selectFrom('api_token_privileges as c').select(['c.organization_uuid', 'c.privilege_name']).whereRef('c.token_uuid', '=', 't.uuid')).as('cap'),
        ])
        .where('t.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async touch(tokenHash: string): Promise<void> {
      await q.updateTable('api_tokens').set({ last_used_at: sql<Date>`now()` }).where('token_hash', '=', tokenHash).execute();
    },
  };
}
