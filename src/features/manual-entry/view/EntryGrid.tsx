import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManualEntryColumn, ManualEntryEntries, ManualEntryScalar } from '../../../api/generated/historian.gen';
import { formatDateTime } from '../../../lib/intlFormat';
import { eventStatusLabel, renderEventStatusIcon } from '../../../components/events/EventStatusIcon';
import { PeriodicChart } from '../../../components/events/PeriodicChart';
import { cellKey, editText, formatValue, parseInput } from './cellValues';
import { CellEditor } from './CellEditor';
import { gridColsOf, groupSpans, readOnlyReason, type GridCol, type GridRow } from './gridModel';
import { useCellTexts, type CellState } from './cellTexts';

// The operator grid (DOMAIN.md §5): a spreadsheet over the entries. Arrows move the active cell,
// Tab/Shift+Tab go across, Enter, F2 or typing start editing, Enter commits and moves down,
// Escape cancels, Space toggles a boolean. Rows are virtualised (a form may show 2,000).

const ROW_HEIGHT = 34;
const DETAIL_ESTIMATE = 150;

// A grid that has no size yet (jsdom) still shows a screenful of rows.
const observeRectWithFallback: typeof observeElementRect = (instance, onRect) =>
  observeElementRect(instance, (rect) => onRect(rect.height > 0 ? rect : { width: rect.width, height: window.innerHeight }));
const measure = (element: Element) => element.getBoundingClientRect().height || DETAIL_ESTIMATE;

export interface EntryGridProps {
  entries: ManualEntryEntries;
  label: string;
  rows: readonly GridRow[];
  /** Values typed here that the server does not show yet (sending, waiting, refused). */
  cellStates: ReadonlyMap<string, CellState>;
  onCommit: (row: GridRow, column: ManualEntryColumn, value: ManualEntryScalar, shown: ManualEntryScalar) => void;
  /** A row to move to (one just added). */
  focusRowKey?: string | null;
}

interface Active {
  rowKey: string;
  colId: string;
}
interface Editing extends Active {
  text: string;
  /** The value the grid showed when typing began: what the write expects the server to hold. */
  shown: ManualEntryScalar;
  /** The last commit was refused: not a value of the column. */
  failed?: boolean;
}

export function EntryGrid({ entries, label, rows, cellStates, onCommit, focusRowKey }: EntryGridProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const texts = useCellTexts(entries);
  const cols = useMemo(() => gridColsOf(entries), [entries]);
  const spans = useMemo(() => groupSpans(cols), [cols]);
  const template = cols.map((col) => `${col.width}px`).join(' ');
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const [active, setActive] = useState<Active | null>(null);
  const [editing, setEditingState] = useState<Editing | null>(null);
  // Read by the editor's blur, which may come after Escape or Enter already ended the editing.
  const editingRef = useRef<Editing | null>(null);
  const setEditing = (next: Editing | null) => {
    editingRef.current = next;
    setEditingState(next);
  };
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const focusWanted = useRef(false);
  const periodic = useMemo(() => entries.Columns.filter((column) => column.Kind !== 'simple'), [entries.Columns]);

  const items = useMemo(() => rows.flatMap((row, rowIndex) => (expanded.has(row.key) ? [{ rowIndex, detail: false }, { rowIndex, detail: true }] : [{ rowIndex, detail: false }])), [rows, expanded]);
  const estimateSize = useCallback((index: number) => (items[index]?.detail ? DETAIL_ESTIMATE : ROW_HEIGHT), [items]);
  const getItemKey = useCallback((index: number) => `${rows[items[index]?.rowIndex]?.key ?? index}${items[index]?.detail ? ':detail' : ''}`, [items, rows]);
  const virtualizer = useVirtualizer({ count: items.length, getScrollElement: () => scrollElement, estimateSize, getItemKey, overscan: 8, observeElementRect: observeRectWithFallback, measureElement: measure });

  const rowIndexOf = (key: string) => rows.findIndex((row) => row.key === key);
  const colIndexOf = (id: string) => cols.findIndex((col) => col.id === id);
  const current = active && rowIndexOf(active.rowKey) >= 0 ? active : rows.length > 0 ? { rowKey: rows[0].key, colId: cols[Math.min(cols.length - 1, cols.findIndex((col) => col.kind === 'value'))]?.id ?? cols[0].id } : null;

  const moveTo = useCallback(
    (rowIndex: number, colIndex: number) => {
      const row = rows[Math.max(0, Math.min(rows.length - 1, rowIndex))];
      const col = cols[Math.max(0, Math.min(cols.length - 1, colIndex))];
      if (!row || !col) return;
      focusWanted.current = true;
      setActive({ rowKey: row.key, colId: col.id });
      const itemIndex = items.findIndex((item) => !item.detail && rows[item.rowIndex].key === row.key);
      if (itemIndex >= 0) virtualizer.scrollToIndex(itemIndex, { align: 'auto' });
    },
    [cols, items, rows, virtualizer],
  );

  useEffect(() => {
    if (!focusRowKey) return;
    const rowIndex = rows.findIndex((row) => row.key === focusRowKey);
    if (rowIndex >= 0) moveTo(rowIndex, cols.findIndex((col) => col.kind === 'value'));
    // Only when a new row is asked for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRowKey]);

  // The active cell takes the focus once it is rendered (after a move by the keyboard).
  useLayoutEffect(() => {
    if (!focusWanted.current || !current || editing) return;
    const element = scrollElement?.querySelector<HTMLElement>(`[data-cell="${cellKey(current.rowKey, current.colId)}"]`);
    if (element) {
      focusWanted.current = false;
      element.focus();
    }
  });

  const valueShown = (row: GridRow, column: ManualEntryColumn): ManualEntryScalar => {
    const state = cellStates.get(cellKey(row.key, column.Key));
    return state ? state.value : (row.cells[column.Key]?.Value ?? null);
  };

  const startEditing = (row: GridRow, col: GridCol, text?: string) => {
    if (col.kind !== 'value' || readOnlyReason(entries, row, col) !== null) return;
    const shown = valueShown(row, col.column);
    setEditing({ rowKey: row.key, colId: col.id, text: text ?? editText(shown, locale), shown });
  };

  /** Commits the editor's text; false when it is not a value of the column (the editor stays). */
  const commit = (text: string): boolean => {
    const editing = editingRef.current;
    if (!editing) return true;
    const row = rows[rowIndexOf(editing.rowKey)];
    const col = cols[colIndexOf(editing.colId)];
    if (!row || !col || col.kind !== 'value') return true;
    const parsed = parseInput(col.column, text);
    if (!parsed.ok) {
      setEditing({ ...editing, text, failed: true });
      return false;
    }
    setEditing(null);
    focusWanted.current = true;
    // A refresh may have changed the value meanwhile: the write still expects what was seen.
    if (parsed.value !== editing.shown || parsed.value !== valueShown(row, col.column)) onCommit(row, col.column, parsed.value, editing.shown);
    return true;
  };

  const onEditorKey = (event: KeyboardEvent<HTMLElement>, text: string) => {
    const rowIndex = editing ? rowIndexOf(editing.rowKey) : -1;
    const colIndex = editing ? colIndexOf(editing.colId) : -1;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      focusWanted.current = true;
      setEditing(null);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      if (commit(text)) moveTo(rowIndex + 1, colIndex);
    } else if (event.key === 'Tab') {
      event.preventDefault();
      event.stopPropagation();
      if (commit(text)) moveTo(rowIndex, colIndex + (event.shiftKey ? -1 : 1));
    }
  };

  const onGridKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing || !current) return;
    const rowIndex = rowIndexOf(current.rowKey);
    const colIndex = colIndexOf(current.colId);
    const row = rows[rowIndex];
    const col = cols[colIndex];
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveTo(rowIndex + move[0], colIndex + move[1]);
    } else if (event.key === 'Tab') {
      const next = colIndex + (event.shiftKey ? -1 : 1);
      if (next < 0 || next >= cols.length) return;
      event.preventDefault();
      moveTo(rowIndex, next);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      moveTo(event.ctrlKey ? (event.key === 'Home' ? 0 : rows.length - 1) : rowIndex, event.key === 'Home' ? 0 : cols.length - 1);
    } else if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      if (col?.kind === 'fixed' && col.field === 'expander' && row) toggle(row.key);
      else if (row && col) startEditing(row, col);
    } else if (event.key === ' ' && row && col?.kind === 'value' && col.column.Datatype === 'boolean') {
      event.preventDefault();
      if (readOnlyReason(entries, row, col) !== null) return;
      const shown = valueShown(row, col.column);
      onCommit(row, col.column, shown !== true, shown);
    } else if (row && col?.kind === 'value' && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && !col.column.PossibleValues?.length && col.column.Datatype !== 'boolean') {
      if (readOnlyReason(entries, row, col) !== null) return;
      event.preventDefault();
      startEditing(row, col, event.key);
    }
  };

  const toggle = (rowKey: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (next.has(rowKey)) next.delete(rowKey);
      else next.add(rowKey);
      return next;
    });

  const yesNo = { yes: t('manual_entry.view.yes'), no: t('manual_entry.view.no') };
  const shortTime = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }), [locale]);
  const secondsTime = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }), [locale]);
  const renderCell = (row: GridRow, col: GridCol, colIndex: number) => {
    const key = cellKey(row.key, col.id);
    const isActive = current?.rowKey === row.key && current.colId === col.id;
    const common = { role: 'gridcell', 'aria-colindex': colIndex + 1, tabIndex: isActive ? 0 : -1, 'data-cell': key, onClick: () => setActive({ rowKey: row.key, colId: col.id }) };
    if (col.kind === 'fixed') {
      const event = row.event;
      if (col.field === 'expander') {
        const open = expanded.has(row.key);
        const toggleLabel = open ? t('manual_entry.view.hide_charts') : t('manual_entry.view.show_charts');
        return (
          <div key={col.id} {...common} className="me-cell me-cell-fixed me-cell-expander" aria-readonly="true">
            {periodic.length > 0 && (
              <button type="button" className="me-expander" tabIndex={-1} aria-label={toggleLabel} title={toggleLabel} aria-expanded={open} onClick={() => toggle(row.key)}>
                {open ? <ChevronDown size={16} aria-hidden="true" /> : <ChevronRight size={16} aria-hidden="true" />}
              </button>
            )}
          </div>
        );
      }
      const text =
        col.field === 'asset'
          ? (event?.AssetLabel ?? '')
          : col.field === 'start'
            ? shortTime.format(new Date(row.time))
            : col.field === 'stop'
              ? event?.StopTime
                ? shortTime.format(new Date(event.StopTime))
                : t('manual_entry.view.running')
              : col.field === 'timestamp'
                ? secondsTime.format(new Date(row.time))
                : '';
      return (
        <div key={col.id} {...common} className="me-cell me-cell-fixed" aria-readonly="true">
          {col.field === 'status' && event ? renderEventStatusIcon(event.Status, eventStatusLabel(event.Status, t)) : <span className="me-cell-text">{text}</span>}
        </div>
      );
    }
    const column = col.column;
    const cell = row.cells[column.Key];
    const state = cellStates.get(cellKey(row.key, column.Key));
    const reason = readOnlyReason(entries, row, col);
    const isEditing = editing?.rowKey === row.key && editing.colId === col.id;
    const about = texts.describe(reason, cell, state);
    const className = ['me-cell', 'me-cell-value', column.Datatype === 'number' ? 'me-align-end' : '', reason ? 'me-readonly' : '', state ? `me-state-${state.status}` : '', isEditing ? 'me-editing' : ''].filter(Boolean).join(' ');
    return (
      <div key={col.id} {...common} className={className} aria-readonly={reason ? 'true' : undefined} title={about || undefined} aria-description={about || undefined} onDoubleClick={() => startEditing(row, col)}>
        {isEditing && editing ? (
          <CellEditor column={column} text={editing.text} invalid={editing.failed === true} label={`${column.Name} ${formatDateTime(row.time, locale)}`} onKeyDown={onEditorKey} onCommit={commit} />
        ) : column.Kind !== 'simple' ? (
          <span className="me-cell-text muted">{cell?.Series ? t('manual_entry.view.points', { count: cell.Series.V.length }) : ''}</span>
        ) : (
          <>
            <span className="me-cell-text">{formatValue(column, state ? state.value : cell?.Value, locale, yesNo)}</span>
            {state ? texts.stateIcon(state) : cell?.Manual ? <span className="me-manual" aria-hidden="true" /> : null}
          </>
        )}
      </div>
    );
  };

  const renderDetail = (row: GridRow) => (
    <div className="me-detail">
      {periodic.map((column) => {
        const series = row.cells[column.Key]?.Series;
        return (
          <div key={column.Key} className="me-detail-chart">
            <h3>{column.Name}</h3>
            {series ? <PeriodicChart name={column.Name} series={series} unit={column.Unit} /> : <p className="muted">{t('manual_entry.view.no_series')}</p>}
          </div>
        );
      })}
    </div>
  );

  const style = { '--me-columns': template } as CSSProperties;
  const activeRow = current ? rows[rowIndexOf(current.rowKey)] : undefined;
  const activeCol = current ? cols[colIndexOf(current.colId)] : undefined;
  const activeInfo = activeRow && activeCol ? texts.activeInfo(activeRow, activeCol, cellStates, readOnlyReason(entries, activeRow, activeCol)) : '';
  return (
    <>
      <div className="me-grid" role="grid" aria-label={label} aria-rowcount={rows.length + 2} aria-colcount={cols.length} ref={setScrollElement} style={style} onKeyDown={onGridKey}>
        <div role="rowgroup" className="me-grid-head">
          <div role="row" className="me-grid-row me-grid-groups" aria-rowindex={1}>
            {spans.map((span, index) => (
              <div key={index} role="columnheader" className="me-group" style={{ gridColumn: `span ${span.span}` }}>
                {span.label}
              </div>
            ))}
          </div>
          <div role="row" className="me-grid-row" aria-rowindex={2}>
            {cols.map((col, index) => (
              <div key={col.id} role="columnheader" aria-colindex={index + 1} className={`me-header${col.kind === 'value' && col.column.Datatype === 'number' ? ' me-align-end' : ''}`}>
                {texts.header(col)}
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup" className="me-grid-body" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((virtualItem) => {
            const item = items[virtualItem.index];
            const row = rows[item.rowIndex];
            if (item.detail) {
              return (
                <div key={virtualItem.key} role="row" data-index={virtualItem.index} ref={virtualizer.measureElement} className="me-grid-detail" style={{ transform: `translateY(${virtualItem.start}px)` }}>
                  <div role="gridcell" aria-colindex={1}>{renderDetail(row)}</div>
                </div>
              );
            }
            return (
              <div key={virtualItem.key} role="row" aria-rowindex={item.rowIndex + 3} className="me-grid-row" style={{ transform: `translateY(${virtualItem.start}px)`, height: ROW_HEIGHT }}>
                {cols.map((col, colIndex) => renderCell(row, col, colIndex))}
              </div>
            );
          })}
        </div>
      </div>
      <p className="me-active-info" role="status">
        {activeInfo}
      </p>
    </>
  );
}
