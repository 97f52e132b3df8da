import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Write } from '../../domain/contract';
import { groupPrivilegeNames, requireCanGrant } from '../access/privilegeHoldings';
import { keepingRootAdministration } from '../access/rootAdministration';
import { requireGroup, scopeOf } from '../access/scope';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { uniqueViolationField } from '../db/errors';
import { callerOf } from '../http/caller';
import { badRequest, conflict, HttpProblem, notFound } from '../http/problem';
import { authenticationProvidersRepository } from '../repositories/authenticationProviders';
import { formLevelsOfGroup, requireHoldsLevels } from '../manual-entry/access';
import { groupMappingsRepository, MAPPING_UNIQUE_FIELDS, type MappingRow } from '../repositories/groupMappings';
import { GROUP_PRIVILEGE_UNIQUE_FIELDS, privilegesRepository, type GroupPrivilegeRow } from '../repositories/privileges';

// GET /privileges (the catalogue), /user-groups/{id}/privileges and /user-groups/{id}/mapping.
// A user's effective privileges are the union of their groups' privileges per organization (the
// user_effective_privileges view). Mappings turn an identity provider's group into a membership
// at every sign-in (server/auth/externalUsers.ts). Nobody grants what they do not hold: a
// privilege given to a group, and a mapping that puts external users into a group, need the
// caller to hold the privilege, or every privilege of the group, in the group's organization, and
// the group's manual entry form levels.

type GroupParams = { Params: { id: string } };

type MappingBody = Write<'UserGroupMapping'>;

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
    const provider = await authenticationProvidersRepository(db).find(body.AuthenticationProviderUUID);
    if (!provider) errors.AuthenticationProviderUUID = ['does not exist'];
    else if (provider.provider_type === 'local') errors.AuthenticationProviderUUID = ['local users have no external groups'];
  }
  if (Object.keys(errors).length > 0) throw badRequest('Invalid mapping', errors);
  return { externalGroup, provider: body.AuthenticationProviderUUID ?? '' };
}

function mappingTaken(error: unknown): never {
  if (uniqueViolationField(error, MAPPING_UNIQUE_FIELDS) !== 'ExternalGroup') throw error;
  throw new HttpProblem(409, 'Conflict', { detail: 'This external group is mapped onto the group already', errors: { ExternalGroup: ['is mapped already'] } });
}

export function groupPrivilegesHandlers(ctx: AppContext) {
  return {
    async getPrivileges() {
      const rows = await privilegesRepository(ctx.db).catalogue();
      return rows.map((row) => ({ ID: row.id, UUID: row.uuid, Name: row.name, Description: row.description, IsSystem: row.is_system }));
    },

    async getUserGroupPrivileges(request: FastifyRequest<GroupParams>) {
      const group = await requireGroup(ctx.db, scopeOf(request), request.params.id);
      return (await privilegesRepository(ctx.db).ofGroup(group.uuid)).map(groupPrivilegeJson);
    },

    async createUserGroupPrivilege(request: FastifyRequest<GroupParams & { Body: { PrivilegeUUID: string } }>, reply: FastifyReply) {
      const group = await requireGroup(ctx.db, scopeOf(request), request.params.id);
      if (group.is_system) throw SYSTEM_GROUP_FIXED();
      const privileges = privilegesRepository(ctx.db);
      const name = await privileges.nameOf(request.body.PrivilegeUUID);
      if (name === undefined) throw badRequest('No such privilege', { PrivilegeUUID: ['does not exist'] });
      requireCanGrant(callerOf(request), [name], 'PrivilegeUUID');
      try {
        const row = await privileges.grant(group.uuid, request.body.PrivilegeUUID);
        return reply.code(201).send(groupPrivilegeJson({ ...row, name }));
      } catch (error) {
        if (uniqueViolationField(error, GROUP_PRIVILEGE_UNIQUE_FIELDS) !== 'PrivilegeUUID') throw error;
        throw new HttpProblem(409, 'Conflict', { detail: 'The group holds this privilege already', errors: { PrivilegeUUID: ['is held by the group already'] } });
      }
    },

    /**
     * The whole set at once (the group page's matrix saves with it): one transaction, so a refused
     * grant changes nothing. Only the privileges the group gains need the caller to hold them; one
     * the group keeps stays, as a withdrawal never needed it.
     */
    async replaceUserGroupPrivileges(request: FastifyRequest<GroupParams & { Body: Write<'GroupPrivilegeSet'> }>) {
      const group = await requireGroup(ctx.db, scopeOf(request), request.params.id);
      if (group.is_system) throw SYSTEM_GROUP_FIXED();
      const wanted = [...new Set(request.body.PrivilegeUUIDs)];
      const privileges = privilegesRepository(ctx.db);
      const names = await privileges.namesOf(wanted);
      const unknown = wanted.filter((uuid) => !names.has(uuid));
      if (unknown.length > 0) throw badRequest('No such privilege', { PrivilegeUUIDs: [`do not exist: ${unknown.join(', ')}`] });
      const held = new Set(await privileges.namesOfGroup(group.uuid));
      requireCanGrant(
        callerOf(request),
        [...names.values()].filter((name) => !held.has(name)),
        'PrivilegeUUIDs',
      );
      await keepingRootAdministration(ctx.db, (tx) => privilegesRepository(tx).replaceOfGroup(group.uuid, wanted));
      return (await privileges.ofGroup(group.uuid)).map(groupPrivilegeJson);
    },

    /** privilegeId is the privilege's UUID (SPEC §7); the group privilege's own UUID is accepted too. */
    async deleteUserGroupPrivilege(request: FastifyRequest<{ Params: { id: string; privilegeId: string } }>, reply: FastifyReply) {
      const group = await requireGroup(ctx.db, scopeOf(request), request.params.id);
      if (group.is_system) throw SYSTEM_GROUP_FIXED();
      const deleted = await keepingRootAdministration(ctx.db, (tx) => privilegesRepository(tx).revoke(group.uuid, request.params.privilegeId));
      if (deleted === 0) throw notFound('The group does not hold this privilege');
      return reply.code(204).send();
    },

    async getUserGroupMappings(request: FastifyRequest<GroupParams>) {
      const group = await requireGroup(ctx.db, scopeOf(request), request.params.id);
      return (await groupMappingsRepository(ctx.db).ofGroup(group.uuid)).map(mappingJson);
    },

    async createUserGroupMapping(request: FastifyRequest<GroupParams & { Body: MappingBody }>, reply: FastifyReply) {
      const group = await requireGroup(ctx.db, scopeOf(request), request.params.id);
      const { externalGroup, provider } = await checkedMapping(ctx.db, request.body);
      requireCanGrant(callerOf(request), await groupPrivilegeNames(ctx.db, group.uuid), 'path.id');
      await requireHoldsLevels(ctx.db, callerOf(request), group.organization_uuid, await formLevelsOfGroup(ctx.db, group.uuid), 'path.id');
      try {
        return reply.code(201).send(mappingJson(await groupMappingsRepository(ctx.db).create(group.uuid, externalGroup, provider)));
      } catch (error) {
        return mappingTaken(error);
      }
    },

    async updateUserGroupMapping(request: FastifyRequest<{ Params: { id: string; mappingId: string }; Body: MappingBody }>) {
      const group = await requireGroup(ctx.db, scopeOf(request), request.params.id);
      const { externalGroup, provider } = await checkedMapping(ctx.db, request.body);
      requireCanGrant(callerOf(request), await groupPrivilegeNames(ctx.db, group.uuid), 'path.id');
      await requireHoldsLevels(ctx.db, callerOf(request), group.organization_uuid, await formLevelsOfGroup(ctx.db, group.uuid), 'path.id');
      try {
        const row = await groupMappingsRepository(ctx.db).update(request.params.mappingId, group.uuid, externalGroup, provider);
        if (!row) throw notFound('No such mapping');
        return mappingJson(row);
      } catch (error) {
        return mappingTaken(error);
      }
    },

    async deleteUserGroupMapping(request: FastifyRequest<{ Params: { id: string; mappingId: string } }>, reply: FastifyReply) {
      const group = await requireGroup(ctx.db, scopeOf(request), request.params.id);
      const deleted = await groupMappingsRepository(ctx.db).delete(request.params.mappingId, group.uuid);
      if (deleted === 0) throw notFound('No such mapping');
      return reply.code(204).send();
    },
  };
}
