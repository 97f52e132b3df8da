import { sql } from 'kysely';
import type { Db } from '../db/db';
import { kyselyOf } from '../db/kysely';

// Cookie sessions (migration 001): only the SHA-256 of a session id is stored. Times are the
// database's own (now()), so that the server's and the database's clocks may differ.

export interface SessionRow {
  user_uuid: string;
  /** Milliseconds since the session was last seen, by the database's clock. */
  idle_ms: number;
  /** The root organization's value of the inactivity setting, if set. */
  inactive: string | null;
  /** access_generation at the time of the read (see server/auth/callerResolver.ts), as text. */
  access_generation: string | null;
}

const inMs = (ms: number) => sql<Date>`now() + ${ms}::float8 * interval '1 millisecond'`;

export function sessionsRepository(db: Db) {
  const q = kyselyOf(db);

  /** The root organization's setting of this name. */
  const rootSetting = (name: string) =>
    q
      .selectFrom('settings as st')
      .innerJoin('organizations as o', (join) => join.onRef('o.uuid', '=', 'st.organization_uuid').on('o.is_root', '=', true))
      .select('st.value')
      .where('st.name', '=', name);

  return {
    async rootSettingValue(name: string): Promise<string | undefined> {
      const row = await rootSetting(name).executeTakeFirst();
      return row?.value;
    },

    async create(idHash: string, userUuid: string, inactiveMs: number): Promise<void> {
      await q.insertInto('sessions').values({ id_hash: idHash, user_uuid: userUuid, expires_at: inMs(inactiveMs) }).execute();
    },

    /** Drops every session not seen for longer than this. */
    async deleteIdle(inactiveMs: number): Promise<void> {
      await q.deleteFrom('sessions').where('last_seen_at', '<', sql<Date>`now() - ${inactiveMs}::float8 * interval '1 millisecond'`).execute();
    },

    /** The session with how long it has been idle and the inactivity setting it is held to (one query per request). */
    async find(idHash: string, inactivitySetting: string): Promise<SessionRow | undefined> {
      return q
        .selectFrom('sessions as s')
        .select([
          's.user_uuid',
          sql<number>`(extract(epoch FROM now() - s.last_seen_at) * 1000)::float8`.as('idle_ms'),
          rootSetting(inactivitySetting).as('inactive'),
          // Read with the session, so resolving the caller needs no round trip of its own.
          sql<string | null>`(select value::text from access_generation where id = 1)`.as('access_generation'),
        ])
        .where('s.id_hash', '=', idHash)
        .executeTakeFirst();
    },

    /** Slides the inactivity window: seen now, expiring inactiveMs from now. */
    async touch(idHash: string, inactiveMs: number): Promise<void> {
      await q.updateTable('sessions').set({ last_seen_at: sql<Date>`now()`, expires_at: inMs(inactiveMs) }).where('id_hash', '=', idHash).execute();
    },

    async delete(idHash: string): Promise<void> {
      await q.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    },

    /** Every session of the user but the one kept (none when undefined). */
    async deleteOthers(userUuid: string, keepIdHash: string | undefined): Promise<void> {
      await q
        .deleteFrom('sessions')
        .where('user_uuid', '=', userUuid)
        .$if(keepIdHash !== undefined, (query) => query.where('id_hash', '<>', keepIdHash ?? ''))
        .execute();
    },
  };
}
