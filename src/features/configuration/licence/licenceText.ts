import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { License, OrganizationRead } from '../../../api/generated/historian.gen';
import { isFeatureEnabled } from '../../../state/privileges';

/** SPEC §6: a feature counts as enabled if boolean true or a number above 0; numbers are shown. */
export function enabledFeatures(licence: License): string[] {
  return Object.entries(licence.LicensedFeatures)
    .filter(([name]) => isFeatureEnabled(licence.LicensedFeatures, name))
    .map(([name, value]) => (typeof value === 'number' ? `${name} (${value})` : name))
    .sort();
}

/** The server names the trial claim in English; the console names it in the user's language. */
export function licenceName(licence: License, t: TFunction): string {
  return licence.Trial ? t('licence.table.trial_name') : licence.Name;
}

/** ExpiresAt is in epoch seconds (SPEC §9). */
export function expiryText(licence: License, language: string, t: TFunction): string {
  const date = new Date(licence.ExpiresAt * 1000);
  const text = new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
  return date.getTime() <= Date.now() ? t('licence.table.expired_on', { date: text }) : text;
}

/** The organization column: a name where known, the trial and free licences said in words. */
export function useOrganizationName(organizations: readonly OrganizationRead[] | undefined) {
  const { t } = useTranslation();
  return useCallback(
    (licence: License) => {
      if (licence.Trial) return t('licence.table.all_organizations');
      if (!licence.OrganizationUUID) return t('licence.table.unassigned');
      return organizations?.find((organization) => organization.UUID === licence.OrganizationUUID)?.Name ?? licence.OrganizationUUID;
    },
    [organizations, t],
  );
}
