// SPEC §5 licence token shape check, made before anything is sent: non-empty, three dot-separated
// parts, a header declaring typ JWT and a non-empty alg, and a payload that parses. Whether the
// signature is genuine only the server can tell.

function decodeBase64Url(part: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(part)) return undefined;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function parseJsonObject(part: string): Record<string, unknown> | undefined {
  const text = decodeBase64Url(part);
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : undefined;
  } catch {
    return undefined;
  }
}

/** True when `token` (surrounding white space ignored, as pasted) has the shape of a JWT. */
export function isJwtShaped(token: string): boolean {
  const parts = token.trim().split('.');
  if (parts.length !== 3) return false;
  const header = parseJsonObject(parts[0]);
  if (!header) return false;
  // RFC 7519 §5.1: typ is compared case-insensitively.
  if (typeof header.typ !== 'string' || header.typ.toUpperCase() !== 'JWT') return false;
  if (typeof header.alg !== 'string' || header.alg === '') return false;
  return parseJsonObject(parts[1]) !== undefined;
}
