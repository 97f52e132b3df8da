import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// Security headers on every answer: the console's pages, its static files and /api.
//
// Content-Security-Policy of the pages. The built index.html (html-webpack-plugin) loads one
// external script and one stylesheet and has no inline script or style, so neither script-src nor
// style-src allows 'unsafe-inline'. React writes `style` props through the CSSOM (element.style),
// which CSP does not govern, so style-src needs no 'unsafe-inline' for them either.
// 'unsafe-eval' is the one concession: the client validates forms against JSON schemas that
// collectors and database types send at run time, and ajv compiles each schema with new Function
// (the development build's eval source maps need it too). Without it those forms would fail.
// frame-src 'self': the setup wizard embeds the static EULA (eula.html), which is therefore the
// one page that may be framed, and only by this origin. No Cross-Origin-Opener-Policy: the
// external sign-in polls its popup, and COOP would cut the popup off from the console.
const PAGE_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
];

/** Pages another page of this origin may embed (src/features/setup/steps/EulaDialog.tsx). */
export const EMBEDDABLE_PAGES: ReadonlySet<string> = new Set(['/eula.html']);

export const PAGE_CSP = [...PAGE_DIRECTIVES, "frame-ancestors 'none'"].join('; ');
export const EMBEDDABLE_PAGE_CSP = [...PAGE_DIRECTIVES, "frame-ancestors 'self'"].join('; ');
/** API answers are data: nothing in them may load, run or be framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * API answers that carry personal data or a secret: never stored by a browser or proxy, whatever
 * the handler set. Matched on the route's pattern, so odd spellings of a URL cannot dodge it.
 */
const PERSONAL_ROUTES: readonly RegExp[] = [
  /^\/api\/current-user(\/|$)/,
  /^\/api\/users(\/|$)/,
  /^\/api\/auth\//,
  /^\/api\/authentication-provider/,
  /^\/api\/user-group-users(\/|$)/,
  /^\/api\/user-groups\/[^/]+\/mapping(\/|$)/,
  /^\/api\/collectors\/[^/]+\/token$/,
  /^\/api\/collector-api\//,
];

export function isPersonalRoute(routeUrl: string): boolean {
  return PERSONAL_ROUTES.some((pattern) => pattern.test(routeUrl));
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0];
}

export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const path = pathOf(request);
  const route = request.routeOptions.url ?? path;
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
  if (route.startsWith('/api/') || path.startsWith('/api/') || path === '/api') {
    reply.header('content-security-policy', API_CSP);
    reply.header('x-frame-options', 'DENY');
    // Every API answer is no-store unless its handler chose otherwise (translations cache for a
    // minute); personal ones are no-store even then.
    if (isPersonalRoute(route) || isPersonalRoute(path) || !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return;
  }
  const embeddable = EMBEDDABLE_PAGES.has(path);
  reply.header('content-security-policy', embeddable ? EMBEDDABLE_PAGE_CSP : PAGE_CSP);
  reply.header('x-frame-options', embeddable ? 'SAMEORIGIN' : 'DENY');
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    setSecurityHeaders(request, reply);
    return payload;
  });
}
