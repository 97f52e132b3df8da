import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Write } from '../../domain/contract';
import { checkLdapPassword } from '../auth/ldapLogin';
import { checkLocalPassword } from '../auth/localLogin';
import { clearFailures, forgetExpiredAttempts, reserveAttempt } from '../auth/loginThrottle';
import { completeOidcLogin, OIDC_BROWSER_COOKIE, oidcCookieOptions, startOidcLogin } from '../auth/oidcLogin';
import { findProviderByName, listAuthOptions } from '../auth/providers';
import { clearSessionCookies, deleteSession, sessionIdOf } from '../auth/sessions';
import { startSession } from '../auth/signIn';
import { loadUser } from '../auth/users';
import type { AppContext } from '../context';
import { badRequest, HttpProblem, notFound } from '../http/problem';

// Sign-in and sign-out (SPEC §7 /auth/*). All public in the contract: they run before a session
// exists, so they check what they need themselves.

interface ProviderParams {
  provider: string;
}

type LoginBody = Write<'LoginCredentials'>;

/** One answer for an unknown name and a wrong password, so the answer tells nothing about names. */
const loginFailed = () => new HttpProblem(401, 'Unauthorized', { detail: 'Wrong user name or password', code: 'users.errors.login' });

function noStore(reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}

export function authHandlers(ctx: AppContext) {
  return {
    async getAuthOptions() {
      return listAuthOptions(ctx.db);
    },

    async login(request: FastifyRequest<{ Params: ProviderParams; Body: LoginBody }>, reply: FastifyReply) {
      noStore(reply);
      const provider = await findProviderByName(ctx.db, request.params.provider);
      if (!provider) throw notFound('No such authentication provider');
      if (provider.type !== 'local' && provider.type !== 'ldap') throw badRequest('This provider signs in through its auth path, not with a password');
      const { Name, Password } = request.body;
      // PostgreSQL text cannot hold NUL: such a name is nobody's, and must not fail as a 500.
      if (Name.includes('\0') || Password.includes('\0')) throw loginFailed();
      // The slot is taken before the password is checked, so parallel guesses cannot pass the count together.
      await reserveAttempt(ctx.db, Name, request.ip);
      const userUuid =
        provider.type === 'ldap'
          ? await checkLdapPassword(ctx, request, provider, Name, Password)
          : await checkLocalPassword(ctx, provider.uuid, Name, Password);
      if (userUuid === undefined) {
        await forgetExpiredAttempts(ctx.db);
        throw loginFailed();
      }
      await clearFailures(ctx.db, Name, request.ip);
      const user = await loadUser(ctx.db, userUuid);
      if (!user) throw loginFailed();
      await startSession(ctx, request, reply, userUuid);
      return { User: user.json };
    },

    async logout(request: FastifyRequest<{ Params: ProviderParams }>, reply: FastifyReply) {
      const sessionId = sessionIdOf(request);
      if (sessionId !== undefined) await deleteSession(ctx.db, sessionId);
      clearSessionCookies(request, reply);
      reply.clearCookie(OIDC_BROWSER_COOKIE, oidcCookieOptions(request));
      return reply.code(204).send();
    },

    async startExternalLogin(
      request: FastifyRequest<{ Params: ProviderParams; Querystring: { id?: string; from?: string } }>,
      reply: FastifyReply,
    ) {
      noStore(reply);
      const location = await startOidcLogin(ctx, request, reply, request.params.provider, request.query);
      return reply.redirect(location, 302);
    },

    async completeExternalLogin(request: FastifyRequest<{ Params: ProviderParams }>, reply: FastifyReply) {
      noStore(reply);
      const location = await completeOidcLogin(ctx, request, reply, request.params.provider);
      return reply.redirect(location, 302);
    },
  };
}
