import { useCallback, useMemo, useState } from 'react';
import { shallowEqual, useSelector } from 'react-redux';
import { assetsPagedApi } from '../../../api/areas/assets';
import type { GetAssetsApiArg } from '../../../api/generated/historian.gen';
import { flattenTree, LEVEL_PAGE_SIZE, levelKeys, ROOT, type LoadedLevel, type TreeRow } from './treeModel';

type LevelState = Parameters<ReturnType<typeof assetsPagedApi.endpoints.getAssetsPage.select>>[0];

export interface LevelPage {
  key: string;
  arg: GetAssetsApiArg;
}

/** The call for one page of one level: the top (Roots) or the children of a parent (ParentUUIDs). */
export function levelArg(key: string, page: number): GetAssetsApiArg {
  return key === ROOT ? { roots: true, limit: LEVEL_PAGE_SIZE, page } : { parentUuiDs: [key], limit: LEVEL_PAGE_SIZE, page };
}

export interface AssetTreeState {
  rows: TreeRow[];
  /** The level pages to keep loaded (each one a subscription, see TreeLoaders). */
  pages: LevelPage[];
  rootLevel: LoadedLevel | undefined;
  expanded: ReadonlySet<string>;
  setOpen: (key: string, open: boolean) => void;
  /** Opens every one of these (the ancestors of an asset being revealed). */
  openAll: (keys: readonly string[]) => void;
  showMore: (parentKey: string) => void;
}

/**
 * The tree, loaded lazily level by level: the top level at first, a level's children when it is
 * opened, LEVEL_PAGE_SIZE at a time. The levels stay subscribed while open, so a change anywhere
 * (tags of the assets area) refreshes exactly what is shown.
 */
export function useAssetTree(): AssetTreeState {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [pageCounts, setPageCounts] = useState<ReadonlyMap<string, number>>(() => new Map());
  const pages = useMemo(
    () => levelKeys(expanded).flatMap((key) => Array.from({ length: pageCounts.get(key) ?? 1 }, (_unused, index) => ({ key, arg: levelArg(key, index + 1) }))),
    [expanded, pageCounts],
  );
  const selectors = useMemo(() => pages.map((page) => assetsPagedApi.endpoints.getAssetsPage.select(page.arg)), [pages]);
  // Typed by the endpoint's own state shape (the store's RootState holds it).
  const results = useSelector((state: LevelState) => selectors.map((select) => select(state)), shallowEqual);
  const levels = useMemo(() => {
    const map = new Map<string, LoadedLevel>();
    pages.forEach((page, index) => {
      const result = results[index];
      const level = map.get(page.key) ?? { items: [], total: 0, loading: false, failed: false };
      map.set(page.key, {
        items: result?.data ? [...level.items, ...result.data.items] : level.items,
        total: result?.data?.totalCount ?? level.total,
        loading: level.loading || !result || result.isUninitialized || result.isLoading,
        failed: level.failed || Boolean(result?.isError),
      });
    });
    return map;
  }, [pages, results]);
  const rows = useMemo(() => flattenTree(levels, expanded), [levels, expanded]);

  const setOpen = useCallback((key: string, open: boolean) => {
    setExpanded((current) => {
      if (current.has(key) === open) return current;
      const next = new Set(current);
      if (open) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const openAll = useCallback((keys: readonly string[]) => {
    setExpanded((current) => (keys.every((key) => current.has(key)) ? current : new Set([...current, ...keys])));
  }, []);
  const showMore = useCallback((parentKey: string) => setPageCounts((current) => new Map(current).set(parentKey, (current.get(parentKey) ?? 1) + 1)), []);

  return { rows, pages, rootLevel: levels.get(ROOT), expanded, setOpen, openAll, showMore };
}
