import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

// The chosen organization, persisted under `historian.organization`; it survives sign-out.

export interface OrganizationSummary {
  UUID: string;
  Name: string;
  IsRoot?: boolean;
  LicenseUUID?: string;
}

export interface OrganizationState {
  current: OrganizationSummary | null;
  root: OrganizationSummary | null;
  hasManualEntryForms: boolean;
}

const initialState: OrganizationState = { current: null, root: null, hasManualEntryForms: false };

/**
 * SPEC §4: the stored organization if still in the user's list, else the first non-root one,
 * else the root.
 */
export function chooseOrganization(
  stored: OrganizationSummary | null,
  available: readonly OrganizationSummary[],
): OrganizationSummary | null {
  const kept = stored && available.find((o) => o.UUID === stored.UUID);
  if (kept) return kept;
  return available.find((o) => !o.IsRoot) ?? available.find((o) => o.IsRoot) ?? null;
}

const organizationSlice = createSlice({
  name: 'organization',
  initialState,
  reducers: {
    organizationsLoaded(state, action: PayloadAction<readonly OrganizationSummary[]>) {
      state.root = action.payload.find((o) => o.IsRoot) ?? null;
      state.current = chooseOrganization(state.current, action.payload);
    },
    organizationSwitched(state, action: PayloadAction<OrganizationSummary>) {
      state.current = action.payload;
    },
    manualEntryFormsCounted(state, action: PayloadAction<number>) {
      state.hasManualEntryForms = action.payload > 0;
    },
  },
});

export const { organizationsLoaded, organizationSwitched, manualEntryFormsCounted } = organizationSlice.actions;
export const organizationReducer = organizationSlice.reducer;
