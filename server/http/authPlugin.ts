import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionSecretOf } from '../auth/authState';
import { resolveCaller } from '../auth/callerResolver';
import { clearSessionCookies, findSession, sessionIdOf, XSRF_HEADER, xsrfMatches } from '../auth/sessions';
import { capCaller, findToken, type PrivilegeCap } from '../auth/tokens';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { readRouteAccess, type RouteAccess } from './authAccess';
import { assertDeclaredBodyType, declaredBodyTypes } from './authBodyTypes';
import { holdsAll, type Caller } from './caller';
import type { CollectorResolver } from './collectorCaller';
import { badRequest, forbidden, HttpProblem, unauthorized } from './problem';

// Every contract route declares its access (see authAccess.ts). This plugin checks it in
// onRequest, before the body is even read: an anonymous caller cannot make the server buffer a
// 200 MiB upload, and a forged request is refused before anything could change.

declare module 'fastify' {
  interface FastifyContextConfig {
    historianAccess?: RouteAccess;
    historianBodyTypes?: readonly string[];
  }
}

/**
 * Another kind of bearer value, tried after user API tokens: answers the user the value acts as.
 * (Collector tokens act as no user: they go through `collectorResolver` on collector routes.)
 */
export type BearerResolver = (db: Db, bearer: string) => Promise<string | undefined>;

export interface AuthPluginOptions {
  bearerResolvers?: readonly BearerResolver[];
  /** Resolves collector tokens on routes declared `collector`; without it those routes answer 401. */
  collectorResolver?: CollectorResolver;
}

export const ORGANIZATION_HEADER = 'x-organization-uuid';
export const DEFAULT_PASSWORD_CODE = 'users.errors.default_password';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function requestedOrganization(request: FastifyRequest): string | null {
  const value = headerOf(request, ORGANIZATION_HEADER);
  if (value === undefined || value === '') return null;
  if (!UUID.test(value)) throw badRequest(`${ORGANIZATION_HEADER} must be a UUID`, { [`header.${ORGANIZATION_HEADER}`]: ['must be a UUID'] });
  return value.toLowerCase();
}

async function authenticate(ctx: AppContext, options: AuthPluginOptions, request: FastifyRequest, reply: FastifyReply) {
  const authorization = headerOf(request, 'authorization');
  if (authorization !== undefined) {
    // A bearer value is never combined with the cookie: no XSRF check, since a browser on another
    // site cannot attach this header without a CORS preflight that this server never grants.
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!match) throw unauthorized('Only Bearer authorization is accepted');
    const token = await findToken(ctx.db, match[1]);
    let userUuid = token?.userUuid;
    for (const resolve of options.bearerResolvers ?? []) userUuid ??= await resolve(ctx.db, match[1]);
    if (userUuid === undefined) throw unauthorized('The token is unknown or revoked');
    const cap: PrivilegeCap | undefined = token?.cap;
    return { userUuid, via: 'token' as const, cap, accessGeneration: undefined };
  }
  const sessionId = sessionIdOf(request);
  if (sessionId === undefined) throw unauthorized('You are not logged in');
  // Checked before the session is even looked up, so a forged request does not slide it either.
  if (STATE_CHANGING.has(request.method) && !xsrfMatches(await sessionSecretOf(ctx), sessionId, headerOf(request, XSRF_HEADER))) {
    throw forbidden('The x-xsrf-token header is missing or does not belong to this session');
  }
  const session = await findSession(ctx.db, sessionId);
  if (session === undefined) {
    // Clearing XSRF-TOKEN too tells the client's session check (SPEC §4) that it is signed out.
    clearSessionCookies(request, reply);
    throw unauthorized('The session has expired');
  }
  return { userUuid: session.userUuid, via: 'session' as const, cap: undefined, accessGeneration: session.accessGeneration };
}

/** Collector routes take a collector token and nothing else: no session, no user token. */
async function authenticateCollector(ctx: AppContext, options: AuthPluginOptions, request: FastifyRequest) {
  const match = /^Bearer\s+(\S+)$/i.exec(headerOf(request, 'authorization') ?? '');
  if (!match) throw unauthorized('This call needs a collector token (Authorization: Bearer historian_col_…)');
  const collector = await options.collectorResolver?.(ctx.db, match[1]);
  if (!collector) throw unauthorized('The collector token is unknown or revoked');
  return collector;
}

function authorize(route: RouteAccess, caller: Caller, organizationDenied: boolean, organizationGiven: boolean): void {
  if (caller.mustChangePassword && !route.allowDefaultPassword) {
    throw new HttpProblem(403, 'Forbidden', { detail: 'Change the default password first', code: DEFAULT_PASSWORD_CODE });
  }
  let held: ReadonlySet<string> = caller.rootPrivileges;
  if (route.access === 'organization') {
    // Unknown and foreign organizations answer alike, so the header is no probe for UUIDs.
    if (organizationDenied) throw forbidden('The organization is not one of yours');
    if (!organizationGiven && !route.organizationOptional) {
      throw badRequest(`This call needs the ${ORGANIZATION_HEADER} header`, { [`header.${ORGANIZATION_HEADER}`]: ['is required'] });
    }
    if (organizationGiven) held = caller.privileges;
  }
  if (!holdsAll(held, route.privileges)) {
    throw forbidden(`Missing privilege: ${route.privileges.filter((name) => !held.has(name)).join(', ')}`);
  }
}

export function registerAuth(app: FastifyInstance, ctx: AppContext, options: AuthPluginOptions = {}): void {
  app.decorateRequest('caller', undefined);
  app.decorateRequest('collector', undefined);

  // Contract routes carry their operationId; one without a valid declaration stops the start-up.
  app.addHook('onRoute', (route) => {
    const schema: unknown = route.schema;
    const operationId = typeof schema === 'object' && schema !== null && 'operationId' in schema ? schema.operationId : undefined;
    if (typeof operationId !== 'string') return;
    const access = readRouteAccess(schema);
    if (typeof access === 'string') throw new Error(`openapi/historian.yaml ${operationId}: ${access}`);
    route.config = { ...route.config, historianAccess: access, historianBodyTypes: declaredBodyTypes(schema) };
  });

  app.addHook('onRequest', async (request, reply) => {
    const { historianAccess: route, historianBodyTypes: bodyTypes } = request.routeOptions.config;
    if (bodyTypes) assertDeclaredBodyType(request, bodyTypes);
    if (!route || route.access === 'public') return;
    if (route.access === 'collector') {
      request.collector = await authenticateCollector(ctx, options, request);
      return;
    }
    const { userUuid, via, cap, accessGeneration } = await authenticate(ctx, options, request, reply);
    const organization = requestedOrganization(request);
    const resolved = await resolveCaller(ctx.db, userUuid, organization, via, accessGeneration);
    if (!resolved) throw unauthorized('The user no longer exists');
    // A token minted by someone else acts with at most what they held (server/auth/tokens.ts).
    const caller = capCaller(resolved.caller, cap);
    authorize(route, caller, resolved.organizationDenied, organization !== null);
    request.caller = caller;
  });
}
