import { PRIVILEGES } from '../../domain/privilegeNames';
import type { Db } from '../db/db';
import type { Caller } from '../http/caller';
import { usersRepository } from '../repositories/users';

// Which organizations each user belongs to (SPEC §1: one or more), as the user list and detail
// show them. A user belongs to an organization where they are in a group, and to the root when a
// root group gives them a privilege: the organizations /current-user/organizations offers them.
// Only organizations the caller may see are named: every one for a holder of
// READ_ORGANIZATIONS at root, otherwise those the caller belongs to as well.

export interface UserOrganizationJson {
  UUID: string;
  Name: string;
  IsRoot: boolean;
}

export async function organizationsOfUsers(db: Db, caller: Caller, userUuids: readonly string[]): Promise<Map<string, UserOrganizationJson[]>> {
  const seesAll = caller.rootPrivileges.has(PRIVILEGES.ReadOrganizations);
  const rows = await usersRepository(db).organizationsOf(userUuids, seesAll, caller.userUuid);
  const byUser = new Map<string, UserOrganizationJson[]>(userUuids.map((uuid) => [uuid, []]));
  const ordered = [...rows].sort((a, b) => Number(a.is_root) - Number(b.is_root) || a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
  for (const row of ordered) byUser.get(row.user_uuid)?.push({ UUID: row.uuid, Name: row.name, IsRoot: row.is_root });
  return byUser;
}
