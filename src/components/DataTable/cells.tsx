import type { CSSProperties, ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { GridColumn } from './gridModel';
import type { CellValue, DataTableColumn } from './types';

/** A cell's default text: dates and numbers in the user's locale (Intl), booleans as yes/no, nothing for empty. */
export function formatValue(value: CellValue, t: TFunction, locale: string): ReactNode {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(value);
  if (typeof value === 'number') return new Intl.NumberFormat(locale).format(value);
  if (typeof value === 'boolean') return value ? t('general.yes') : t('general.no');
  return String(value);
}

export function dataCellContent<T>(column: DataTableColumn<T>, row: T, t: TFunction, locale: string): ReactNode {
  if (column.cell) return column.cell(row);
  if (column.stack) {
    return (
      <span className="dt-stack">
        {column.stack.map((item) => (
          <span key={item.id} className="dt-stack-item">
            {item.label && <span className="dt-stack-label">{item.label}: </span>}
            {item.value(row)}
          </span>
        ))}
      </span>
    );
  }
  return formatValue(column.value?.(row), t, locale);
}

/** The label of a grid column's header, visible or not. */
export function headerLabel<T>(column: GridColumn<T>, t: TFunction): string {
  if (column.kind === 'data') return column.column.header;
  if (column.kind === 'action') return column.action.label;
  return t('table.details');
}

export const posOf = (row: number, col: number) => `${row}:${col}`;

/** The class and inline offset of an action or detail cell; right actions stick to the grid's end. */
export function actionCellLayout<T>(column: GridColumn<T>): { className: string; style?: CSSProperties } {
  if (column.kind !== 'action' || column.stickyEnd === undefined) return { className: 'dt-cell dt-action-cell' };
  return { className: 'dt-cell dt-action-cell dt-sticky-end', style: { right: column.stickyEnd } };
}
