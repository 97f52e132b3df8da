import type { ManualEntryCell, ManualEntryColumn, ManualEntryEntries, ManualEntryEventRow } from '../../../api/generated/historian.gen';

// The operator grid's rows and columns from the entries answer (rulebook "Entries"): an Events
// form has a row per event, an Asset Properties form a row per timestamp (newest first), and the
// property columns follow, grouped by their Group.

export interface GridRow {
  /** The event's UUID, or the timestamp (ISO) of an Asset Properties row. */
  key: string;
  /** What the entry's age counts from: the event's start, or the timestamp. */
  time: string;
  event?: ManualEntryEventRow;
  cells: Record<string, ManualEntryCell>;
}

export type FixedField = 'expander' | 'asset' | 'start' | 'stop' | 'status' | 'timestamp';
export type GridCol = { id: string; kind: 'fixed'; field: FixedField; width: number } | { id: string; kind: 'value'; column: ManualEntryColumn; width: number };

const FIXED_WIDTHS: Record<FixedField, number> = { expander: 40, asset: 180, start: 164, stop: 164, status: 64, timestamp: 184 };
const VALUE_WIDTH = 140;

export function gridColsOf(entries: ManualEntryEntries): GridCol[] {
  const fixed: FixedField[] = entries.Type === 'Events' ? ['expander', 'asset', 'start', 'stop', 'status'] : ['timestamp'];
  return [
    ...fixed.map((field): GridCol => ({ id: `:${field}`, kind: 'fixed', field, width: FIXED_WIDTHS[field] })),
    ...entries.Columns.map((column): GridCol => ({ id: column.Key, kind: 'value', column, width: Math.max(80, column.Width ?? VALUE_WIDTH) })),
  ];
}

/** Rows newest first; timestamps added with "Add row" join those the server sent. */
export function gridRowsOf(entries: ManualEntryEntries, added: readonly string[]): GridRow[] {
  if (entries.Type === 'Events') return (entries.Events ?? []).map((event) => ({ key: event.UUID, time: event.StartTime, event, cells: event.Cells }));
  const rows: GridRow[] = (entries.Rows ?? []).map((row) => ({ key: new Date(row.Timestamp).toISOString(), time: row.Timestamp, cells: row.Cells }));
  const known = new Set(rows.map((row) => row.key));
  for (const timestamp of added) if (!known.has(timestamp)) rows.push({ key: timestamp, time: timestamp, cells: {} });
  return rows.sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
}

/** The header's first line: each run of columns of one Group under one label. */
export function groupSpans(cols: readonly GridCol[]): { label: string; span: number }[] {
  const spans: { label: string; span: number }[] = [];
  for (const col of cols) {
    const label = col.kind === 'value' ? col.column.Group : '';
    const last = spans[spans.length - 1];
    if (last && last.label === label) last.span += 1;
    else spans.push({ label, span: 1 });
  }
  return spans;
}

export type ReadOnlyReason = 'fixed' | 'no_level' | 'not_editable' | 'periodic' | 'other_type' | 'too_old_default' | 'too_old_elevated';

/** Why a cell cannot be typed into, or null when it can. */
export function readOnlyReason(entries: ManualEntryEntries, row: GridRow, col: GridCol): ReadOnlyReason | null {
  if (col.kind === 'fixed') return 'fixed';
  const { column } = col;
  if (column.Kind !== 'simple') return 'periodic';
  if (row.event && column.EventTypeUUID && column.EventTypeUUID !== row.event.EventTypeUUID) return 'other_type';
  if (entries.EditableFrom === null) return 'no_level';
  if (!column.Editable) return 'not_editable';
  if (Date.parse(row.time) < Date.parse(entries.EditableFrom)) return entries.Level === 'elevated' ? 'too_old_elevated' : 'too_old_default';
  return null;
}
