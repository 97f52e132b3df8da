import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZERO_UUID } from '../../domain/constants';
import { holdingsOf } from '../access/organizationHoldings';
import { changeOrganizationRolePassword, createOrganizationRole, dropOrganizationRole, roleExists } from '../access/organizationRole';
import { createDefaultCollectors } from '../collectors/defaults';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { uniqueViolationField } from '../db/errors';
import { SYSTEM_ACTOR } from '../db/seed';
import { callerOf } from '../http/caller';
import { assertBodyNamesPathItem } from '../http/pathUuid';
import { conflict, HttpProblem, notFound } from '../http/problem';
import { ORGANIZATION_UNIQUE_FIELDS, organizationsRepository, type OrganizationRow } from '../repositories/organizations';
import { privilegesRepository } from '../repositories/privileges';
import { userGroupsRepository } from '../repositories/userGroups';
import { usersRepository } from '../repositories/users';
import { checkOrganizationBody, type OrganizationBody } from './organizationRules';

// /organizations (root level, SPEC §5 rules in organizationRules.ts). A new organization gets a
// system group "Administrators" with every privilege and its creator as a member: organization
// calls need a membership there, so without it nobody could ever administer the new one.

export const ORGANIZATION_ADMINISTRATORS_GROUP = 'Administrators';
export const CREATE_ORGANIZATION_CODE = 'configurations.errors.create_organization';

/** PostgresPassword and its confirmation are write-only: never part of an answer. */
export function organizationJson(row: OrganizationRow) {
  return {
    UUID: row.uuid,
    Name: row.name,
    Description: row.description,
    IsRoot: row.is_root,
    // SPEC §5: the root organization has no licence or Postgres fields.
    ...(row.is_root || row.postgres_user === null ? {} : { PostgresUser: row.postgres_user }),
    LicenseUUID: row.is_root ? ZERO_UUID : row.license_uuid,
    Status: row.status,
  };
}

async function findOrganization(db: Db, uuid: string): Promise<OrganizationRow> {
  const row = await organizationsRepository(db).find(uuid);
  if (!row) throw notFound('No such organization');
  return row;
}

/** Unique indexes turned into field errors by their names (names, PostgreSQL users and licences are each used once). */
export function uniqueConflict(error: unknown): never {
  const field = uniqueViolationField(error, ORGANIZATION_UNIQUE_FIELDS);
  if (field === undefined) throw error;
  throw new HttpProblem(409, 'Conflict', { detail: `${field} is already in use`, errors: { [field]: ['is already in use'] }, code: CREATE_ORGANIZATION_CODE });
}

export function organizationsHandlers(ctx: AppContext) {
  return {
    async getOrganizations(request: FastifyRequest<{ Querystring: { Limit?: number; Page?: number } }>, reply: FastifyReply) {
      const limit = request.query.Limit ?? 100;
      const page = request.query.Page ?? 1;
      const { rows, total } = await organizationsRepository(ctx.db).list(limit, (page - 1) * limit);
      reply.header('x-total-count', String(total));
      return rows.map(organizationJson);
    },

    async getOrganization(request: FastifyRequest<{ Params: { id: string } }>) {
      return organizationJson(await findOrganization(ctx.db, request.params.id));
    },

    async createOrganization(request: FastifyRequest<{ Body: OrganizationBody }>, reply: FastifyReply) {
      const caller = callerOf(request);
      const body = request.body;
      const checked = await checkOrganizationBody(ctx.db, body, undefined);
      const postgresUser = checked.postgresUser ?? '';
      if (ctx.db.kind === 'postgres' && (await roleExists(ctx.db, postgresUser))) {
        throw new HttpProblem(409, 'Conflict', { detail: 'PostgresUser exists in the database already', errors: { PostgresUser: ['is already in use'] }, code: CREATE_ORGANIZATION_CODE });
      }
      try {
        const row = await ctx.db.transaction(async (tx) => {
          const organization = await organizationsRepository(tx).create({
            name: checked.name,
            description: body.Description ?? '',
            postgresUser,
            licenseUuid: checked.licenseUuid,
            status: body.Status ?? 'Active',
          });
          await addAdministratorsGroup(tx, organization.uuid, caller.userUuid, caller.userName);
          await createDefaultCollectors(tx, organization.uuid);
          if (tx.kind === 'postgres') await createOrganizationRole(tx, organization.uuid, postgresUser, body.PostgresPassword ?? '');
          return organization;
        });
        if (ctx.db.kind !== 'postgres') {
          request.log.info({ organization: row.uuid }, 'embedded database (PGlite): no PostgreSQL role is created, it takes no network logins');
        }
        return reply.code(201).send(organizationJson(row));
      } catch (error) {
        return uniqueConflict(error);
      }
    },

    async updateOrganization(request: FastifyRequest<{ Params: { id: string }; Body: OrganizationBody }>) {
      const existing = await findOrganization(ctx.db, request.params.id);
      const body = request.body;
      assertBodyNamesPathItem(body, existing.uuid);
      const checked = await checkOrganizationBody(ctx.db, body, existing);
      try {
        const row = await ctx.db.transaction(async (tx) => {
          const updated = await organizationsRepository(tx).update(existing.uuid, {
            name: checked.name,
            description: body.Description ?? existing.description,
            licenseUuid: checked.licenseUuid,
            status: existing.is_root ? 'Active' : (body.Status ?? existing.status),
          });
          if (!updated) throw notFound('No such organization');
          if (checked.newPassword !== undefined && tx.kind === 'postgres' && existing.postgres_user !== null) {
            await changeOrganizationRolePassword(tx, existing.postgres_user, checked.newPassword);
          }
          return updated;
        });
        return organizationJson(row);
      } catch (error) {
        return uniqueConflict(error);
      }
    },

    async deleteOrganization(request: FastifyRequest<{ Params: { id: string }; Querystring: { confirm?: boolean } }>, reply: FastifyReply) {
      const organization = await findOrganization(ctx.db, request.params.id);
      if (organization.is_root) throw conflict('The root organization cannot be deleted');
      const holdings = await holdingsOf(ctx.db, organization.uuid);
      if (Object.keys(holdings).length > 0 && request.query.confirm !== true) {
        const list = Object.entries(holdings).map(([kind, count]) => `${count} ${kind}`).join(', ');
        throw new HttpProblem(409, 'Conflict', {
          detail: `The organization still holds data that would be deleted with it: ${list}. Repeat with ?confirm=true.`,
          code: 'organizations.errors.holds_data',
          holdings,
        });
      }
      await ctx.db.transaction(async (tx) => {
        await usersRepository(tx).deleteExclusiveTo(organization.uuid);
        await organizationsRepository(tx).delete(organization.uuid);
        if (tx.kind === 'postgres') await dropOrganizationRole(tx, organization.uuid, organization.postgres_user);
      });
      return reply.code(204).send();
    },
  };
}

async function addAdministratorsGroup(tx: Db, organizationUuid: string, creatorUuid: string, creatorName: string): Promise<void> {
  const groups = userGroupsRepository(tx);
  const group = await groups.create({
    organizationUuid,
    name: ORGANIZATION_ADMINISTRATORS_GROUP,
    description: 'Holds every privilege of the organization',
    actor: creatorName || SYSTEM_ACTOR,
    isSystem: true,
  });
  await privilegesRepository(tx).grantSystemPrivileges(group.uuid);
  await groups.addMember(group.uuid, creatorUuid);
}
