import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { sessionSecretOf } from './authState';
import { createSession, deleteSession, sessionIdOf, setSessionCookies } from './sessions';

/**
 * Starts a session for a user who has just proven who they are. Always a new id (a session id
 * planted in the browser before sign-in is worthless afterwards), and the session the browser
 * held before, if any, ends.
 */
export async function startSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, userUuid: string): Promise<void> {
  const previous = sessionIdOf(request);
  if (previous !== undefined) await deleteSession(ctx.db, previous);
  const sessionId = await createSession(ctx.db, userUuid);
  setSessionCookies(request, reply, sessionId, await sessionSecretOf(ctx));
}
