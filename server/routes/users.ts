import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Write } from '../../domain/contract';
import { DEFAULT_PASSWORD } from '../../domain/constants';
import { PRIVILEGES } from '../../domain/privilegeNames';
import { callerHoldings, requireHoldsEverythingOf } from '../access/privilegeHoldings';
import { keepingRootAdministration } from '../access/rootAdministration';
import { organizationsOfUsers } from '../access/userOrganizations';
import { isUserExclusive, requireVisibleUser, scopeOf, type Scope } from '../access/scope';
import { hashPassword } from '../auth/password';
import { deleteOtherSessions } from '../auth/sessions';
import { createApiToken, deleteApiToken, listApiTokens } from '../auth/tokens';
import { cleanAttributes, userJson, type UserRow } from '../auth/users';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { uniqueViolationField } from '../db/errors';
import { LOCAL_PROVIDER_NAME } from '../db/seed';
import { callerOf, requirePrivileges } from '../http/caller';
import { badRequest, conflict, forbidden, HttpProblem, notFound } from '../http/problem';
import { authenticationProvidersRepository } from '../repositories/authenticationProviders';
import { keywordOf } from '../repositories/keyword';
import { USER_UNIQUE_FIELDS, usersRepository } from '../repositories/users';
import { MIN_PASSWORD_LENGTH } from '../../domain/credentialRules';
import { explainAccess } from '../access/explainAccess';

// /users: the users an organization sees (created there, or in one of its groups; every user at
// root). Changing or deleting a user from an organization needs the user to belong to it alone
// (scope.ts). Passwords and tokens of other users are root-level calls. Changing a user, setting
// a password, listing, minting or revoking tokens, or deleting needs the caller to hold every
// privilege the user holds, wherever the user holds it; a token minted for another user carries
// at most the caller's privileges.

type UserCreateBody = Write<'UserCreate'>;

type UserUpdateBody = Write<'UserUpdate'>;

type IdParams = { Params: { id: string } };

/** Who sees a user's root-level grants in "explain access": what GET /users/{id}/access needs, held at root. */
const ROOT_ACCESS_READERS = [PRIVILEGES.ReadUsers, PRIVILEGES.ReadUserGroups];

/** The contract's User with the organizations the user belongs to, as far as the caller may see them. */
async function usersJson(db: Db, request: FastifyRequest, rows: readonly UserRow[]) {
  const organizations = await organizationsOfUsers(db, callerOf(request), rows.map((row) => row.uuid));
  return rows.map((row) => ({ ...userJson(row), Organizations: organizations.get(row.uuid) ?? [] }));
}

async function userWithOrganizations(db: Db, request: FastifyRequest, uuid: string) {
  const [json] = await usersJson(db, request, [await loadRow(db, uuid)]);
  return json;
}

async function loadRow(db: Db, uuid: string): Promise<UserRow> {
  const row = await usersRepository(db).find(uuid);
  if (!row) throw notFound('No such user');
  return row;
}

/** 404 unless visible, 409 unless it belongs to this organization alone. */
async function requireManageable(db: Db, scope: Scope, uuid: string): Promise<void> {
  await requireVisibleUser(db, scope, uuid);
  if (!(await isUserExclusive(db, scope, uuid))) {
    throw conflict('The user belongs to other organizations too; the root administration changes such users', 'users.errors.shared_user');
  }
}

function nameTaken(error: unknown): never {
  if (uniqueViolationField(error, USER_UNIQUE_FIELDS) !== 'Name') throw error;
  throw new HttpProblem(409, 'Conflict', {
    detail: 'The name is already in use; an existing user joins this organization when added to one of its groups by their user name',
    errors: { Name: ['is already in use'] },
  });
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw badRequest(`The password needs at least ${MIN_PASSWORD_LENGTH} characters`, { Password: [`must have at least ${MIN_PASSWORD_LENGTH} characters`] });
  }
}

async function providerOf(db: Db, uuid: string | undefined): Promise<{ uuid: string; type: string }> {
  const providers = authenticationProvidersRepository(db);
  const provider = uuid === undefined ? await providers.findByName(LOCAL_PROVIDER_NAME) : await providers.find(uuid);
  if (!provider) throw badRequest('No such authentication provider', { AuthenticationProviderUUID: ['does not exist'] });
  return { uuid: provider.uuid, type: provider.provider_type };
}

export function usersHandlers(ctx: AppContext) {
  return {
    async getUsers(request: FastifyRequest<{ Querystring: { Limit?: number; Page?: number; Keyword?: string; AllOrganizations?: boolean } }>, reply: FastifyReply) {
      const scope = scopeOf(request);
      const limit = request.query.Limit ?? 100;
      const offset = ((request.query.Page ?? 1) - 1) * limit;
      // Every user, for the group pickers of a root user administrator in any organization.
      const everyone = scope.isRoot || request.query.AllOrganizations === true;
      if (everyone) requirePrivileges(request, [PRIVILEGES.ReadUsers], 'root');
      const { rows, total } = await usersRepository(ctx.db).list(everyone ? null : scope.organizationUuid, limit, offset, keywordOf(request.query.Keyword));
      reply.header('x-total-count', String(total));
      return usersJson(ctx.db, request, rows);
    },

    async createUser(request: FastifyRequest<{ Body: UserCreateBody }>, reply: FastifyReply) {
      const scope = scopeOf(request);
      const body = request.body;
      const name = body.Name.trim();
      if (name === '') throw badRequest('Name is required', { Name: ['is required'] });
      const provider = await providerOf(ctx.db, body.AuthenticationProviderUUID);
      // A local user signs in with a password only; without one the account could never be used.
      if (provider.type === 'local' && body.Password === undefined) {
        throw badRequest('A local user needs a password', { Password: ['is required'] });
      }
      if (body.Password !== undefined && provider.type !== 'local') {
        throw badRequest('Only local users have a password', { Password: ['only local users have a password'] });
      }
      if (body.Password !== undefined) checkPassword(body.Password);
      const hash = body.Password === undefined ? null : await hashPassword(body.Password);
      const attributes = { Locale: 'en', ExperimentalFeatures: false, ...cleanAttributes(body.Attributes) };
      try {
        const uuid = await usersRepository(ctx.db).create({
          name,
          passwordHash: hash,
          providerUuid: provider.uuid,
          attributes,
          organizationUuid: scope.isRoot ? null : scope.organizationUuid,
          mustChangePassword: body.Password === DEFAULT_PASSWORD,
        });
        return reply.code(201).send(await userWithOrganizations(ctx.db, request, uuid));
      } catch (error) {
        return nameTaken(error);
      }
    },

    async getUser(request: FastifyRequest<IdParams>) {
      await requireVisibleUser(ctx.db, scopeOf(request), request.params.id);
      return userWithOrganizations(ctx.db, request, request.params.id);
    },

    async updateUser(request: FastifyRequest<IdParams & { Body: UserUpdateBody }>) {
      const scope = scopeOf(request);
      const { id } = request.params;
      await requireManageable(ctx.db, scope, id);
      // Renaming someone above the caller would let them pass as that person, or lock them out.
      await requireHoldsEverythingOf(ctx.db, callerOf(request), id);
      const body = request.body;
      if (body.UUID !== undefined && body.UUID.toLowerCase() !== id.toLowerCase()) throw badRequest('UUID does not match the path', { UUID: ['does not match'] });
      const name = body.Name.trim();
      if (name === '') throw badRequest('Name is required', { Name: ['is required'] });
      try {
        await usersRepository(ctx.db).update(id, name, { ...cleanAttributes(body.Attributes) });
      } catch (error) {
        nameTaken(error);
      }
      return userWithOrganizations(ctx.db, request, id);
    },

    async deleteUser(request: FastifyRequest<IdParams>, reply: FastifyReply) {
      const scope = scopeOf(request);
      const { id } = request.params;
      await requireManageable(ctx.db, scope, id);
      if (id.toLowerCase() === callerOf(request).userUuid) throw conflict('You cannot delete yourself', 'users.errors.delete_self');
      await requireHoldsEverythingOf(ctx.db, callerOf(request), id);
      await keepingRootAdministration(ctx.db, (tx) => usersRepository(tx).delete(id));
      return reply.code(204).send();
    },

    async getUserAccess(request: FastifyRequest<IdParams>) {
      const scope = scopeOf(request);
      await requireVisibleUser(ctx.db, scope, request.params.id);
      // The sidebar also reads root privileges (SPEC §2), so they are explained to whoever could
      // read them at root anyway.
      const { rootOrganizationUuid, rootPrivileges } = callerOf(request);
      const readsRoot = ROOT_ACCESS_READERS.every((name) => rootPrivileges.has(name));
      const organizations = scope.isRoot || !readsRoot ? [scope.organizationUuid] : [scope.organizationUuid, rootOrganizationUuid];
      return explainAccess(ctx.db, request.params.id, organizations);
    },

    /** Root level (MANAGE_USERS at root): sets a local user's password and ends their sessions. */
    async updateUserPassword(request: FastifyRequest<IdParams & { Body: { Password: string } }>, reply: FastifyReply) {
      const user = await loadRow(ctx.db, request.params.id);
      await requireHoldsEverythingOf(ctx.db, callerOf(request), user.uuid);
      if (user.provider_type !== 'local') throw conflict('Only local users have a password here');
      const { Password } = request.body;
      // The default password is allowed on purpose: the user then must change it at sign-in.
      checkPassword(Password);
      await usersRepository(ctx.db).setPassword(user.uuid, await hashPassword(Password), Password === DEFAULT_PASSWORD);
      await deleteOtherSessions(ctx.db, user.uuid, undefined);
      return reply.code(204).send();
    },

    async getUserTokens(request: FastifyRequest<IdParams>) {
      const user = await loadRow(ctx.db, request.params.id);
      await requireHoldsEverythingOf(ctx.db, callerOf(request), user.uuid);
      return listApiTokens(ctx.db, user.uuid);
    },

    async createUserToken(request: FastifyRequest<IdParams & { Body: { Name: string } }>, reply: FastifyReply) {
      // As for one's own tokens: a leaked token must not mint more.
      const caller = callerOf(request);
      if (caller.via !== 'session') throw forbidden('Only a signed-in session can do this, not an API token');
      const user = await loadRow(ctx.db, request.params.id);
      await requireHoldsEverythingOf(ctx.db, caller, user.uuid);
      // Capped at what the caller holds now, so that what the user gains later stays out of it.
      const cap = user.uuid === caller.userUuid ? undefined : await callerHoldings(ctx.db, caller);
      const created = await createApiToken(ctx.db, user.uuid, request.body.Name, cap);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(created);
    },

    async deleteUserToken(request: FastifyRequest<{ Params: { id: string; tokenId: string } }>, reply: FastifyReply) {
      const user = await loadRow(ctx.db, request.params.id);
      // Revoking a superior's tokens would cut off their automation.
      await requireHoldsEverythingOf(ctx.db, callerOf(request), user.uuid);
      if (!(await deleteApiToken(ctx.db, user.uuid, request.params.tokenId))) throw notFound('No such token');
      return reply.code(204).send();
    },
  };
}
