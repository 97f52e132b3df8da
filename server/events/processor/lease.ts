import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db';

// What must run once per installation holds a lease in service_leases (server/events/README.md,
// "The processor"): taken when free or expired, renewed every 5 s, expiring after 15 s. A holder
// that could not renew in time (its database was away, another server took it) counts itself as
// not holding it from its own expiry on, so two servers never work at once for longer than a renewal.

export const EVENT_PROCESSOR_LEASE = 'event-processor';
export const LEASE_RENEW_MS = 5_000;
export const LEASE_TTL_MS = 15_000;

/**
 * Tests of several server processes shorten the leases (HISTORIAN_LEASE_TTL_MS, HISTORIAN_LEASE_RENEW_MS);
 * a value that is not a positive whole number leaves the default.
 */
function envMs(name: string): number | undefined {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export interface ServiceLease {
  readonly holder: string;
  /** Takes or renews the lease when due; true while this process holds it. */
  ensure(): Promise<boolean>;
  /** Whether this process holds it now (without asking the database). */
  held(): boolean;
  /** Gives it up (on stop), so that another server takes over at once. */
  release(): Promise<void>;
}

export interface LeaseOptions {
  name?: string;
  holder?: string;
  now?: () => number;
  renewMs?: number;
  ttlMs?: number;
}

export function createServiceLease(db: Db, options: LeaseOptions = {}): ServiceLease {
  const name = options.name ?? EVENT_PROCESSOR_LEASE;
  // The process id first, so that an operator (or a test) sees which server holds it.
  const holder = options.holder ?? `${process.pid}:${randomUUID()}`;
  const now = options.now ?? Date.now;
  const renewMs = options.renewMs ?? envMs('HISTORIAN_LEASE_RENEW_MS') ?? LEASE_RENEW_MS;
  const ttlMs = options.ttlMs ?? envMs('HISTORIAN_LEASE_TTL_MS') ?? LEASE_TTL_MS;
  /** ms: this process holds the lease until then (0: not held). */
  let heldUntil = 0;
  let renewedAt = -Infinity;

  const held = () => now() < heldUntil;

  return {
    holder,
    held,
    async ensure() {
      const at = now();
      if (held() && at - renewedAt < renewMs) return true;
      try {
        // Taken when free, expired or already ours; another holder's live lease is left alone.
        const { rows } = await db.query<{ holder: string }>(
          `INSERT INTO service_leases (name, holder, expires_at) VALUES ($1, $2, $3)
           ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
            WHERE service_leases.holder = EXCLUDED.holder OR service_leases.expires_at <= $4
           RETURNING holder`,
          [name, holder, new Date(at + ttlMs), new Date(at)],
        );
        if (rows.length === 1) {
          heldUntil = at + ttlMs;
          renewedAt = at;
        } else {
          heldUntil = 0;
        }
      } catch {
        // The database is away: the lease runs out by itself (held() turns false at heldUntil).
      }
      return held();
    },
    async release() {
      heldUntil = 0;
      await db.query('DELETE FROM service_leases WHERE name = $1 AND holder = $2', [name, holder]).catch(() => undefined);
    },
  };
}
