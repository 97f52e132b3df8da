import {
  columnOrderingFeature,
  columnVisibilityFeature,
  createSortedRowModel,
  functionalUpdate,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type Row,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { compareValues } from '../../lib/sorting';
import type { ResolvedLayout } from '../../lib/tableLayout';
import type { CellValue, DataTableColumn } from './types';

// TanStack Table owns the row model: sorting (ascending, descending, unsorted), column order and
// visibility from the stored layout, and single-row selection. Rendering stays in DataTable.

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnVisibilityFeature,
  columnOrderingFeature,
  rowSelectionFeature,
});

export type TableFeaturesOf = typeof features;
export type DataRow<T extends RowData> = Row<TableFeaturesOf, T>;

const EMPTY: readonly never[] = [];
const noValue = (): CellValue => undefined;

function toColumnDef<T extends RowData>(column: DataTableColumn<T>): ColumnDef<TableFeaturesOf, T> {
  const value = column.value ?? noValue;
  return {
    id: column.id,
    header: column.header,
    accessorFn: (row: T) => value(row),
    enableSorting: column.sortable ?? column.value !== undefined,
    sortFn: (a, b, id) => compareValues(a.getValue(id), b.getValue(id)),
  };
}

export interface DataTableModelOptions<T extends RowData> {
  columns: readonly DataTableColumn<T>[];
  data: readonly T[] | undefined;
  getRowId: (row: T) => string;
  layout: ResolvedLayout;
  selectable: boolean;
  selectedRowId?: string | null;
  onSelectionChange?: (row: T | null) => void;
  initialSort?: { id: string; desc: boolean };
}

export function useDataTableModel<T extends RowData>(options: DataTableModelOptions<T>) {
  const { columns, getRowId, layout, selectable, selectedRowId, onSelectionChange } = options;
  const columnDefs = useMemo(() => columns.map(toColumnDef), [columns]);
  const data = useMemo(() => [...(options.data ?? EMPTY)], [options.data]);
  const [sorting, setSorting] = useState<SortingState>(options.initialSort ? [options.initialSort] : []);
  const [ownSelection, setOwnSelection] = useState<RowSelectionState>({});
  const controlled = selectedRowId !== undefined;
  const rowSelection = useMemo<RowSelectionState>(
    () => (controlled ? (selectedRowId ? { [selectedRowId]: true } : {}) : ownSelection),
    [controlled, selectedRowId, ownSelection],
  );
  const columnVisibility = useMemo(() => {
    const shown = new Set(layout.shown);
    return Object.fromEntries(columns.map((c) => [c.id, shown.has(c.id)]));
  }, [columns, layout.shown]);

  const onRowSelectionChange = (updater: Updater<RowSelectionState>) => {
    const next = functionalUpdate(updater, rowSelection);
    if (!controlled) setOwnSelection(next);
    const id = Object.keys(next).find((key) => next[key]);
    onSelectionChange?.(id === undefined ? null : (table.getRow(id, true)?.original ?? null));
  };

  const table = useTable(
    {
      features,
      columns: columnDefs,
      data,
      getRowId: (row: T) => getRowId(row),
      state: { sorting, rowSelection, columnVisibility, columnOrder: layout.order },
      onSortingChange: setSorting,
      onRowSelectionChange,
      // SPEC §2: a header click goes ascending, descending, then unsorted, for numbers too.
      sortDescFirst: false,
      enableSortingRemoval: true,
      enableMultiSort: false,
      enableRowSelection: selectable,
      enableMultiRowSelection: false,
    },
    (state) => ({ sorting: state.sorting, rowSelection: state.rowSelection }),
  );

  return { table, rows: table.getRowModel().rows, sorting, data };
}

export type DataTableModel<T extends RowData> = ReturnType<typeof useDataTableModel<T>>;
