import { defaultRangeExtractor, observeElementRect, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { ChevronDown, ChevronRight, Dot, LoaderCircle, TriangleAlert } from 'lucide-react';
import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetAssetsPageQuery } from '../../../api/areas/assets';
import type { AssetRead } from '../../../api/generated/historian.gen';
import { LinkStatusBadge } from '../shared/LinkStatusBadge';
import { moveFor, typeAheadMatch, type TreeRow } from './treeModel';
import type { LevelPage } from './useAssetTree';

/** Fixed row height: the tree is virtualised, so only the rows in view are drawn. */
export const TREE_ROW_HEIGHT = 32;
const INDENT = 18;
const TYPE_AHEAD_MS = 500;

/** Keeps one page of one level loaded (and refreshed by the area's tags) while it is shown. */
const LevelLoader = memo(function LevelLoader({ page }: { page: LevelPage }) {
  useGetAssetsPageQuery(page.arg);
  return null;
});

export function TreeLoaders({ pages }: { pages: readonly LevelPage[] }) {
  return (
    <>
      {pages.map((page) => (
        <LevelLoader key={`${page.key}:${String(page.arg.page)}`} page={page} />
      ))}
    </>
  );
}

// A tree that has no size yet (not laid out, jsdom) still shows a screenful of rows.
const observeRectWithFallback: typeof observeElementRect = (instance, onRect) =>
  observeElementRect(instance, (rect) => onRect(rect.height > 0 ? rect : { width: rect.width, height: window.innerHeight }));

export interface AssetTreeProps {
  label: string;
  rows: readonly TreeRow[];
  selectedUuid: string | null;
  /** The row to bring into view and focus (an asset revealed by the search or the address). */
  revealKey: string | null;
  onSelect: (asset: AssetRead) => void;
  onToggle: (key: string, open: boolean) => void;
  onShowMore: (parentKey: string) => void;
}

/**
 * The asset tree of WAI-ARIA's tree view pattern: one tab stop (the active row), Up and Down move,
 * Right opens or enters, Left closes or goes to the parent, Home and End, type-ahead on the names,
 * Enter selects. Virtualised, the active row always stays drawn so focus never falls out.
 */
export function AssetTree({ label, rows, selectedUuid, revealKey, onSelect, onToggle, onShowMore }: AssetTreeProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const focusWanted = useRef(false);
  const typed = useRef({ text: '', at: 0 });

  const found = rows.findIndex((row) => row.key === activeKey);
  const selectedIndex = rows.findIndex((row) => row.key === selectedUuid);
  const activeIndex = found >= 0 ? found : Math.max(0, selectedIndex);
  const active = rows[activeIndex];

  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    return activeIndex < range.count && !indexes.includes(activeIndex) ? [...indexes, activeIndex].sort((a, b) => a - b) : indexes;
  }, [activeIndex]);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => TREE_ROW_HEIGHT, overscan: 12, rangeExtractor, observeElementRect: observeRectWithFallback });

  // An asset revealed from outside becomes the active row and scrolls into view.
  const revealIndex = rows.findIndex((row) => row.key === revealKey);
  useEffect(() => {
    if (revealKey === null || revealIndex < 0) return;
    setActiveKey(revealKey);
    virtualizer.scrollToIndex(revealIndex, { align: 'center' });
  }, [revealKey, revealIndex, virtualizer]);

  useEffect(() => {
    if (!focusWanted.current || !active) return;
    focusWanted.current = false;
    scrollRef.current?.querySelector<HTMLElement>(`[data-tree-key="${CSS.escape(active.key)}"]`)?.focus();
  });

  const focusIndex = (index: number) => {
    const row = rows[index];
    if (!row) return;
    focusWanted.current = true;
    setActiveKey(row.key);
    virtualizer.scrollToIndex(index);
  };
  const activate = (row: TreeRow) => {
    if (row.kind === 'asset') onSelect(row.asset);
    else if (row.kind === 'more') onShowMore(row.parentKey);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const move = moveFor(rows, activeIndex, event.key);
    if (move.type === 'none' && event.key.length === 1 && event.key !== ' ') {
      const now = Date.now();
      typed.current = { text: now - typed.current.at < TYPE_AHEAD_MS ? typed.current.text + event.key : event.key, at: now };
      const match = typeAheadMatch(rows, activeIndex, typed.current.text);
      if (match >= 0) focusIndex(match);
      event.preventDefault();
      return;
    }
    if (move.type === 'none') return;
    event.preventDefault();
    if (move.type === 'focus') focusIndex(move.index);
    else if (move.type === 'expand') onToggle(move.key, true);
    else if (move.type === 'collapse') onToggle(move.key, false);
    else if (rows[move.index]) activate(rows[move.index]);
  };

  return (
    <div ref={scrollRef} className="asset-tree-scroll">
      <div role="tree" aria-label={label} className="asset-tree" style={{ height: virtualizer.getTotalSize() }} onKeyDown={onKeyDown}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          const isActive = item.index === activeIndex;
          return (
            <TreeRowView
              key={row.key}
              row={row}
              top={item.start}
              tabIndex={isActive ? 0 : -1}
              selected={row.kind === 'asset' && row.asset.UUID === selectedUuid}
              onClick={() => {
                setActiveKey(row.key);
                activate(row);
              }}
              onToggle={() => row.kind === 'asset' && onToggle(row.key, !row.expanded)}
              t={t}
            />
          );
        })}
      </div>
    </div>
  );
}

interface TreeRowViewProps {
  row: TreeRow;
  top: number;
  tabIndex: 0 | -1;
  selected: boolean;
  onClick: () => void;
  onToggle: () => void;
  t: ReturnType<typeof useTranslation>['t'];
}

function TreeRowView({ row, top, tabIndex, selected, onClick, onToggle, t }: TreeRowViewProps) {
  const style = { transform: `translateY(${top}px)`, paddingInlineStart: (row.level - 1) * INDENT + 4 };
  if (row.kind !== 'asset') {
    return (
      <div role="treeitem" aria-level={row.level} aria-selected={false} tabIndex={tabIndex} data-tree-key={row.key} className={`asset-tree-row asset-tree-${row.kind}`} style={style} onClick={onClick}>
        <span className="asset-tree-toggle" aria-hidden="true">
          {row.kind === 'loading' && <LoaderCircle size={14} className="asset-tree-spin" />}
          {row.kind === 'failed' && <TriangleAlert size={14} />}
        </span>
        {row.kind === 'loading' && t('assets.tree.loading')}
        {row.kind === 'failed' && t('assets.tree.failed')}
        {row.kind === 'more' && <span className="asset-tree-more-text">{t('assets.tree.show_more', { shown: row.loaded, total: row.total })}</span>}
      </div>
    );
  }
  const { asset } = row;
  return (
    <div
      role="treeitem"
      aria-level={row.level}
      aria-posinset={row.posInSet}
      aria-setsize={row.setSize}
      aria-expanded={row.expandable ? row.expanded : undefined}
      aria-selected={selected}
      tabIndex={tabIndex}
      data-tree-key={row.key}
      className={`asset-tree-row${selected ? ' asset-tree-selected' : ''}`}
      style={style}
      onClick={onClick}
    >
      <span
        className="asset-tree-toggle"
        aria-hidden="true"
        onClick={(event) => {
          event.stopPropagation();
          onToggle();
        }}
      >
        {row.expandable ? row.expanded ? <ChevronDown size={16} /> : <ChevronRight size={16} /> : <Dot size={16} className="asset-tree-leaf" />}
      </span>
      <span className="asset-tree-name">{asset.Name}</span>
      {asset.ChildCount > 0 && <span className="asset-tree-count" aria-label={t('assets.tree.children', { count: asset.ChildCount })}>{asset.ChildCount}</span>}
      {asset.LinkStatus !== 'NotLinked' && <LinkStatusBadge status={asset.LinkStatus} compact />}
    </div>
  );
}
