import type { AssetRead } from '../../../api/generated/historian.gen';

// The asset tree as the screen shows it: the loaded levels flattened into rows, in order, each
// with what the WAI-ARIA tree pattern needs (level, position in its set, expanded or not).

/** The key of the top level among the levels' keys (the others are parent UUIDs). */
export const ROOT = 'root';

/** How many children a level loads at a time; a larger level offers "Show more". */
export const LEVEL_PAGE_SIZE = 500;

export interface LoadedLevel {
  items: readonly AssetRead[];
  /** The level's size on the server (x-total-count). */
  total: number;
  /** Some page of the level is still loading. */
  loading: boolean;
  failed: boolean;
}

export type TreeRow =
  | { kind: 'asset'; key: string; asset: AssetRead; level: number; posInSet: number; setSize: number; expandable: boolean; expanded: boolean; parentKey: string }
  | { kind: 'more'; key: string; parentKey: string; level: number; loaded: number; total: number }
  | { kind: 'loading'; key: string; parentKey: string; level: number }
  | { kind: 'failed'; key: string; parentKey: string; level: number };

/** Every row in view: a level's assets, each followed by its own rows when expanded. */
export function flattenTree(levels: ReadonlyMap<string, LoadedLevel>, expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (parentKey: string, level: number) => {
    const loaded = levels.get(parentKey);
    if (!loaded || (loaded.items.length === 0 && loaded.loading)) {
      rows.push({ kind: 'loading', key: `loading:${parentKey}`, parentKey, level });
      return;
    }
    const setSize = Math.max(loaded.total, loaded.items.length);
    loaded.items.forEach((asset, index) => {
      const expandable = asset.ChildCount > 0;
      const open = expandable && expanded.has(asset.UUID);
      rows.push({ kind: 'asset', key: asset.UUID, asset, level, posInSet: index + 1, setSize, expandable, expanded: open, parentKey });
      if (open) walk(asset.UUID, level + 1);
    });
    if (loaded.failed) rows.push({ kind: 'failed', key: `failed:${parentKey}`, parentKey, level });
    else if (loaded.loading) rows.push({ kind: 'loading', key: `loading:${parentKey}`, parentKey, level });
    else if (loaded.items.length < loaded.total) rows.push({ kind: 'more', key: `more:${parentKey}`, parentKey, level, loaded: loaded.items.length, total: loaded.total });
  };
  walk(ROOT, 1);
  return rows;
}

/** The levels to load: the top one and every expanded asset's, with how many pages of each. */
export function levelKeys(expanded: ReadonlySet<string>): string[] {
  return [ROOT, ...expanded];
}

export type TreeMove =
  | { type: 'focus'; index: number }
  | { type: 'expand'; key: string }
  | { type: 'collapse'; key: string }
  | { type: 'activate'; index: number }
  | { type: 'none' };

/** What a key does on the focused row (WAI-ARIA APG tree view: Up, Down, Right, Left, Home, End, Enter). */
export function moveFor(rows: readonly TreeRow[], index: number, key: string): TreeMove {
  const row = rows[index];
  if (!row) return rows.length > 0 ? { type: 'focus', index: 0 } : { type: 'none' };
  switch (key) {
    case 'ArrowDown':
      return index < rows.length - 1 ? { type: 'focus', index: index + 1 } : { type: 'none' };
    case 'ArrowUp':
      return index > 0 ? { type: 'focus', index: index - 1 } : { type: 'none' };
    case 'Home':
      return { type: 'focus', index: 0 };
    case 'End':
      return { type: 'focus', index: rows.length - 1 };
    case 'ArrowRight':
      if (row.kind !== 'asset' || !row.expandable) return { type: 'none' };
      if (!row.expanded) return { type: 'expand', key: row.key };
      return index + 1 < rows.length && rows[index + 1].level > row.level ? { type: 'focus', index: index + 1 } : { type: 'none' };
    case 'ArrowLeft': {
      if (row.kind === 'asset' && row.expanded) return { type: 'collapse', key: row.key };
      const parent = rows.findIndex((candidate) => candidate.kind === 'asset' && candidate.key === row.parentKey);
      return parent >= 0 ? { type: 'focus', index: parent } : { type: 'none' };
    }
    case 'Enter':
    case ' ':
      return { type: 'activate', index };
    default:
      return { type: 'none' };
  }
}

/** Type-ahead: the next asset row after `from` whose name starts with the typed text, wrapping round. */
export function typeAheadMatch(rows: readonly TreeRow[], from: number, typed: string): number {
  const text = typed.toLocaleLowerCase();
  const starts = text.length > 1 ? 0 : 1;
  for (let step = starts; step <= rows.length; step += 1) {
    const index = (from + step) % rows.length;
    const row = rows[index];
    if (row.kind === 'asset' && row.asset.Name.toLocaleLowerCase().startsWith(text)) return index;
  }
  return -1;
}
