import { Plus, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { useGetManualEntryFormEntriesQuery } from '../../../api/areas/manualEntry';
import type { ManualEntryFormRead } from '../../../api/generated/historian.gen';
import { Page } from '../../../components/Page/Page';
import { entryKept, entrySent } from '../../../state/manualEntryQueue';
import { ConflictDialog } from './ConflictDialog';
import { EntryGrid } from './EntryGrid';
import { gridRowsOf } from './gridModel';
import { QueueBanner } from './QueueBanner';
import { RangePicker } from './RangePicker';
import { ReasonDialog } from './ReasonDialog';
import { problemCode } from '../../../api/outcomes';
import { fromLocalInput } from '../../../lib/localTimeInput';
import { durationMs, FALLBACK_DEFAULT_RANGE, FALLBACK_MAX_RANGE, rangeBounds, readRange, toLocalMinute, writeRange, type ViewRange } from './timeRange';
import { useCellWrites } from './useCellWrites';
import './manualEntryView.css';

/** A manager without a level who may not read the values elsewhere either (server/manual-entry/README.md). */
const READ_NOT_PERMITTED = 'manual_entry.errors.read_not_permitted';

const FALLBACK_REFRESH = '30s';

/** One form's grid with its range, refresh, waiting entries and dialogs. */
export function FormView({ form }: { form: ManualEntryFormRead }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const maxText = form.MaxTimeRange ?? FALLBACK_MAX_RANGE;
  const maxMs = durationMs(form.MaxTimeRange, FALLBACK_MAX_RANGE);
  const range = readRange(params, form.DefaultTimeRange ?? FALLBACK_DEFAULT_RANGE, maxMs);
  const [now, setNow] = useState(() => Date.now());
  const bounds = rangeBounds(range, now);
  const entriesQuery = useGetManualEntryFormEntriesQuery({ id: form.UUID, from: bounds.from, to: bounds.to });
  const { data: entries, refetch, fulfilledTimeStamp, isFetching, isError, error } = entriesQuery;
  const writes = useCellWrites(form.UUID, entries);
  const [added, setAdded] = useState<string[]>([]);
  const [focusRowKey, setFocusRowKey] = useState<string | null>(null);
  const [reviewOpen, setReviewOpen] = useState(false);

  // A relative range moves with the clock; a fixed one is read again as it is.
  const rangeRef = useRef(range);
  rangeRef.current = range;
  const refresh = useCallback(() => {
    if (rangeRef.current.kind === 'relative') setNow(Date.now());
    else void refetch();
  }, [refetch]);
  const refreshMs = durationMs(form.AutoRefreshInterval, FALLBACK_REFRESH);
  useEffect(() => {
    if (refreshMs <= 0) return undefined;
    const timer = window.setInterval(refresh, refreshMs);
    return () => window.clearInterval(timer);
  }, [refresh, refreshMs]);

  const changeRange = (next: ViewRange) => {
    setNow(Date.now());
    setParams(writeRange(params, next), { replace: true });
  };

  const decisions = writes.queuedHere.filter((item) => item.conflict || item.failure);
  // A new conflict opens the dialog by itself; one already seen waits for "Review".
  const seenDecisions = useRef(0);
  useEffect(() => {
    if (decisions.length > seenDecisions.current) setReviewOpen(true);
    seenDecisions.current = decisions.length;
  }, [decisions.length]);

  const rows = useMemo(() => (entries ? gridRowsOf(entries, added) : []), [entries, added]);
  const updated = fulfilledTimeStamp ? new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(new Date(fulfilledTimeStamp)) : null;

  return (
    <Page
      title={form.Name}
      description={form.Description}
      className="me-view-page"
      actions={
        <div className="me-refresh">
          <span className="muted" aria-live="polite">
            {updated ? t('manual_entry.view.updated', { time: updated }) : ''}
          </span>
          <span className="muted">{refreshMs > 0 ? t('manual_entry.view.auto_refresh', { interval: form.AutoRefreshInterval ?? FALLBACK_REFRESH }) : t('manual_entry.view.auto_refresh_off')}</span>
          <button type="button" onClick={refresh} disabled={isFetching} aria-label={t('manual_entry.view.refresh')} title={t('manual_entry.view.refresh')}>
            <RefreshCw size={16} aria-hidden="true" className={isFetching ? 'me-spin' : undefined} />
          </button>
        </div>
      }
    >
      <div className="me-toolbar">
        <RangePicker key={params.toString()} range={range} maxText={maxText} maxMs={maxMs} now={now} onChange={changeRange} />
        {form.Type === 'Asset Properties' && entries?.EditableFrom && (
          <AddRow
            onAdd={(timestamp) => {
              setAdded((current) => [...current, timestamp]);
              setFocusRowKey(timestamp);
            }}
          />
        )}
      </div>
      <QueueBanner items={writes.queuedHere} othersWaiting={writes.sender.othersWaiting} onReview={() => setReviewOpen(true)} onSendNow={() => void writes.sender.flush()} />
      {entries?.Truncated && <p className="me-note">{t('manual_entry.view.truncated')}</p>}
      {entries && entries.EditableFrom === null && <p className="me-note">{t('manual_entry.view.read_only_form')}</p>}
      {isError && !entries ? (
        <p className="field-error">{problemCode(error) === READ_NOT_PERMITTED ? t(READ_NOT_PERMITTED) : t('manual_entry.view.entries_failed')}</p>
      ) : !entries ? (
        <p className="muted">{t('manual_entry.view.loading')}</p>
      ) : (
        <>
          <EntryGrid entries={entries} label={form.Name} rows={rows} cellStates={writes.cellStates} onCommit={writes.commit} focusRowKey={focusRowKey} />
          {rows.length === 0 && <p className="muted">{t('manual_entry.view.no_rows')}</p>}
        </>
      )}
      <ReasonDialog name={writes.reasonRequest?.column.Name ?? null} onGive={writes.giveReason} onCancel={writes.cancelReason} />
      <ConflictDialog
        open={reviewOpen}
        items={decisions}
        columns={entries?.Columns ?? []}
        onClose={() => setReviewOpen(false)}
        onKeep={(id, reason) => {
          dispatch(entryKept({ id, reason }));
          void writes.sender.flush();
        }}
        onTakeServer={(id) => {
          dispatch(entrySent(id));
          refresh();
        }}
      />
    </Page>
  );
}

/** "Add row": a timestamp (now, to the minute) for values no point holds yet. */
function AddRow({ onAdd }: { onAdd: (timestamp: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  if (!open) {
    return (
      <button
        type="button"
        className="me-add-row"
        onClick={() => {
          setValue(toLocalMinute(Date.now()));
          setOpen(true);
        }}
      >
        <Plus size={16} aria-hidden="true" />
        {t('manual_entry.view.add_row')}
      </button>
    );
  }
  const time = fromLocalInput(value);
  return (
    <form
      className="me-add-row-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (time === null) return;
        onAdd(new Date(time).toISOString());
        setOpen(false);
      }}
    >
      <label htmlFor={id}>{t('manual_entry.view.row_time')}</label>
      <input id={id} type="datetime-local" value={value} onChange={(event) => setValue(event.target.value)} required />
      <button type="submit" className="primary" disabled={time === null}>
        {t('manual_entry.view.add')}
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        {t('general.cancel')}
      </button>
    </form>
  );
}
