import { useState, useSyncExternalStore } from 'react';

// The measurements chosen for a bulk action. Kept outside React state so that ticking one row
// re-renders that row's checkbox and the bulk bar, not the table's columns and model (a new
// columns array rebuilds the table).

export interface RowSelection {
  has: (uuid: string) => boolean;
  /** The chosen ids, in the order they were chosen. */
  ids: () => readonly string[];
  toggle: (uuid: string, chosen: boolean) => void;
  set: (uuids: readonly string[]) => void;
  clear: () => void;
  subscribe: (listener: () => void) => () => void;
}

export function createRowSelection(): RowSelection {
  let chosen: readonly string[] = [];
  const listeners = new Set<() => void>();
  const emit = (next: readonly string[]) => {
    chosen = next;
    for (const listener of listeners) listener();
  };
  return {
    has: (uuid) => chosen.includes(uuid),
    ids: () => chosen,
    toggle: (uuid, on) => {
      if (on === chosen.includes(uuid)) return;
      emit(on ? [...chosen, uuid] : chosen.filter((id) => id !== uuid));
    },
    set: (uuids) => emit([...new Set(uuids)]),
    clear: () => {
      if (chosen.length > 0) emit([]);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** One selection for the lifetime of the component. */
export function useRowSelectionStore(): RowSelection {
  const [selection] = useState(createRowSelection);
  return selection;
}

/** The chosen ids; re-renders when they change. */
export function useSelectedIds(selection: RowSelection): readonly string[] {
  return useSyncExternalStore(selection.subscribe, selection.ids);
}

/** Whether one row is chosen; re-renders only when that changes. */
export function useIsSelected(selection: RowSelection, uuid: string): boolean {
  return useSyncExternalStore(selection.subscribe, () => selection.has(uuid));
}

/** Whether every one of `ids` is chosen (and there is one). */
export function useIsAllSelected(selection: RowSelection, ids: readonly string[]): boolean {
  return useSyncExternalStore(selection.subscribe, () => ids.length > 0 && ids.every((id) => selection.has(id)));
}
