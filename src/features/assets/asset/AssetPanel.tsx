import { FolderInput, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssetRead } from '../../../api/generated/historian.gen';
import { LinkStatusBadge } from '../shared/LinkStatusBadge';
import type { AssetDialog } from './AssetDialogs';
import { MetadataTab } from './MetadataTab';
import { PropertiesTab } from './PropertiesTab';
import { PrototypeTab } from './PrototypeTab';

type Tab = 'properties' | 'metadata' | 'prototype';
const TABS: readonly Tab[] = ['properties', 'metadata', 'prototype'];
const ICON = { size: 16, 'aria-hidden': true, focusable: false } as const;

export interface AssetPanelProps {
  asset: AssetRead;
  canManage: boolean;
  onDialog: (dialog: AssetDialog) => void;
}

/** The selected asset: its name and path, the tree's changes, and its Properties, Metadata and Prototype tabs. */
export function AssetPanel({ asset, canManage, onDialog }: AssetPanelProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('properties');
  const tabsId = useId();
  const labels: Record<Tab, string> = { properties: t('assets.tabs.properties'), metadata: t('assets.tabs.metadata'), prototype: t('assets.tabs.prototype') };
  const moveTab = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length];
    setTab(next);
    document.getElementById(`${tabsId}-${next}`)?.focus();
  };
  const parentPath = asset.AssetPath.includes('/') ? asset.AssetPath.slice(0, asset.AssetPath.lastIndexOf('/')) : '';

  return (
    <article className="asset-panel" aria-labelledby={`${tabsId}-title`}>
      <header className="asset-panel-header">
        <div className="asset-panel-heading">
          {parentPath && <p className="asset-panel-path">{parentPath.split('/').join(' / ')}</p>}
          <h2 id={`${tabsId}-title`}>{asset.Name}</h2>
          {asset.Description && <p className="asset-panel-description">{asset.Description}</p>}
        </div>
        {canManage && (
          <div className="asset-panel-actions">
            <button type="button" onClick={() => onDialog({ kind: 'create', parent: asset })}>
              <Plus {...ICON} />
              {t('assets.actions.add_child')}
            </button>
            <button type="button" className="icon-button" aria-label={t('assets.actions.rename')} title={t('assets.actions.rename')} onClick={() => onDialog({ kind: 'rename', asset })}>
              <Pencil {...ICON} />
            </button>
            <button type="button" className="icon-button" aria-label={t('assets.actions.move')} title={t('assets.actions.move')} onClick={() => onDialog({ kind: 'move', asset })}>
              <FolderInput {...ICON} />
            </button>
            <button type="button" className="icon-button danger" aria-label={t('assets.actions.delete')} title={t('assets.actions.delete')} onClick={() => onDialog({ kind: 'delete', asset })}>
              <Trash2 {...ICON} />
            </button>
          </div>
        )}
      </header>
      <div className="asset-tabs" role="tablist" aria-label={t('assets.tabs.label')} onKeyDown={moveTab}>
        {TABS.map((id) => (
          <button key={id} type="button" id={`${tabsId}-${id}`} role="tab" aria-selected={tab === id} aria-controls={`${tabsId}-${id}-panel`} tabIndex={tab === id ? 0 : -1} onClick={() => setTab(id)}>
            {labels[id]}
            {id === 'prototype' && asset.PrototypeUUID && <LinkStatusBadge status={asset.LinkStatus} compact />}
          </button>
        ))}
      </div>
      <div className="asset-tab-panel" role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
        {tab === 'properties' && <PropertiesTab asset={asset} canManage={canManage} />}
        {tab === 'metadata' && <MetadataTab asset={asset} canManage={canManage} />}
        {tab === 'prototype' && <PrototypeTab asset={asset} canManage={canManage} />}
      </div>
    </article>
  );
}
