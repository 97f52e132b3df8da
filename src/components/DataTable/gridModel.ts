import type { DataTableAction, DataTableColumn } from './types';

// The grid's columns in display order: the detail toggle, the left actions, the shown data
// columns, the right actions. Every grid column is one ARIA column and one CSS grid track.

export type GridColumn<T> =
  | { kind: 'detail'; id: string }
  | { kind: 'action'; id: string; action: DataTableAction<T>; stickyEnd?: number }
  | { kind: 'data'; id: string; column: DataTableColumn<T> };

const ACTION_WIDTH = 44;
const ACTION_TRACK = `${ACTION_WIDTH}px`;

export function gridColumns<T>(
  shown: readonly string[],
  columns: readonly DataTableColumn<T>[],
  leftActions: readonly DataTableAction<T>[],
  rightActions: readonly DataTableAction<T>[],
  hasDetail: boolean,
): GridColumn<T>[] {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const data = shown.flatMap((id) => {
    const column = byId.get(id);
    return column ? [{ kind: 'data' as const, id, column }] : [];
  });
  return [
    ...(hasDetail ? [{ kind: 'detail' as const, id: '__detail' }] : []),
    ...leftActions.map((action) => ({ kind: 'action' as const, id: `__left_${action.id}`, action })),
    ...data,
    // Right actions stay at the grid's end while a wide table scrolls sideways: stickyEnd is the
    // cell's distance from that end (the action tracks after it).
    ...rightActions.map((action, index) => ({ kind: 'action' as const, id: `__right_${action.id}`, action, stickyEnd: (rightActions.length - 1 - index) * ACTION_WIDTH })),
  ];
}

export function gridTemplate<T>(columns: readonly GridColumn<T>[]): { template: string; minWidth: number } {
  let minWidth = 0;
  const tracks = columns.map((c) => {
    if (c.kind !== 'data') {
      minWidth += 44;
      return ACTION_TRACK;
    }
    if (c.column.width !== undefined) {
      minWidth += c.column.width;
      return `${c.column.width}px`;
    }
    const min = c.column.minWidth ?? 120;
    minWidth += min;
    return `minmax(${min}px, 1fr)`;
  });
  return { template: tracks.join(' '), minWidth };
}

/** Row positions of the body: each table row, and a detail row after each expanded one. */
export interface BodyItem {
  rowIndex: number;
  detail: boolean;
}

/**
 * With nothing expanded (the common case, and the 100,000-row one) no list is built: the items
 * are the rows themselves. Otherwise a list of positions with the detail rows in between.
 */
export function bodyItems(rowIds: readonly string[], expanded: ReadonlySet<string>): BodyItem[] | null {
  if (expanded.size === 0) return null;
  const items: BodyItem[] = [];
  rowIds.forEach((id, rowIndex) => {
    items.push({ rowIndex, detail: false });
    if (expanded.has(id)) items.push({ rowIndex, detail: true });
  });
  return items;
}
