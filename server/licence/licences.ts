import { TRIAL_DAYS, ZERO_UUID } from '../../domain/constants';
import { LICENSED_FEATURES } from '../../domain/licenceFeatures';
import { SETTING_NAMES } from '../../domain/settingNames';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { ensureInstallation, fingerprintOf } from './installation';
import type { LicensedFeatures } from './token';
import { LicenceRefused, verifyLicenceToken } from './verify';

// The licences of this installation as the contract's LicenseInfo. Stored tokens are verified
// again on every read, so only what the vendor's key signed for this installation ever counts.
// Without a licence the installation runs as a trial with every feature for 30 days (SPEC §5).

export interface LicenseJson {
  UUID: string;
  Name: string;
  ExpiresAt: number;
  OrganizationUUID?: string;
  Trial?: boolean;
  LicensedFeatures: LicensedFeatures;
}

export interface LicenseInfoJson {
  LicenseClaims: LicenseJson[];
  Error?: string;
}

export const TRIAL_LICENCE_NAME = 'Trial';
const DAY_S = 86_400;

interface StoredLicenceRow {
  uuid: string;
  token: string;
  claimed_organization: string | null;
  holder: string | null;
}

async function rootSetting(db: Db, name: string): Promise<string | undefined> {
  const { rows } = await db.query<{ value: string }>(
    'SELECT s.value FROM settings s JOIN organizations o ON o.uuid = s.organization_uuid AND o.is_root WHERE s.name = $1',
    [name],
  );
  return rows[0]?.value;
}

export async function installationFingerprint(db: Db): Promise<string> {
  return fingerprintOf((await ensureInstallation(db)).id);
}

/** Every licence that verifies, expired ones included (the banner warns about those). */
async function storedLicences(ctx: AppContext, fingerprint: string): Promise<{ claims: LicenseJson[]; problems: string[] }> {
  const { rows } = await ctx.db.query<StoredLicenceRow>(
    `SELECT l.uuid, l.token, l.claimed_organization, o.uuid AS holder
       FROM licences l LEFT JOIN organizations o ON o.license_uuid = l.uuid
      ORDER BY l.expires_at DESC, l.uuid`,
  );
  const claims: LicenseJson[] = [];
  const problems: string[] = [];
  for (const row of rows) {
    try {
      const verified = await verifyLicenceToken(row.token, ctx.config.licensePublicKey, fingerprint, { allowExpired: true });
      const organization = row.holder ?? verified.organization;
      claims.push({
        UUID: verified.uuid,
        Name: verified.name,
        ExpiresAt: verified.expiresAt,
        ...(organization ? { OrganizationUUID: organization } : {}),
        LicensedFeatures: verified.features,
      });
    } catch (error) {
      if (!(error instanceof LicenceRefused)) throw error;
      problems.push(`${row.uuid}: ${error.message}`);
    }
  }
  return { claims, problems };
}

function trialClaim(installationId: string, startedAt: Date): LicenseJson {
  const features: LicensedFeatures = {};
  for (const name of LICENSED_FEATURES) features[name] = true;
  return {
    UUID: installationId,
    Name: TRIAL_LICENCE_NAME,
    ExpiresAt: Math.floor(startedAt.getTime() / 1000) + TRIAL_DAYS * DAY_S,
    Trial: true,
    LicensedFeatures: features,
  };
}

export async function licenceInfo(ctx: AppContext): Promise<LicenseInfoJson> {
  const installation = await ensureInstallation(ctx.db);
  const { claims, problems } = await storedLicences(ctx, fingerprintOf(installation.id));
  // Setup finished on the licence path says "not a trial": losing every licence then shows the
  // no-licence warning instead of quietly starting a trial.
  const trialRefused = (await rootSetting(ctx.db, SETTING_NAMES.trialMode)) === 'false';
  const all = claims.length === 0 && !trialRefused ? [trialClaim(installation.id, installation.trialStartedAt)] : claims;
  return { LicenseClaims: all, ...(problems.length > 0 ? { Error: problems.join('; ') } : {}) };
}

/**
 * Verifies and stores a licence token. A licence the vendor bound to an organization is given to
 * it at once (a renewal replaces that organization's previous licence); one without stays free
 * until an organization takes it.
 */
export async function activateLicence(ctx: AppContext, token: string): Promise<void> {
  const fingerprint = await installationFingerprint(ctx.db);
  const claims = await verifyLicenceToken(token, ctx.config.licensePublicKey, fingerprint);
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO licences (uuid, name, token, expires_at, claimed_organization)
       VALUES ($1, $2, $3, to_timestamp($4), $5)
       ON CONFLICT (uuid) DO UPDATE SET name = $2, token = $3, expires_at = to_timestamp($4), claimed_organization = $5,
                                        activated_at = now()`,
      [claims.uuid, claims.name, token.trim(), claims.expiresAt, claims.organization ?? null],
    );
    if (claims.organization !== undefined) {
      await tx.query(`UPDATE organizations SET license_uuid = $2, updated_at = now() WHERE license_uuid = $1 AND uuid <> $3`, [
        claims.uuid,
        ZERO_UUID,
        claims.organization,
      ]);
      await tx.query(`UPDATE organizations SET license_uuid = $1, updated_at = now() WHERE uuid = $2 AND NOT is_root`, [
        claims.uuid,
        claims.organization,
      ]);
    }
  });
}
