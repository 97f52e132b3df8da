import type { FastifyReply, FastifyRequest } from 'fastify';
import { groupPrivilegeNames, requireCanGrant } from '../access/privilegeHoldings';
import { keepingRootAdministration } from '../access/rootAdministration';
import { GROUP_COLUMNS, isUniqueViolation, requireGroup, requireVisibleUser, resolveNewMember, scopeOf, type GroupRow, type NewMember } from '../access/scope';
import type { AppContext } from '../context';
import { callerOf } from '../http/caller';
import { badRequest, conflict, HttpProblem, notFound } from '../http/problem';

// /user-groups and /user-group-users, scoped to the organization of x-organization-uuid. System
// groups (an organization's Administrators) sort after user groups (SPEC §3), cannot be renamed
// or deleted, and keep every privilege. Putting someone in a group grants them its privileges, so
// the caller must hold every one of them (nobody grants what they do not hold).

interface GroupBody {
  UUID?: string;
  Name: string;
  Description?: string;
}

interface MembershipRow {
  uuid: string;
  user_group_uuid: string;
  user_uuid: string;
  via_mapping: boolean;
}

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
  if (!isUniqueViolation(error)) throw error;
  throw new HttpProblem(409, 'Conflict', { detail: 'A group of this name exists already', errors: { Name: ['is already in use'] } });
}

function checkedName(body: GroupBody): string {
  const name = body.Name.trim();
  if (name === '') throw badRequest('Name is required', { Name: ['is required'] });
  return name;
}

export function userGroupsHandlers(ctx: AppContext) {
  return {
    async getUserGroups(request: FastifyRequest) {
      const { organizationUuid } = scopeOf(request);
      const { rows } = await ctx.db.query<GroupRow>(
        `SELECT ${GROUP_COLUMNS} FROM user_groups WHERE organization_uuid = $1 ORDER BY is_system, lower(name), uuid`,
        [organizationUuid],
      );
      return rows.map(groupJson);
    },

    async getUserGroup(request: FastifyRequest<IdParams>) {
      return groupJson(await requireGroup(ctx.db, scopeOf(request), request.params.id));
    },

    async createUserGroup(request: FastifyRequest<{ Body: GroupBody }>, reply: FastifyReply) {
      const scope = scopeOf(request);
      const name = checkedName(request.body);
      try {
        const { rows } = await ctx.db.query<GroupRow>(
          `INSERT INTO user_groups (organization_uuid, name, description, created_by, updated_by)
           VALUES ($1, $2, $3, $4, $4) RETURNING ${GROUP_COLUMNS}`,
          [scope.organizationUuid, name, request.body.Description ?? '', scope.actor],
        );
        return reply.code(201).send(groupJson(rows[0]));
      } catch (error) {
        return nameTaken(error);
      }
    },

    async updateUserGroup(request: FastifyRequest<IdParams & { Body: GroupBody }>) {
      const scope = scopeOf(request);
      const group = await requireGroup(ctx.db, scope, request.params.id);
      const name = checkedName(request.body);
      if (request.body.UUID !== undefined && request.body.UUID.toLowerCase() !== group.uuid) throw badRequest('UUID does not match the path', { UUID: ['does not match'] });
      if (group.is_system && name !== group.name) throw conflict('A system group cannot be renamed', 'groups.errors.system_group');
      try {
        const { rows } = await ctx.db.query<GroupRow>(
          `UPDATE user_groups SET name = $2, description = $3, updated_by = $4, updated_at = now() WHERE uuid = $1 RETURNING ${GROUP_COLUMNS}`,
          [group.uuid, name, request.body.Description ?? group.description, scope.actor],
        );
        return groupJson(rows[0]);
      } catch (error) {
        return nameTaken(error);
      }
    },

    async deleteUserGroup(request: FastifyRequest<IdParams>, reply: FastifyReply) {
      const group = await requireGroup(ctx.db, scopeOf(request), request.params.id);
      if (group.is_system) throw conflict('A system group cannot be deleted', 'groups.errors.system_group');
      await keepingRootAdministration(ctx.db, (tx) => tx.query('DELETE FROM user_groups WHERE uuid = $1', [group.uuid]));
      return reply.code(204).send();
    },

    async getUserGroupUsers(request: FastifyRequest<{ Querystring: { UserGroupUUID?: string; UserUUID?: string } }>) {
      const scope = scopeOf(request);
      const { UserGroupUUID, UserUUID } = request.query;
      // A filter naming another organization's group or user answers 404 like any other id of it.
      if (UserGroupUUID !== undefined) await requireGroup(ctx.db, scope, UserGroupUUID);
      if (UserUUID !== undefined) await requireVisibleUser(ctx.db, scope, UserUUID);
      const { rows } = await ctx.db.query<MembershipRow>(
        `SELECT m.uuid, m.user_group_uuid, m.user_uuid, m.via_mapping
           FROM user_group_users m JOIN user_groups g ON g.uuid = m.user_group_uuid
          WHERE g.organization_uuid = $1 AND ($2::uuid IS NULL OR m.user_group_uuid = $2) AND ($3::uuid IS NULL OR m.user_uuid = $3)
          ORDER BY m.created_at, m.uuid`,
        [scope.organizationUuid, UserGroupUUID ?? null, UserUUID ?? null],
      );
      return rows.map(membershipJson);
    },

    async createUserGroupUser(request: FastifyRequest<{ Body: NewMember & { UserGroupUUID: string } }>, reply: FastifyReply) {
      const scope = scopeOf(request);
      const group = await requireGroup(ctx.db, scope, request.body.UserGroupUUID);
      const userUuid = await resolveNewMember(ctx.db, scope, request, request.body);
      requireCanGrant(callerOf(request), await groupPrivilegeNames(ctx.db, group.uuid), 'UserGroupUUID');
      try {
        const { rows } = await ctx.db.query<MembershipRow>(
          `INSERT INTO user_group_users (user_group_uuid, user_uuid) VALUES ($1, $2) RETURNING uuid, user_group_uuid, user_uuid, via_mapping`,
          [group.uuid, userUuid],
        );
        return reply.code(201).send(membershipJson(rows[0]));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('The user is in this group already', 'groups.errors.already_member');
        throw error;
      }
    },

    async deleteUserGroupUser(request: FastifyRequest<IdParams>, reply: FastifyReply) {
      const scope = scopeOf(request);
      const deleted = await keepingRootAdministration(ctx.db, async (tx) => {
        const { rowCount } = await tx.query(
          `DELETE FROM user_group_users m USING user_groups g WHERE m.uuid = $1 AND g.uuid = m.user_group_uuid AND g.organization_uuid = $2`,
          [request.params.id, scope.organizationUuid],
        );
        return rowCount;
      });
      if (deleted === 0) throw notFound('No such membership');
      return reply.code(204).send();
    },
  };
}
