import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import type { ManualEntryColumn, ManualEntryEntries, ManualEntryScalar } from '../../../api/generated/historian.gen';
import type { QueuedWrite } from '../../../state/manualEntryQueue';
import { toastShown } from '../../../state/toasts';
import { cellKey } from './cellValues';
import type { CellState } from './cellTexts';
import type { GridRow } from './gridModel';
import { useEntrySender, type SendResult } from './useEntrySender';

/** A value that replaces another, waiting for the reason the server asks for. */
export interface ReasonRequest {
  key: string;
  write: QueuedWrite;
  column: ManualEntryColumn;
}

/**
 * What the grid does with a committed cell: a first value is sent at once, one that replaces
 * another asks for a reason first (rulebook "Reason"); Expected is what the grid showed. Values
 * typed here stay on screen (sending, waiting, refused) whatever a refresh brings.
 */
export function useCellWrites(formUuid: string, entries: ManualEntryEntries | undefined) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const sender = useEntrySender(formUuid);
  const [local, setLocal] = useState<ReadonlyMap<string, CellState>>(new Map());
  const [reasonRequest, setReasonRequest] = useState<ReasonRequest | null>(null);

  const setCell = useCallback((key: string, state: CellState | null) => {
    setLocal((current) => {
      const next = new Map(current);
      if (state) next.set(key, state);
      else next.delete(key);
      return next;
    });
  }, []);

  // Values the server has confirmed give way to the fresh answer that shows them.
  useEffect(() => {
    setLocal((current) => (Array.from(current.values()).some((state) => state.status === 'sent') ? new Map(Array.from(current).filter(([, state]) => state.status !== 'sent')) : current));
  }, [entries]);

  const queuedHere = useMemo(() => sender.mine.filter((item) => item.formUuid === formUuid), [formUuid, sender.mine]);

  const cellStates = useMemo(() => {
    const states = new Map<string, CellState>();
    for (const item of queuedHere) {
      const rowKey = item.write.kind === 'event' ? item.write.eventUuid : item.write.timestamp;
      const status = item.conflict ? 'conflict' : item.failure ? 'error' : 'waiting';
      const message = item.failure ? t(item.failure.code, { ...item.failure.params, defaultValue: item.failure.params?.detail ?? t('manual_entry.view.send_failed') }) : undefined;
      states.set(cellKey(rowKey, item.write.key), { value: item.write.value, status, message });
    }
    for (const [key, state] of local) states.set(key, state);
    return states;
  }, [local, queuedHere, t]);

  const report = useCallback(
    (key: string, value: ManualEntryScalar, result: SendResult) => {
      if (result.status === 'sent') setCell(key, { value, status: 'sent' });
      else if (result.status === 'queued' || result.status === 'conflict') setCell(key, null);
      else {
        const text = t(result.code, { ...result.params, defaultValue: result.params?.detail ?? t('manual_entry.view.send_failed') });
        const message = result.fieldMessage ? `${text} ${t(result.fieldMessage, { defaultValue: result.fieldMessage })}` : text;
        setCell(key, { value, status: 'error', message });
        dispatch(toastShown({ type: 'danger', message }));
      }
    },
    [dispatch, setCell, t],
  );

  const deliver = useCallback(
    async (key: string, write: QueuedWrite, reason?: string) => {
      setCell(key, { value: write.value, status: 'sending' });
      report(key, write.value, await sender.send(write, reason));
    },
    [report, sender, setCell],
  );

  const commit = useCallback(
    (row: GridRow, column: ManualEntryColumn, value: ManualEntryScalar, shown: ManualEntryScalar) => {
      const key = cellKey(row.key, column.Key);
      const waiting = queuedHere.find((item) => cellKey(item.write.kind === 'event' ? item.write.eventUuid : item.write.timestamp, item.write.key) === key);
      // A value still waiting to be sent is not on the server: what the server showed is expected.
      const expected = waiting ? waiting.write.expected : shown;
      let write: QueuedWrite;
      if (row.event) write = { kind: 'event', eventUuid: row.event.UUID, key: column.Key, value, expected };
      else if (value === null) {
        setCell(key, { value: shown, status: 'error', message: t('manual_entry.view.value_required') });
        return;
      } else write = { kind: 'value', timestamp: row.key, key: column.Key, value, expected };
      if (expected !== null && expected !== value) {
        setCell(key, { value, status: 'reason' });
        setReasonRequest({ key, write, column });
      } else void deliver(key, write);
    },
    [deliver, queuedHere, setCell, t],
  );

  const giveReason = useCallback(
    (reason: string) => {
      if (!reasonRequest) return;
      setReasonRequest(null);
      void deliver(reasonRequest.key, reasonRequest.write, reason);
    },
    [deliver, reasonRequest],
  );
  const cancelReason = useCallback(() => {
    if (reasonRequest) setCell(reasonRequest.key, null);
    setReasonRequest(null);
  }, [reasonRequest, setCell]);

  return { cellStates, commit, reasonRequest, giveReason, cancelReason, sender, queuedHere };
}
