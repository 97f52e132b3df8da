import { APP_VERSION } from '../../lib/appVersion';
import { downloadJson } from '../../lib/recording/downloadJson';
import { CURRENT_FORMAT_VERSION, recordingFileName, type Recording } from '../../lib/recording/recordingFormat';
import type { OrganizationSummary } from '../organization';
import type { Recorder } from './recorder';
import { isJsonObject, RTK_QUERY_DATA_KEYED_PATHS, type RecorderWindow } from './recorderEngine';
import { toRecordable } from './toRecordable';

/** What every store passes its thunks (and RTK Query its baseQuery) as the extra argument. */
export interface RecorderExtra {
  recorder?: Recorder;
}

interface ExportableState {
  session: { userLocale: string; userKey: string | null };
  organization: { current: OrganizationSummary | null };
}

export interface RecordingContext {
  appVersion: string;
  locale: string;
  organization: OrganizationSummary | null;
  /** Credential values live at export time, cut out once more from everything written. */
  secrets: readonly (string | null | undefined)[];
}

/** The file of format version 1 for what a recorder holds. */
export function buildRecording(window: RecorderWindow, context: RecordingContext): Recording {
  const clean = (value: unknown) => toRecordable(value, { secrets: context.secrets });
  // The API cache's keys are data (`getCurrentUserTokens(undefined)`), not secret names: a recording
  // started after sign-in holds that cache, and the replay's pages read it under those keys.
  const initialState = toRecordable(window.initialState, { secrets: context.secrets, dataKeyedPaths: RTK_QUERY_DATA_KEYED_PATHS });
  const actions: Recording['actions'] = [];
  for (const entry of window.entries) {
    const action = clean(entry.action);
    if (isJsonObject(action) && typeof action.type === 'string') {
      actions.push({ t: Math.max(0, entry.at - window.baseAt), action: { ...action, type: action.type } });
    }
  }
  return {
    formatVersion: CURRENT_FORMAT_VERSION,
    appVersion: context.appVersion,
    locale: context.locale,
    organization: context.organization ? { UUID: context.organization.UUID, Name: context.organization.Name } : null,
    recordedAt: new Date(window.baseAt).toISOString(),
    initialState: isJsonObject(initialState) ? initialState : {},
    actions,
  };
}

// The user menu loads this module when "Export recording" is chosen: building and saving the file
// are not needed on the sign-in route.

/**
 * A thunk: the recorder is reached through the store's extra argument, so the user menu needs no
 * handle on the store. Null when the store is not recording.
 */
export const exportRecording =
  () =>
  async (_dispatch: unknown, getState: () => ExportableState, extra: RecorderExtra): Promise<Recording | null> => {
    const recorder = extra.recorder;
    if (!recorder?.isRecording()) return null;
    await recorder.ready();
    const window = recorder.window();
    if (!window) return null;
    const state = getState();
    return buildRecording(window, {
      appVersion: APP_VERSION,
      locale: state.session.userLocale,
      organization: state.organization.current,
      secrets: [...window.secrets, state.session.userKey],
    });
  };

/** Saves the file as `historian-recording-<ISO time>.json`. */
export function downloadRecording(recording: Recording, at = new Date()): void {
  downloadJson(recordingFileName(at), recording);
}
