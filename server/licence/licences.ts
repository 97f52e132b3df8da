import { TRIAL_DAYS } from '../../domain/constants';
import type { Read } from '../../domain/contract';
import { LICENSED_FEATURES } from '../../domain/licenceFeatures';
import { SETTING_NAMES } from '../../domain/settingNames';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { licencesRepository } from '../repositories/licences';
import { settingsRepository } from '../repositories/settings';
import { ensureInstallation, fingerprintOf } from './installation';
import type { LicensedFeatures } from './token';
import { LicenceRefused, verifyLicenceToken } from './verify';

// The licences of this installation as the contract's LicenseInfo. Stored tokens are verified
// again on every read, so only what the vendor's key signed for this installation ever counts.
// Without a licence the installation runs as a trial with every feature for 30 days (SPEC §5).

export type LicenseJson = Read<'License'>;
export type LicenseInfoJson = Read<'LicenseInfo'>;

export const TRIAL_LICENCE_NAME = 'Trial';
const DAY_S = 86_400;

export async function installationFingerprint(db: Db): Promise<string> {
  return fingerprintOf((await ensureInstallation(db)).id);
}

/** Every licence that verifies, expired ones included (the banner warns about those). */
async function storedLicences(ctx: AppContext, fingerprint: string): Promise<{ claims: LicenseJson[]; problems: string[] }> {
  const rows = await licencesRepository(ctx.db).list();
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
  const trialRefused = (await settingsRepository(ctx.db).rootValue(SETTING_NAMES.trialMode)) === 'false';
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
    const licences = licencesRepository(tx);
    await licences.store({ uuid: claims.uuid, name: claims.name, token: token.trim(), expiresAt: claims.expiresAt, organization: claims.organization ?? null });
    if (claims.organization !== undefined) await licences.giveTo(claims.uuid, claims.organization);
  });
}
