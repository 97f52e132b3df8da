import type { FastifyRequest } from 'fastify';

// The `from` of an external sign-in is where the popup lands afterwards. Taken as it comes, it
// would make the server an open redirect that carries a fresh login to any site, so it must be
// on this server's own origin: an absolute http(s) URL with exactly that origin, or a path with a
// single leading '/'. Everything else fails the sign-in: protocol-relative '//evil', '/\evil'
// (browsers read '\' as '/'), javascript: and data:, user-info tricks, control characters, and
// the same shapes hidden behind percent-encoding.

/** Where the popup lands when `from` cannot be trusted: the login-done page, on our own origin. */
export const LOGIN_DONE_PATH = '/#/login/done';
const MAX_LENGTH = 2048;
// Backslashes, whitespace and control characters (\p{Cc}: C0, DEL and C1).
const FORBIDDEN_CHARACTERS = /[\\\s\p{Cc}]/u;

/** The server's origin as the browser sees it (Host and protocol, through a trusted proxy). */
export function requestOrigin(request: FastifyRequest): string | undefined {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return undefined;
  }
}

function decodedForms(value: string): string[] {
  const forms = [value];
  let current = value;
  for (let round = 0; round < 3; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

function looksHostile(form: string): boolean {
  return FORBIDDEN_CHARACTERS.test(form) || form.startsWith('//');
}

/**
 * The return URL as an absolute URL on one of `allowedOrigins` (the first one resolves a path),
 * or undefined when it must not be followed.
 */
export function safeReturnUrl(from: unknown, allowedOrigins: readonly string[]): URL | undefined {
  if (typeof from !== 'string' || from === '' || from.length > MAX_LENGTH || allowedOrigins.length === 0) return undefined;
  if (decodedForms(from).some(looksHostile)) return undefined;
  const isPath = from.startsWith('/');
  if (!isPath && !/^https?:\/\//i.test(from)) return undefined;
  let url: URL;
  try {
    url = new URL(from, allowedOrigins[0]);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '') return undefined;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return allowedOrigins.includes(url.origin) ? url : undefined;
}

/**
 * The return URL with `error` added where the landing page reads it: in the query of a hash
 * route (/#/login/done?error=…), else in the URL's own query. Always absolute, so a path that
 * normalised to '//host' could never be read as another host.
 */
export function withLoginError(url: URL, code: string): string {
  const result = new URL(url.href);
  if (result.hash.length > 1) {
    const [route, query = ''] = result.hash.slice(1).split(/\?(.*)/s);
    const params = new URLSearchParams(query);
    params.set('error', code);
    result.hash = `${route}?${params.toString()}`;
  } else {
    result.searchParams.set('error', code);
  }
  return result.href;
}

/** Where a failed sign-in lands when even `from` is unusable. */
export const fallbackLoginError = (code: string) => `${LOGIN_DONE_PATH}?error=${encodeURIComponent(code)}`;
