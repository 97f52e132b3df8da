import type { RowData } from '@tanstack/react-table';
import { useCallback, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnSettingsDialog } from '../ColumnSettingsDialog/ColumnSettingsDialog';
import { DataTableHead } from './DataTableHead';
import { DataTableRows, type BodyHandle } from './DataTableRows';
import { bodyItems, gridColumns, gridTemplate } from './gridModel';
import type { DataTableProps } from './types';
import { useDataTableModel } from './useDataTableModel';
import { useGridNavigation } from './useGridNavigation';
import { useTableLayout } from './useTableLayout';
import './DataTable.css';

const NO_ACTIONS: readonly never[] = [];
// Cells have 8px padding above and below and 20px lines (DataTable.css); a combined column
// stacks one line per value, so the row height follows from the tallest stack.
const CELL_PADDING = 16;
const LINE_HEIGHT = 20;

/**
 * The data table of SPEC §2 on TanStack Table and TanStack Virtual: sortable headers, the settings
 * gear, optional header and footer rows, click selection, detail rows, action columns and
 * combined columns, as an ARIA grid with keyboard navigation. Only the rows in view (plus a few)
 * are in the DOM, so 100,000 rows scroll as smoothly as 100.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const { tableId, label, columns, renderDetail, showHeader = true, showFooter = false, showSettings = true } = props;
  const leftActions = props.leftActions ?? NO_ACTIONS;
  const rightActions = props.rightActions ?? NO_ACTIONS;
  const selectable = props.selectable ?? true;

  const { layout, defaults, canSaveAsDefault, save } = useTableLayout(tableId, columns);
  const model = useDataTableModel({ ...props, layout, selectable });
  const { rows } = model;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [settingsOpen, setSettingsOpen] = useState(false);
  const gridRef = useRef<HTMLDivElement>(null);
  // Also kept in state: the virtualizer in the body needs the element, and the body's effects run
  // before the parent's ref is attached.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const attachGrid = useCallback((element: HTMLDivElement | null) => {
    gridRef.current = element;
    setScrollElement(element);
  }, []);
  const bodyRef = useRef<BodyHandle | null>(null);

  const grid = useMemo(
    () => gridColumns(layout.shown, columns, leftActions, rightActions, renderDetail !== undefined),
    [layout.shown, columns, leftActions, rightActions, renderDetail],
  );
  const { template, minWidth } = useMemo(() => gridTemplate(grid), [grid]);
  const rowIds = useMemo(() => rows.map((row) => row.id), [rows]);
  const items = useMemo(() => bodyItems(rowIds, expanded), [rowIds, expanded]);
  const itemCount = items ? items.length : rows.length;
  const lines = Math.max(1, ...columns.filter((c) => layout.shown.includes(c.id)).map((c) => c.stack?.length ?? 1));
  const rowHeight = props.rowHeight ?? CELL_PADDING + LINE_HEIGHT * lines;

  const onToggleDetail = useCallback((rowId: string) => {
    setExpanded((old) => {
      const next = new Set(old);
      if (!next.delete(rowId)) next.add(rowId);
      return next;
    });
  }, []);

  const isDetailItem = (index: number) => items?.[index]?.detail ?? false;
  const rowOfItem = (index: number) => rows[items ? (items[index]?.rowIndex ?? -1) : index];
  const navigation = useGridNavigation({
    gridRef,
    bodyRef,
    itemCount,
    columnCount: grid.length,
    hasHeader: showHeader,
    isDetailItem,
    onToggleRow: (index) => {
      if (selectable) rowOfItem(index)?.toggleSelected();
    },
  });

  const loading = props.data === undefined || props.loading === true;
  const failed = props.error !== undefined && props.error !== null && props.error !== false;
  // A refusal is no failed load: retrying cannot help, and the page must say so, as its guard does.
  const forbidden = failed && typeof props.error === 'object' && props.error !== null && Reflect.get(props.error, 'code') === 403;
  const headerRows = showHeader ? 1 : 0;
  // The grid is as tall as its rows up to the largest height, then scrolls under its sticky header:
  // a short list leaves no empty box below it, a long one does not push the page's end away.
  const style: CSSProperties & Record<'--dt-template' | '--dt-min-width', string> = {
    '--dt-template': template,
    '--dt-min-width': `${minWidth}px`,
    ...(props.height === undefined ? {} : { maxHeight: props.height }),
  };

  let state: 'loading' | 'error' | 'empty' | null = null;
  if (failed) state = 'error';
  else if (loading && rows.length === 0) state = 'loading';
  else if (rows.length === 0) state = 'empty';

  return (
    <div className="data-table">
      {(showSettings || props.toolbar) && (
        <div className="dt-toolbar">
          {props.toolbar}
          {showSettings && (
            <button type="button" className="dt-icon-button dt-gear" aria-label={t('table.settings')} title={t('table.settings')} onClick={() => setSettingsOpen(true)}>
              <GearIcon />
            </button>
          )}
        </div>
      )}
      <div
        ref={attachGrid}
        role="grid"
        aria-label={label}
        aria-rowcount={headerRows + itemCount + (showFooter ? 1 : 0)}
        aria-colcount={grid.length}
        aria-multiselectable={selectable ? false : undefined}
        aria-busy={loading || undefined}
        className="dt-grid"
        style={style}
        onKeyDown={navigation.onKeyDown}
        onFocus={navigation.onFocus}
      >
        {showHeader && (
          <div role="rowgroup" className="dt-head">
            <DataTableHead model={model} columns={grid} activeCol={navigation.active.row === -1 ? navigation.active.col : null} />
          </div>
        )}
        {state ? (
          <div role="rowgroup" className="dt-body dt-body-state">
            <div role="row" className="dt-row dt-state-row" aria-rowindex={headerRows + 1}>
              <div role="gridcell" className="dt-cell dt-state-cell" aria-colspan={grid.length}>
                {state === 'loading' && <span role="status">{t('table.loading')}</span>}
                {state === 'empty' && !props.emptyState && <span role="status">{props.emptyMessage ?? t('table.empty')}</span>}
                {state === 'empty' && props.emptyState && <div className="dt-empty">{props.emptyState}</div>}
                {state === 'error' && forbidden && (
                  <span role="alert" className="dt-error">
                    {t('pages.unauthorized')}
                  </span>
                )}
                {state === 'error' && !forbidden && (
                  <span role="alert" className="dt-error">
                    {t('table.load_failed')}{' '}
                    {props.onRetry && (
                      <button type="button" onClick={props.onRetry}>
                        {t('table.retry')}
                      </button>
                    )}
                  </span>
                )}
              </div>
            </div>
          </div>
        ) : (
          <DataTableRows
            rows={rows}
            columns={grid}
            items={items}
            expanded={expanded}
            onToggleDetail={onToggleDetail}
            renderDetail={renderDetail}
            selectable={selectable}
            active={navigation.active}
            firstRowIndex={headerRows + 1}
            scrollElement={scrollElement}
            handleRef={bodyRef}
            rowHeight={rowHeight}
            onEndReached={props.onEndReached}
          />
        )}
        {showFooter && (
          <div role="rowgroup" className="dt-foot">
            <div role="row" className="dt-row dt-footer-row" aria-rowindex={headerRows + itemCount + 1}>
              {grid.map((column, col) => (
                <div key={column.id} role="gridcell" className="dt-cell" aria-colindex={col + 1}>
                  {column.kind === 'data' ? column.column.footer?.(model.data) : null}
                </div>
              ))}
            </div>
          </div>
        )}
      </div>
      {showSettings && (
        <ColumnSettingsDialog
          open={settingsOpen}
          columns={columns.map((c) => ({ id: c.id, label: c.header, hideable: c.hideable }))}
          layout={layout}
          defaults={defaults}
          canSaveAsDefault={canSaveAsDefault}
          onCancel={() => setSettingsOpen(false)}
          onSave={(next, asDefault) => {
            setSettingsOpen(false);
            void save(next, asDefault);
          }}
        />
      )}
    </div>
  );
}

function GearIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M9.4 1l.3 1.8c.5.2.9.4 1.3.7l1.7-.7 1.4 2.4-1.4 1.2a5 5 0 010 1.5l1.4 1.2-1.4 2.4-1.7-.7c-.4.3-.8.5-1.3.7L9.4 15H6.6l-.3-1.8a5 5 0 01-1.3-.7l-1.7.7-1.4-2.4 1.4-1.2a5 5 0 010-1.5L1.9 6.9l1.4-2.4 1.7.7c.4-.3.8-.5 1.3-.7L6.6 1h2.8zM8 5.5a2.5 2.5 0 100 5 2.5 2.5 0 000-5z"
      />
    </svg>
  );
}
