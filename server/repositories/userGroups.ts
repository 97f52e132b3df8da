import { sql } from 'kysely';
import type { Db } from '../db/db';
import { kyselyOf } from '../db/kysely';
import { matchesKeyword } from './keyword';

// User groups of an organization and their members (migration 001, 035). A membership a sign-in
// made through a mapping (via_mapping) is the sign-in's to take away again; those an
// administrator added are never touched by it.

/** Unique indexes of migration 001 by the contract field they guard. */
export const GROUP_UNIQUE_FIELDS = { user_groups_name_ci: 'Name' } as const;
export const MEMBERSHIP_UNIQUE_FIELDS = { user_group_users_user_group_uuid_user_uuid_key: 'UserUUID' } as const;

export interface GroupRow {
  uuid: string;
  organization_uuid: string;
  name: string;
  description: string;
  is_system: boolean;
  created_at: Date;
  updated_at: Date;
  created_by: string;
  updated_by: string;
}

export interface MembershipRow {
  uuid: string;
  user_group_uuid: string;
  user_uuid: string;
  via_mapping: boolean;
}

export interface NewGroup {
  organizationUuid: string;
  name: string;
  description: string;
  /** The acting user's name, kept as text so that it survives the user. */
  actor: string;
  isSystem?: boolean;
}

const GROUP_COLUMNS = ['uuid', 'organization_uuid', 'name', 'description', 'is_system', 'created_at', 'updated_at', 'created_by', 'updated_by'] as const;
const MEMBERSHIP_COLUMNS = ['uuid', 'user_group_uuid', 'user_uuid', 'via_mapping'] as const;

const now = sql<Date>`now()`;

export function userGroupsRepository(db: Db) {
  const q = kyselyOf(db);

  return {
    /** System groups after the others (SPEC §3), then by name. */
    /** A page of the organization's groups, system groups last, and how many match in all. */
    async list(organizationUuid: string, limit = 10000, page = 1, keyword: string | null = null): Promise<{ rows: GroupRow[]; total: number }> {
      const matching = () =>
        q
          .selectFrom('user_groups')
          .where('organization_uuid', '=', organizationUuid)
          .$if(keyword !== null, (query) => query.where(matchesKeyword(keyword ?? '', ['name', 'description'])));
      const { n } = await matching().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      const rows = await matching()
        .select(GROUP_COLUMNS)
        .orderBy('is_system')
        .orderBy(sql`lower(name)`)
        .orderBy('uuid')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      return { rows, total: n };
    },

    /** The group when it is in the organization. */
    async find(organizationUuid: string, uuid: string): Promise<GroupRow | undefined> {
      return q.selectFrom('user_groups').select(GROUP_COLUMNS).where('uuid', '=', uuid).where('organization_uuid', '=', organizationUuid).executeTakeFirst();
    },

    /** Throws the database's unique violation for a name in use (see GROUP_UNIQUE_FIELDS). */
    async create(group: NewGroup): Promise<GroupRow> {
      return q
        .insertInto('user_groups')
        .values({
          organization_uuid: group.organizationUuid,
          name: group.name,
          description: group.description,
          is_system: group.isSystem ?? false,
          created_by: group.actor,
          updated_by: group.actor,
        })
        .returning(GROUP_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    async update(uuid: string, changes: { name: string; description: string; actor: string }): Promise<GroupRow | undefined> {
      return q
        .updateTable('user_groups')
        .set({ name: changes.name, description: changes.description, updated_by: changes.actor, updated_at: now })
        .where('uuid', '=', uuid)
        .returning(GROUP_COLUMNS)
        .executeTakeFirst();
    },

    async delete(uuid: string): Promise<void> {
      await q.deleteFrom('user_groups').where('uuid', '=', uuid).execute();
    },

    /** Memberships of the organization's groups, optionally of one group and/or one user, oldest first. */
    async memberships(organizationUuid: string, filter: { groupUuid?: string; userUuid?: string }): Promise<MembershipRow[]> {
      return q
        .selectFrom('user_group_users as m')
        .innerJoin('user_groups as g', 'g.uuid', 'm.user_group_uuid')
        .select(['m.uuid', 'm.user_group_uuid', 'm.user_uuid', 'm.via_mapping'])
        .where('g.organization_uuid', '=', organizationUuid)
        .$if(filter.groupUuid !== undefined, (query) => query.where('m.user_group_uuid', '=', filter.groupUuid ?? ''))
        .$if(filter.userUuid !== undefined, (query) => query.where('m.user_uuid', '=', filter.userUuid ?? ''))
        .orderBy('m.created_at')
        .orderBy('m.uuid')
        .execute();
    },

    /** Throws the database's unique violation when the user is a member already (see MEMBERSHIP_UNIQUE_FIELDS). */
    async addMember(groupUuid: string, userUuid: string): Promise<MembershipRow> {
      return q.insertInto('user_group_users').values({ user_group_uuid: groupUuid, user_uuid: userUuid }).returning(MEMBERSHIP_COLUMNS).executeTakeFirstOrThrow();
    },

    /** Removes the membership when its group is in the organization; the number of rows removed. */
    async removeMembership(organizationUuid: string, uuid: string): Promise<number> {
      const result = await q
        .deleteFrom('user_group_users as m')
        .using('user_groups as g')
        .whereRef('g.uuid', '=', 'm.user_group_uuid')
        .where('m.uuid', '=', uuid)
        .where('g.organization_uuid', '=', organizationUuid)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Memberships a mapping makes at sign-in; those the user has already stay as they are. */
    async addMappedMemberships(userUuid: string, groupUuids: readonly string[]): Promise<void> {
      if (groupUuids.length === 0) return;
      await q
        .insertInto('user_group_users')
        .values(groupUuids.map((groupUuid) => ({ user_group_uuid: groupUuid, user_uuid: userUuid, via_mapping: true })))
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    },

    /** Takes away the memberships mappings made in groups other than these. */
    async removeMappedMembershipsExcept(userUuid: string, groupUuids: readonly string[]): Promise<void> {
      await q
        .deleteFrom('user_group_users')
        .where('user_uuid', '=', userUuid)
        .where('via_mapping', '=', true)
        .$if(groupUuids.length > 0, (query) => query.where('user_group_uuid', 'not in', [...groupUuids]))
        .execute();
    },
  };
}
