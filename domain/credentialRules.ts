// Rules for the passwords and PostgreSQL roles that the server enforces beyond the contract's
// schemas, shared so that the console's forms refuse the same values before they send them.

/** Users' passwords (the current user's change, a new local user, an administrator's reset). */
export const MIN_PASSWORD_LENGTH = 8;

/** A plain lower-case role name: no quoting surprises. */
export const POSTGRES_USER_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;
export const MIN_POSTGRES_PASSWORD_LENGTH = 8;

/** A role name the server accepts: the pattern, and not one of PostgreSQL's reserved pg_ roles. */
export const isPostgresUserName = (name: string): boolean => POSTGRES_USER_PATTERN.test(name) && !name.startsWith('pg_');
