import { uniqueViolationField } from '../db/errors';
import { HttpProblem } from './problem';

/**
 * 409 problem+json naming the contract field whose unique index the write violated, looked up by
 * the index's name in a repository's map; any other error is thrown again as it is.
 */
export function rethrowUniqueConflict<F extends string>(
  error: unknown,
  fieldsByConstraint: Readonly<Record<string, F>>,
  detail: (field: F) => string,
  message = 'is already in use',
): never {
  const field = uniqueViolationField(error, fieldsByConstraint);
  if (field === undefined) throw error;
  throw new HttpProblem(409, 'Conflict', { detail: detail(field), errors: { [field]: [message] } });
}
