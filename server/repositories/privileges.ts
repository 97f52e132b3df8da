import { sql } from 'kysely';
import type { Db } from '../db/db';
import { kyselyOf } from '../db/kysely';

// The privilege catalogue, the privileges groups grant (migration 001) and what users hold through
// them: the user_effective_privileges view, where every privilege check reads the union over a
// user's groups per organization. Deleted organizations grant nothing (the root never is one).

/** Unique indexes of migration 001 by the contract field they guard. */
export const GROUP_PRIVILEGE_UNIQUE_FIELDS = { user_group_privileges_user_group_uuid_privilege_uuid_key: 'PrivilegeUUID' } as const;

export interface PrivilegeRow {
  id: number;
  uuid: string;
  name: string;
  description: string;
  is_system: boolean;
}

export interface GroupPrivilegeRow {
  uuid: string;
  user_group_uuid: string;
  privilege_uuid: string;
  name: string;
}

export interface HeldPrivilegeRow {
  organization_uuid: string;
  privilege_id: number;
  privilege_uuid: string;
  privilege_name: string;
}

export interface ManualEntryFormPrivilegeRow {
  form: string;
  organization_uuid: string;
  name: string;
}

/** Built by the query with json_build_object, in the contract's spelling. */
export interface GrantMapping {
  UUID: string;
  ExternalGroup: string;
  AuthenticationProviderUUID: string;
}

export interface GrantRow {
  organization_uuid: string;
  privilege_uuid: string;
  privilege_name: string;
  group_uuid: string;
  group_name: string;
  group_is_system: boolean;
  via_mapping: boolean;
  /** For a membership a sign-in made: the mappings of the group that named one of the user's external groups. */
  mappings: GrantMapping[] | null;
}

export function privilegesRepository(db: Db) {
  const q = kyselyOf(db);

  return {
    async catalogue(): Promise<PrivilegeRow[]> {
      return q.selectFrom('privileges').select(['id', 'uuid', 'name', 'description', 'is_system']).orderBy('name').execute();
    },

    async nameOf(uuid: string): Promise<string | undefined> {
      const row = await q.selectFrom('privileges').select('name').where('uuid', '=', uuid).executeTakeFirst();
      return row?.name;
    },

    async ofGroup(groupUuid: string): Promise<GroupPrivilegeRow[]> {
      return q
        .selectFrom('user_group_privileges as gp')
        .innerJoin('privileges as p', 'p.uuid', 'gp.privilege_uuid')
        .select(['gp.uuid', 'gp.user_group_uuid', 'gp.privilege_uuid', 'p.name'])
        .where('gp.user_group_uuid', '=', groupUuid)
        .orderBy('p.name')
        .execute();
    },

    /** The privilege names a group grants its members. */
    async namesOfGroup(groupUuid: string): Promise<string[]> {
      const rows = await q
        .selectFrom('user_group_privileges as gp')
        .innerJoin('privileges as p', 'p.uuid', 'gp.privilege_uuid')
        .select('p.name')
        .where('gp.user_group_uuid', '=', groupUuid)
        .execute();
      return rows.map((row) => row.name);
    },

    /** Throws the database's unique violation when the group holds it already (see GROUP_PRIVILEGE_UNIQUE_FIELDS). */
    async grant(groupUuid: string, privilegeUuid: string): Promise<Omit<GroupPrivilegeRow, 'name'>> {
      return q
        .insertInto('user_group_privileges')
        .values({ user_group_uuid: groupUuid, privilege_uuid: privilegeUuid })
        .returning(['uuid', 'user_group_uuid', 'privilege_uuid'])
        .executeTakeFirstOrThrow();
    },

    /** Names of the privileges with these UUIDs; a UUID missing from the answer names no privilege. */
    async namesOf(uuids: readonly string[]): Promise<Map<string, string>> {
      if (uuids.length === 0) return new Map();
      const rows = await q.selectFrom('privileges').select(['uuid', 'name']).where('uuid', 'in', [...uuids]).execute();
      return new Map(rows.map((row) => [row.uuid, row.name]));
    },

    /** Grants what the group lacks of `privilegeUuids` and withdraws what it holds beyond them. */
    async replaceOfGroup(groupUuid: string, privilegeUuids: readonly string[]): Promise<void> {
      const withdraw = q.deleteFrom('user_group_privileges').where('user_group_uuid', '=', groupUuid);
      await (privilegeUuids.length === 0 ? withdraw : withdraw.where('privilege_uuid', 'not in', [...privilegeUuids])).execute();
      if (privilegeUuids.length === 0) return;
      await q
        .insertInto('user_group_privileges')
        .values(privilegeUuids.map((privilegeUuid) => ({ user_group_uuid: groupUuid, privilege_uuid: privilegeUuid })))
        .onConflict((conflict) => conflict.columns(['user_group_uuid', 'privilege_uuid']).doNothing())
        .execute();
    },

    /** Every system privilege, for an organization's Administrators group. */
    async grantSystemPrivileges(groupUuid: string): Promise<void> {
      await q
        .insertInto('user_group_privileges')
        .columns(['user_group_uuid', 'privilege_uuid'])
        .expression(q.selectFrom('privileges').select([sql<string>`${groupUuid}::uuid`.as('user_group_uuid'), 'uuid']).where('is_system', '=', true))
        .execute();
    },

    /** `id` is the privilege's UUID or the group privilege's own; the number of rows removed. */
    async revoke(groupUuid: string, id: string): Promise<number> {
      const result = await q
        .deleteFrom('user_group_privileges')
        .where('user_group_uuid', '=', groupUuid)
        .where((eb) => eb.or([eb('privilege_uuid', '=', id), eb('uuid', '=', id)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** What the user holds, per organization, leaving out deleted organizations; by organization and name. */
    async heldBy(userUuid: string): Promise<HeldPrivilegeRow[]> {
      return q
        .selectFrom('user_effective_privileges as p')
        .innerJoin('organizations as o', 'o.uuid', 'p.organization_uuid')
        .select(['p.organization_uuid', 'p.privilege_id', 'p.privilege_uuid', 'p.privilege_name'])
        .where('p.user_uuid', '=', userUuid)
        .where((eb) => eb.or([eb('o.is_root', '=', true), eb('o.status', '<>', 'Deleted')]))
        .orderBy('p.organization_uuid')
        .orderBy('p.privilege_name')
        .execute();
    },

    /** Users who hold every one of `names` in the root organization. */
    async countRootHoldersOfAll(names: readonly string[]): Promise<number> {
      const holders = q
        .selectFrom('user_effective_privileges as p')
        .innerJoin('organizations as o', (join) => join.onRef('o.uuid', '=', 'p.organization_uuid').on('o.is_root', '=', true))
        .select('p.user_uuid')
        .where('p.privilege_name', 'in', [...names])
        .groupBy('p.user_uuid')
        .having(sql`count(DISTINCT p.privilege_name)`, '=', names.length);
      const row = await q.selectFrom(holders.as('holders')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      return row.n;
    },

    /**
     * The manual-entry-form privileges the user's groups give, and MANUAL_ENTRY_FORM_ELEVATED on
     * every form of an organization whose system group they are in (server/manual-entry/README.md).
     */
    async manualEntryFormPrivilegesOf(userUuid: string): Promise<ManualEntryFormPrivilegeRow[]> {
      const { rows } = await sql<ManualEntryFormPrivilegeRow>`
        SELECT DISTINCT form, organization_uuid, name FROM (
          SELECT m.manual_entry_form_uuid AS form, m.organization_uuid, m.name
            FROM manual_entry_form_privileges m
            JOIN user_group_users ugu ON ugu.user_group_uuid = m.user_group_uuid
           WHERE ugu.user_uuid = ${userUuid}
          UNION
          SELECT f.uuid AS form, f.organization_uuid, 'MANUAL_ENTRY_FORM_ELEVATED' AS name
            FROM manual_entry_forms f
            JOIN user_groups g ON g.organization_uuid = f.organization_uuid AND g.is_system
            JOIN user_group_users ugu ON ugu.user_group_uuid = g.uuid
           WHERE ugu.user_uuid = ${userUuid}
        ) held
        ORDER BY organization_uuid, form, name`.execute(q);
      return rows;
    },

    /**
     * Every privilege the user holds in the organizations named, with the group it comes from and,
     * for memberships a sign-in made, the mappings that made them: those of the group for the
     * user's provider whose external group was among the groups named at the last sign-in. In the
     * order of `organizationUuids`, then by privilege, user groups before system ones.
     */
    async grantsOf(userUuid: string, organizationUuids: readonly string[]): Promise<GrantRow[]> {
      const organizations = sql`${[...organizationUuids]}::uuid[]`;
      const { rows } = await sql<GrantRow>`
        SELECT g.organization_uuid, p.uuid AS privilege_uuid, p.name AS privilege_name, g.uuid AS group_uuid, g.name AS group_name,
               g.is_system AS group_is_system, m.via_mapping,
               (SELECT json_agg(json_build_object('UUID', mp.uuid, 'ExternalGroup', mp.external_group,
                                                  'AuthenticationProviderUUID', mp.provider_uuid) ORDER BY mp.external_group)
                  FROM user_group_mappings mp
                 WHERE m.via_mapping AND mp.user_group_uuid = g.uuid AND mp.provider_uuid = u.provider_uuid
                   AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(u.external_groups) eg
                                WHERE lower(eg) = lower(mp.external_group))) AS mappings
          FROM user_group_users m
          JOIN users u ON u.uuid = m.user_uuid
          JOIN user_groups g ON g.uuid = m.user_group_uuid
          JOIN user_group_privileges gp ON gp.user_group_uuid = g.uuid
          JOIN privileges p ON p.uuid = gp.privilege_uuid
         WHERE m.user_uuid = ${userUuid} AND g.organization_uuid = ANY(${organizations})
         ORDER BY array_position(${organizations}, g.organization_uuid), p.name, g.is_system, lower(g.name)`.execute(q);
      return rows;
    },
  };
}
