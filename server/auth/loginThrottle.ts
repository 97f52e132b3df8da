import type { Db } from '../db/db';
import { HttpProblem } from '../http/problem';

// Brute-force brake on password sign-in. Attempts are counted per (user name, address): after
// MAX_FAILURES within the window that pair waits until the oldest counted attempt leaves the
// window, while the same user from another address can still sign in (an attacker cannot lock a
// user out from elsewhere). A looser per-address cap slows one address spraying many names.
// Unknown names are counted like known ones, so the brake is no user-name oracle either.
//
// The check and the count are one step: an attempt reserves its slot (a row) before its password
// is checked, in a short transaction that holds an advisory lock on the address, so parallel
// attempts, on one server or on several over one PostgreSQL, queue for the count and at most
// MAX_FAILURES passwords per pair are ever checked in a window. The lock is not held across the
// slow scrypt: only the reservation is. A right password clears the pair's slots; a wrong one
// leaves its slot as the counted failure.

export const LOGIN_WINDOW_SECONDS = 5 * 60;
export const MAX_FAILURES_PER_USER_AND_ADDRESS = 5;
export const MAX_FAILURES_PER_ADDRESS = 50;

interface WindowRow {
  failures: number;
  retry_after: number | null;
}

async function windowOf(db: Db, where: string, params: unknown[], limit: number): Promise<WindowRow> {
  // retry_after: seconds until the attempt that reached the limit leaves the window.
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

function throttled(seconds: number): HttpProblem {
  return new HttpProblem(429, 'Too Many Requests', {
    detail: `Too many failed sign-ins; try again in ${seconds} s`,
    code: 'users.errors.too_many_attempts',
    headers: { 'retry-after': String(seconds) },
  });
}

/**
 * Reserves the attempt's slot before its password is checked, or throws 429 with retry-after
 * while the pair (or the address) is cooling down. The slot counts as a failure until
 * clearFailures takes it back after a right password.
 */
export async function reserveAttempt(db: Db, userName: string, address: string): Promise<void> {
  await db.transaction(async (tx) => {
    // Every count that this attempt joins is one of this address's: one lock per address
    // serialises them. Each later statement reads what the previous holders committed.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('historian.login_attempts:' || $1, 0))`, [address]);
    const checks = [
      await windowOf(tx, 'lower(user_name) = lower($1) AND address = $2', [userName, address], MAX_FAILURES_PER_USER_AND_ADDRESS),
      await windowOf(tx, 'address = $1', [address], MAX_FAILURES_PER_ADDRESS),
    ];
    const limits = [MAX_FAILURES_PER_USER_AND_ADDRESS, MAX_FAILURES_PER_ADDRESS];
    const blocked = checks.filter((check, index) => check.failures >= limits[index]);
    if (blocked.length > 0) throw throttled(Math.max(1, ...blocked.map((check) => check.retry_after ?? 1)));
    await tx.query('INSERT INTO login_attempts (user_name, address) VALUES ($1, $2)', [userName, address]);
  });
}

/** After a wrong password, whose reserved slot stays counted: rows older than the window go. */
export async function forgetExpiredAttempts(db: Db): Promise<void> {
  await db.query(`DELETE FROM login_attempts WHERE attempted_at < now() - $1::int * interval '1 second'`, [LOGIN_WINDOW_SECONDS]);
}

export async function clearFailures(db: Db, userName: string, address: string): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE lower(user_name) = lower($1) AND address = $2', [userName, address]);
}
