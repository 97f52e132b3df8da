// Errors of the PostgreSQL drivers (node-postgres and PGlite both throw a DatabaseError with the
// server's SQLSTATE `code` and `severity`). PGlite adds the statement and its parameters (`query`,
// `params`, `queryOptions`) and PostgreSQL's own `detail` and `where` quote the values ("Key
// (name)=(…) already exists", "Failing row contains (…)", "portal parameter $1 = '…'"), so such an
// error never goes anywhere whole: the log keeps the fields below and the client gets a problem.

export interface DriverError extends Error {
  code: string;
  severity: string;
}

/** The fields of a driver error that name schema objects, never values. */
export const DRIVER_ERROR_SAFE_FIELDS = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'constraint', 'dataType'] as const;

const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_CAUSES = 5;

export function isDriverError(error: unknown): error is DriverError {
  return error instanceof Error && 'code' in error && 'severity' in error && typeof error.code === 'string' && SQLSTATE.test(error.code) && typeof error.severity === 'string';
}

/** The driver error itself or the first one among its causes (transactions wrap them). */
export function driverErrorOf(error: unknown): DriverError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth <= MAX_CAUSES && current instanceof Error; depth += 1) {
    if (isDriverError(current)) return current;
    current = current.cause;
  }
  return undefined;
}

export interface DriverProblem {
  status: 400 | 409;
  title: string;
  detail: string;
}

/**
 * What a refused value becomes when nothing before the database caught it (the contract and the
 * request limits should): a 4xx without the refused value, instead of a 500. Class 22 are data
 * exceptions (NUL 22021, \u0000 in jsonb 22P05, out of range 22003, bad syntax 22P02, too long 22001,
 * bad dates 22007/22008, bad JSON 22032); 54001 is PostgreSQL's stack depth, reached by deeply
 * nested JSON. Other codes are the server's own faults and stay 500.
 */
export function problemForDriverError(error: DriverError): DriverProblem | undefined {
  const { code } = error;
  if (code.startsWith('22') || code === '54001') {
    return { status: 400, title: 'Bad Request', detail: 'A value of the request cannot be stored (it is out of range, malformed or holds a character PostgreSQL refuses)' };
  }
  if (code === '23502' || code === '23514') return { status: 400, title: 'Bad Request', detail: 'A value of the request breaks a rule of the stored data' };
  if (code === '23505') return { status: 409, title: 'Conflict', detail: 'An item with the same unique value exists already' };
  if (code === '23503') return { status: 409, title: 'Conflict', detail: 'The request refers to an item that does not exist, or the item is still in use' };
  return undefined;
}
