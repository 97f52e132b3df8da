import type { FastifyRequest } from 'fastify';
import { PRIVILEGES } from '../../domain/privilegeNames';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { callerOf, capAllows, organizationOf, type Caller } from '../http/caller';
import { forbidden, HttpProblem, notFound } from '../http/problem';
import { organizationHasFeature } from '../measurements/licence';
import { privilegesRepository } from '../repositories/privileges';

// Who may do what with a form (server/manual-entry/README.md, "Who may do what"). The contract's
// x-historian-privileges are enforced before a handler runs; these add the licence feature and
// the per-form levels, which are held through user groups (manual_entry_form_privileges) and, for
// members of an organization's system group, on every form of that organization.

export const MANUAL_ENTRY_FEATURE = 'ManualEntry';

export type AccessLevel = 'disabled' | 'default' | 'elevated';

export const LEVEL_PRIVILEGE = { default: 'MANUAL_ENTRY_FORM_DEFAULT', elevated: 'MANUAL_ENTRY_FORM_ELEVATED' } as const;

const RANK: Record<AccessLevel, number> = { disabled: 0, default: 1, elevated: 2 };

/** The higher of two levels. */
export const higherLevel = (a: AccessLevel, b: AccessLevel): AccessLevel => (RANK[a] >= RANK[b] ? a : b);

/** Whether `held` is at least `needed`. */
export const levelCovers = (held: AccessLevel, needed: AccessLevel): boolean => RANK[held] >= RANK[needed];

export const levelOfPrivilege = (name: string): AccessLevel => (name === LEVEL_PRIVILEGE.elevated ? 'elevated' : name === LEVEL_PRIVILEGE.default ? 'default' : 'disabled');

/** 403 manual_entry.errors.unlicensed unless the organization's licence has the ManualEntry feature. */
export async function requireManualEntryLicence(ctx: AppContext, organizationUuid: string): Promise<void> {
  if (!(await organizationHasFeature(ctx, organizationUuid, MANUAL_ENTRY_FEATURE))) {
    throw forbidden('The licence has no ManualEntry', 'manual_entry.errors.unlicensed');
  }
}

/** Whether the caller holds a privilege in the call's organization (a token's cap included). */
export function callerHolds(request: FastifyRequest, privilege: string): boolean {
  const caller = callerOf(request);
  return caller.privileges.has(privilege) && capAllows(caller, organizationOf(request), privilege);
}

/**
 * The user's level on each of `formUuids` (forms of `organizationUuid`): the highest their groups
 * give, elevated for a member of the organization's system group. A token minted for the user by
 * someone else (a capped token) holds no level: its cap names organization privileges only.
 */
export async function levelsOf(db: Db, caller: Pick<Caller, 'userUuid' | 'tokenCap'>, organizationUuid: string, formUuids: readonly string[]): Promise<Map<string, AccessLevel>> {
  const levels = new Map<string, AccessLevel>(formUuids.map((uuid) => [uuid, 'disabled']));
  if (formUuids.length === 0 || caller.tokenCap !== undefined) return levels;
  const { rows: system } = await db.query<{ member: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM user_group_users m JOIN user_groups g ON g.uuid = m.user_group_uuid
                     WHERE m.user_uuid = $1 AND g.organization_uuid = $2 AND g.is_system) AS member`,
    [caller.userUuid, organizationUuid],
  );
  if (system[0]?.member) return new Map(formUuids.map((uuid) => [uuid, 'elevated']));
  const { rows } = await db.query<{ form: string; name: string }>(
    `SELECT p.manual_entry_form_uuid AS form, p.name
       FROM manual_entry_form_privileges p
       JOIN user_group_users m ON m.user_group_uuid = p.user_group_uuid
      WHERE m.user_uuid = $1 AND p.organization_uuid = $2 AND p.manual_entry_form_uuid = ANY($3::uuid[])`,
    [caller.userUuid, organizationUuid, [...formUuids]],
  );
  for (const row of rows) levels.set(row.form, higherLevel(levels.get(row.form) ?? 'disabled', levelOfPrivilege(row.name)));
  return levels;
}

export interface FormAccess {
  Level: AccessLevel;
  /** MANAGE_MANUAL_ENTRY_FORMS in the form's organization. */
  CanManage: boolean;
}

/** The caller's access to one form of the call's organization. */
export async function accessOf(ctx: AppContext, request: FastifyRequest, formUuid: string): Promise<FormAccess> {
  const levels = await levelsOf(ctx.db, callerOf(request), organizationOf(request), [formUuid]);
  return { Level: levels.get(formUuid) ?? 'disabled', CanManage: callerHolds(request, PRIVILEGES.ManageManualEntryForms) };
}

/** A form is opened (read, its entries shown) by whoever holds a level on it or manages forms; anybody else is told it does not exist. */
export function requireOpenable(access: FormAccess): void {
  if (access.Level === 'disabled' && !access.CanManage) throw notFound();
}

/** Writing values needs a level; managing forms alone does not give one. */
export function requireWriter(access: FormAccess): asserts access is FormAccess & { Level: 'default' | 'elevated' } {
  if (access.Level === 'disabled') throw forbidden('Writing through this form needs a default or elevated level on it', 'manual_entry.errors.no_level');
}

/**
 * The levels a group gives, by form: what a membership in it or a mapping onto it hands out. A
 * system group gives elevated on every form of its organization.
 */
export async function formLevelsOfGroup(db: Db, groupUuid: string): Promise<Map<string, AccessLevel>> {
  const { rows } = await db.query<{ form: string; name: string }>(
    `SELECT manual_entry_form_uuid AS form, name FROM manual_entry_form_privileges WHERE user_group_uuid = $1
     UNION ALL
     SELECT f.uuid AS form, '${LEVEL_PRIVILEGE.elevated}' AS name
       FROM manual_entry_forms f JOIN user_groups g ON g.organization_uuid = f.organization_uuid
      WHERE g.uuid = $1 AND g.is_system`,
    [groupUuid],
  );
  const levels = new Map<string, AccessLevel>();
  for (const row of rows) levels.set(row.form, higherLevel(levels.get(row.form) ?? 'disabled', levelOfPrivilege(row.name)));
  return levels;
}

/**
 * 403 access.errors.grant_beyond_own unless the caller holds, on each form, at least the level
 * given: nobody hands out (through a level, a membership or a mapping) a level they lack.
 */
export async function requireHoldsLevels(db: Db, caller: Caller, organizationUuid: string, given: ReadonlyMap<string, AccessLevel>, field: string): Promise<void> {
  if (given.size === 0) return;
  const held = await levelsOf(db, caller, organizationUuid, [...given.keys()]);
  const beyond = [...given].filter(([form, level]) => !levelCovers(held.get(form) ?? 'disabled', level));
  if (beyond.length === 0) return;
  const names = [...new Set(beyond.map(([, level]) => (level === 'disabled' ? '' : LEVEL_PRIVILEGE[level])))].filter(Boolean).sort();
  throw new HttpProblem(403, 'Forbidden', {
    detail: `You cannot grant form levels you do not hold: ${names.join(', ')}`,
    code: 'access.errors.grant_beyond_own',
    errors: { [field]: [`grants form levels you do not hold: ${names.join(', ')}`] },
  });
}

/**
 * The level privileges (MANUAL_ENTRY_FORM_*) `userUuid` holds on some form above the caller's level
 * on it, sorted, once each: acting as or on that user would use a level the caller lacks.
 */
export async function formLevelsBeyond(db: Db, caller: Caller, userUuid: string): Promise<string[]> {
  const byOrganization = new Map<string, Map<string, AccessLevel>>();
  for (const row of await privilegesRepository(db).manualEntryFormPrivilegesOf(userUuid)) {
    const forms = byOrganization.get(row.organization_uuid) ?? new Map<string, AccessLevel>();
    forms.set(row.form, higherLevel(forms.get(row.form) ?? 'disabled', levelOfPrivilege(row.name)));
    byOrganization.set(row.organization_uuid, forms);
  }
  const missing = new Set<string>();
  for (const [organization, theirs] of byOrganization) {
    const held = await levelsOf(db, caller, organization, [...theirs.keys()]);
    for (const [form, level] of theirs) {
      if (level !== 'disabled' && !levelCovers(held.get(form) ?? 'disabled', level)) missing.add(LEVEL_PRIVILEGE[level]);
    }
  }
  return [...missing].sort();
}
