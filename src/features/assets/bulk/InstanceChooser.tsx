import { ClipboardList } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssetChoicesQuery } from '../../../api/areas/prototypes';
import type { AssetRead, PrototypeLinkStatus, PrototypeRead } from '../../../api/generated/historian.gen';
import { DataTable } from '../../../components/DataTable/DataTable';
import type { DataTableColumn } from '../../../components/DataTable/types';
import { LINK_STATUSES, LinkStatusBadge, linkStatusLabel } from '../shared/LinkStatusBadge';

const isLinkStatus = (value: string): value is PrototypeLinkStatus => LINK_STATUSES.some((status) => status === value);

// The first step of the bulk page: a prototype and the instances to plan for. Every linked
// instance is chosen at first (or those the address names); the list filters by link status and
// path without changing the choice.

/** A prototype's instances in one answer; more than this is planned over the first ones shown. */
const INSTANCE_LIMIT = 5000;
const SEARCH_MS = 300;

export interface InstanceChooserProps {
  prototypes: readonly PrototypeRead[] | undefined;
  prototypeUuid: string;
  /** The instances the address names; empty: every linked instance. */
  preselected: readonly string[];
  planning: boolean;
  onPrototype: (uuid: string) => void;
  onPlan: (assetUuids: string[]) => void;
}

export function InstanceChooser({ prototypes, prototypeUuid, preselected, planning, onPrototype, onPlan }: InstanceChooserProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [status, setStatus] = useState<PrototypeLinkStatus | ''>('');
  const [pathText, setPathText] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setKeyword(pathText.trim()), SEARCH_MS);
    return () => window.clearTimeout(timer);
  }, [pathText]);
  const all = useAssetChoicesQuery({ prototypeUuiDs: [prototypeUuid], limit: INSTANCE_LIMIT }, { skip: prototypeUuid === '' });
  const filtered = useAssetChoicesQuery({ prototypeUuiDs: [prototypeUuid], limit: INSTANCE_LIMIT, linkStatuses: status === '' ? undefined : [status], keyword: keyword || undefined }, { skip: prototypeUuid === '' || (status === '' && keyword === '') });
  const shown = status === '' && keyword === '' ? all.data : filtered.data;
  const [chosen, setChosen] = useState<ReadonlySet<string> | null>(null);
  const [chosenFor, setChosenFor] = useState(prototypeUuid);
  if (chosenFor !== prototypeUuid) {
    setChosenFor(prototypeUuid);
    setChosen(null);
  }
  // Every instance, or those the address names, once the list is there.
  const selected = useMemo(() => chosen ?? new Set(preselected.length > 0 ? preselected : (all.data ?? []).map((asset) => asset.UUID)), [chosen, preselected, all.data]);

  const toggle = (uuid: string) => {
    const next = new Set(selected);
    if (next.has(uuid)) next.delete(uuid);
    else next.add(uuid);
    setChosen(next);
  };
  const shownIds = (shown ?? []).map((asset) => asset.UUID);
  const allShown = shownIds.length > 0 && shownIds.every((uuid) => selected.has(uuid));
  const columns = useMemo<DataTableColumn<AssetRead>[]>(
    () => [
      {
        id: 'chosen',
        header: t('prototypes.bulk.instances.chosen'),
        width: 88,
        sortable: false,
        hideable: false,
        cell: (asset) => <input type="checkbox" aria-label={t('prototypes.bulk.instances.choose', { name: asset.AssetPath })} checked={selected.has(asset.UUID)} onChange={() => toggle(asset.UUID)} onClick={(event) => event.stopPropagation()} />,
      },
      { id: 'path', header: t('prototypes.bulk.columns.path'), value: (asset) => asset.AssetPath, minWidth: 320 },
      { id: 'status', header: t('prototypes.bulk.columns.link_status'), value: (asset) => linkStatusLabel(t, asset.LinkStatus), cell: (asset) => <LinkStatusBadge status={asset.LinkStatus} />, width: 200 },
    ],
    // toggle reads `selected`, which the deps hold.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, selected],
  );
  const number = new Intl.NumberFormat(i18n.language);
  const chosenInList = (all.data ?? []).filter((asset) => selected.has(asset.UUID)).map((asset) => asset.UUID);

  return (
    <section className="bulk-choose" aria-label={t('prototypes.bulk.choose')}>
      <div className="bulk-choose-bar">
        <div className="bulk-field">
          <label htmlFor={`${id}-prototype`}>{t('prototypes.bulk.prototype')}</label>
          <select id={`${id}-prototype`} value={prototypeUuid} onChange={(event) => onPrototype(event.target.value)}>
            <option value="">{t('prototypes.bulk.choose_prototype')}</option>
            {(prototypes ?? []).map((prototype) => (
              <option key={prototype.UUID} value={prototype.UUID}>
                {prototype.Name}
              </option>
            ))}
          </select>
        </div>
        <div className="bulk-field">
          <label htmlFor={`${id}-status`}>{t('prototypes.bulk.instances.status_filter')}</label>
          <select id={`${id}-status`} value={status} disabled={prototypeUuid === ''} onChange={(event) => setStatus(isLinkStatus(event.target.value) ? event.target.value : '')}>
            <option value="">{t('prototypes.bulk.instances.any_status')}</option>
            {LINK_STATUSES.filter((item) => item !== 'NotLinked').map((item) => (
              <option key={item} value={item}>
                {linkStatusLabel(t, item)}
              </option>
            ))}
          </select>
        </div>
        <div className="bulk-field bulk-field-grow">
          <label htmlFor={`${id}-path`}>{t('prototypes.bulk.instances.path_filter')}</label>
          <input id={`${id}-path`} type="search" value={pathText} disabled={prototypeUuid === ''} placeholder={t('prototypes.bulk.instances.path_placeholder')} onChange={(event) => setPathText(event.target.value)} />
        </div>
        <button type="button" className="primary bulk-plan-button" disabled={prototypeUuid === '' || chosenInList.length === 0 || planning} aria-busy={planning || undefined} onClick={() => onPlan(chosenInList)}>
          <ClipboardList size={16} aria-hidden="true" focusable="false" />
          {t('prototypes.bulk.plan', { count: chosenInList.length, n: number.format(chosenInList.length) })}
        </button>
      </div>
      {prototypeUuid === '' ? (
        <p className="bulk-empty muted">{t('prototypes.bulk.pick_first')}</p>
      ) : (
        <DataTable
          tableId="prototype_bulk_instances"
          label={t('prototypes.bulk.instances.table')}
          columns={columns}
          data={shown}
          getRowId={(asset) => asset.UUID}
          loading={all.isLoading}
          error={all.error}
          selectable={false}
          height="360px"
          toolbar={
            <div className="list-toolbar">
              <label className="bulk-inline">
                <input type="checkbox" checked={allShown} disabled={shownIds.length === 0} onChange={(event) => setChosen(new Set(event.target.checked ? [...selected, ...shownIds] : [...selected].filter((uuid) => !shownIds.includes(uuid))))} />
                {t('prototypes.bulk.instances.all_shown')}
              </label>
              <span className="list-count">{t('prototypes.bulk.instances.count', { count: chosenInList.length, n: number.format(chosenInList.length), total: number.format(all.data?.length ?? 0) })}</span>
            </div>
          }
          emptyMessage={status === '' && keyword === '' ? t('prototypes.bulk.instances.none') : t('prototypes.bulk.instances.none_match')}
        />
      )}
    </section>
  );
}
