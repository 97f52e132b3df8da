// Whether an error means the database cannot be reached right now (stopped, restarting, the network
// to it cut), as opposed to a fault of the query or of the data: a request that meets one gets a
// 503 the client may retry, not a 500. From node-postgres: the socket's system error (ECONNREFUSED
// while PostgreSQL is down), PostgreSQL's SQLSTATE classes 08 (connection exception) and 57P0x
// (admin_shutdown, crash_shutdown, cannot_connect_now while it starts or stops), and pg's own
// errors for a connection that dropped or could not be made in time. pg's messages are its own
// fixed English (not PostgreSQL's translated ones), so matching them is safe.

const MAX_CAUSES = 5;
const SYSTEM_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const SQLSTATE_UNAVAILABLE = /^(08[0-9A-Z]{3}|57P0[1-4])$/;
const PG_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

function unavailable(error: Error): boolean {
  const code: unknown = Reflect.get(error, 'code');
  if (typeof code === 'string' && (SYSTEM_CODES.has(code) || SQLSTATE_UNAVAILABLE.test(code))) return true;
  return PG_MESSAGES.some((message) => error.message === message || error.message.startsWith(`${message} `) || error.message.startsWith(`${message}:`));
}

/** True for the error itself, its causes (transactions and jobs wrap them) or an AggregateError's members. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > MAX_CAUSES) return false;
  if (unavailable(error)) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
