import { sql } from 'kysely';
import type { Db } from '../db/db';
import { kyselyOf } from '../db/kysely';

// User-group mappings (migration 001): an identity provider's group name that puts external users
// into a local group at every sign-in. Group names compare without case at sign-in (LDAP DNs and
// names are case-insensitive); the unique constraint is on the name as written.

/** Unique constraints of migration 001 by the contract field they guard (PostgreSQL's own name, cut to 63 characters). */
export const MAPPING_UNIQUE_FIELDS = { user_group_mappings_user_group_uuid_provider_uuid_external__key: 'ExternalGroup' } as const;

export interface MappingRow {
  uuid: string;
  user_group_uuid: string;
  provider_uuid: string;
  external_group: string;
}

const MAPPING_COLUMNS = ['uuid', 'user_group_uuid', 'provider_uuid', 'external_group'] as const;

export function groupMappingsRepository(db: Db) {
  const q = kyselyOf(db);

  return {
    async ofGroup(groupUuid: string): Promise<MappingRow[]> {
      return q
        .selectFrom('user_group_mappings')
        .select(MAPPING_COLUMNS)
        .where('user_group_uuid', '=', groupUuid)
        .orderBy(sql`lower(external_group)`)
        .orderBy('uuid')
        .execute();
    },

    /** Throws the database's unique violation for a mapping that exists (see MAPPING_UNIQUE_FIELDS). */
    async create(groupUuid: string, externalGroup: string, providerUuid: string): Promise<MappingRow> {
      return q
        .insertInto('user_group_mappings')
        .values({ user_group_uuid: groupUuid, external_group: externalGroup, provider_uuid: providerUuid })
        .returning(MAPPING_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    /** The mapping of the group, changed; undefined when the group has no such mapping. */
    async update(uuid: string, groupUuid: string, externalGroup: string, providerUuid: string): Promise<MappingRow | undefined> {
      return q
        .updateTable('user_group_mappings')
        .set({ external_group: externalGroup, provider_uuid: providerUuid })
        .where('uuid', '=', uuid)
        .where('user_group_uuid', '=', groupUuid)
        .returning(MAPPING_COLUMNS)
        .executeTakeFirst();
    },

    /** The number of rows removed (0 when the group has no such mapping). */
    async delete(uuid: string, groupUuid: string): Promise<number> {
      const result = await q.deleteFrom('user_group_mappings').where('uuid', '=', uuid).where('user_group_uuid', '=', groupUuid).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The local groups the provider's groups are mapped onto, names compared without case. */
    async groupsMappedFrom(providerUuid: string, externalGroups: readonly string[]): Promise<string[]> {
      const lowered = [...new Set(externalGroups.map((group) => group.toLowerCase()))];
      if (lowered.length === 0) return [];
      const rows = await q
        .selectFrom('user_group_mappings')
        .select('user_group_uuid')
        .distinct()
        .where('provider_uuid', '=', providerUuid)
        .where(sql`lower(external_group)`, 'in', lowered)
        .execute();
      return rows.map((row) => row.user_group_uuid);
    },
  };
}
