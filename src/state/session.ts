import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionLost } from '../api/transport/requestContext';

// The browser-stored session items of SPEC §3. The slice is persisted under `historian.session`.

export interface StoredPrivilege {
  ID?: number;
  UUID?: string;
  Name: string;
  OrganizationUUID: string;
}

export interface StoredManualEntryFormPrivilege {
  ID?: number;
  ManualEntryFormUUID: string;
  OrganizationUUID: string;
  Name: string;
}

export type LoginType = 'form' | 'external' | 'token';

export interface SessionState {
  userId: string | null;
  userName: string | null;
  userLocale: string;
  /** A bearer value for API-token sessions; cookie sessions leave it null. */
  userKey: string | null;
  userPrivileges: StoredPrivilege[];
  userProvider: string | null;
  /** Numeric primary key; read back as an integer, null when absent. */
  equipment: number | null;
  loginType: LoginType | null;
  manualEntryFormPrivileges: StoredManualEntryFormPrivilege[];
  experimentalFeatures: boolean;
  version: string | null;
  mustChangePassword: boolean;
}

export const initialSessionState: SessionState = {
  userId: null,
  userName: null,
  userLocale: 'en',
  userKey: null,
  userPrivileges: [],
  userProvider: null,
  equipment: null,
  loginType: null,
  manualEntryFormPrivileges: [],
  experimentalFeatures: false,
  version: null,
  mustChangePassword: false,
};

export interface LoggedInPayload {
  userId: string;
  userName: string;
  userLocale?: string;
  userProvider: string;
  loginType: LoginType;
  userKey?: string | null;
  experimentalFeatures?: boolean;
  mustChangePassword?: boolean;
  version?: string | null;
}

export interface PrivilegesLoadedPayload {
  privileges: StoredPrivilege[];
  manualEntryFormPrivileges: StoredManualEntryFormPrivilege[];
}

/** Reads a stored equipment key back as an integer, or null when absent or not a number. */
export function toEquipment(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = typeof value === 'number' ? Math.trunc(value) : Number.parseInt(String(value), 10);
  return Number.isFinite(parsed) ? parsed : null;
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    loggedIn(state, action: PayloadAction<LoggedInPayload>) {
      const p = action.payload;
      return {
        ...initialSessionState,
        userId: p.userId,
        userName: p.userName,
        userLocale: p.userLocale ?? state.userLocale,
        userProvider: p.userProvider,
        loginType: p.loginType,
        userKey: p.userKey ?? null,
        experimentalFeatures: p.experimentalFeatures ?? false,
        mustChangePassword: p.mustChangePassword ?? false,
        version: p.version ?? null,
      };
    },
    privilegesLoaded(state, action: PayloadAction<PrivilegesLoadedPayload>) {
      state.userPrivileges = action.payload.privileges;
      state.manualEntryFormPrivileges = action.payload.manualEntryFormPrivileges;
    },
    passwordChanged(state) {
      state.mustChangePassword = false;
    },
    localeChanged(state, action: PayloadAction<string>) {
      state.userLocale = action.payload;
    },
    experimentalFeaturesChanged(state, action: PayloadAction<boolean>) {
      state.experimentalFeatures = action.payload;
    },
    equipmentChosen(state, action: PayloadAction<unknown>) {
      state.equipment = toEquipment(action.payload);
    },
    /** Sign-out, or a 401: the stored privileges go with the rest of the session. */
    loggedOut(state) {
      return { ...initialSessionState, userLocale: state.userLocale };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionLost, (state) => ({ ...initialSessionState, userLocale: state.userLocale }));
  },
});

export const {
  loggedIn,
  privilegesLoaded,
  passwordChanged,
  localeChanged,
  experimentalFeaturesChanged,
  equipmentChosen,
  loggedOut,
} = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
