import type { FastifyRequest } from 'fastify';
import { PRIVILEGES } from '../../domain/privilegeNames';
import type { Db } from '../db/db';
import { organizationOf, callerOf } from '../http/caller';
import { badRequest, HttpProblem, notFound } from '../http/problem';

// Which rows an organization-scoped call may touch. Groups (and through them memberships, group
// privileges and mappings) belong to one organization. Users are global, and an organization sees
// those created in it or in one of its groups; the root organization sees every user. Anything
// outside the caller's organization answers 404, exactly like an id that does not exist.

export interface Scope {
  organizationUuid: string;
  /** The call acts in the root organization (x-organization-uuid names it). */
  isRoot: boolean;
  actor: string;
}

export function scopeOf(request: FastifyRequest): Scope {
  const caller = callerOf(request);
  const organizationUuid = organizationOf(request);
  return { organizationUuid, isRoot: organizationUuid === caller.rootOrganizationUuid, actor: caller.userName };
}

/** SQL condition on `u` (users): the user is visible in organization $n. */
export const userVisibleSql = (param: string) => `(u.organization_uuid = ${param} OR EXISTS (
  SELECT 1 FROM user_group_users vm JOIN user_groups vg ON vg.uuid = vm.user_group_uuid
   WHERE vm.user_uuid = u.uuid AND vg.organization_uuid = ${param}))`;

export async function isUserVisible(db: Db, scope: Scope, userUuid: string): Promise<boolean> {
  if (scope.isRoot) {
    const { rowCount } = await db.query('SELECT 1 FROM users WHERE uuid = $1', [userUuid]);
    return rowCount > 0;
  }
  const { rowCount } = await db.query(`SELECT 1 FROM users u WHERE u.uuid = $1 AND ${userVisibleSql('$2')}`, [userUuid, scope.organizationUuid]);
  return rowCount > 0;
}

export async function requireVisibleUser(db: Db, scope: Scope, userUuid: string): Promise<void> {
  if (!(await isUserVisible(db, scope, userUuid))) throw notFound('No such user');
}

/** Who is to join a group: one of the organization's users by UUID, or any user by exact name. */
export interface NewMember {
  UserUUID?: string;
  UserName?: string;
}

/**
 * The user a membership is for. By UUID: the organization's own users, or any user when the
 * caller administers users at root (they see every user anyway). By name: any user whose name
 * is exactly that (case aside), so that an organization administrator can give an existing user
 * of another organization access to theirs (SPEC §1) without being able to list other
 * organizations' users.
 */
export async function resolveNewMember(db: Db, scope: Scope, request: FastifyRequest, member: NewMember): Promise<string> {
  if ((member.UserUUID === undefined) === (member.UserName === undefined)) {
    throw badRequest('Name the user by UserUUID or by UserName, not both', { UserUUID: ['give either UserUUID or UserName'] });
  }
  if (member.UserName !== undefined) {
    const { rows } = await db.query<{ uuid: string }>('SELECT uuid FROM users WHERE lower(name) = lower($1)', [member.UserName.trim()]);
    if (!rows[0]) throw new HttpProblem(404, 'Not Found', { detail: 'No user has this name', errors: { UserName: ['no user has this name'] } });
    return rows[0].uuid;
  }
  const userUuid = member.UserUUID ?? '';
  const rootAdministration = callerOf(request).rootPrivileges;
  const atRoot = rootAdministration.has(PRIVILEGES.ReadUsers) && rootAdministration.has(PRIVILEGES.ManageUsers);
  await requireVisibleUser(db, atRoot ? { ...scope, isRoot: true } : scope, userUuid);
  return userUuid;
}

/**
 * Whether an administrator of a (non-root) organization may change or delete the user: only a
 * user who belongs to that organization alone. A user shared with another organization, or one
 * who holds anything at root, is left to the root administration, so that no organization can
 * lock another out or take over a root administrator.
 */
export async function isUserExclusive(db: Db, scope: Scope, userUuid: string): Promise<boolean> {
  if (scope.isRoot) return true;
  const { rowCount } = await db.query(
    `SELECT 1 FROM users u
      WHERE u.uuid = $1 AND (u.organization_uuid IS NULL OR u.organization_uuid = $2)
        AND NOT EXISTS (SELECT 1 FROM user_group_users m JOIN user_groups g ON g.uuid = m.user_group_uuid
                         WHERE m.user_uuid = u.uuid AND g.organization_uuid <> $2)`,
    [userUuid, scope.organizationUuid],
  );
  return rowCount > 0;
}

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

export const GROUP_COLUMNS = 'uuid, organization_uuid, name, description, is_system, created_at, updated_at, created_by, updated_by';

/** The group when it is in the caller's organization; 404 otherwise. */
export async function requireGroup(db: Db, scope: Scope, groupUuid: string): Promise<GroupRow> {
  const { rows } = await db.query<GroupRow>(`SELECT ${GROUP_COLUMNS} FROM user_groups WHERE uuid = $1 AND organization_uuid = $2`, [
    groupUuid,
    scope.organizationUuid,
  ]);
  if (!rows[0]) throw notFound('No such user group');
  return rows[0];
}

/** Postgres unique_violation, from either adapter. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

/** Postgres foreign_key_violation. */
export function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23503';
}
