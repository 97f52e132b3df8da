import { sql } from 'kysely';
import type { Db } from '../db/db';
import { kyselyOf } from '../db/kysely';
import { memberOrganizations } from './organizations';

// What a signed-in call is made of (server/auth/callerResolver.ts): the user, and what they hold
// in the root and the requested organization; and the access_generation row (migration 045) that
// says whether an answer read earlier still holds.

export interface CallerRow {
  name: string;
  must_change_password: boolean;
  organization_uuid: string;
  is_root: boolean;
  /** The organization is one of the user's (memberOrganizations). */
  is_users: boolean;
  privileges: string[];
}

export function callersRepository(db: Db) {
  const q = kyselyOf(db);

  return {
    /** The number that moves on with every committed change to what a caller is made of. */
    async accessGeneration(): Promise<bigint> {
      const row = await q.selectFrom('access_generation').select(sql<string>`value::text`.as('value')).where('id', '=', 1).executeTakeFirst();
      if (!row) throw new Error('access_generation has no row: the database is not migrated');
      return BigInt(row.value);
    },

    /** One row for the root organization and one for the requested organization (if it exists); none when the user does not. */
    async callerRows(userUuid: string, requestedOrganization: string | null): Promise<CallerRow[]> {
      return q
        .with('mine', (creator) => memberOrganizations(creator, userUuid))
        .selectFrom(['users as u', 'organizations as o'])
        .select((eb) => [
          'u.name',
          'u.must_change_password',
          'o.uuid as organization_uuid',
          'o.is_root',
          sql<boolean>`${eb.exists(eb.selectFrom('mine').select(sql<number>`1`.as('one')).whereRef('mine.uuid', '=', 'o.uuid'))}`.as('is_users'),
          sql<string[]>`COALESCE((SELECT json_agg(DISTINCT p.privilege_name) FROM user_effective_privileges p
                                   WHERE p.user_uuid = u.uuid AND p.organization_uuid = o.uuid), '[]'::json)`.as('privileges'),
        ])
        .where('u.uuid', '=', userUuid)
        .where((eb) => (requestedOrganization === null ? eb('o.is_root', '=', true) : eb.or([eb('o.is_root', '=', true), eb('o.uuid', '=', requestedOrganization)])))
        .execute();
    },
  };
}
