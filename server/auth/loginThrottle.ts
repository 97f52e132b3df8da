import type { Db } from '../db/db';
import { HttpProblem } from '../http/problem';

// Brute-force brake on password sign-in. Failures are counted per (user name, address): after
// MAX_FAILURES within the window that pair waits until the oldest counted failure leaves the
// window, while the same user from another address can still sign in (an attacker cannot lock a
// user out from elsewhere). A looser per-address cap slows one address spraying many names.
// Unknown names are counted like known ones, so the brake is no user-name oracle either.
//
// Counting is not serialised: two parallel attempts may both pass the check at the limit. The
// gain of one or two extra guesses per window does not justify holding a transaction (the only
// connection, on PGlite) across a deliberately slow scrypt.

export const LOGIN_WINDOW_SECONDS = 5 * 60;
export const MAX_FAILURES_PER_USER_AND_ADDRESS = 5;
export const MAX_FAILURES_PER_ADDRESS = 50;

interface WindowRow {
  failures: number;
  retry_after: number | null;
}

async function windowOf(db: Db, where: string, params: unknown[], limit: number): Promise<WindowRow> {
  // retry_after: seconds until the failure that reached the limit leaves the window.
  const { rows } = await db.query<WindowRow>(
    `WITH recent AS (
       SELECT attempted_at FROM login_attempts
        WHERE ${where} AND attempted_at > now() - $${params.length + 1}::int * interval '1 second'
        ORDER BY attempted_at DESC LIMIT $${params.length + 2}::int)
     SELECT count(*)::int AS failures,
            ceil(extract(epoch FROM min(attempted_at) + $${params.length + 1}::int * interval '1 second' - now()))::int AS retry_after
       FROM recent`,
    [...params, LOGIN_WINDOW_SECONDS, limit],
  );
  return rows[0] ?? { failures: 0, retry_after: null };
}

/** Throws 429 with retry-after while the pair (or the address) is cooling down. */
export async function assertNotThrottled(db: Db, userName: string, address: string): Promise<void> {
  const checks = [
    await windowOf(db, 'lower(user_name) = lower($1) AND address = $2', [userName, address], MAX_FAILURES_PER_USER_AND_ADDRESS),
    await windowOf(db, 'address = $1', [address], MAX_FAILURES_PER_ADDRESS),
  ];
  const limits = [MAX_FAILURES_PER_USER_AND_ADDRESS, MAX_FAILURES_PER_ADDRESS];
  const blocked = checks.filter((check, index) => check.failures >= limits[index]);
  if (blocked.length === 0) return;
  const seconds = Math.max(1, ...blocked.map((check) => check.retry_after ?? 1));
  throw new HttpProblem(429, 'Too Many Requests', {
    detail: `Too many failed sign-ins; try again in ${seconds} s`,
    code: 'users.errors.too_many_attempts',
    headers: { 'retry-after': String(seconds) },
  });
}

export async function recordFailure(db: Db, userName: string, address: string): Promise<void> {
  await db.query('INSERT INTO login_attempts (user_name, address) VALUES ($1, $2)', [userName, address]);
  // Rows older than the window count for nothing any more.
  await db.query(`DELETE FROM login_attempts WHERE attempted_at < now() - $1::int * interval '1 second'`, [LOGIN_WINDOW_SECONDS]);
}

export async function clearFailures(db: Db, userName: string, address: string): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE lower(user_name) = lower($1) AND address = $2', [userName, address]);
}
