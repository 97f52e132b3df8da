import type { JsonObject, JsonValue, RecordedAction, RecordedOrganization, Recording } from './recordingFormat';

// Older recordings are moved forward one format version at a time, each step a pure function from
// a file that passed its own version's schema to the next version's shape. A new format version
// adds its schema, one entry in MIGRATIONS for the step from the previous one, and bumps
// CURRENT_FORMAT_VERSION; files newer than the console are refused (validateRecording).

/** Format version 0: the state and the actions ('events'), without times or organization. */
export interface RecordingV0 {
  version?: 0;
  formatVersion?: 0;
  appVersion?: string;
  locale?: string;
  state: JsonObject;
  events: RecordedAction[];
}

/** Version 0 kept no times; its steps are replayed this far apart. */
export const V0_STEP_MS = 500;
/** Version 0 kept no date either. */
export const V0_RECORDED_AT = new Date(0).toISOString();

export function migrateV0(old: RecordingV0): Recording {
  return {
    formatVersion: 1,
    appVersion: old.appVersion ?? 'unknown',
    locale: old.locale ?? 'en',
    organization: organizationIn(old.state),
    recordedAt: V0_RECORDED_AT,
    initialState: old.state,
    actions: old.events.map((action, index) => ({ t: index * V0_STEP_MS, action })),
  };
}

/** Version 0 named no organization; the state's current one is the best reading. */
function organizationIn(state: JsonObject): RecordedOrganization | null {
  const current = member(member(state, 'organization'), 'current');
  const uuid = member(current, 'UUID');
  const name = member(current, 'Name');
  return typeof uuid === 'string' && typeof name === 'string' ? { UUID: uuid, Name: name } : null;
}

function member(value: JsonValue | undefined, key: string): JsonValue | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value[key] : undefined;
}
