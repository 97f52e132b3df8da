import { anAsset } from '../testing/assetFixtures';
import { flattenTree, moveFor, ROOT, typeAheadMatch, type LoadedLevel } from './treeModel';

// The tree's rows and keys (WAI-ARIA APG tree view), without a screen.

const level = (items: LoadedLevel['items'], total = items.length, loading = false): LoadedLevel => ({ items, total, loading, failed: false });

describe('asset tree model', () => {
  const site = anAsset({ Name: 'Site', ChildCount: 2 });
  const other = anAsset({ Name: 'Store' });
  const line = anAsset({ Name: 'Line', ParentUUID: site.UUID, AssetPath: 'Site/Line' });

  it('flattens the open levels in order with level, position and set size', () => {
    const rows = flattenTree(new Map([[ROOT, level([site, other])], [site.UUID, level([line], 2)]]), new Set([site.UUID]));
    expect(rows.map((row) => [row.kind, row.level, row.kind === 'asset' ? `${row.asset.Name} ${row.posInSet}/${row.setSize}` : ''])).toEqual([
      ['asset', 1, 'Site 1/2'],
      ['asset', 2, 'Line 1/2'],
      ['more', 2, ''],
      ['asset', 1, 'Store 2/2'],
    ]);
  });

  it('shows a loading row for a level that is opened but not loaded yet', () => {
    const rows = flattenTree(new Map([[ROOT, level([site, other])]]), new Set([site.UUID]));
    expect(rows[1]).toMatchObject({ kind: 'loading', level: 2, parentKey: site.UUID });
  });

  it('Right opens a closed asset, then enters it; Left closes it, then goes to the parent', () => {
    const closed = flattenTree(new Map([[ROOT, level([site, other])]]), new Set());
    expect(moveFor(closed, 0, 'ArrowRight')).toEqual({ type: 'expand', key: site.UUID });
    expect(moveFor(closed, 1, 'ArrowRight')).toEqual({ type: 'none' });
    const open = flattenTree(new Map([[ROOT, level([site, other])], [site.UUID, level([line])]]), new Set([site.UUID]));
    expect(moveFor(open, 0, 'ArrowRight')).toEqual({ type: 'focus', index: 1 });
    expect(moveFor(open, 1, 'ArrowLeft')).toEqual({ type: 'focus', index: 0 });
    expect(moveFor(open, 0, 'ArrowLeft')).toEqual({ type: 'collapse', key: site.UUID });
    expect(moveFor(open, 0, 'End')).toEqual({ type: 'focus', index: 2 });
    expect(moveFor(open, 2, 'Home')).toEqual({ type: 'focus', index: 0 });
    expect(moveFor(open, 2, 'ArrowDown')).toEqual({ type: 'none' });
    expect(moveFor(open, 1, 'Enter')).toEqual({ type: 'activate', index: 1 });
  });

  it('type-ahead finds the next name starting with the typed text, wrapping round', () => {
    const rows = flattenTree(new Map([[ROOT, level([site, other])], [site.UUID, level([line])]]), new Set([site.UUID]));
    expect(typeAheadMatch(rows, 0, 's')).toBe(2);
    expect(typeAheadMatch(rows, 2, 's')).toBe(0);
    expect(typeAheadMatch(rows, 0, 'st')).toBe(2);
    expect(typeAheadMatch(rows, 0, 'x')).toBe(-1);
  });
});
