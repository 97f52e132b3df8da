import type { Db } from '../db/db';
import { privilegesRepository, type GrantMapping } from '../repositories/privileges';

// "Explain access": every privilege a user holds in an organization with the group it
// comes from, and, for memberships a sign-in made, the mappings that made them: those of the
// group for the user's provider whose external group was among the groups the provider named at
// the user's last sign-in.

export type AccessMappingJson = GrantMapping;

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

/** Grants in the organizations named (the current one, and the root when the caller may read it); current first. */
export async function explainAccess(db: Db, userUuid: string, organizationUuids: readonly string[]): Promise<AccessGrantJson[]> {
  const rows = await privilegesRepository(db).grantsOf(userUuid, organizationUuids);
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
