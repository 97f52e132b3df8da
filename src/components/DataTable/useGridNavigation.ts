import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import type { BodyHandle } from './DataTableRows';

// Keyboard navigation of the ARIA grid pattern: one cell (or the button in it) is in the tab
// order; arrows move it, Home/End go to the row's ends, Ctrl+Home/End to the first and last row,
// PageUp/PageDown by a screenful, Space or Enter on a data cell toggles the row's selection.
// Row -1 is the header row.

export interface GridPosition {
  row: number;
  col: number;
}

interface NavigationOptions {
  gridRef: RefObject<HTMLDivElement | null>;
  bodyRef: RefObject<BodyHandle | null>;
  itemCount: number;
  columnCount: number;
  hasHeader: boolean;
  /** Detail rows have a single cell. */
  isDetailItem: (index: number) => boolean;
  onToggleRow: (index: number) => void;
}

export function useGridNavigation({ gridRef, bodyRef, itemCount, columnCount, hasHeader, isDetailItem, onToggleRow }: NavigationOptions) {
  const firstRow = hasHeader ? -1 : 0;
  const [active, setActive] = useState<GridPosition>({ row: firstRow, col: 0 });
  const focusPending = useRef(false);

  // Rows may disappear (new data, a collapsed detail): keep the active cell inside the grid.
  const lastRow = itemCount - 1;
  const row = Math.min(Math.max(active.row, firstRow), Math.max(lastRow, firstRow));
  const col = row >= 0 && isDetailItem(row) ? 0 : Math.min(active.col, Math.max(columnCount - 1, 0));
  const current = row === active.row && col === active.col ? active : { row, col };

  useEffect(() => {
    if (!focusPending.current) return undefined;
    let frame = 0;
    let tries = 0;
    const focus = () => {
      const target = gridRef.current?.querySelector<HTMLElement>(`[data-pos="${row}:${col}"]`);
      if (target) {
        focusPending.current = false;
        target.focus();
      } else if (tries++ < 5) {
        // The row is being scrolled into view; it renders in a frame or two.
        frame = requestAnimationFrame(focus);
      }
    };
    focus();
    return () => cancelAnimationFrame(frame);
  }, [row, col, gridRef]);

  const moveTo = (next: GridPosition) => {
    const target = {
      row: Math.min(Math.max(next.row, firstRow), Math.max(lastRow, firstRow)),
      col: Math.min(Math.max(next.col, 0), columnCount - 1),
    };
    if (target.row >= 0 && isDetailItem(target.row)) target.col = 0;
    if (target.row >= 0) bodyRef.current?.scrollToIndex(target.row);
    focusPending.current = true;
    setActive(target);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (columnCount === 0) return;
    const page = bodyRef.current?.pageSize() ?? 10;
    const ctrl = event.ctrlKey || event.metaKey;
    const moves: Record<string, () => GridPosition> = {
      ArrowDown: () => ({ row: current.row + 1, col: current.col }),
      ArrowUp: () => ({ row: current.row - 1, col: current.col }),
      ArrowRight: () => ({ row: current.row, col: current.col + 1 }),
      ArrowLeft: () => ({ row: current.row, col: current.col - 1 }),
      Home: () => (ctrl ? { row: Math.min(0, lastRow), col: 0 } : { row: current.row, col: 0 }),
      End: () => (ctrl ? { row: lastRow, col: columnCount - 1 } : { row: current.row, col: columnCount - 1 }),
      PageDown: () => ({ row: current.row + page, col: current.col }),
      PageUp: () => ({ row: Math.max(current.row - page, 0), col: current.col }),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveTo(move());
      return;
    }
    const onButton = event.target instanceof Element && event.target.closest('button, a, input, select, textarea');
    if ((event.key === ' ' || event.key === 'Enter') && !onButton && current.row >= 0 && !isDetailItem(current.row)) {
      event.preventDefault();
      onToggleRow(current.row);
    }
  };

  // A click or a Tab into the grid makes the focused cell the active one.
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const pos = event.target instanceof Element ? event.target.closest('[data-pos]')?.getAttribute('data-pos') : null;
    if (!pos) return;
    const [r, c] = pos.split(':').map(Number);
    if (r !== current.row || c !== current.col) setActive({ row: r, col: c });
  };

  return { active: current, onKeyDown, onFocus };
}
