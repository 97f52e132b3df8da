// SPEC §4 "Session check": a request is only sent when there is something to authenticate it
// with, so that an expired session sends the user to login instead of producing a burst of 401s.

/**
 * Calls that must work before sign-in (the login page lists providers, signs in, shows the
 * version and loads translations). Matched against the path below the base path, without query.
 */
export const PUBLIC_ENDPOINTS: readonly RegExp[] = [
  /^\/auth\/list\/?$/,
  /^\/auth\/[^/]+\/login\/?$/,
  /^\/info\/?$/,
  /^\/translations\//,
];

export const XSRF_COOKIE = 'XSRF-TOKEN';

export function isPublicEndpoint(path: string): boolean {
  const relative = path.startsWith('/') ? path : `/${path}`;
  const withoutQuery = relative.split(/[?#]/, 1)[0];
  return PUBLIC_ENDPOINTS.some((pattern) => pattern.test(withoutQuery));
}

/** The URL-decoded value of a cookie, '' for an empty one, null when it is not set. */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** The value for the x-xsrf-token header: the XSRF-TOKEN cookie or ''. */
export function readXsrfToken(): string {
  return readCookie(XSRF_COOKIE) ?? '';
}

export function hasSession(bearerToken: string | null): boolean {
  return readCookie(XSRF_COOKIE) !== null || Boolean(bearerToken);
}
