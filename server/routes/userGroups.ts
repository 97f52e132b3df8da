import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Write } from '../../domain/contract';
import { groupPrivilegeNames, requireCanGrant } from '../access/privilegeHoldings';
import { keepingRootAdministration } from '../access/rootAdministration';
import { requireGroup, requireVisibleUser, resolveNewMember, scopeOf, type NewMember } from '../access/scope';
import type { AppContext } from '../context';
import { uniqueViolationField } from '../db/errors';
import { callerOf } from '../http/caller';
import { assertBodyNamesPathItem } from '../http/pathUuid';
import { badRequest, conflict, HttpProblem, notFound } from '../http/problem';
import { keywordOf } from '../repositories/keyword';
import { formLevelsOfGroup, requireHoldsLevels } from '../manual-entry/access';
import { GROUP_UNIQUE_FIELDS, MEMBERSHIP_UNIQUE_FIELDS, userGroupsRepository, type GroupRow, type MembershipRow } from '../repositories/userGroups';

// /user-groups and /user-group-users, scoped to the organization of x-organization-uuid. System
// groups (an organization's Administrators) sort after user groups (SPEC §3), cannot be renamed
// or deleted, and keep every privilege. Putting someone in a group grants them its privileges, so
// the caller must hold every one of them, and its manual entry form levels (nobody grants what
// they do not hold).

type GroupBody = Write<'UserGroup'>;

type IdParams = { Params: { id: string } };

export const groupJson = (row: GroupRow) => ({
  UUID: row.uuid,
  OrganizationUUID: row.organization_uuid,
  Name: row.name,
  Description: row.description,
  IsSystem: row.is_system,
  CreatedAt: row.created_at.toISOString(),
  UpdatedAt: row.updated_at.toISOString(),
  CreatedBy: row.created_by,
  UpdatedBy: row.updated_by,
});

const membershipJson = (row: MembershipRow) => ({
  UUID: row.uuid,
  UserGroupUUID: row.user_group_uuid,
  UserUUID: row.user_uuid,
  ViaMapping: row.via_mapping,
});

function nameTaken(error: unknown): never {
  if (uniqueViolationField(error, GROUP_UNIQUE_FIELDS) !== 'Name') throw error;
  throw new HttpProblem(409, 'Conflict', { detail: 'A group of this name exists already', errors: { Name: ['is already in use'] } });
}

function checkedName(body: GroupBody): string {
  const name = body.Name.trim();
  if (name === '') throw badRequest('Name is required', { Name: ['is required'] });
  return name;
}

export function userGroupsHandlers(ctx: AppContext) {
  return {
    async getUserGroups(request: FastifyRequest<{ Querystring: { Limit?: number; Page?: number; Keyword?: string } }>, reply: FastifyReply) {
      const { Limit: limit = 100, Page: page = 1, Keyword: keyword } = request.query;
      const { rows, total } = await userGroupsRepository(ctx.db).list(scopeOf(request).organizationUuid, limit, page, keywordOf(keyword));
      reply.header('x-total-count', String(total));
      return rows.map(groupJson);
    },

    async getUserGroup(request: FastifyRequest<IdParams>) {
      return groupJson(await requireGroup(ctx.db, scopeOf(request), request.params.id));
    },

    async createUserGroup(request: FastifyRequest<{ Body: GroupBody }>, reply: FastifyReply) {
      const scope = scopeOf(request);
      const name = checkedName(request.body);
      try {
        const row = await userGroupsRepository(ctx.db).create({
          organizationUuid: scope.organizationUuid,
          name,
          description: request.body.Description ?? '',
          actor: scope.actor,
        });
        return reply.code(201).send(groupJson(row));
      } catch (error) {
        return nameTaken(error);
      }
    },

    async updateUserGroup(request: FastifyRequest<IdParams & { Body: GroupBody }>) {
      const scope = scopeOf(request);
      const group = await requireGroup(ctx.db, scope, request.params.id);
      const name = checkedName(request.body);
      assertBodyNamesPathItem(request.body, group.uuid);
      if (group.is_system && name !== group.name) throw conflict('A system group cannot be renamed', 'groups.errors.system_group');
      try {
        const row = await userGroupsRepository(ctx.db).update(group.uuid, { name, description: request.body.Description ?? group.description, actor: scope.actor });
        if (!row) throw notFound('No such user group');
        return groupJson(row);
      } catch (error) {
        return nameTaken(error);
      }
    },

    async deleteUserGroup(request: FastifyRequest<IdParams>, reply: FastifyReply) {
      const group = await requireGroup(ctx.db, scopeOf(request), request.params.id);
      if (group.is_system) throw conflict('A system group cannot be deleted', 'groups.errors.system_group');
      await keepingRootAdministration(ctx.db, (tx) => userGroupsRepository(tx).delete(group.uuid));
      return reply.code(204).send();
    },

    async getUserGroupUsers(request: FastifyRequest<{ Querystring: { UserGroupUUID?: string; UserUUID?: string } }>) {
      const scope = scopeOf(request);
      const { UserGroupUUID, UserUUID } = request.query;
      // A filter naming another organization's group or user answers 404 like any other id of it.
      if (UserGroupUUID !== undefined) await requireGroup(ctx.db, scope, UserGroupUUID);
      if (UserUUID !== undefined) await requireVisibleUser(ctx.db, scope, UserUUID);
      const rows = await userGroupsRepository(ctx.db).memberships(scope.organizationUuid, { groupUuid: UserGroupUUID, userUuid: UserUUID });
      return rows.map(membershipJson);
    },

    async createUserGroupUser(request: FastifyRequest<{ Body: NewMember & { UserGroupUUID: string } }>, reply: FastifyReply) {
      const scope = scopeOf(request);
      const group = await requireGroup(ctx.db, scope, request.body.UserGroupUUID);
      const userUuid = await resolveNewMember(ctx.db, scope, request, request.body);
      requireCanGrant(callerOf(request), await groupPrivilegeNames(ctx.db, group.uuid), 'UserGroupUUID');
      await requireHoldsLevels(ctx.db, callerOf(request), scope.organizationUuid, await formLevelsOfGroup(ctx.db, group.uuid), 'UserGroupUUID');
      try {
        return reply.code(201).send(membershipJson(await userGroupsRepository(ctx.db).addMember(group.uuid, userUuid)));
      } catch (error) {
        if (uniqueViolationField(error, MEMBERSHIP_UNIQUE_FIELDS) === undefined) throw error;
        const field = request.body.UserName !== undefined ? 'UserName' : 'UserUUID';
        throw new HttpProblem(409, 'Conflict', { detail: 'The user is in this group already', code: 'groups.errors.already_member', errors: { [field]: ['is in this group already'] } });
      }
    },

    async deleteUserGroupUser(request: FastifyRequest<IdParams>, reply: FastifyReply) {
      const scope = scopeOf(request);
      const deleted = await keepingRootAdministration(ctx.db, (tx) => userGroupsRepository(tx).removeMembership(scope.organizationUuid, request.params.id));
      if (deleted === 0) throw notFound('No such membership');
      return reply.code(204).send();
    },
  };
}
