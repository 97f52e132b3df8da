import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

// Manual entries that could not be sent (no connection, or the session ran out), persisted under
// `historian.manualEntryQueue` so that a reload or a new sign-in does not lose them. Sent in order,
// only by the user who typed them (src/features/manual-entry/view/useEntrySender.ts). Loads with the
// sign-in route: plain data and reducers only.

export type QueuedScalar = number | string | boolean | null;

/** One cell's write, as the two calls take it. */
export type QueuedWrite =
  | { kind: 'event'; eventUuid: string; key: string; value: QueuedScalar; expected: QueuedScalar }
  | { kind: 'value'; timestamp: string; key: string; value: number | string | boolean; expected: QueuedScalar };

/** What the server holds instead (409), for the side-by-side dialog. */
export interface QueuedConflict {
  current: QueuedScalar;
  updatedAt?: string | null;
  updatedBy?: string | null;
}

export interface QueuedEntry {
  id: string;
  userUuid: string;
  organizationUuid: string;
  formUuid: string;
  write: QueuedWrite;
  reason?: string;
  queuedAt: string;
  /** Why it waits: no connection, or no session. */
  cause: 'offline' | 'session';
  conflict?: QueuedConflict;
  /** The server refused it (e.g. 403 edit_too_old): kept, not sent again, until the user drops it. */
  failure?: { code: string; params?: Record<string, string> };
}

export interface ManualEntryQueueState {
  items: QueuedEntry[];
}

const initialState: ManualEntryQueueState = { items: [] };

const manualEntryQueueSlice = createSlice({
  name: 'manualEntryQueue',
  initialState,
  reducers: {
    /** A newer entry of the same cell replaces the waiting one (only the last typed value counts). */
    entryQueued(state, action: PayloadAction<QueuedEntry>) {
      const entry = action.payload;
      const same = state.items.findIndex((item) => item.formUuid === entry.formUuid && item.userUuid === entry.userUuid && sameCell(item.write, entry.write));
      if (same >= 0) state.items[same] = { ...entry, write: { ...entry.write, expected: state.items[same].write.expected } };
      else state.items.push(entry);
    },
    entrySent(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
    entryWaiting(state, action: PayloadAction<{ id: string; cause: QueuedEntry['cause'] }>) {
      const item = state.items.find((candidate) => candidate.id === action.payload.id);
      if (item) item.cause = action.payload.cause;
    },
    entryConflicted(state, action: PayloadAction<{ id: string; conflict: QueuedConflict }>) {
      const item = state.items.find((candidate) => candidate.id === action.payload.id);
      if (item) item.conflict = action.payload.conflict;
    },
    entryFailed(state, action: PayloadAction<{ id: string; failure: NonNullable<QueuedEntry['failure']> }>) {
      const item = state.items.find((candidate) => candidate.id === action.payload.id);
      if (item) item.failure = action.payload.failure;
    },
    /** "Keep mine": sent again, expecting what the server holds now. */
    entryKept(state, action: PayloadAction<{ id: string; reason?: string }>) {
      const item = state.items.find((candidate) => candidate.id === action.payload.id);
      if (item?.conflict) {
        item.write.expected = item.conflict.current;
        if (action.payload.reason) item.reason = action.payload.reason;
        delete item.conflict;
      }
    },
    /** The same cell was written since: what waited for it is out of date. */
    cellWritten(state, action: PayloadAction<{ userUuid: string; formUuid: string; write: QueuedWrite }>) {
      const { userUuid, formUuid, write } = action.payload;
      state.items = state.items.filter((item) => !(item.userUuid === userUuid && item.formUuid === formUuid && sameCell(item.write, write)));
    },
  },
});

function sameCell(a: QueuedWrite, b: QueuedWrite): boolean {
  if (a.key !== b.key) return false;
  if (a.kind === 'event' && b.kind === 'event') return a.eventUuid === b.eventUuid;
  if (a.kind === 'value' && b.kind === 'value') return a.timestamp === b.timestamp;
  return false;
}

export const { entryQueued, entrySent, entryWaiting, entryConflicted, entryFailed, entryKept, cellWritten } = manualEntryQueueSlice.actions;
export const manualEntryQueueReducer = manualEntryQueueSlice.reducer;
