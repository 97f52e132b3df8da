import type { RowData } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { actionCellLayout, headerLabel, posOf } from './cells';
import type { GridColumn } from './gridModel';
import type { DataTableModel } from './useDataTableModel';

interface DataTableHeadProps<T extends RowData> {
  model: DataTableModel<T>;
  columns: readonly GridColumn<T>[];
  activeCol: number | null;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
// Drawn icons, not arrow characters: those may render as emoji (STYLE: no emoji as icons).
const SORT_ICONS = { asc: ArrowUp, desc: ArrowDown, none: ArrowUpDown } as const;

/** The column header row; sortable headers hold a button that cycles the sort. */
export function DataTableHead<T extends RowData>({ model, columns, activeCol }: DataTableHeadProps<T>) {
  const { t } = useTranslation();
  return (
    <div role="row" className="dt-row dt-header-row" aria-rowindex={1}>
      {columns.map((gridColumn, col) => {
        const label = headerLabel(gridColumn, t);
        const tabIndex = activeCol === col ? 0 : -1;
        const pos = posOf(-1, col);
        if (gridColumn.kind !== 'data') {
          const { className, style } = actionCellLayout(gridColumn);
          return (
            <div key={gridColumn.id} role="columnheader" className={className} style={style} aria-colindex={col + 1} tabIndex={tabIndex} data-pos={pos}>
              <span className="visually-hidden">{label}</span>
            </div>
          );
        }
        const column = model.table.getColumn(gridColumn.id);
        const sorted = column?.getIsSorted() ?? false;
        const align = gridColumn.column.align === 'end' ? ' dt-align-end' : '';
        const SortIcon = SORT_ICONS[sorted || 'none'];
        if (!column?.getCanSort()) {
          return (
            <div key={gridColumn.id} role="columnheader" className={`dt-cell${align}`} aria-colindex={col + 1} tabIndex={tabIndex} data-pos={pos}>
              {label}
            </div>
          );
        }
        return (
          <div
            key={gridColumn.id}
            role="columnheader"
            className={`dt-cell${align}`}
            aria-colindex={col + 1}
            aria-sort={sorted ? ARIA_SORT[sorted] : undefined}
          >
            <button type="button" className="dt-sort" tabIndex={tabIndex} data-pos={pos} onClick={() => column.toggleSorting(undefined, false)}>
              {label}
              <span className={`dt-sort-icon${sorted ? ` dt-sorted-${sorted}` : ''}`} aria-hidden="true">
                <SortIcon size={12} focusable="false" />
              </span>
            </button>
          </div>
        );
      })}
    </div>
  );
}
