import type { FastifyReply, FastifyRequest } from 'fastify';
import { groupPrivilegeNames, requireCanGrant } from '../access/privilegeHoldings';
import { keepingRootAdministration } from '../access/rootAdministration';
import { isUniqueViolation, requireGroup, scopeOf } from '../access/scope';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { callerOf } from '../http/caller';
import { badRequest, conflict, HttpProblem, notFound } from '../http/problem';

// GET /privileges (the catalogue), /user-groups/{id}/privileges and /user-groups/{id}/mapping.
// A user's effective privileges are the union of their groups' privileges per organization (the
// user_effective_privileges view). Mappings turn an identity provider's group into a membership
// at every sign-in (server/auth/externalUsers.ts). Nobody grants what they do not hold: a
// privilege given to a group, and a mapping that puts external users into a group, need the
// caller to hold the privilege, or every privilege of the group, in the group's organization.

type GroupParams = { Params: { id: string } };

interface GroupPrivilegeRow {
  uuid: string;
  user_group_uuid: string;
  privilege_uuid: string;
  name: string;
}

interface MappingRow {
  uuid: string;
  user_group_uuid: string;
  provider_uuid: string;
  external_group: string;
}

interface MappingBody {
  ExternalGroup: string;
  AuthenticationProviderUUID?: string;
}

const groupPrivilegeJson = (row: GroupPrivilegeRow) => ({
  UUID: row.uuid,
  GroupUUID: row.user_group_uuid,
  PrivilegeUUID: row.privilege_uuid,
  PrivilegeName: row.name,
});

const mappingJson = (row: MappingRow) => ({
  UUID: row.uuid,
  UserGroupUUID: row.user_group_uuid,
  AuthenticationProviderUUID: row.provider_uuid,
  ExternalGroup: row.external_group,
});

const SYSTEM_GROUP_FIXED = () => conflict('A system group holds every privilege; its privileges cannot be changed', 'groups.errors.system_group');

/** Mappings need a provider that has groups to map: an external one. */
async function checkedMapping(db: Db, body: MappingBody): Promise<{ externalGroup: string; provider: string }> {
  const externalGroup = body.ExternalGroup.trim();
  const errors: Record<string, string[]> = {};
  if (externalGroup === '') errors.ExternalGroup = ['is required'];
  if (body.AuthenticationProviderUUID === undefined) errors.AuthenticationProviderUUID = ['is required'];
  else {
    const { rows } = await db.query<{ provider_type: string }>('SELECT provider_type FROM authentication_providers WHERE uuid = $1', [
      body.AuthenticationProviderUUID,
    ]);
    if (!rows[0]) errors.AuthenticationProviderUUID = ['does not exist'];
    else if (rows[0].provider_type === 'local') errors.AuthenticationProviderUUID = ['local users have no external groups'];
  }
  if (Object.keys(errors).length > 0) throw badRequest('Invalid mapping', errors);
  return { externalGroup, provider: body.AuthenticationProviderUUID ?? '' };
}

function mappingTaken(error: unknown): never {
  if (!isUniqueViolation(error)) throw error;
  throw new HttpProblem(409, 'Conflict', { detail: 'This external group is mapped onto the group already', errors: { ExternalGroup: ['is mapped already'] } });
}

export function groupPrivilegesHandlers(ctx: AppContext) {
  return {
    async getPrivileges() {
      const { rows } = await ctx.db.query<{ id: number; uuid: string; name: string; description: string; is_system: boolean }>(
        'SELECT id, uuid, name, description, is_system FROM privileges ORDER BY name',
      );
      return rows.map((row) => ({ ID: row.id, UUID: row.uuid, Name: row.name, Description: row.description, IsSystem: row.is_system }));
    },

    async getUserGroupPrivileges(request: FastifyRequest<GroupParams>) {
      const group = await requireGroup(ctx.db, scopeOf(request), request.params.id);
      const { rows } = await ctx.db.query<GroupPrivilegeRow>(
        `SELECT gp.uuid, gp.user_group_uuid, gp.privilege_uuid, p.name
           FROM user_group_privileges gp JOIN privileges p ON p.uuid = gp.privilege_uuid WHERE gp.user_group_uuid = $1 ORDER BY p.name`,
        [group.uuid],
      );
      return rows.map(groupPrivilegeJson);
    },

    async createUserGroupPrivilege(request: FastifyRequest<GroupParams & { Body: { PrivilegeUUID: string } }>, reply: FastifyReply) {
      const group = await requireGroup(ctx.db, scopeOf(request), request.params.id);
      if (group.is_system) throw SYSTEM_GROUP_FIXED();
      const privilege = await ctx.db.query<{ name: string }>('SELECT name FROM privileges WHERE uuid = $1', [request.body.PrivilegeUUID]);
      if (!privilege.rows[0]) throw badRequest('No such privilege', { PrivilegeUUID: ['does not exist'] });
      requireCanGrant(callerOf(request), [privilege.rows[0].name], 'PrivilegeUUID');
      try {
        const { rows } = await ctx.db.query<GroupPrivilegeRow>(
          `INSERT INTO user_group_privileges (user_group_uuid, privilege_uuid) VALUES ($1, $2) RETURNING uuid, user_group_uuid, privilege_uuid, $3::text AS name`,
          [group.uuid, request.body.PrivilegeUUID, privilege.rows[0].name],
        );
        return reply.code(201).send(groupPrivilegeJson(rows[0]));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('The group holds this privilege already');
        throw error;
      }
    },

    /** privilegeId is the privilege's UUID (SPEC §7); the group privilege's own UUID is accepted too. */
    async deleteUserGroupPrivilege(request: FastifyRequest<{ Params: { id: string; privilegeId: string } }>, reply: FastifyReply) {
      const group = await requireGroup(ctx.db, scopeOf(request), request.params.id);
      if (group.is_system) throw SYSTEM_GROUP_FIXED();
      const deleted = await keepingRootAdministration(ctx.db, async (tx) => {
        const { rowCount } = await tx.query('DELETE FROM user_group_privileges WHERE user_group_uuid = $1 AND (privilege_uuid = $2 OR uuid = $2)', [
          group.uuid,
          request.params.privilegeId,
        ]);
        return rowCount;
      });
      if (deleted === 0) throw notFound('The group does not hold this privilege');
      return reply.code(204).send();
    },

    async getUserGroupMappings(request: FastifyRequest<GroupParams>) {
      const group = await requireGroup(ctx.db, scopeOf(request), request.params.id);
      const { rows } = await ctx.db.query<MappingRow>(
        'SELECT uuid, user_group_uuid, provider_uuid, external_group FROM user_group_mappings WHERE user_group_uuid = $1 ORDER BY lower(external_group), uuid',
        [group.uuid],
      );
      return rows.map(mappingJson);
    },

    async createUserGroupMapping(request: FastifyRequest<GroupParams & { Body: MappingBody }>, reply: FastifyReply) {
      const group = await requireGroup(ctx.db, scopeOf(request), request.params.id);
      const { externalGroup, provider } = await checkedMapping(ctx.db, request.body);
      requireCanGrant(callerOf(request), await groupPrivilegeNames(ctx.db, group.uuid), 'path.id');
      try {
        const { rows } = await ctx.db.query<MappingRow>(
          `INSERT INTO user_group_mappings (user_group_uuid, external_group, provider_uuid) VALUES ($1, $2, $3)
           RETURNING uuid, user_group_uuid, provider_uuid, external_group`,
          [group.uuid, externalGroup, provider],
        );
        return reply.code(201).send(mappingJson(rows[0]));
      } catch (error) {
        return mappingTaken(error);
      }
    },

    async updateUserGroupMapping(request: FastifyRequest<{ Params: { id: string; mappingId: string }; Body: MappingBody }>) {
      const group = await requireGroup(ctx.db, scopeOf(request), request.params.id);
      const { externalGroup, provider } = await checkedMapping(ctx.db, request.body);
      requireCanGrant(callerOf(request), await groupPrivilegeNames(ctx.db, group.uuid), 'path.id');
      try {
        const { rows } = await ctx.db.query<MappingRow>(
          `UPDATE user_group_mappings SET external_group = $3, provider_uuid = $4 WHERE uuid = $1 AND user_group_uuid = $2
           RETURNING uuid, user_group_uuid, provider_uuid, external_group`,
          [request.params.mappingId, group.uuid, externalGroup, provider],
        );
        if (!rows[0]) throw notFound('No such mapping');
        return mappingJson(rows[0]);
      } catch (error) {
        return mappingTaken(error);
      }
    },

    async deleteUserGroupMapping(request: FastifyRequest<{ Params: { id: string; mappingId: string } }>, reply: FastifyReply) {
      const group = await requireGroup(ctx.db, scopeOf(request), request.params.id);
      const { rowCount } = await ctx.db.query('DELETE FROM user_group_mappings WHERE uuid = $1 AND user_group_uuid = $2', [request.params.mappingId, group.uuid]);
      if (rowCount === 0) throw notFound('No such mapping');
      return reply.code(204).send();
    },
  };
}
