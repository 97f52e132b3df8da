import { skipToken } from '@reduxjs/toolkit/query';
import { GitCompare, Link2, Unlink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { useGetAssetPropertiesQuery } from '../../../api/areas/assets';
import { prototypesApi } from '../../../api/areas/prototypes';
import type { AssetRead } from '../../../api/generated/historian.gen';
import type { PrototypeRead } from '../../../api/generated/historian.gen';
import { useAppSelector } from '../../../app/hooks';
import { Modal } from '../../../components/Modal/Modal';
import { selectAccess } from '../../../state/privileges';
import { LinkStatusBadge } from '../shared/LinkStatusBadge';
import { SearchCombobox } from '../../../components/SearchCombobox/SearchCombobox';

const ICON = { size: 16, 'aria-hidden': true, focusable: false } as const;
const RESULTS = 25;

/** Where the plan of a prototype's changes for this asset is reviewed (the bulk page). */
export const reviewAddress = (prototypeUuid: string, assetUuid: string) => `/assets/prototypes/bulk?${new URLSearchParams({ prototype: prototypeUuid, assets: assetUuid }).toString()}`;

/** The asset's link to a prototype: its name and link status, each property's status; link, unlink, review the changes. */
export function PrototypeTab({ asset, canManage }: { asset: AssetRead; canManage: boolean }) {
  const { t } = useTranslation();
  const can = useAppSelector(selectAccess);
  const readsPrototypes = can({ privileges: [PRIVILEGES.ReadPrototypes] });
  const mayLink = canManage && readsPrototypes;
  const properties = useGetAssetPropertiesQuery(asset.PrototypeUUID ? { assetUuiDs: [asset.UUID], limit: 1000 } : skipToken);
  const [unlink, unlinkState] = prototypesApi.endpoints.unlinkPrototype.useMutation();
  const [confirmUnlink, setConfirmUnlink] = useState(false);

  if (!asset.PrototypeUUID) return <NotLinked asset={asset} mayLink={mayLink} />;
  const prototypeUuid = asset.PrototypeUUID;
  return (
    <div className="asset-prototype">
      <dl className="asset-facts">
        <div>
          <dt>{t('assets.prototype.name')}</dt>
          <dd>{asset.PrototypeName ?? prototypeUuid}</dd>
        </div>
        <div>
          <dt>{t('assets.prototype.asset_status')}</dt>
          <dd>
            <LinkStatusBadge status={asset.LinkStatus} />
          </dd>
        </div>
      </dl>
      <div className="asset-tab-toolbar">
        {readsPrototypes && (
          <Link className="button primary" to={reviewAddress(prototypeUuid, asset.UUID)}>
            <GitCompare {...ICON} />
            {t('assets.prototype.review')}
          </Link>
        )}
        {mayLink && (
          <button type="button" onClick={() => setConfirmUnlink(true)}>
            <Unlink {...ICON} />
            {t('assets.prototype.unlink')}
          </button>
        )}
      </div>
      <h3 className="asset-subheading">{t('assets.prototype.properties')}</h3>
      {properties.data && properties.data.length > 0 ? (
        <ul className="asset-link-list">
          {properties.data.map((property) => (
            <li key={property.UUID}>
              <span>{property.Name}</span>
              <LinkStatusBadge status={property.LinkStatus} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{properties.isLoading ? t('table.loading') : t('assets.prototype.no_properties')}</p>
      )}
      {confirmUnlink && (
        <Modal
          open
          title={t('assets.prototype.unlink_title', { name: asset.Name })}
          onCancel={() => setConfirmUnlink(false)}
          onConfirm={() => void unlink({ id: prototypeUuid, assetId: asset.UUID }).unwrap().then(() => setConfirmUnlink(false), () => undefined)}
          busy={unlinkState.isLoading}
          labels={{ confirm: t('assets.prototype.unlink') }}
          width="480px"
        >
          <p>{t('assets.prototype.unlink_text', { prototype: asset.PrototypeName ?? '' })}</p>
        </Modal>
      )}
    </div>
  );
}

function NotLinked({ asset, mayLink }: { asset: AssetRead; mayLink: boolean }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<PrototypeRead | null>(null);
  const found = prototypesApi.endpoints.getPrototypes.useQuery(mayLink ? { keyword: keyword || undefined, limit: RESULTS } : skipToken);
  const [link, linkState] = prototypesApi.endpoints.linkPrototype.useMutation();
  return (
    <div className="asset-prototype">
      <p className="asset-prototype-status">
        <LinkStatusBadge status="NotLinked" />
        <span>{t('assets.prototype.not_linked')}</span>
      </p>
      {mayLink && (
        <div className="asset-link-form">
          <div className="field">
            <span className="field-label">{t('assets.prototype.choose')}</span>
            <SearchCombobox
              label={t('assets.prototype.choose')}
              placeholder={t('assets.prototype.search')}
              value={chosen?.Name ?? ''}
              options={found.data}
              fetching={found.isFetching}
              openOnFocus
              optionKey={(prototype) => prototype.UUID}
              renderOption={(prototype) => (
                <>
                  <strong>{prototype.Name}</strong>
                  {prototype.Description && <span className="search-combobox-path">{prototype.Description}</span>}
                </>
              )}
              onKeywordChange={setKeyword}
              onChoose={setChosen}
            />
            <p className="form-help">{t('assets.prototype.link_help')}</p>
          </div>
          <button type="button" className="primary" disabled={chosen === null || linkState.isLoading} onClick={() => chosen && void link({ id: chosen.UUID, prototypeLink: { AssetUUID: asset.UUID } })}>
            <Link2 {...ICON} />
            {t('assets.prototype.link')}
          </button>
        </div>
      )}
    </div>
  );
}
