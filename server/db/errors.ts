// PostgreSQL errors by their SQLSTATE code and constraint name, from either adapter (node-postgres
// and PGlite both carry `code` and `constraint`). Never by message text: messages are translated
// by the server's lc_messages and change between versions.

function field(error: unknown, key: 'code' | 'constraint'): string | undefined {
  if (typeof error !== 'object' || error === null || !(key in error)) return undefined;
  const value: unknown = Reflect.get(error, key);
  return typeof value === 'string' ? value : undefined;
}

/** unique_violation */
export function isUniqueViolation(error: unknown): boolean {
  return field(error, 'code') === '23505';
}

/** foreign_key_violation */
export function isForeignKeyViolation(error: unknown): boolean {
  return field(error, 'code') === '23503';
}

/**
 * The contract field a unique violation clashes on, looked up by the violated constraint's name in
 * the repository's map; undefined when the error is another error or names another constraint.
 */
export function uniqueViolationField<F extends string>(error: unknown, fieldsByConstraint: Readonly<Record<string, F>>): F | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const constraint = field(error, 'constraint');
  return constraint === undefined ? undefined : fieldsByConstraint[constraint];
}
