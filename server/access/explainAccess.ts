import type { Db } from '../db/db';

// "Explain access": every privilege a user holds in an organization with the group it
// comes from, and, for memberships a sign-in made, the mappings that made them: those of the
// group for the user's provider whose external group was among the groups the provider named at
// the user's last sign-in.

export interface AccessMappingJson {
  UUID: string;
  ExternalGroup: string;
  AuthenticationProviderUUID: string;
}

export interface AccessGrantJson {
  PrivilegeUUID: string;
  PrivilegeName: string;
  OrganizationUUID: string;
  GroupUUID: string;
  GroupName: string;
  GroupIsSystem: boolean;
  ViaMapping: boolean;
  Mappings: AccessMappingJson[];
}

interface GrantRow {
  privilege_uuid: string;
  privilege_name: string;
  group_uuid: string;
  group_name: string;
  group_is_system: boolean;
  via_mapping: boolean;
  mappings: AccessMappingJson[] | null;
}

interface OrganizationGrantRow extends GrantRow {
  organization_uuid: string;
}

/** Grants in the organizations named (the current one, and the root when the caller may read it); current first. */
export async function explainAccess(db: Db, userUuid: string, organizationUuids: readonly string[]): Promise<AccessGrantJson[]> {
  const { rows } = await db.query<OrganizationGrantRow>(
    `SELECT g.organization_uuid, p.uuid AS privilege_uuid, p.name AS privilege_name, g.uuid AS group_uuid, g.name AS group_name,
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
      WHERE m.user_uuid = $1 AND g.organization_uuid = ANY($2::uuid[])
      ORDER BY array_position($2::uuid[], g.organization_uuid), p.name, g.is_system, lower(g.name)`,
    [userUuid, [...organizationUuids]],
  );
  return rows.map((row) => ({
    PrivilegeUUID: row.privilege_uuid,
    PrivilegeName: row.privilege_name,
    OrganizationUUID: row.organization_uuid,
    GroupUUID: row.group_uuid,
    GroupName: row.group_name,
    GroupIsSystem: row.group_is_system,
    ViaMapping: row.via_mapping,
    Mappings: row.mappings ?? [],
  }));
}
