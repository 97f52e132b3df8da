import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseDuration } from '../../domain/duration';
import type { Db } from '../db/db';
import { sessionsRepository } from '../repositories/sessions';

// Cookie sessions (ARCHITECTURE "Security model"): the cookie carries an opaque 256-bit random id,
// the table only its SHA-256, and XSRF-TOKEN is an HMAC of the id under the server's session
// secret (signed double submit): a page on another site can neither read it nor compute it.

export const SESSION_COOKIE = 'historian_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const SESSION_INACTIVE_SETTING = 'auth.session_inactive_duration';
export const DEFAULT_SESSION_INACTIVE_MS = 8 * 3_600_000;
/** last_seen_at is written at most this often, so a busy page does not write on every call. */
const MAX_TOUCH_INTERVAL_MS = 60_000;

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a session id or API token: enough to find it, not to replay it. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function xsrfTokenFor(secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(sessionId).digest('base64url');
}

export function xsrfMatches(secret: string, sessionId: string, header: string | undefined): boolean {
  if (header === undefined) return false;
  const expected = Buffer.from(xsrfTokenFor(secret, sessionId));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The inactivity limit from the root organization's setting; unset or unreadable means 8 h. */
export function sessionInactiveMs(setting: string | null | undefined): number {
  const parsed = setting == null ? undefined : parseDuration(setting.trim());
  return parsed !== undefined && parsed > 0 ? parsed : DEFAULT_SESSION_INACTIVE_MS;
}

export async function createSession(db: Db, userUuid: string): Promise<string> {
  const id = newSecretToken();
  const sessions = sessionsRepository(db);
  const inactiveMs = sessionInactiveMs(await sessions.rootSettingValue(SESSION_INACTIVE_SETTING));
  await sessions.create(tokenHash(id), userUuid, inactiveMs);
  // Expired rows of everyone are dropped here, at the one moment sessions are written anyway.
  await sessions.deleteIdle(inactiveMs);
  return id;
}

/**
 * A live session's user and the access_generation read with it, sliding its inactivity window;
 * undefined when the session is unknown or idle too long.
 */
export async function findSession(db: Db, sessionId: string): Promise<{ userUuid: string; accessGeneration: bigint | undefined } | undefined> {
  const idHash = tokenHash(sessionId);
  const sessions = sessionsRepository(db);
  const row = await sessions.find(idHash, SESSION_INACTIVE_SETTING);
  if (!row) return undefined;
  // The database's clock on both sides of the comparison, so app and database clocks may differ.
  const inactiveMs = sessionInactiveMs(row.inactive);
  if (row.idle_ms >= inactiveMs) {
    await sessions.delete(idHash);
    return undefined;
  }
  // Bounded by a tenth of the limit, so skipping writes never shortens a session by more than that.
  if (row.idle_ms >= Math.min(MAX_TOUCH_INTERVAL_MS, inactiveMs / 10)) await touchOnce(db, idHash, () => sessions.touch(idHash, inactiveMs));
  return { userUuid: row.user_uuid, accessGeneration: row.access_generation === null ? undefined : BigInt(row.access_generation) };
}

// The calls of one page arrive together: each reads the session before any has written it, and
// each would write it. One write per session at a time is enough; the others wait for it.
const touching = new WeakMap<Db, Map<string, Promise<void>>>();

function touchOnce(db: Db, idHash: string, touch: () => Promise<void>): Promise<void> {
  let running = touching.get(db);
  if (!running) touching.set(db, (running = new Map()));
  const inFlight = running.get(idHash);
  if (inFlight) return inFlight;
  const started = touch().finally(() => running.delete(idHash));
  running.set(idHash, started);
  return started;
}

export async function findSessionUser(db: Db, sessionId: string): Promise<string | undefined> {
  return (await findSession(db, sessionId))?.userUuid;
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await sessionsRepository(db).delete(tokenHash(sessionId));
}

/** Ends every other session of the user, e.g. after a password change. */
export async function deleteOtherSessions(db: Db, userUuid: string, keepSessionId: string | undefined): Promise<void> {
  await sessionsRepository(db).deleteOthers(userUuid, keepSessionId ? tokenHash(keepSessionId) : undefined);
}

function cookieOptions(request: FastifyRequest, httpOnly: boolean) {
  // Secure only over HTTPS (as seen through a trusted proxy): plant networks often run plain HTTP
  // on a LAN, where a Secure cookie would never come back and nobody could sign in.
  return { path: '/', httpOnly, sameSite: 'strict' as const, secure: request.protocol === 'https' };
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, sessionId: string, secret: string): void {
  reply.setCookie(SESSION_COOKIE, sessionId, cookieOptions(request, true));
  // Readable by the client, which echoes it in the x-xsrf-token header.
  reply.setCookie(XSRF_COOKIE, xsrfTokenFor(secret, sessionId), cookieOptions(request, false));
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request, true));
  reply.clearCookie(XSRF_COOKIE, cookieOptions(request, false));
}

export function sessionIdOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  return value === undefined || value === '' ? undefined : value;
}
