// Which columns a table shows and in which order (SPEC §4 "Table columns"), from a stored layout
// and the table's own column list. Pure, so the rules are tested apart from the widget.

export interface LayoutColumn {
  id: string;
  /** Shown until the user decides otherwise. */
  defaultHidden?: boolean;
}

export interface ResolvedLayout {
  /** Every column id, in the order the user chose. */
  order: string[];
  /** The shown ids, in display order; never empty while the table has columns. */
  shown: string[];
}

export interface StoredLayout {
  columnsShown: readonly string[];
  columnsOrder: readonly string[];
}

export function defaultLayout(columns: readonly LayoutColumn[]): ResolvedLayout {
  const order = columns.map((c) => c.id);
  const shown = columns.filter((c) => !c.defaultHidden).map((c) => c.id);
  return { order, shown: shown.length > 0 ? shown : order.slice(0, 1) };
}

/**
 * Applies a stored layout to the current columns: ids that no longer exist are dropped, and
 * columns the layout does not know (added in a later release) follow at the end with their
 * default visibility. At least one column stays shown ("minimum one shown").
 */
export function resolveLayout(columns: readonly LayoutColumn[], stored: StoredLayout | undefined): ResolvedLayout {
  const fallback = defaultLayout(columns);
  if (!stored) return fallback;
  const known = new Set(columns.map((c) => c.id));
  const mentioned = new Set([...stored.columnsOrder, ...stored.columnsShown]);
  const order = [...new Set([...stored.columnsOrder, ...stored.columnsShown])].filter((id) => known.has(id));
  const added = columns.filter((c) => !mentioned.has(c.id));
  order.push(...added.map((c) => c.id));
  const shownSet = new Set(stored.columnsShown.filter((id) => known.has(id)));
  for (const column of added) if (!column.defaultHidden) shownSet.add(column.id);
  const shown = order.filter((id) => shownSet.has(id));
  return { order, shown: shown.length > 0 ? shown : fallback.shown };
}

/** The shown ids first in their order, then the hidden ones: the ColumnsOrder that is stored. */
export function toStoredLayout(layout: ResolvedLayout): { columnsShown: string[]; columnsOrder: string[] } {
  const shown = new Set(layout.shown);
  return { columnsShown: [...layout.shown], columnsOrder: [...layout.shown, ...layout.order.filter((id) => !shown.has(id))] };
}

export function sameLayout(a: StoredLayout, b: StoredLayout): boolean {
  const same = (x: readonly string[], y: readonly string[]) => x.length === y.length && x.every((v, i) => v === y[i]);
  return same(a.columnsShown, b.columnsShown) && same(a.columnsOrder, b.columnsOrder);
}
