// The error-details dialog shows request bodies; this keeps passwords, tokens and secure settings
// out of it (and out of anything a user might copy into a support ticket).

export const REDACTED = '[redacted]';

/** Key names whose whole value is hidden, e.g. Password, PostgresPassword, licenseToken, SecureSettings. */
const SECRET_KEY = /password|secret|token|xsrf|authorization|securesettings/i;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/**
 * Returns a deep copy of `value` in which every member whose key looks secret is replaced by
 * '[redacted]', at any depth. The input is never modified.
 */
export function redactSecrets(value: unknown): unknown {
  return copy(value, new WeakSet<object>());
}

function copy(value: unknown, seen: WeakSet<object>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof Blob !== 'undefined' && value instanceof Blob) return `[binary, ${value.size} bytes]`;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (typeof FormData !== 'undefined' && value instanceof FormData) return copyEntries(value.entries(), seen);
  if (value instanceof Map) return copyEntries(value.entries(), seen);
  if (Array.isArray(value)) return value.map((item) => copy(item, seen));
  // Other objects are copied by their own enumerable members, as JSON.stringify would send them.
  return copyEntries(Object.entries(value), seen);
}

function copyEntries(entries: Iterable<[unknown, unknown]>, seen: WeakSet<object>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, item] of entries) {
    const name = String(key);
    result[name] = isSecretKey(name) ? REDACTED : copy(item, seen);
  }
  return result;
}

/** Shorter values are too likely to occur in a text by chance to be cut out of it. */
const MIN_CUT_LENGTH = 6;

/**
 * The string values held under secret-looking keys, at any depth (a secret key's whole subtree):
 * what must not reappear in a text, such as a server message that echoes what it was sent.
 */
export function secretValuesOf(value: unknown): string[] {
  const found: string[] = [];
  collect(value, false, found, new WeakSet<object>());
  return found;
}

function collect(value: unknown, secret: boolean, found: string[], seen: WeakSet<object>): void {
  if (typeof value === 'string') {
    if (secret) found.push(value);
    return;
  }
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  let entries: Iterable<[unknown, unknown]>;
  if (typeof FormData !== 'undefined' && value instanceof FormData) entries = value.entries();
  else if (value instanceof Map) entries = value.entries();
  else if (Array.isArray(value)) entries = value.map((item, index): [unknown, unknown] => [index, item]);
  else entries = Object.entries(value);
  for (const [key, item] of entries) collect(item, secret || isSecretKey(String(key)), found, seen);
}

/** `text` with every occurrence of the given secret values replaced by '[redacted]'. */
export function cutSecretValues(text: string, secrets: readonly (string | null | undefined)[]): string {
  return secrets.reduce<string>(
    (result, secret) => (typeof secret === 'string' && secret.length >= MIN_CUT_LENGTH ? result.split(secret).join(REDACTED) : result),
    text,
  );
}
