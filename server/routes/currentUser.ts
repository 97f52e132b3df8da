import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_PASSWORD } from '../../domain/constants';
import { USER_ORGANIZATIONS_SQL } from '../auth/callerResolver';
import { hashPassword } from '../auth/password';
import { deleteOtherSessions, sessionIdOf } from '../auth/sessions';
import { createApiToken, deleteApiToken, listApiTokens } from '../auth/tokens';
import { cleanAttributes, loadUser, type UserAttributesJson } from '../auth/users';
import type { AppContext } from '../context';
import { callerOf } from '../http/caller';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../http/problem';

// /current-user/*: the signed-in user's own profile, password, organizations, privileges and API
// tokens. The route declarations (x-historian-access: session) guarantee a caller.

export const MIN_PASSWORD_LENGTH = 8;

interface UserUpdateBody {
  UUID?: string;
  Name: string;
  Attributes?: UserAttributesJson;
}

interface OrganizationRow {
  uuid: string;
  name: string;
  description: string;
  is_root: boolean;
  postgres_user: string | null;
  license_uuid: string;
  status: string;
}

async function currentUser(ctx: AppContext, request: FastifyRequest) {
  const user = await loadUser(ctx.db, callerOf(request).userUuid);
  if (!user) throw unauthorized('The user no longer exists');
  return user;
}

/**
 * A leaked API token must not turn into a lost account: the password and new tokens need the
 * session of someone who signed in.
 */
function requireSession(request: FastifyRequest) {
  if (callerOf(request).via !== 'session') throw forbidden('Only a signed-in session can do this, not an API token');
}

export function currentUserHandlers(ctx: AppContext) {
  return {
    async getCurrentUser(request: FastifyRequest) {
      return (await currentUser(ctx, request)).json;
    },

    /** Name is the sign-in name (or the provider's), so it is not changed here; administrators rename users. */
    async updateCurrentUser(request: FastifyRequest<{ Body: UserUpdateBody }>) {
      const { json } = await currentUser(ctx, request);
      const { UUID, Name, Attributes } = request.body;
      if (UUID !== undefined && UUID !== json.UUID) throw badRequest('UUID is not the signed-in user', { UUID: ['is not yours'] });
      if (Name !== json.Name) throw badRequest('The name cannot be changed here', { Name: ['cannot be changed'] });
      await ctx.db.query(`UPDATE users SET attributes = attributes || $2::jsonb, updated_at = now() WHERE uuid = $1`, [
        json.UUID,
        JSON.stringify(cleanAttributes(Attributes)),
      ]);
      return (await currentUser(ctx, request)).json;
    },

    async updateCurrentUserPassword(request: FastifyRequest<{ Body: { Password: string } }>, reply: FastifyReply) {
      requireSession(request);
      const user = await currentUser(ctx, request);
      if (user.providerType !== 'local') throw conflict('Only local users have a password here');
      const { Password } = request.body;
      if (Password === DEFAULT_PASSWORD) {
        throw badRequest('The new password must differ from the default one', { Password: ['is the default password'] }, 'users.errors.default_password');
      }
      if (Password.length < MIN_PASSWORD_LENGTH) {
        throw badRequest(
          `The password needs at least ${MIN_PASSWORD_LENGTH} characters`,
          { Password: [`must have at least ${MIN_PASSWORD_LENGTH} characters`] },
          'users.errors.update_password',
        );
      }
      await ctx.db.query('UPDATE users SET password_hash = $2, must_change_password = false, updated_at = now() WHERE uuid = $1', [
        user.json.UUID,
        await hashPassword(Password),
      ]);
      // Whoever else held a session with the old password is signed out; this browser stays in.
      await deleteOtherSessions(ctx.db, user.json.UUID, sessionIdOf(request));
      return reply.code(204).send();
    },

    async getCurrentUserOrganizations(request: FastifyRequest) {
      const { rows } = await ctx.db.query<OrganizationRow>(`${USER_ORGANIZATIONS_SQL} ORDER BY o.is_root, lower(o.name)`, [
        callerOf(request).userUuid,
      ]);
      return rows.map((row) => ({
        UUID: row.uuid,
        Name: row.name,
        Description: row.description,
        IsRoot: row.is_root,
        ...(row.postgres_user === null ? {} : { PostgresUser: row.postgres_user }),
        LicenseUUID: row.license_uuid,
        Status: row.status,
      }));
    },

    async getCurrentUserPrivileges(request: FastifyRequest) {
      const { rows } = await ctx.db.query<{ id: number; uuid: string; name: string; organization_uuid: string }>(
        `SELECT p.privilege_id AS id, p.privilege_uuid AS uuid, p.privilege_name AS name, p.organization_uuid
           FROM user_effective_privileges p JOIN organizations o ON o.uuid = p.organization_uuid
          WHERE p.user_uuid = $1 AND (o.is_root OR o.status <> 'Deleted')
          ORDER BY p.organization_uuid, p.privilege_name`,
        [callerOf(request).userUuid],
      );
      return rows.map((row) => ({ ID: row.id, UUID: row.uuid, Name: row.name, OrganizationUUID: row.organization_uuid }));
    },

    async getCurrentUserManualEntryFormPrivileges(request: FastifyRequest) {
      const { rows } = await ctx.db.query<{ form: string; organization_uuid: string; name: string }>(
        `SELECT DISTINCT m.manual_entry_form_uuid AS form, m.organization_uuid, m.name
           FROM manual_entry_form_privileges m JOIN user_group_users ugu ON ugu.user_group_uuid = m.user_group_uuid
          WHERE ugu.user_uuid = $1 ORDER BY 2, 1, 3`,
        [callerOf(request).userUuid],
      );
      return rows.map((row) => ({ ManualEntryFormUUID: row.form, OrganizationUUID: row.organization_uuid, Name: row.name }));
    },

    async getCurrentUserTokens(request: FastifyRequest) {
      return listApiTokens(ctx.db, callerOf(request).userUuid);
    },

    async createCurrentUserToken(request: FastifyRequest<{ Body: { Name: string } }>, reply: FastifyReply) {
      requireSession(request);
      const created = await createApiToken(ctx.db, callerOf(request).userUuid, request.body.Name);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(created);
    },

    async deleteCurrentUserToken(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
      if (!(await deleteApiToken(ctx.db, callerOf(request).userUuid, request.params.id))) throw notFound('No such token');
      return reply.code(204).send();
    },
  };
}
