import { PRIVILEGES } from '../../domain/privilegeNames';
import type { Db } from '../db/db';
import { conflict } from '../http/problem';
import { privilegesRepository } from '../repositories/privileges';

// A rule derived from SPEC §6: the last holder of the root administration privileges cannot be
// removed. These two are what it takes to give every other privilege back (grant privileges to a
// root group and put people in it); whoever holds both at root can repair any other mistake.

export const ROOT_ADMINISTRATION_PRIVILEGES: readonly string[] = [PRIVILEGES.ManageUserGroups, PRIVILEGES.ManagePrivileges];
export const LAST_ROOT_ADMINISTRATOR_CODE = 'access.errors.last_root_administrator';

export async function countRootAdministrators(db: Db): Promise<number> {
  return privilegesRepository(db).countRootHoldersOfAll(ROOT_ADMINISTRATION_PRIVILEGES);
}

/**
 * Runs a change in one transaction and undoes it when it leaves nobody holding the root
 * administration privileges (while somebody did before). Checking the outcome rather than each
 * kind of change covers them all: deleting a user, a membership, a group, a group privilege.
 */
export async function keepingRootAdministration<T>(db: Db, change: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const before = await countRootAdministrators(tx);
    const result = await change(tx);
    if (before > 0 && (await countRootAdministrators(tx)) === 0) {
      throw conflict('This would remove the last holder of the root administration privileges', LAST_ROOT_ADMINISTRATOR_CODE);
    }
    return result;
  });
}
