import { nanoid } from '@reduxjs/toolkit';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import type { ManualEntryConflict } from '../../../api/generated/historian.gen';
import { manualEntryApi } from '../../../api/areas/manualEntry';
import { member } from '../../../api/outcomes';
import { cellWritten, entryConflicted, entryFailed, entryQueued, entrySent, entryWaiting, type QueuedEntry, type QueuedWrite } from '../../../state/manualEntryQueue';

// Sending the grid's entries (rulebook "Writes"): one call per committed cell with Expected = the
// value the grid showed. Without a connection (network error, timeout) or a session (401) the
// entry waits in the persisted queue and is sent, in order, when the browser is online again,
// every 15 s while entries wait, and when the page opens after a sign-in; only the signed-in
// user's entries are ever sent.

export const RETRY_MS = 15_000;

export type SendResult =
  | { status: 'sent' }
  | { status: 'queued' }
  | { status: 'conflict' }
  | { status: 'failed'; code: string; params?: Record<string, string>; fieldMessage?: string };

type CallResult = { data?: unknown; error?: unknown };

type Outcome =
  | { kind: 'sent' }
  | { kind: 'wait'; cause: QueuedEntry['cause'] }
  | { kind: 'conflict'; conflicts: ManualEntryConflict[] }
  | { kind: 'failed'; code: string; params?: Record<string, string>; fieldMessage?: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isConflict = (value: unknown): value is ManualEntryConflict => isRecord(value) && typeof value.Key === 'string';
const stringsOf = (value: unknown): Record<string, string> | undefined =>
  isRecord(value) ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : undefined;

/** What became of one call: sent, wait (no connection or session), a conflict, or refused. */
function outcomeOf(result: CallResult): Outcome {
  if (!('error' in result) || result.error === undefined) {
    // A 401 ends without data and without an error (the transport sends the user to sign in).
    return result.data === undefined ? { kind: 'wait', cause: 'session' } : { kind: 'sent' };
  }
  const kind = member(result.error, 'kind');
  if (kind === 'network' || kind === 'timeout') return { kind: 'wait', cause: 'offline' };
  // A lost session resets the API state, which aborts the calls still running (this one's 401 too).
  if (kind === 'aborted' || member(result.error, 'name') === 'AbortError') return { kind: 'wait', cause: 'session' };
  if (kind === 'not-logged-in') return { kind: 'wait', cause: 'session' };
  const body = member(result.error, 'body');
  const code = member(body, 'code');
  const conflicts = member(body, 'conflicts');
  if (member(result.error, 'code') === 409 && Array.isArray(conflicts)) return { kind: 'conflict', conflicts: conflicts.filter(isConflict) };
  const errors = member(body, 'errors');
  const firstField = isRecord(errors) ? Object.values(errors)[0] : undefined;
  const fieldMessage = Array.isArray(firstField) && typeof firstField[0] === 'string' ? firstField[0] : undefined;
  const detail = member(body, 'detail');
  const params = { ...stringsOf(member(body, 'params')), ...(typeof detail === 'string' ? { detail } : {}) };
  return { kind: 'failed', code: typeof code === 'string' ? code : 'manual_entry.view.send_failed', params, fieldMessage };
}

export function useEntrySender(formUuid: string) {
  const dispatch = useAppDispatch();
  const userUuid = useAppSelector((state) => state.session.userId);
  const organizationUuid = useAppSelector((state) => state.organization.current?.UUID ?? null);
  const items = useAppSelector((state) => state.manualEntryQueue.items);
  const flushing = useRef(false);
  const store = useStore<RootState>();

  const call = useCallback(
    async (entry: Pick<QueuedEntry, 'formUuid' | 'write' | 'reason'>): Promise<CallResult> => {
      const { write, reason } = entry;
      const request =
        write.kind === 'event'
          ? dispatch(
              manualEntryApi.endpoints.writeManualEntryEventValues.initiate({
                id: entry.formUuid,
                eventId: write.eventUuid,
                manualEntryEventWrite: { Properties: { [write.key]: write.value }, Expected: { [write.key]: write.expected }, ...(reason ? { Reason: reason } : {}) },
              }),
            )
          : dispatch(
              manualEntryApi.endpoints.writeManualEntryAssetValues.initiate({
                id: entry.formUuid,
                manualEntryValuesWrite: {
                  Values: [{ AssetPropertyUUID: write.key, Timestamp: write.timestamp, Value: write.value, Expected: write.expected }],
                  ...(reason ? { Reason: reason } : {}),
                },
              }),
            );
      const result = await request;
      request.reset();
      return result;
    },
    [dispatch],
  );

  const conflictOf = (conflicts: ManualEntryConflict[], write: QueuedWrite) => {
    const found = conflicts.find((conflict) => conflict.Key === write.key) ?? conflicts[0];
    return { current: found?.Current ?? null, updatedAt: found?.UpdatedAt ?? null, updatedBy: found?.UpdatedBy ?? null };
  };

  /** Sends one committed cell now; what cannot be sent waits in the queue. */
  const send = useCallback(
    async (write: QueuedWrite, reason?: string): Promise<SendResult> => {
      if (!userUuid || !organizationUuid) return { status: 'failed', code: 'manual_entry.view.send_failed' };
      const entry: QueuedEntry = { id: nanoid(), userUuid, organizationUuid, formUuid, write, reason, queuedAt: new Date().toISOString(), cause: 'offline' };
      const outcome = outcomeOf(await call(entry));
      if (outcome.kind === 'sent') {
        dispatch(cellWritten({ userUuid, formUuid, write }));
        return { status: 'sent' };
      }
      if (outcome.kind === 'wait') {
        dispatch(entryQueued({ ...entry, cause: outcome.cause }));
        return { status: 'queued' };
      }
      if (outcome.kind === 'conflict') {
        dispatch(entryQueued({ ...entry, conflict: conflictOf(outcome.conflicts, write) }));
        return { status: 'conflict' };
      }
      return { status: 'failed', code: outcome.code, params: outcome.params, fieldMessage: outcome.fieldMessage };
    },
    [call, dispatch, formUuid, organizationUuid, userUuid],
  );

  const mine = useMemo(() => items.filter((item) => item.userUuid === userUuid && item.organizationUuid === organizationUuid), [items, organizationUuid, userUuid]);
  const sendable = mine.filter((item) => !item.conflict && !item.failure);
  /** Read at the call from the store, so that an entry kept a moment ago goes too. */
  const sendableNow = useCallback(() => {
    const { session, organization, manualEntryQueue } = store.getState();
    return manualEntryQueue.items.filter((item) => item.userUuid === session.userId && item.organizationUuid === organization.current?.UUID && !item.conflict && !item.failure);
  }, [store]);

  /** Sends the signed-in user's waiting entries in order; stops at the first that cannot go. */
  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    try {
      for (const item of sendableNow()) {
        const outcome = outcomeOf(await call(item));
        if (outcome.kind === 'sent') dispatch(entrySent(item.id));
        else if (outcome.kind === 'conflict') dispatch(entryConflicted({ id: item.id, conflict: conflictOf(outcome.conflicts, item.write) }));
        else if (outcome.kind === 'failed') dispatch(entryFailed({ id: item.id, failure: { code: outcome.code, params: outcome.params } }));
        else {
          dispatch(entryWaiting({ id: item.id, cause: outcome.cause }));
          break;
        }
      }
    } finally {
      flushing.current = false;
    }
  }, [call, dispatch, sendableNow]);

  const waiting = sendable.length > 0;
  const signedIn = userUuid !== null;
  useEffect(() => {
    if (!signedIn) return undefined;
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [flush, signedIn]);
  useEffect(() => {
    if (!waiting || !signedIn) return undefined;
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [flush, waiting, signedIn]);
  // The page opened (again, perhaps after a new sign-in): what waits is sent at once.
  const openedFlush = useRef(false);
  useEffect(() => {
    if (openedFlush.current || !signedIn) return;
    openedFlush.current = true;
    if (sendableNow().length > 0) void flush();
  }, [flush, sendableNow, signedIn]);

  const othersWaiting = items.filter((item) => item.formUuid === formUuid && item.userUuid !== userUuid).length;
  return { send, flush, mine, othersWaiting };
}
