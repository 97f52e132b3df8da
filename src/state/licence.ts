import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { LICENSE_EXPIRY_WARNING_DAYS } from '../../domain/constants';
import type { OrganizationSummary } from './organization';
import type { PersistedSlices } from './rootState';

// The licence claims last read from GET /license/info, persisted under `historian.licence` so that
// the menu can show licensed items at once on a reload.

export type LicensedFeatures = Record<string, boolean | number>;

export interface LicenceClaim {
  UUID: string;
  Name: string;
  ExpiresAt: number;
  OrganizationUUID?: string;
  Trial?: boolean;
  LicensedFeatures: LicensedFeatures;
}

export interface LicenceState {
  loaded: boolean;
  claims: LicenceClaim[];
  error: string | null;
}

const initialState: LicenceState = { loaded: false, claims: [], error: null };

const licenceSlice = createSlice({
  name: 'licence',
  initialState,
  reducers: {
    licenceInfoLoaded(state, action: PayloadAction<{ claims: LicenceClaim[]; error?: string | null }>) {
      state.loaded = true;
      state.claims = action.payload.claims;
      state.error = action.payload.error ?? null;
    },
  },
});

export const { licenceInfoLoaded } = licenceSlice.actions;
export const licenceReducer = licenceSlice.reducer;

/** SPEC §4 "Licence banner": which warning, if any, the shell shows. */
export type LicenceBanner =
  | { kind: 'loading' }
  | { kind: 'none' }
  | { kind: 'no_licence' }
  | { kind: 'old_licence' }
  | { kind: 'expired' }
  | { kind: 'expires_in_days'; days: number };

const DAY_MS = 86_400_000;

/**
 * The claim that speaks for an organization: its own, else one covering every organization (a
 * trial, or a licence not given to any). The root organization never holds a licence, so for it
 * the installation's longest-running licence is the one that matters.
 */
export function licenceClaimFor(claims: readonly LicenceClaim[], organization: OrganizationSummary | null): LicenceClaim | undefined {
  if (organization === null || organization.IsRoot) {
    return claims.reduce<LicenceClaim | undefined>((best, claim) => (best && best.ExpiresAt >= claim.ExpiresAt ? best : claim), undefined);
  }
  return claims.find((claim) => claim.OrganizationUUID === organization.UUID) ?? claims.find((claim) => claim.Trial || !claim.OrganizationUUID);
}

export function licenceBannerOf(licence: LicenceState, organization: OrganizationSummary | null, nowMs: number): LicenceBanner {
  if (!licence.loaded) return { kind: 'loading' };
  if (licence.claims.length === 0) return { kind: 'no_licence' };
  const claim = licenceClaimFor(licence.claims, organization);
  if (!claim) return { kind: 'old_licence' };
  // ExpiresAt is in epoch seconds (SPEC §9).
  const leftMs = claim.ExpiresAt * 1000 - nowMs;
  if (leftMs <= 0) return { kind: 'expired' };
  const days = Math.ceil(leftMs / DAY_MS);
  return days <= LICENSE_EXPIRY_WARNING_DAYS ? { kind: 'expires_in_days', days } : { kind: 'none' };
}

/** `nowMs` is an argument so that the selector stays pure and the banner can tick over midnight. */
export const selectLicenceBanner = createSelector(
  [(state: PersistedSlices) => state.licence, (state: PersistedSlices) => state.organization.current, (_: PersistedSlices, nowMs: number) => nowMs],
  licenceBannerOf,
);
