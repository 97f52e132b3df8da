import { skipToken } from '@reduxjs/toolkit/query';
import { ListTree, Plus } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import { useGetAssetQuery } from '../../api/areas/assets';
import type { AssetRead } from '../../api/generated/historian.gen';
import { useAppSelector } from '../../app/hooks';
import { Page } from '../../components/Page/Page';
import { selectAccess } from '../../state/privileges';
import { AssetDialogs, type AssetDialog } from './asset/AssetDialogs';
import { AssetPanel } from './asset/AssetPanel';
import { AssetSearch } from './tree/AssetSearch';
import { AssetTree, TreeLoaders } from './tree/AssetTree';
import { useAssetTree } from './tree/useAssetTree';
import { useAncestors } from './tree/useRevealAsset';
import './assets.css';

/** The selected asset's place in the address: `#/assets?asset=<uuid>` survives a reload and can be shared. */
export const ASSET_PARAM = 'asset';

/** /assets (READ_ASSETS; changes with MANAGE_ASSETS): the tree at the left, the selected asset at the right. */
export function AssetsPage() {
  const { t } = useTranslation();
  const can = useAppSelector(selectAccess);
  const canManage = can({ privileges: [PRIVILEGES.ManageAssets] });
  const [params, setParams] = useSearchParams();
  const selectedUuid = params.get(ASSET_PARAM);
  const tree = useAssetTree();
  const ancestors = useAncestors();
  const [revealKey, setRevealKey] = useState<string | null>(null);
  const [dialog, setDialog] = useState<AssetDialog | null>(null);

  const latestParams = useRef(params);
  latestParams.current = params;
  const select = useCallback(
    (uuid: string | null) => {
      const next = new URLSearchParams(latestParams.current);
      if (uuid === null) next.delete(ASSET_PARAM);
      else next.set(ASSET_PARAM, uuid);
      setParams(next);
    },
    [setParams],
  );

  // The selected asset (from a click, the search, a new asset or the address) is shown in the tree:
  // its ancestors open and it scrolls into view.
  const selected = useGetAssetQuery(selectedUuid ? { id: selectedUuid } : skipToken);
  const selectedAsset = selected.data;
  const { openAll } = tree;
  useEffect(() => {
    if (!selectedAsset) return undefined;
    let current = true;
    ancestors(selectedAsset).then(
      (chain) => {
        if (!current) return;
        openAll(chain);
        setRevealKey(selectedAsset.UUID);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [selectedAsset, ancestors, openAll]);

  const choose = useCallback((asset: AssetRead) => select(asset.UUID), [select]);
  const root = tree.rootLevel;
  const empty = root !== undefined && !root.loading && !root.failed && root.total === 0;
  const firstLoad = root === undefined || (root.loading && root.items.length === 0);
  const createSite = () => setDialog({ kind: 'create', parent: null });

  return (
    <Page
      title={t('pages.assets')}
      description={t('assets.description')}
      className="assets-page"
      actions={
        <>
          <Link className="button" to="/asset-properties">
            <ListTree size={16} aria-hidden="true" focusable="false" />
            {t('assets.all_properties')}
          </Link>
          {canManage && (
            <button type="button" className="primary" onClick={createSite}>
              <Plus size={16} aria-hidden="true" focusable="false" />
              {t('assets.new_site')}
            </button>
          )}
        </>
      }
    >
      <TreeLoaders pages={tree.pages} />
      <div className="assets-split">
        <aside className="assets-tree-panel" aria-label={t('assets.tree.panel')}>
          <AssetSearch onChoose={choose} />
          {firstLoad ? (
            <TreeSkeleton label={t('assets.tree.loading')} />
          ) : empty ? (
            <div className="assets-empty">
              <p role="status">{canManage ? t('assets.empty_manage') : t('assets.empty')}</p>
              {canManage && (
                <button type="button" className="primary" onClick={createSite}>
                  <Plus size={16} aria-hidden="true" focusable="false" />
                  {t('assets.create_first_site')}
                </button>
              )}
            </div>
          ) : (
            <AssetTree label={t('assets.tree.label')} rows={tree.rows} selectedUuid={selectedUuid} revealKey={revealKey} onSelect={choose} onToggle={tree.setOpen} onShowMore={tree.showMore} />
          )}
        </aside>
        <section className="assets-detail" aria-label={t('assets.detail.panel')}>
          {selectedUuid === null ? (
            !empty && <p className="assets-detail-hint muted">{t('assets.detail.choose')}</p>
          ) : selectedAsset && selectedAsset.UUID === selectedUuid ? (
            <AssetPanel key={selectedAsset.UUID} asset={selectedAsset} canManage={canManage} onDialog={setDialog} />
          ) : selected.isError ? (
            <p role="alert" className="assets-detail-hint">{t('assets.detail.not_found')}</p>
          ) : (
            <PanelSkeleton label={t('assets.detail.loading')} />
          )}
        </section>
      </div>
      <AssetDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        onCreated={(asset) => {
          if (asset.ParentUUID) tree.setOpen(asset.ParentUUID, true);
          select(asset.UUID);
        }}
        onDeleted={(asset) => select(asset.ParentUUID)}
      />
    </Page>
  );
}

function TreeSkeleton({ label }: { label: string }) {
  return (
    <div className="assets-skeleton" role="status" aria-label={label}>
      {[70, 55, 80, 45, 60, 50].map((width, index) => (
        <span key={index} className="assets-skeleton-bar" style={{ width: `${width}%`, marginInlineStart: index % 3 === 0 ? 0 : 18 }} />
      ))}
    </div>
  );
}

function PanelSkeleton({ label }: { label: string }) {
  return (
    <div className="assets-skeleton assets-skeleton-panel" role="status" aria-label={label}>
      <span className="assets-skeleton-bar" style={{ width: '40%', height: 24 }} />
      <span className="assets-skeleton-bar" style={{ width: '65%' }} />
      <span className="assets-skeleton-bar" style={{ width: '100%', height: 120 }} />
    </div>
  );
}
