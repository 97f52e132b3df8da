import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './problem';

/**
 * Who is calling, resolved once per request by the auth plugin (server/http/authPlugin.ts) before
 * any handler runs. Handlers read it through `callerOf(request)`, never from headers themselves.
 */
export interface Caller {
  userUuid: string;
  userName: string;
  /** The organization named by x-organization-uuid, once checked to be one of the user's; else null. */
  organizationUuid: string | null;
  rootOrganizationUuid: string;
  /** Privilege names the user holds in organizationUuid (empty when it is null). */
  privileges: ReadonlySet<string>;
  /** Privilege names the user holds in the root organization (SPEC §6 "held at root level"). */
  rootPrivileges: ReadonlySet<string>;
  via: 'session' | 'token';
  /** A local user still holding the default password: only a few calls are open to them. */
  mustChangePassword: boolean;
  /**
   * Set when the call comes with a token someone else minted for the user: per organization UUID,
   * the most it may act with (server/auth/tokens.ts). privileges and rootPrivileges are cut down
   * to it already; checks in a third organization go through capAllows.
   */
  tokenCap?: ReadonlyMap<string, ReadonlySet<string>>;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

/** The signed-in caller; 401 when the route let an anonymous request through (public routes). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

/** SPEC §6: a check passes only if every named privilege is held. */
export function holdsAll(held: ReadonlySet<string>, needed: readonly string[]): boolean {
  return needed.every((name) => held.has(name));
}

/** False when the caller's token may not use `privilege` in `organizationUuid`, whatever the user holds. */
export function capAllows(caller: Caller, organizationUuid: string, privilege: string): boolean {
  return caller.tokenCap === undefined || (caller.tokenCap.get(organizationUuid)?.has(privilege) ?? false);
}

/** The organization the call acts in; for routes declared `organization` it is always set. */
export function organizationOf(request: FastifyRequest): string {
  const { organizationUuid } = callerOf(request);
  if (organizationUuid === null) throw forbidden('This call needs an organization (x-organization-uuid)');
  return organizationUuid;
}

/** For handlers with a finer rule than the route's declaration, e.g. P-ADM-SD for "save as default". */
export function requirePrivileges(request: FastifyRequest, needed: readonly string[], level: 'organization' | 'root' = 'organization') {
  const caller = callerOf(request);
  const held = level === 'root' ? caller.rootPrivileges : caller.privileges;
  if (!holdsAll(held, needed)) throw forbidden(`Missing privilege: ${needed.filter((name) => !held.has(name)).join(', ')}`);
}
