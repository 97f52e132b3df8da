import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZERO_UUID } from '../../domain/constants';
import { holdingsOf, EXCLUSIVE_USERS_SQL } from '../access/organizationHoldings';
import { changeOrganizationRolePassword, createOrganizationRole, dropOrganizationRole, roleExists } from '../access/organizationRole';
import { isUniqueViolation } from '../access/scope';
import { createDefaultCollectors } from '../collectors/defaults';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { SYSTEM_ACTOR } from '../db/seed';
import { callerOf } from '../http/caller';
import { badRequest, conflict, HttpProblem, notFound } from '../http/problem';
import { checkOrganizationBody, type OrganizationBody } from './organizationRules';

// /organizations (root level, SPEC §5 rules in organizationRules.ts). A new organization gets a
// system group "Administrators" with every privilege and its creator as a member: organization
// calls need a membership there, so without it nobody could ever administer the new one.

export const ORGANIZATION_ADMINISTRATORS_GROUP = 'Administrators';
export const CREATE_ORGANIZATION_CODE = 'configurations.errors.create_organization';

interface OrganizationRow {
  uuid: string;
  name: string;
  description: string;
  is_root: boolean;
  postgres_user: string | null;
  license_uuid: string;
  status: 'Active' | 'Paused' | 'Deleted' | 'Initial';
}

const COLUMNS = 'uuid, name, description, is_root, postgres_user, license_uuid, status';

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
  const { rows } = await db.query<OrganizationRow>(`SELECT ${COLUMNS} FROM organizations WHERE uuid = $1`, [uuid]);
  if (!rows[0]) throw notFound('No such organization');
  return rows[0];
}

/** Unique indexes turned into field errors (names, PostgreSQL users and licences are each used once). */
function uniqueConflict(error: unknown): never {
  if (!isUniqueViolation(error)) throw error;
  const text = error instanceof Error ? error.message : '';
  const field = text.includes('postgres_user') ? 'PostgresUser' : text.includes('license') ? 'LicenseUUID' : 'Name';
  throw new HttpProblem(409, 'Conflict', { detail: `${field} is already in use`, errors: { [field]: ['is already in use'] }, code: CREATE_ORGANIZATION_CODE });
}

export function organizationsHandlers(ctx: AppContext) {
  return {
    async getOrganizations(request: FastifyRequest<{ Querystring: { Limit?: number; Page?: number } }>, reply: FastifyReply) {
      const limit = request.query.Limit ?? 100;
      const page = request.query.Page ?? 1;
      const total = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM organizations');
      const { rows } = await ctx.db.query<OrganizationRow>(
        `SELECT ${COLUMNS} FROM organizations ORDER BY is_root DESC, lower(name), uuid LIMIT $1 OFFSET $2`,
        [limit, (page - 1) * limit],
      );
      reply.header('x-total-count', String(total.rows[0].n));
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
          const { rows } = await tx.query<OrganizationRow>(
            `INSERT INTO organizations (name, description, postgres_user, license_uuid, status)
             VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
            [checked.name, body.Description ?? '', postgresUser, checked.licenseUuid, body.Status ?? 'Active'],
          );
          const organization = rows[0];
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
      if (body.UUID !== undefined && body.UUID.toLowerCase() !== existing.uuid) throw badRequest('UUID does not match the path', { UUID: ['does not match'] });
      const checked = await checkOrganizationBody(ctx.db, body, existing);
      try {
        const row = await ctx.db.transaction(async (tx) => {
          const { rows } = await tx.query<OrganizationRow>(
            `UPDATE organizations SET name = $2, description = $3, license_uuid = $4, status = $5, updated_at = now()
              WHERE uuid = $1 RETURNING ${COLUMNS}`,
            [existing.uuid, checked.name, body.Description ?? existing.description, checked.licenseUuid, existing.is_root ? 'Active' : (body.Status ?? existing.status)],
          );
          if (checked.newPassword !== undefined && tx.kind === 'postgres' && existing.postgres_user !== null) {
            await changeOrganizationRolePassword(tx, existing.postgres_user, checked.newPassword);
          }
          return rows[0];
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
        await tx.query(`DELETE FROM users WHERE uuid IN (${EXCLUSIVE_USERS_SQL})`, [organization.uuid]);
        await tx.query('DELETE FROM organizations WHERE uuid = $1', [organization.uuid]);
        if (tx.kind === 'postgres') await dropOrganizationRole(tx, organization.uuid, organization.postgres_user);
      });
      return reply.code(204).send();
    },
  };
}

async function addAdministratorsGroup(tx: Db, organizationUuid: string, creatorUuid: string, creatorName: string): Promise<void> {
  const { rows } = await tx.query<{ uuid: string }>(
    `INSERT INTO user_groups (organization_uuid, name, description, is_system, created_by, updated_by)
     VALUES ($1, $2, 'Holds every privilege of the organization', true, $3, $3) RETURNING uuid`,
    [organizationUuid, ORGANIZATION_ADMINISTRATORS_GROUP, creatorName || SYSTEM_ACTOR],
  );
  await tx.query('INSERT INTO user_group_privileges (user_group_uuid, privilege_uuid) SELECT $1, uuid FROM privileges WHERE is_system', [rows[0].uuid]);
  await tx.query('INSERT INTO user_group_users (user_group_uuid, user_uuid) VALUES ($1, $2)', [rows[0].uuid, creatorUuid]);
}
