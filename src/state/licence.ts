import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

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
