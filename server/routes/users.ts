import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_PASSWORD } from '../../src/lib/constants';
import { keepingRootAdministration } from '../access/rootAdministration';
import { isUniqueViolation, isUserExclusive, requireVisibleUser, scopeOf, userVisibleSql, type Scope } from '../access/scope';
import { hashPassword } from '../auth/password';
import { deleteOtherSessions } from '../auth/sessions';
import { createApiToken, deleteApiToken, listApiTokens } from '../auth/tokens';
import { cleanAttributes, SELECT_USERS, userJson, type UserAttributesJson, type UserRow } from '../auth/users';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { LOCAL_PROVIDER_NAME } from '../db/seed';
import { callerOf } from '../http/caller';
import { badRequest, conflict, forbidden, HttpProblem, notFound } from '../http/problem';
import { MIN_PASSWORD_LENGTH } from './currentUser';
import { explainAccess } from '../access/explainAccess';

// /users: the users an organization sees (created there, or in one of its groups; every user at
// root). Changing or deleting a user from an organization needs the user to belong to it alone
// (scope.ts). Passwords and tokens of other users are root-level calls.

interface UserCreateBody {
  Name: string;
  Password?: string;
  Attributes?: UserAttributesJson;
  AuthenticationProviderUUID?: string;
}

interface UserUpdateBody {
  UUID?: string;
  Name: string;
  Attributes?: UserAttributesJson;
}

type IdParams = { Params: { id: string } };

async function loadRow(db: Db, uuid: string): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(`${SELECT_USERS} WHERE u.uuid = $1`, [uuid]);
  if (!rows[0]) throw notFound('No such user');
  return rows[0];
}

/** 404 unless visible, 409 unless it belongs to this organization alone. */
async function requireManageable(db: Db, scope: Scope, uuid: string): Promise<void> {
  await requireVisibleUser(db, scope, uuid);
  if (!(await isUserExclusive(db, scope, uuid))) {
    throw conflict('The user belongs to other organizations too; the root administration changes such users', 'users.errors.shared_user');
  }
}

function nameTaken(error: unknown): never {
  if (!isUniqueViolation(error)) throw error;
  throw new HttpProblem(409, 'Conflict', { detail: 'The name is already in use', errors: { Name: ['is already in use'] } });
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw badRequest(`The password needs at least ${MIN_PASSWORD_LENGTH} characters`, { Password: [`must have at least ${MIN_PASSWORD_LENGTH} characters`] });
  }
}

async function providerOf(db: Db, uuid: string | undefined): Promise<{ uuid: string; type: string }> {
  const { rows } = await db.query<{ uuid: string; provider_type: string }>(
    uuid === undefined
      ? 'SELECT uuid, provider_type FROM authentication_providers WHERE lower(provider_name) = lower($1)'
      : 'SELECT uuid, provider_type FROM authentication_providers WHERE uuid = $1',
    [uuid ?? LOCAL_PROVIDER_NAME],
  );
  if (!rows[0]) throw badRequest('No such authentication provider', { AuthenticationProviderUUID: ['does not exist'] });
  return { uuid: rows[0].uuid, type: rows[0].provider_type };
}

export function usersHandlers(ctx: AppContext) {
  return {
    async getUsers(request: FastifyRequest<{ Querystring: { Limit?: number; Page?: number } }>, reply: FastifyReply) {
      const scope = scopeOf(request);
      const limit = request.query.Limit ?? 100;
      const offset = ((request.query.Page ?? 1) - 1) * limit;
      // At root $1 is NULL and every user counts.
      const where = scope.isRoot ? '$1::uuid IS NULL' : userVisibleSql('$1::uuid');
      const params = [scope.isRoot ? null : scope.organizationUuid];
      const total = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${where}`, params);
      const { rows } = await ctx.db.query<UserRow>(`${SELECT_USERS} WHERE ${where} ORDER BY lower(u.name), u.uuid LIMIT $2 OFFSET $3`, [
        ...params,
        limit,
        offset,
      ]);
      reply.header('x-total-count', String(total.rows[0].n));
      return rows.map(userJson);
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
        const { rows } = await ctx.db.query<{ uuid: string }>(
          `INSERT INTO users (name, password_hash, provider_uuid, attributes, organization_uuid, must_change_password)
           VALUES ($1, $2, $3, $4::jsonb, $5, $6) RETURNING uuid`,
          [name, hash, provider.uuid, JSON.stringify(attributes), scope.isRoot ? null : scope.organizationUuid, body.Password === DEFAULT_PASSWORD],
        );
        return reply.code(201).send(userJson(await loadRow(ctx.db, rows[0].uuid)));
      } catch (error) {
        return nameTaken(error);
      }
    },

    async getUser(request: FastifyRequest<IdParams>) {
      await requireVisibleUser(ctx.db, scopeOf(request), request.params.id);
      return userJson(await loadRow(ctx.db, request.params.id));
    },

    async updateUser(request: FastifyRequest<IdParams & { Body: UserUpdateBody }>) {
      const scope = scopeOf(request);
      const { id } = request.params;
      await requireManageable(ctx.db, scope, id);
      const body = request.body;
      if (body.UUID !== undefined && body.UUID.toLowerCase() !== id.toLowerCase()) throw badRequest('UUID does not match the path', { UUID: ['does not match'] });
      const name = body.Name.trim();
      if (name === '') throw badRequest('Name is required', { Name: ['is required'] });
      try {
        await ctx.db.query('UPDATE users SET name = $2, attributes = attributes || $3::jsonb, updated_at = now() WHERE uuid = $1', [
          id,
          name,
          JSON.stringify(cleanAttributes(body.Attributes)),
        ]);
      } catch (error) {
        nameTaken(error);
      }
      return userJson(await loadRow(ctx.db, id));
    },

    async deleteUser(request: FastifyRequest<IdParams>, reply: FastifyReply) {
      const scope = scopeOf(request);
      const { id } = request.params;
      await requireManageable(ctx.db, scope, id);
      if (id.toLowerCase() === callerOf(request).userUuid) throw conflict('You cannot delete yourself', 'users.errors.delete_self');
      await keepingRootAdministration(ctx.db, (tx) => tx.query('DELETE FROM users WHERE uuid = $1', [id]));
      return reply.code(204).send();
    },

    async getUserAccess(request: FastifyRequest<IdParams>) {
      const scope = scopeOf(request);
      await requireVisibleUser(ctx.db, scope, request.params.id);
      return explainAccess(ctx.db, request.params.id, scope.organizationUuid);
    },

    /** Root level (MANAGE_USERS at root): sets a local user's password and ends their sessions. */
    async updateUserPassword(request: FastifyRequest<IdParams & { Body: { Password: string } }>, reply: FastifyReply) {
      const user = await loadRow(ctx.db, request.params.id);
      if (user.provider_type !== 'local') throw conflict('Only local users have a password here');
      const { Password } = request.body;
      // The default password is allowed on purpose: the user then must change it at sign-in.
      checkPassword(Password);
      await ctx.db.query('UPDATE users SET password_hash = $2, must_change_password = $3, updated_at = now() WHERE uuid = $1', [
        user.uuid,
        await hashPassword(Password),
        Password === DEFAULT_PASSWORD,
      ]);
      await deleteOtherSessions(ctx.db, user.uuid, undefined);
      return reply.code(204).send();
    },

    async getUserTokens(request: FastifyRequest<IdParams>) {
      const user = await loadRow(ctx.db, request.params.id);
      return listApiTokens(ctx.db, user.uuid);
    },

    async createUserToken(request: FastifyRequest<IdParams & { Body: { Name: string } }>, reply: FastifyReply) {
      // As for one's own tokens: a leaked token must not mint more.
      if (callerOf(request).via !== 'session') throw forbidden('Only a signed-in session can do this, not an API token');
      const user = await loadRow(ctx.db, request.params.id);
      const created = await createApiToken(ctx.db, user.uuid, request.body.Name);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(created);
    },

    async deleteUserToken(request: FastifyRequest<{ Params: { id: string; tokenId: string } }>, reply: FastifyReply) {
      const user = await loadRow(ctx.db, request.params.id);
      if (!(await deleteApiToken(ctx.db, user.uuid, request.params.tokenId))) throw notFound('No such token');
      return reply.code(204).send();
    },
  };
}
