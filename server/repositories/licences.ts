import { sql } from 'kysely';
import { ZERO_UUID } from '../../domain/constants';
import type { Db } from '../db/db';
import { kyselyOf } from '../db/kysely';

// The installation row (its id and when the trial started) and the licence tokens activated on it
// (migration 020), with the organization each one is given to.

export interface InstallationRow {
  id: string;
  trial_started_at: Date;
}

export interface StoredLicenceRow {
  uuid: string;
  token: string;
  claimed_organization: string | null;
  /** The organization that holds the licence now, if any. */
  holder: string | null;
}

export interface VerifiedLicence {
  uuid: string;
  name: string;
  token: string;
  /** Epoch seconds. */
  expiresAt: number;
  organization: string | null;
}

const now = sql<Date>`now()`;

export function licencesRepository(db: Db) {
  const q = kyselyOf(db);

  return {
    /**
     * The installation row, written on first use. Read first: every licensed call asks for it,
     * and an INSERT … ON CONFLICT on each would make every such read a write.
     */
    async ensureInstallation(): Promise<InstallationRow | undefined> {
      const read = () => q.selectFrom('installation').select(['id', 'trial_started_at']).executeTakeFirst();
      const found = await read();
      if (found) return found;
      await q
        .insertInto('installation')
        .values({ singleton: true })
        .onConflict((oc) => oc.column('singleton').doNothing())
        .execute();
      return read();
    },

    /** Every stored licence, the latest to expire first. */
    async list(): Promise<StoredLicenceRow[]> {
      return q
        .selectFrom('licences as l')
        .leftJoin('organizations as o', 'o.license_uuid', 'l.uuid')
        .select(['l.uuid', 'l.token', 'l.claimed_organization', 'o.uuid as holder'])
        .orderBy('l.expires_at', 'desc')
        .orderBy('l.uuid')
        .execute();
    },

    /** Stores a verified licence, replacing an earlier token of the same licence. */
    async store(licence: VerifiedLicence): Promise<void> {
      const expiresAt = sql<Date>`to_timestamp(${licence.expiresAt})`;
      await q
        .insertInto('licences')
        .values({ uuid: licence.uuid, name: licence.name, token: licence.token, expires_at: expiresAt, claimed_organization: licence.organization })
        .onConflict((oc) =>
          oc.column('uuid').doUpdateSet({ name: licence.name, token: licence.token, expires_at: expiresAt, claimed_organization: licence.organization, activated_at: now }),
        )
        .execute();
    },

    /** Gives the licence to the organization (never the root), taking it from whichever other one had it. */
    async giveTo(licenceUuid: string, organizationUuid: string): Promise<void> {
      await q
        .updateTable('organizations')
        .set({ license_uuid: ZERO_UUID, updated_at: now })
        .where('license_uuid', '=', licenceUuid)
        .where('uuid', '<>', organizationUuid)
        .execute();
      await q
        .updateTable('organizations')
        .set({ license_uuid: licenceUuid, updated_at: now })
        .where('uuid', '=', organizationUuid)
        .where('is_root', '=', false)
        .execute();
    },
  };
}
