import type { Read, Write } from '../../../domain/contract';
import type { Db } from '../../db/db';
import { FieldErrors } from '../../events/definitions/common';
import type { Caller } from '../../http/caller';
import { conflict } from '../../http/problem';
import { higherLevel, LEVEL_PRIVILEGE, levelCovers, levelOfPrivilege, requireHoldsLevels, type AccessLevel } from '../access';

// The groups' levels on one form (server/manual-entry/README.md, "Access"): every user group of
// the organization with its level (a system group's is elevated and fixed), and the change of some
// of them, which needs the caller to hold on the form every level set and every level taken away.

export type GroupAccessJson = Read<'ManualEntryFormAccess'>;
export type GroupAccessBody = Write<'ManualEntryFormAccess'>[];

interface GroupLevelRow {
  uuid: string;
  name: string;
  is_system: boolean;
  level: string | null;
}

async function groupLevels(db: Db, organizationUuid: string, formUuid: string): Promise<GroupLevelRow[]> {
  const { rows } = await db.query<GroupLevelRow>(
    `SELECT g.uuid, g.name, g.is_system, p.name AS level
       FROM user_groups g
       LEFT JOIN manual_entry_form_privileges p ON p.user_group_uuid = g.uuid AND p.manual_entry_form_uuid = $2
      WHERE g.organization_uuid = $1
      ORDER BY g.is_system, lower(g.name), g.uuid`,
    [organizationUuid, formUuid],
  );
  return rows;
}

const levelOfRow = (row: GroupLevelRow): AccessLevel => (row.is_system ? 'elevated' : row.level === null ? 'disabled' : levelOfPrivilege(row.level));

/** Every user group of the organization with its level on the form; system groups last. */
export async function formAccess(db: Db, organizationUuid: string, formUuid: string): Promise<GroupAccessJson[]> {
  return (await groupLevels(db, organizationUuid, formUuid)).map((row) => ({
    UserGroupUUID: row.uuid,
    UserGroupName: row.name,
    IsSystem: row.is_system,
    AccessLevel: levelOfRow(row),
  }));
}

/**
 * Sets the levels of the groups named (in the caller's transaction, the form's row locked): a
 * group not of the organization is a 400 on its item, a system group's level other than elevated
 * a 409, a level set or taken away above the caller's own a 403.
 */
export async function replaceFormAccess(tx: Db, caller: Caller, organizationUuid: string, formUuid: string, body: GroupAccessBody): Promise<void> {
  const groups = new Map((await groupLevels(tx, organizationUuid, formUuid)).map((row) => [row.uuid, row]));
  const errors = new FieldErrors();
  const named = new Set<string>();
  const changes: { index: number; group: string; from: AccessLevel; to: AccessLevel }[] = [];
  body.forEach((item, index) => {
    const uuid = item.UserGroupUUID.toLowerCase();
    const group = groups.get(uuid);
    if (!group) errors.add(`[${index}].UserGroupUUID`, 'is not a user group of this organization');
    else if (named.has(uuid)) errors.add(`[${index}].UserGroupUUID`, 'is named twice');
    named.add(uuid);
    if (!group || errors.errors[`[${index}].UserGroupUUID`]) return;
    const from = levelOfRow(group);
    if (from !== item.AccessLevel) changes.push({ index, group: uuid, from, to: item.AccessLevel });
  });
  errors.throwIfAny('access');
  const fixed = changes.find((change) => groups.get(change.group)?.is_system);
  if (fixed) throw conflict('A system group holds elevated on every form; its level cannot change', 'manual_entry.errors.system_group');
  if (changes.length === 0) return;

  // The highest level set or taken away, checked at the item that needs it.
  const reach = (change: (typeof changes)[number]) => higherLevel(change.from, change.to);
  const top = changes.reduce((best, change) => (levelCovers(reach(best), reach(change)) ? best : change));
  await requireHoldsLevels(tx, caller, organizationUuid, new Map([[formUuid, reach(top)]]), `[${top.index}].AccessLevel`);

  for (const { group, from, to } of changes) {
    if (to === 'disabled') {
      await tx.query('DELETE FROM manual_entry_form_privileges WHERE manual_entry_form_uuid = $1 AND user_group_uuid = $2', [formUuid, group]);
    } else if (from === 'disabled') {
      await tx.query('INSERT INTO manual_entry_form_privileges (manual_entry_form_uuid, organization_uuid, user_group_uuid, name) VALUES ($1, $2, $3, $4)', [
        formUuid,
        organizationUuid,
        group,
        LEVEL_PRIVILEGE[to],
      ]);
    } else {
      await tx.query('UPDATE manual_entry_form_privileges SET name = $3 WHERE manual_entry_form_uuid = $1 AND user_group_uuid = $2', [formUuid, group, LEVEL_PRIVILEGE[to]]);
    }
  }
}
