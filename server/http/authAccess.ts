import { ALL_PRIVILEGE_NAMES } from '../../domain/privilegeNames';

// How a contract operation declares who may call it. fastify-openapi-glue copies an operation's
// x- extensions onto the route schema (lib/Parser.v3.js makeSchema), so the declarations in
// openapi/historian.yaml reach the auth plugin as `request.routeOptions.schema['x-historian-…']`.
//
//   x-historian-access: public | session | organization | root | collector
//     public        anyone; no caller is resolved.
//     session       any signed-in user (session cookie or API token).
//     organization  x-organization-uuid must name one of the user's organizations; privileges are
//                   checked there.
//     root          privileges are checked in the root organization; no organization needed.
//     collector     only a collector token (historian_col_…); the call acts as that one collector
//                   in its own organization, never as a user (request.collector, not request.caller).
//   x-historian-privileges: [NAME, …]          every one must be held (SPEC §6).
//   x-historian-organization-optional: true     (organization only) without the header the call
//                                               acts at root level and privileges are checked there.
//   x-historian-allow-default-password: true    open to a user who must still change the default
//                                               password (GET /current-user, PATCH its password).

export const ACCESS_LEVELS = ['public', 'session', 'organization', 'root', 'collector'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export interface RouteAccess {
  access: AccessLevel;
  privileges: readonly string[];
  organizationOptional: boolean;
  allowDefaultPassword: boolean;
}

function isAccessLevel(value: unknown): value is AccessLevel {
  return typeof value === 'string' && ACCESS_LEVELS.some((level) => level === value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const knownPrivileges = new Set(ALL_PRIVILEGE_NAMES);

/**
 * The access a route declares, or an error message when the declaration is missing or wrong.
 * Checked for every contract route at start-up, so a forgotten annotation stops the server
 * instead of leaving a route open.
 */
export function readRouteAccess(schema: unknown): RouteAccess | string {
  if (!isRecord(schema)) return 'has no schema';
  const access = schema['x-historian-access'];
  if (!isAccessLevel(access)) return `x-historian-access must be one of ${ACCESS_LEVELS.join(', ')}`;
  const rawPrivileges = schema['x-historian-privileges'] ?? [];
  if (!Array.isArray(rawPrivileges) || !rawPrivileges.every((name) => typeof name === 'string')) {
    return 'x-historian-privileges must be a list of privilege names';
  }
  const privileges: string[] = rawPrivileges.filter((name): name is string => typeof name === 'string');
  const unknown = privileges.filter((name) => !knownPrivileges.has(name));
  if (unknown.length > 0) return `x-historian-privileges names unknown privileges: ${unknown.join(', ')}`;
  if (privileges.length > 0 && (access === 'public' || access === 'session' || access === 'collector')) {
    return `x-historian-privileges needs access organization or root, not ${access}`;
  }
  const organizationOptional = schema['x-historian-organization-optional'] === true;
  if (organizationOptional && access !== 'organization') return 'x-historian-organization-optional needs access organization';
  return { access, privileges, organizationOptional, allowDefaultPassword: schema['x-historian-allow-default-password'] === true };
}
