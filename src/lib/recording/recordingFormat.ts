// The QA recording file (README "QA: record and replay"). The JSON schema beside this file is the published contract;
// these types are what a file that passed it, after migration, looks like to the code.

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** A Redux action as recorded: redacted, and reduced to what JSON can hold. */
export type RecordedAction = JsonObject & { type: string };

export interface RecordedStep {
  /** Milliseconds since the moment `initialState` was current. */
  t: number;
  action: RecordedAction;
}

export interface RecordedOrganization {
  UUID: string;
  Name: string;
}

export const CURRENT_FORMAT_VERSION = 1;

export interface Recording {
  formatVersion: typeof CURRENT_FORMAT_VERSION;
  appVersion: string;
  locale: string;
  organization: RecordedOrganization | null;
  /** ISO 8601: when `initialState` was the live state. */
  recordedAt: string;
  initialState: JsonObject;
  actions: RecordedStep[];
}

/** `historian-recording-<ISO time>.json`, with the colons of the time made safe for every file system. */
export function recordingFileName(at: Date): string {
  return `historian-recording-${at.toISOString().replace(/:/g, '-')}.json`;
}
