import type { ReactNode } from 'react';

/** A value a column sorts by and, without a `cell` renderer, shows. */
export type CellValue = string | number | boolean | Date | null | undefined;

/** One line of a combined column. */
export interface StackedValue<T> {
  id: string;
  /** Shown before the value, e.g. "OS". */
  label?: string;
  value: (row: T) => ReactNode;
}

export interface DataTableColumn<T> {
  /** Stable id: the key of stored column settings. */
  id: string;
  /** Already translated. */
  header: string;
  /** The value to sort by and, without `cell` or `stack`, to show. */
  value?: (row: T) => CellValue;
  /** Custom content of the cell. */
  cell?: (row: T) => ReactNode;
  /** A combined column: several values stacked in one cell. */
  stack?: readonly StackedValue<T>[];
  /** Defaults to true when the column has a `value`. */
  sortable?: boolean;
  /** Fixed width in px; otherwise the column shares the free space from `minWidth` up. */
  width?: number;
  minWidth?: number;
  align?: 'start' | 'end';
  /** Content of the footer row's cell, from every row of the table. */
  footer?: (rows: readonly T[]) => ReactNode;
  /** False: the column-settings dialog cannot hide it. */
  hideable?: boolean;
  /** Hidden until the user shows it. */
  defaultHidden?: boolean;
}

export interface DataTableAction<T> {
  id: string;
  /** Accessible name and tooltip; already translated. Also the column's header. */
  label: string;
  icon: ReactNode;
  /** A row's own name and icon, for an action that toggles (start or stop): one column, not two. */
  labelFor?: (row: T) => string;
  iconFor?: (row: T) => ReactNode;
  onAction: (row: T) => void;
  isVisible?: (row: T) => boolean;
  isDisabled?: (row: T) => boolean;
}

export interface DataTableProps<T> {
  /** Key of the stored column settings (local and server). */
  tableId: string;
  /** Accessible name of the grid. */
  label: string;
  /** Keep the array stable (module constant or useMemo): a new array rebuilds the table model. */
  columns: readonly DataTableColumn<T>[];
  /** Undefined while the first load runs. */
  data: readonly T[] | undefined;
  /** The row's stable id (selection, detail rows and keys follow it). */
  getRowId: (row: T) => string;
  loading?: boolean;
  /** A failed load; the table shows its error state with an optional retry. */
  error?: unknown;
  onRetry?: () => void;
  emptyMessage?: string;
  /** Replaces `emptyMessage` when there are no rows: what to do next, with a button for it. */
  emptyState?: ReactNode;
  /** Click selects a row, a second click deselects it. Default true. */
  selectable?: boolean;
  /** Controlled selection; leave undefined to let the table keep its own. */
  selectedRowId?: string | null;
  onSelectionChange?: (row: T | null) => void;
  leftActions?: readonly DataTableAction<T>[];
  rightActions?: readonly DataTableAction<T>[];
  /** Adds the detail-row action: a toggle that opens this content in a row below. */
  renderDetail?: (row: T) => ReactNode;
  /** The column header row; default true. */
  showHeader?: boolean;
  /** A footer row from the columns' `footer`; default false. */
  showFooter?: boolean;
  /** The settings gear that opens the column-settings dialog; default true. */
  showSettings?: boolean;
  /** Extra controls beside the gear. */
  toolbar?: ReactNode;
  /**
   * Largest height of the scrolling area (CSS); the grid is as tall as its rows up to it. Default:
   * what the window leaves below a page header (DataTable.css, --dt-max-height).
   */
  height?: string;
  /** Row height in px; by default 36, plus 20 for each further line of a combined column. */
  rowHeight?: number;
  initialSort?: { id: string; desc: boolean };
  /**
   * Called when the rows in view come near the last row (a list that loads further pages from the
   * server as the user scrolls); called again as long as they stay there and `data` grows.
   */
  onEndReached?: () => void;
}
