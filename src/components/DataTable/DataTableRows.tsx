import type { RowData } from '@tanstack/react-table';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useState, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { actionCellLayout, dataCellContent, posOf } from './cells';
import type { BodyItem, GridColumn } from './gridModel';
import type { DataRow } from './useDataTableModel';

export interface BodyHandle {
  scrollToIndex: (index: number) => void;
  /** How many items fit in the viewport, for PageUp and PageDown. */
  pageSize: () => number;
}

export interface DataTableRowsProps<T extends RowData> {
  rows: readonly DataRow<T>[];
  columns: readonly GridColumn<T>[];
  items: readonly BodyItem[] | null;
  expanded: ReadonlySet<string>;
  onToggleDetail: (rowId: string) => void;
  renderDetail?: (row: T) => ReactNode;
  selectable: boolean;
  active: { row: number; col: number };
  /** aria-rowindex of the first body row. */
  firstRowIndex: number;
  scrollElement: HTMLDivElement | null;
  handleRef: RefObject<BodyHandle | null>;
  /** Fixed height of a table row in px (detail rows are measured). */
  rowHeight: number;
  onEndReached?: () => void;
}

const DETAIL_ESTIMATE = 120;
/** How many rows before the last one the next page is asked for, so it arrives before the end shows. */
const END_REACHED_ROWS = 40;
const RECYCLE_SLOTS = 128;

// A grid that has no size yet (not laid out, jsdom) still shows a screenful of rows.
const observeRectWithFallback: typeof observeElementRect = (instance, onRect) =>
  observeElementRect(instance, (rect) => onRect(rect.height > 0 ? rect : { width: rect.width, height: window.innerHeight }));

// An element that cannot be measured (jsdom, a hidden tab) keeps the estimate instead of 0.
const measureDetail = (element: Element) => element.getBoundingClientRect().height || DETAIL_ESTIMATE;

type RenderCell = (rowIndex: number, itemIndex: number, col: number, tabIndex: 0 | -1) => ReactNode;

interface BodyRowCellsProps {
  rowIndex: number;
  itemIndex: number;
  columnCount: number;
  activeCol: number | null;
  renderCell: RenderCell;
}

// Memoised on plain props, so scrolling re-renders no row that stays on screen.
const BodyRowCells = memo(function BodyRowCells({ rowIndex, itemIndex, columnCount, activeCol, renderCell }: BodyRowCellsProps) {
  const cells: ReactNode[] = [];
  for (let col = 0; col < columnCount; col += 1) cells.push(renderCell(rowIndex, itemIndex, col, activeCol === col ? 0 : -1));
  return <>{cells}</>;
});

const INTERACTIVE = 'button, a, input, select, textarea, label';

export function DataTableRows<T extends RowData>(props: DataTableRowsProps<T>) {
  const { rows, columns, items, expanded, onToggleDetail, renderDetail, selectable, active, scrollElement, handleRef, rowHeight } = props;
  const { t, i18n } = useTranslation();
  const [scrollMargin, setScrollMargin] = useState(0);
  const count = items ? items.length : rows.length;
  const itemAt = useCallback((index: number): BodyItem => items?.[index] ?? { rowIndex: index, detail: false }, [items]);

  // Every option the virtualizer compares is stable: a new getItemKey or estimateSize makes it
  // recompute the offsets of all 100,000 items. Rows have a fixed height; only detail rows are
  // measured, so the offsets change only when one opens.
  const estimateSize = useCallback((index: number) => (itemAt(index).detail ? DETAIL_ESTIMATE : rowHeight), [itemAt, rowHeight]);
  const getItemKey = useCallback(
    (index: number) => {
      const item = itemAt(index);
      const id = rows[item.rowIndex]?.id ?? String(index);
      return item.detail ? `${id}:detail` : id;
    },
    [itemAt, rows],
  );
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollElement,
    estimateSize,
    getItemKey,
    // A few rows beyond each edge: enough for smooth wheel scrolling, few enough that a jump
    // (a scrollbar drag) renders little more than a screenful.
    overscan: 5,
    scrollMargin,
    observeElementRect: observeRectWithFallback,
    measureElement: measureDetail,
  });

  // The body starts below the sticky header; its offset is the virtualizer's scroll margin.
  const bodyRef = useCallback((element: HTMLDivElement | null) => {
    if (element) setScrollMargin(element.offsetTop);
  }, []);

  useLayoutEffect(() => {
    handleRef.current = {
      scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
      pageSize: () => Math.max(1, Math.floor((scrollElement?.clientHeight ?? 0) / rowHeight) - 1),
    };
  });
  useEffect(() => () => {
    handleRef.current = null;
  }, [handleRef]);

  const locale = i18n.language;
  const renderCell = useCallback<RenderCell>(
    (rowIndex, itemIndex, col, tabIndex) => {
      const row = rows[rowIndex];
      const column = columns[col];
      const pos = posOf(itemIndex, col);
      const original = row.original;
      if (column.kind === 'data') {
        const align = column.column.align === 'end' ? ' dt-align-end' : '';
        return (
          <div key={column.id} role="gridcell" className={`dt-cell${align}`} aria-colindex={col + 1} tabIndex={tabIndex} data-pos={pos}>
            {dataCellContent(column.column, original, t, locale)}
          </div>
        );
      }
      if (column.kind === 'detail') {
        const open = expanded.has(row.id);
        const label = open ? t('table.hide_details') : t('table.show_details');
        return (
          <div key={column.id} role="gridcell" className="dt-cell dt-action-cell" aria-colindex={col + 1}>
            <button type="button" className="dt-icon-button" aria-label={label} title={label} aria-expanded={open} tabIndex={tabIndex} data-pos={pos} onClick={() => onToggleDetail(row.id)}>
              <span aria-hidden="true">{open ? '▾' : '▸'}</span>
            </button>
          </div>
        );
      }
      const { action } = column;
      const { className, style } = actionCellLayout(column);
      if (!(action.isVisible?.(original) ?? true)) {
        return <div key={column.id} role="gridcell" className={className} style={style} aria-colindex={col + 1} tabIndex={tabIndex} data-pos={pos} />;
      }
      const label = action.labelFor?.(original) ?? action.label;
      return (
        <div key={column.id} role="gridcell" className={className} style={style} aria-colindex={col + 1}>
          <button
            type="button"
            className="dt-icon-button"
            aria-label={label}
            title={label}
            disabled={action.isDisabled?.(original) ?? false}
            tabIndex={tabIndex}
            data-pos={pos}
            onClick={() => action.onAction(original)}
          >
            {action.iconFor?.(original) ?? action.icon}
          </button>
        </div>
      );
    },
    [rows, columns, expanded, onToggleDetail, t, locale],
  );

  const onRowClick = (row: DataRow<T>) => (event: MouseEvent<HTMLDivElement>) => {
    if (!selectable || !(event.target instanceof Element) || event.target.closest(INTERACTIVE)) return;
    // SPEC §2: a click selects the row, a second click deselects it.
    row.toggleSelected();
  };

  const virtualItems = virtualizer.getVirtualItems();
  const lastInView = virtualItems.length > 0 ? virtualItems[virtualItems.length - 1].index : -1;
  const onEndReached = props.onEndReached;
  useEffect(() => {
    if (onEndReached && count > 0 && lastInView >= count - END_REACHED_ROWS) onEndReached();
  }, [onEndReached, count, lastInView]);
  // Row elements are recycled: a row scrolled out hands its element to the row scrolled in, so
  // React updates text in place instead of building and laying out new elements. (A key that
  // changed on focus would remount the row under the pointer and lose the click.) Keyboard moves
  // start from the active position, not from the focused element, so a recycled focus is harmless.
  const slots = Math.max(RECYCLE_SLOTS, virtualItems.length);
  return (
    <div ref={bodyRef} role="rowgroup" className="dt-body" style={{ height: virtualizer.getTotalSize() }}>
      {virtualItems.map((virtual) => {
        const item = itemAt(virtual.index);
        const row = rows[item.rowIndex];
        if (!row) return null;
        const style = { transform: `translateY(${virtual.start - scrollMargin}px)`, height: item.detail ? undefined : rowHeight };
        const ariaRowIndex = props.firstRowIndex + virtual.index;
        if (item.detail) {
          return (
            <div key={virtual.key} role="row" className="dt-row dt-detail-row" aria-rowindex={ariaRowIndex} data-index={virtual.index} ref={virtualizer.measureElement} style={style}>
              <div role="gridcell" className="dt-cell dt-detail-cell" aria-colspan={columns.length} tabIndex={active.row === virtual.index ? 0 : -1} data-pos={posOf(virtual.index, 0)}>
                {renderDetail?.(row.original)}
              </div>
            </div>
          );
        }
        const selected = row.getIsSelected();
        return (
          <div
            key={`slot:${virtual.index % slots}`}
            role="row"
            className={`dt-row${selected ? ' dt-selected' : ''}`}
            aria-rowindex={ariaRowIndex}
            aria-selected={selectable ? selected : undefined}
            data-index={virtual.index}
            style={style}
            onClick={onRowClick(row)}
          >
            <BodyRowCells
              rowIndex={item.rowIndex}
              itemIndex={virtual.index}
              columnCount={columns.length}
              activeCol={active.row === virtual.index ? active.col : null}
              renderCell={renderCell}
            />
          </div>
        );
      })}
    </div>
  );
}
