import type { FastifyRequest } from 'fastify';
import { PRIVILEGES } from '../../domain/privilegeNames';
import type { Db } from '../db/db';
import { organizationOf, callerOf } from '../http/caller';
import { badRequest, HttpProblem, notFound } from '../http/problem';
import { userGroupsRepository, type GroupRow } from '../repositories/userGroups';
import { usersRepository } from '../repositories/users';

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

export async function isUserVisible(db: Db, scope: Scope, userUuid: string): Promise<boolean> {
  return usersRepository(db).isVisible(userUuid, scope.isRoot ? null : scope.organizationUuid);
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
    const uuid = await usersRepository(db).uuidByName(member.UserName.trim());
    if (uuid === undefined) throw new HttpProblem(404, 'Not Found', { detail: 'No user has this name', errors: { UserName: ['no user has this name'] } });
    return uuid;
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
  return usersRepository(db).isExclusive(userUuid, scope.organizationUuid);
}

/** The group when it is in the caller's organization; 404 otherwise. */
export async function requireGroup(db: Db, scope: Scope, groupUuid: string): Promise<GroupRow> {
  const group = await userGroupsRepository(db).find(scope.organizationUuid, groupUuid);
  if (!group) throw notFound('No such user group');
  return group;
}
