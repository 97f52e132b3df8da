import type { AppContext } from '../context';
import { licenceInfo } from '../licence/licences';

// Whether an organization's licence has a feature now (SPEC §5, §6): its own licence, else the trial
// or a licence bound to no organization, as the console reads it (src/state/privileges.ts). An
// expired licence has no features.

export const CALCULATIONS_FEATURE = 'Calculations';

export async function organizationHasFeature(ctx: AppContext, organizationUuid: string, feature: string, now: Date = new Date()): Promise<boolean> {
  const { LicenseClaims: claims } = await licenceInfo(ctx);
  const claim = claims.find((c) => c.OrganizationUUID === organizationUuid) ?? claims.find((c) => c.Trial === true || !c.OrganizationUUID);
  if (!claim || claim.ExpiresAt * 1000 <= now.getTime()) return false;
  const value = claim.LicensedFeatures[feature];
  return value === true || (typeof value === 'number' && value > 0);
}
