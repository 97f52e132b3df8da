import { DRIVER_ERROR_SAFE_FIELDS, isDriverError } from './driverErrors';

// The logger's `err` serializer. pino's standard one copies every enumerable member of an error,
// so a failed query put its SQL and parameters (secure settings, password hashes) into the log.
// This one is an allowlist: type, message, stack, codes and, for driver errors, the names of the
// schema objects involved. Values quoted in a driver's message ("invalid input syntax for type
// uuid: \"…\"") are masked, and so are credentials written into URLs in any message.

const MAX_CAUSES = 5;
const PRIMITIVE_FIELDS = ['code', 'statusCode', 'errno', 'syscall'] as const;

/**
 * PostgreSQL quotes the values it refuses in double quotes, without escaping the quotes inside them
 * (`invalid input syntax for type integer: "{"k": "…"}"`), so everything from the first quote to the
 * last goes. Identifiers go with it; the driver's own fields keep the table, column and constraint.
 */
function maskQuoted(text: string): string {
  return text.replace(/"[\s\S]*"/, '"…"');
}

/** user:password@ in URLs and password-like query values. */
export function maskUrlCredentials(text: string): string {
  return text
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@:]*:[^\s/@]*@/gi, '$1[redacted]@')
    .replace(/([?&](?:password|passwd|pwd|p|token|secret|access_token|code)=)[^&\s#]*/gi, '$1[redacted]');
}

function isErrorLike(value: unknown): value is Error {
  return value instanceof Error || (typeof value === 'object' && value !== null && 'message' in value && 'stack' in value);
}

function typeOf(error: Error): string {
  const name = error.constructor?.name;
  return typeof name === 'string' && name !== '' && name !== 'Object' ? name : error.name;
}

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function serialize(error: Error, depth: number): SerializedError {
  const driver = isDriverError(error);
  const message = typeof error.message === 'string' ? error.message : '';
  const safeMessage = maskUrlCredentials(driver ? maskQuoted(message) : message);
  // The stack starts with the message; its frames are code locations.
  const stack = typeof error.stack === 'string' ? maskUrlCredentials(message === '' ? error.stack : error.stack.split(message).join(safeMessage)) : '';
  const out: SerializedError = { type: typeOf(error), message: safeMessage, stack };
  for (const key of driver ? [...PRIMITIVE_FIELDS, ...DRIVER_ERROR_SAFE_FIELDS] : PRIMITIVE_FIELDS) {
    // Read, not spread: fastify's errors keep `code` and `statusCode` on their prototype.
    const value: unknown = Reflect.get(error, key);
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (depth < MAX_CAUSES && isErrorLike(error.cause)) out.cause = serialize(error.cause, depth + 1);
  if (depth < MAX_CAUSES && error instanceof AggregateError) {
    out.errors = error.errors.filter(isErrorLike).map((inner) => serialize(inner, depth + 1));
  }
  return out;
}

/** pino calls it for every `err` member and every Error logged on its own; non-errors are described, never copied. */
export function serializeError(error: unknown): SerializedError {
  if (isErrorLike(error)) return serialize(error, 0);
  const text = typeof error === 'string' ? maskUrlCredentials(error) : `(${typeof error})`;
  return { type: typeof error, message: text, stack: '' };
}
