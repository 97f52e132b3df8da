import { randomBytes } from 'node:crypto';
import type { Db } from './db';

/** Row name of the key that signs XSRF tokens when HISTORIAN_SESSION_SECRET is not set. */
export const SESSION_SECRET_NAME = 'session_secret';

/**
 * The secret that signs XSRF tokens: the configured one, else one generated on first start and
 * kept in server_secrets, so tokens survive restarts and every server on a shared PostgreSQL
 * signs with the same key.
 */
export async function resolveSessionSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured !== undefined && configured !== '') return configured;
  // Insert-if-absent then read: when two servers start together, both read the winner's value.
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    SESSION_SECRET_NAME,
    randomBytes(32).toString('base64url'),
  ]);
  const { rows } = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [
    SESSION_SECRET_NAME,
  ]);
  if (rows.length !== 1) throw new Error('The session secret could not be stored');
  return rows[0].value;
}
