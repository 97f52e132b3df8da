import { isSecretKey, REDACTED } from '../../api/transport/redact';
import type { JsonObject, JsonValue } from '../../lib/recording/recordingFormat';

// Redaction at the source: what the recorder keeps has already lost its secrets, so neither memory
// nor an exported file ever holds them. The key rules are the transport's (`isSecretKey`: password,
// secret, token, xsrf, authorization, SecureSettings) plus the session's `userKey`; on top of them
// the values of live credentials (XSRF cookie, bearer key) are cut out of every string, wherever a
// response may have echoed them under an innocent name. The copy is also plain JSON, so what a
// replay reads from a file is exactly what the recorder held in memory.

/** Session members that hold a credential although their names do not say so. */
const RECORDER_SECRET_KEYS: ReadonlySet<string> = new Set(['userKey']);
/** Shorter values are too likely to occur by chance (and `historian` is also the product name). */
const MIN_SCRUBBED_LENGTH = 8;

export interface RecordableOptions {
  /** Live credential values to cut out of every string. */
  secrets?: readonly (string | null | undefined)[];
  /**
   * Paths (from the copied value's root; '*' matches any one key) of objects whose keys are data,
   * not field names: RTK Query's cache keys (`getCurrentUserTokens(undefined)`) and tag types would
   * otherwise look secret, and redacting them would break the reducers that replay the recording.
   * Only those keys are exempt; the members of the entries below them are redacted as usual.
   */
  dataKeyedPaths?: readonly (readonly string[])[];
}

export function toRecordable(value: unknown, options: RecordableOptions = {}): JsonValue | undefined {
  const secrets = (options.secrets ?? []).filter((s): s is string => typeof s === 'string' && s.length >= MIN_SCRUBBED_LENGTH);
  return copy(value, { secrets, dataKeyedPaths: options.dataKeyedPaths ?? [], ancestors: new WeakSet<object>() }, []);
}

/** The same cut, for a string such as a file name or a URL. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  return secrets.reduce((result, secret) => (secret.length >= MIN_SCRUBBED_LENGTH ? result.split(secret).join(REDACTED) : result), text);
}

interface Context {
  secrets: readonly string[];
  dataKeyedPaths: readonly (readonly string[])[];
  /** Objects on the current path: a cycle is cut, a shared (immer) subtree is copied each time. */
  ancestors: WeakSet<object>;
}

function copy(value: unknown, context: Context, path: readonly string[]): JsonValue | undefined {
  if (typeof value !== 'object' || value === null) return primitive(value, context);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof Blob !== 'undefined' && value instanceof Blob) return `[binary, ${value.size} bytes]`;
  // A chart's columns (the time-series query's typed arrays) may hold a million numbers.
  if (ArrayBuffer.isView(value)) return `[binary, ${value.byteLength} bytes]`;
  if (context.ancestors.has(value)) return '[circular]';
  context.ancestors.add(value);
  try {
    if (Array.isArray(value)) return value.map((item, index) => copy(item, context, [...path, String(index)]) ?? null);
    const entries: Iterable<[unknown, unknown]> = value instanceof Map ? value.entries() : Object.entries(value);
    const keysAreData = context.dataKeyedPaths.some((pattern) => matches(path, pattern));
    const result: JsonObject = {};
    for (const [key, item] of entries) {
      const name = String(key);
      if (!keysAreData && isSecretName(name) && !isHarmless(item)) {
        result[name] = REDACTED;
        continue;
      }
      const copied = copy(item, context, [...path, name]);
      if (copied !== undefined) result[name] = copied;
    }
    return result;
  } finally {
    context.ancestors.delete(value);
  }
}

function primitive(value: unknown, context: Context): JsonValue | undefined {
  if (value === null) return null;
  if (typeof value === 'string') return scrubSecrets(value, context.secrets);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  // undefined, functions and symbols: JSON has no such values.
  return undefined;
}

function isSecretName(name: string): boolean {
  return isSecretKey(name) || RECORDER_SECRET_KEYS.has(name);
}

/**
 * A flag or an empty value under a secret-looking name holds no secret, and replay needs it:
 * `mustChangePassword: true` is what opens the forced password change.
 */
function isHarmless(value: unknown): boolean {
  return value === null || value === undefined || typeof value === 'boolean';
}

function matches(path: readonly string[], pattern: readonly string[]): boolean {
  return pattern.length === path.length && pattern.every((segment, i) => segment === '*' || path[i] === segment);
}
