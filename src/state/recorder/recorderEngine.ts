import type { JsonObject, JsonValue, RecordedAction } from '../../lib/recording/recordingFormat';
import { hasSlicesOf } from './replayState';
import { RingBuffer } from './ringBuffer';
import { toRecordable, type RecordableOptions } from './toRecordable';

// What the recorder keeps, loaded when recording starts (recorder.ts is the part on the sign-in
// route): the last N actions, redacted as they come in, and ONE state snapshot.
//
// Memory bound: N redacted actions plus one snapshot. When the buffer drops its oldest action, the
// snapshot moves forward by applying that action through the root reducer, exactly what a replay
// does with it, so the window always replays to the live state. Periodic keyframes would make that
// step free but hold k full states (each a deep copy, since redaction copies); a reducer call per
// action is the same work the live store just did, and only happens while recording.

export const DEFAULT_RECORDER_CAPACITY = 500;

export interface RecorderEntry {
  /** Epoch milliseconds when the action was dispatched. */
  at: number;
  action: RecordedAction;
}

export interface RecorderWindow {
  /** When `initialState` was the live state. */
  baseAt: number;
  /** Redacted; a plain JSON copy, or what the root reducer made of one. */
  initialState: unknown;
  entries: RecorderEntry[];
  /** The live credential values of the latest state seen, for the export's last pass. */
  secrets: readonly (string | null | undefined)[];
}

/**
 * RTK Query's maps keyed by cache key or tag type (reducerPath `api`): their keys are data, not
 * field names (see toRecordable).
 */
export const RTK_QUERY_DATA_KEYED_PATHS: RecordableOptions['dataKeyedPaths'] = [
  ['api', 'queries'],
  ['api', 'mutations'],
  ['api', 'subscriptions'],
  ['api', 'provided', 'tags'],
  ['api', 'provided', 'tags', '*'],
  ['api', 'provided', 'keys'],
];

export interface RecorderEngineOptions<S extends object> {
  capacity?: number;
  /** The root reducer, which moves the snapshot past an action that leaves the window... */
  reducer: (state: S, action: RecordedAction) => S;
  /** ...and a fresh state of it, to check a snapshot against before reducing it. */
  template: S;
  /** Live credential values of a state, cut out of every string recorded after it. */
  secretsOf?: (state: S) => readonly (string | null | undefined)[];
  dataKeyedPaths?: RecordableOptions['dataKeyedPaths'];
}

export interface RecorderEngine {
  record(at: number, action: unknown, stateAfter: unknown): void;
  window(): RecorderWindow;
}

/** An engine that starts from `state`, the live state at `startedAt`. */
export function createRecorderEngine<S extends object>(options: RecorderEngineOptions<S>, state: unknown, startedAt: number): RecorderEngine {
  const buffer = new RingBuffer<RecorderEntry>(options.capacity ?? DEFAULT_RECORDER_CAPACITY);
  const dataKeyedPaths = options.dataKeyedPaths ?? RTK_QUERY_DATA_KEYED_PATHS;
  const secretsOf = (live: unknown) => (options.secretsOf && hasSlicesOf(live, options.template) ? options.secretsOf(live) : []);
  const recordable = (value: unknown, live: unknown) => toRecordable(value, { secrets: secretsOf(live), dataKeyedPaths });
  let base: unknown = withoutPersistMarkers(recordable(state, state));
  let baseAt = startedAt;
  let latest = state;

  return {
    record(at, action, stateAfter) {
      latest = stateAfter;
      const copied = recordable(action, stateAfter);
      if (!isRecordedAction(copied)) return;
      const dropped = buffer.push({ at, action: copied });
      if (!dropped) return;
      try {
        if (hasSlicesOf(base, options.template)) base = options.reducer(base, dropped.evicted.action);
      } catch {
        // A reducer that throws on a redacted action would throw in the replay too; the replay shows
        // that step's error, so the snapshot stays where it was rather than losing the recording.
      }
      baseAt = dropped.evicted.at;
    },
    window: () => ({ baseAt, initialState: base, entries: buffer.toArray(), secrets: secretsOf(latest) }),
  };
}

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRecordedAction(value: JsonValue | undefined): value is RecordedAction {
  return isJsonObject(value) && typeof value.type === 'string';
}

/** redux-persist's `_persist` member of each persisted slice means nothing to a replay store. */
function withoutPersistMarkers(state: JsonValue | undefined): JsonObject {
  const result: JsonObject = {};
  if (!isJsonObject(state)) return result;
  for (const [key, slice] of Object.entries(state)) {
    if (isJsonObject(slice) && '_persist' in slice) {
      const { _persist: _, ...rest } = slice;
      result[key] = rest;
    } else {
      result[key] = slice;
    }
  }
  return result;
}
