import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Write } from '../../domain/contract';
import { DEFAULT_PASSWORD } from '../../domain/constants';
import { hashPassword } from '../auth/password';
import { deleteOtherSessions, sessionIdOf } from '../auth/sessions';
import { createApiToken, deleteApiToken, listApiTokens } from '../auth/tokens';
import { cleanAttributes, loadUser } from '../auth/users';
import type { AppContext } from '../context';
import { callerOf } from '../http/caller';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../http/problem';
import { organizationsRepository } from '../repositories/organizations';
import { privilegesRepository } from '../repositories/privileges';
import { usersRepository } from '../repositories/users';
import { MIN_PASSWORD_LENGTH } from '../../domain/credentialRules';

// /current-user/*: the signed-in user's own profile, password, organizations, privileges and API
// tokens. The route declarations (x-historian-access: session) guarantee a caller.


type UserUpdateBody = Write<'UserUpdate'>;

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
      await usersRepository(ctx.db).mergeAttributes(json.UUID, { ...cleanAttributes(Attributes) });
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
      await usersRepository(ctx.db).setPassword(user.json.UUID, await hashPassword(Password), false);
      // Whoever else held a session with the old password is signed out; this browser stays in.
      await deleteOtherSessions(ctx.db, user.json.UUID, sessionIdOf(request));
      return reply.code(204).send();
    },

    async getCurrentUserOrganizations(request: FastifyRequest) {
      const rows = await organizationsRepository(ctx.db).ofMember(callerOf(request).userUuid);
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
      const rows = await privilegesRepository(ctx.db).heldBy(callerOf(request).userUuid);
      return rows.map((row) => ({ ID: row.privilege_id, UUID: row.privilege_uuid, Name: row.privilege_name, OrganizationUUID: row.organization_uuid }));
    },

    async getCurrentUserManualEntryFormPrivileges(request: FastifyRequest) {
      const rows = await privilegesRepository(ctx.db).manualEntryFormPrivilegesOf(callerOf(request).userUuid);
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
