import { Link2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteAssetPropertyMutation, useGetAssetPropertiesQuery } from '../../../api/areas/assets';
import type { AssetPropertyRead, AssetRead } from '../../../api/generated/historian.gen';
import { Modal } from '../../../components/Modal/Modal';
import { LinkStatusBadge } from '../shared/LinkStatusBadge';
import { formatLive, useLiveValues, type LiveValue } from '../shared/liveValues';
import { Sparkline } from '../shared/Sparkline';
import { PropertyDialog } from './PropertyDialog';

const ICON = { size: 16, 'aria-hidden': true, focusable: false } as const;
/** An asset has few properties; one call has them all. */
const PROPERTIES_LIMIT = 1000;

type Editing = { property: AssetPropertyRead | null; bindOnly: boolean };

/** The asset's properties: alias, measurement, datatype, unit, live value and last hour; add, edit, bind, remove. */
export function PropertiesTab({ asset, canManage }: { asset: AssetRead; canManage: boolean }) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useGetAssetPropertiesQuery({ assetUuiDs: [asset.UUID], limit: PROPERTIES_LIMIT });
  const bound = useMemo(() => (data ?? []).flatMap((property) => (property.MeasurementUUID ? [property.MeasurementUUID] : [])), [data]);
  const live = useLiveValues(bound);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<AssetPropertyRead | null>(null);
  const [remove, removeState] = useDeleteAssetPropertyMutation();

  if (isLoading) return <p role="status" className="muted">{t('assets.properties.loading')}</p>;
  if (isError)
    return (
      <div role="alert" className="assets-error">
        <p>{t('assets.properties.load_failed')}</p>
        <button type="button" onClick={() => void refetch()}>
          {t('table.retry')}
        </button>
      </div>
    );
  const properties = data ?? [];

  return (
    <div className="asset-properties">
      {canManage && (
        <div className="asset-tab-toolbar">
          <button type="button" onClick={() => setEditing({ property: null, bindOnly: false })}>
            <Plus {...ICON} />
            {t('assets.properties.add')}
          </button>
        </div>
      )}
      {properties.length === 0 ? (
        <p role="status" className="assets-tab-empty">{canManage ? t('assets.properties.empty_manage') : t('assets.properties.empty')}</p>
      ) : (
        <div className="asset-table-wrap">
          <table className="asset-table">
            <caption className="visually-hidden">{t('assets.properties.caption', { name: asset.Name })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('assets.properties.alias')}</th>
                <th scope="col">{t('assets.properties.measurement')}</th>
                <th scope="col">{t('assets.properties.datatype')}</th>
                <th scope="col">{t('assets.properties.unit')}</th>
                <th scope="col" className="asset-num">{t('assets.properties.value')}</th>
                <th scope="col">{t('assets.properties.last_hour')}</th>
                <th scope="col">{t('assets.properties.link_status')}</th>
                {canManage && <th scope="col"><span className="visually-hidden">{t('table.actions')}</span></th>}
              </tr>
            </thead>
            <tbody>
              {properties.map((property) => (
                <PropertyRow
                  key={property.UUID}
                  property={property}
                  live={property.MeasurementUUID ? live.values.get(property.MeasurementUUID) : undefined}
                  canManage={canManage}
                  onEdit={() => setEditing({ property, bindOnly: false })}
                  onBind={() => setEditing({ property, bindOnly: true })}
                  onRemove={() => setRemoving(property)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && <PropertyDialog asset={asset} property={editing.property} bindOnly={editing.bindOnly} onClose={() => setEditing(null)} />}
      {removing && (
        <Modal
          open
          title={t('assets.properties.remove_title', { name: removing.Name })}
          onCancel={() => setRemoving(null)}
          onConfirm={() => void remove({ id: removing.UUID }).unwrap().then(() => setRemoving(null), () => undefined)}
          confirmVariant="danger"
          busy={removeState.isLoading}
          labels={{ confirm: t('assets.properties.remove') }}
          width="480px"
        >
          <p>{t('assets.properties.remove_text', { name: removing.Name, path: asset.AssetPath })}</p>
        </Modal>
      )}
    </div>
  );
}

interface PropertyRowProps {
  property: AssetPropertyRead;
  live: LiveValue | undefined;
  canManage: boolean;
  onEdit: () => void;
  onBind: () => void;
  onRemove: () => void;
}

function PropertyRow({ property, live, canManage, onEdit, onBind, onRemove }: PropertyRowProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
  const unbound = property.MeasurementUUID === null;
  const value = formatLive(live?.value, number, t);
  const time = live?.time === undefined ? undefined : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(live.time));
  return (
    <tr>
      <th scope="row">
        <span className="asset-property-name">{property.Name}</span>
        {property.Description && <span className="asset-property-description">{property.Description}</span>}
      </th>
      <td>
        {unbound ? (
          <span className="asset-unbound">
            <span className="asset-unbound-badge">{t('assets.properties.unbound')}</span>
            {canManage && (
              <button type="button" className="small" onClick={onBind} aria-label={t('assets.properties.bind_named', { name: property.Name })}>
                <Link2 {...ICON} />
                {t('assets.properties.bind')}
              </button>
            )}
          </span>
        ) : (
          <span className="asset-measurement">{property.MeasurementName ?? property.MeasurementUUID}</span>
        )}
      </td>
      <td className="asset-mono">{property.Datatype ?? ''}</td>
      <td>{property.UoM ?? ''}</td>
      <td className="asset-num" title={time}>
        {unbound ? '' : value === '' ? <span className="muted">{t('assets.properties.no_value')}</span> : <span className="asset-value">{value}</span>}
      </td>
      <td>{!unbound && live && <Sparkline series={live.series} unit={property.UoM} />}</td>
      <td>
        <LinkStatusBadge status={property.LinkStatus} />
      </td>
      {canManage && (
        <td className="asset-row-actions">
          <button type="button" className="icon-button" aria-label={t('assets.properties.edit_named', { name: property.Name })} title={t('assets.properties.edit')} onClick={onEdit}>
            <Pencil {...ICON} />
          </button>
          <button type="button" className="icon-button danger" aria-label={t('assets.properties.remove_named', { name: property.Name })} title={t('assets.properties.remove')} onClick={onRemove}>
            <Trash2 {...ICON} />
          </button>
        </td>
      )}
    </tr>
  );
}
