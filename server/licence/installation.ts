import { createHash } from 'node:crypto';
import type { Db } from '../db/db';
import { licencesRepository } from '../repositories/licences';

// This installation's identity. The fingerprint is what a licence is issued for: stable for the
// life of the database (so a restart or an upgrade keeps the licence valid), different on every
// installation (so a licence copied to another one is refused), and a hash, so the id itself
// never leaves the server.

export interface Installation {
  id: string;
  trialStartedAt: Date;
}

/** Domain separation: the same id hashed for another purpose never yields the fingerprint. */
const FINGERPRINT_CONTEXT = 'historian-licence-fingerprint:v1:';

/**
 * The installation row, written on first use: the trial's 30 days count from the first time the
 * server is asked about its licence, which is during setup.
 */
export async function ensureInstallation(db: Db): Promise<Installation> {
  const row = await licencesRepository(db).ensureInstallation();
  if (!row) throw new Error('The installation row is missing');
  return { id: row.id, trialStartedAt: row.trial_started_at };
}

export function fingerprintOf(installationId: string): string {
  return createHash('sha256').update(FINGERPRINT_CONTEXT + installationId.toLowerCase()).digest('base64url');
}
