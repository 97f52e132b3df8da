import { createSelector } from '@reduxjs/toolkit';
import { PRIVILEGES, type PrivilegeName } from '../../domain/privilegeNames';
import type { LicensedFeatures } from './licence';
import type { PersistedSlices } from './rootState';

// One evaluation of privileges and licence features for guards, menu items and buttons alike.

export type Scope = 'organization' | 'root';

export interface Requirement {
  /** Every one must be held (SPEC §6: a check passes only if every named privilege is held). */
  privileges?: readonly PrivilegeName[];
  scope?: Scope;
  /** Licence features that must be enabled as well. */
  features?: readonly string[];
}

const selectPrivilegesList = (state: PersistedSlices) => state.session.userPrivileges;
export const selectCurrentOrganization = (state: PersistedSlices) => state.organization.current;
export const selectRootOrganization = (state: PersistedSlices) => state.organization.root;
export const selectCurrentOrganizationUuid = (state: PersistedSlices) => state.organization.current?.UUID ?? null;
export const selectIsLoggedIn = (state: PersistedSlices) => state.session.userName !== null;
export const selectUserName = (state: PersistedSlices) => state.session.userName;
export const selectUserLocale = (state: PersistedSlices) => state.session.userLocale;

/** Privilege names held per organization UUID. */
export const selectPrivilegesByOrganization = createSelector([selectPrivilegesList], (list) => {
  const map = new Map<string, Set<string>>();
  for (const p of list) {
    let set = map.get(p.OrganizationUUID);
    if (!set) map.set(p.OrganizationUUID, (set = new Set()));
    set.add(p.Name);
  }
  return map;
});

/** SPEC §5: a user-privilege check needs an organization and every named privilege held in it. */
export function holdsAll(
  byOrganization: ReadonlyMap<string, ReadonlySet<string>>,
  organizationUuid: string | null | undefined,
  names: readonly string[],
): boolean {
  if (!organizationUuid) return false;
  const held = byOrganization.get(organizationUuid);
  return names.every((name) => held?.has(name) ?? false);
}

/** SPEC §6: a feature counts as enabled if boolean true or a number above 0. */
export function isFeatureEnabled(features: LicensedFeatures | undefined, name: string): boolean {
  const value = features?.[name];
  return value === true || (typeof value === 'number' && value > 0);
}

/** The licence of the current organization (a trial claim covers every organization). */
export const selectCurrentLicence = createSelector(
  [(state: PersistedSlices) => state.licence.claims, selectCurrentOrganizationUuid],
  (claims, organizationUuid) =>
    claims.find((c) => c.OrganizationUUID === organizationUuid) ?? claims.find((c) => c.Trial || !c.OrganizationUUID) ?? null,
);

export const selectLicensedFeatures = createSelector([selectCurrentLicence], (licence) => licence?.LicensedFeatures ?? {});

/** How a requirement is evaluated for whoever holds `byOrganization` (explain access evaluates another user with it). */
export function accessEvaluator(
  byOrganization: ReadonlyMap<string, ReadonlySet<string>>,
  current: string | null,
  root: string | null,
  features: LicensedFeatures | undefined,
): (requirement: Requirement) => boolean {
  return (requirement) => {
    const organization = requirement.scope === 'root' ? root : current;
    const privileges = requirement.privileges ?? [];
    if (privileges.length > 0 && !holdsAll(byOrganization, organization, privileges)) return false;
    return (requirement.features ?? []).every((f) => isFeatureEnabled(features, f));
  };
}

/** The privilege-and-feature evaluator shared by guards and the menu. */
export const selectAccess = createSelector(
  [selectPrivilegesByOrganization, selectCurrentOrganizationUuid, (s: PersistedSlices) => s.organization.root?.UUID ?? null, selectLicensedFeatures],
  accessEvaluator,
);

/** Root privilege shorthand used by banners and root-level pages. */
export const selectCanManageSettingsAtRoot = createSelector([selectAccess], (can) =>
  can({ privileges: [PRIVILEGES.ManageSettings], scope: 'root' }),
);
