import { Eye, Play, Plus, Square, X } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetEventConfigurationsQuery, useGetEventTypesQuery, useSetEventConfigurationStateMutation } from '../../../api/areas/eventConfigurations';
import type { EventConfigurationRead } from '../../../api/generated/historian.gen';
import { DataTable } from '../../../components/DataTable/DataTable';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types';
import { EmptyList, ListToolbar } from '../../../components/ListControls/EmptyState';
import { matchingItems, useListQuery } from '../../../components/ListControls/useListQuery';
import '../../../components/ListControls/ListControls.css';
import { ConfigAssetPicker } from './ConfigAssetPicker';
import { ConfigStateBadge } from './ConfigStateBadge';
import { ConfigurationDrawer } from './ConfigurationDrawer';
import { EVENT_STATUSES, NEW_ITEM, startSourceLabel, statusLabel } from './configRules';

const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;
const LIST_LIMIT = 1000;

export interface ConfigurationsTabProps {
  canManage: boolean;
  openUuid: string | null;
  /** The asset the list is filtered by (with the assets below it), '' for all. */
  assetUuid: string;
  onOpen: (uuid: string | null) => void;
  onAsset: (uuid: string) => void;
}

/** The configurations per asset: state, open event, events by status, last error; start/stop and the drawer. */
export function ConfigurationsTab({ canManage, openUuid, assetUuid, onOpen, onAsset }: ConfigurationsTabProps) {
  const { t, i18n } = useTranslation();
  const { data, error, isLoading, refetch } = useGetEventConfigurationsQuery({ limit: LIST_LIMIT, assetUuiDs: assetUuid ? [assetUuid] : undefined });
  const types = useGetEventTypesQuery({ limit: LIST_LIMIT });
  const [setState] = useSetEventConfigurationStateMutation();
  const list = useListQuery();
  const shown = useMemo(() => matchingItems(data, list.keyword, (row) => [row.AssetPath ?? '', row.EventTypeName ?? '']), [data, list.keyword]);
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const columns = useMemo<DataTableColumn<EventConfigurationRead>[]>(
    () => [
      { id: 'asset', header: t('events.configurations.columns.asset'), value: (row) => row.AssetPath ?? '', minWidth: 200 },
      { id: 'type', header: t('events.configurations.columns.type'), value: (row) => row.EventTypeName ?? '', minWidth: 140 },
      { id: 'source', header: t('events.configurations.columns.start_source'), value: (row) => startSourceLabel(t, row.StartSource), width: 160 },
      { id: 'state', header: t('events.configurations.columns.state'), value: (row) => row.State, cell: (row) => <ConfigStateBadge configuration={row} />, width: 130 },
      {
        id: 'open',
        header: t('events.configurations.columns.open_event'),
        value: (row) => (row.OpenEventUUID ? 1 : 0),
        cell: (row) => (row.OpenEventUUID ? t('events.configurations.open_event_yes') : <span className="muted">{t('events.configurations.open_event_none')}</span>),
        width: 120,
      },
      {
        id: 'counts',
        header: t('events.configurations.columns.events'),
        value: (row) => Object.values(row.EventCounts ?? {}).reduce((sum, count) => sum + count, 0),
        minWidth: 220,
        cell: (row) => {
          const counts = row.EventCounts ?? {};
          const present = EVENT_STATUSES.filter((status) => (counts[status] ?? 0) > 0);
          if (present.length === 0) return <span className="muted">{t('events.configurations.no_events')}</span>;
          return (
            <span className="evcfg-counts-inline">
              {present.map((status) => (
                <span key={status} className={`evcfg-count evcfg-count-${status}`}>
                  {statusLabel(t, status)} <strong>{number.format(counts[status] ?? 0)}</strong>
                </span>
              ))}
            </span>
          );
        },
      },
      { id: 'error', header: t('events.configurations.columns.last_error'), value: (row) => row.LastError ?? '', cell: (row) => (row.LastError ? <span className="evcfg-error-text">{row.LastError}</span> : ''), minWidth: 160 },
    ],
    [t, number],
  );
  const actions = useMemo<DataTableAction<EventConfigurationRead>[]>(
    () => [
      { id: 'open', label: t('events.configurations.open'), icon: <Eye {...ICON} />, onAction: (row) => onOpen(row.UUID) },
      ...(canManage
        ? [
            {
              id: 'state',
              label: t('events.configurations.start'),
              labelFor: (row: EventConfigurationRead) => (row.State === 'running' ? t('events.configurations.stop') : t('events.configurations.start')),
              icon: <Play {...ICON} />,
              iconFor: (row: EventConfigurationRead) => (row.State === 'running' ? <Square {...ICON} /> : <Play {...ICON} />),
              isVisible: (row: EventConfigurationRead) => row.StartSource !== 'manual',
              onAction: (row: EventConfigurationRead) => void setState({ id: row.UUID, eventConfigurationStateChange: { State: row.State === 'running' ? 'stopped' : 'running' } }),
            },
          ]
        : []),
    ],
    [canManage, onOpen, setState, t],
  );
  const createButton = canManage && (
    <button type="button" className="primary" onClick={() => onOpen(NEW_ITEM)}>
      <Plus {...ICON} />
      {t('events.configurations.new')}
    </button>
  );
  return (
    <>
      <DataTable
        tableId="event_configurations"
        label={t('events.configurations.table')}
        columns={columns}
        data={shown}
        getRowId={(row) => row.UUID}
        loading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        selectedRowId={openUuid}
        onSelectionChange={(row) => onOpen(row?.UUID ?? null)}
        rightActions={actions}
        toolbar={
          <div className="evcfg-toolbar">
            <div className="evcfg-filter-asset">
              <ConfigAssetPicker label={t('events.configurations.filter_asset')} placeholder={t('events.configurations.filter_asset_placeholder')} value={assetUuid} onChange={(asset) => onAsset(asset.UUID)} />
              {assetUuid && (
                <button type="button" className="icon-button" aria-label={t('events.configurations.filter_clear')} title={t('events.configurations.filter_clear')} onClick={() => onAsset('')}>
                  <X {...ICON} />
                </button>
              )}
            </div>
            <ListToolbar searchLabel={t('events.configurations.search')} keyword={list.keyword} onSearch={list.setKeyword} count={shown ? t('events.configurations.count', { n: number.format(shown.length) }) : undefined} />
            {createButton}
          </div>
        }
        emptyState={<EmptyList keyword={list.keyword} onClearSearch={() => list.setKeyword('')} message={canManage ? t('events.configurations.empty_manage') : t('events.configurations.empty')} action={createButton} />}
      />
      {openUuid && (canManage || openUuid !== NEW_ITEM) && (
        <ConfigurationDrawer
          key={openUuid}
          uuid={openUuid === NEW_ITEM ? null : openUuid}
          listed={data?.find((row) => row.UUID === openUuid)}
          assetUuid={assetUuid || undefined}
          types={types.data ?? []}
          canManage={canManage}
          onClose={() => onOpen(null)}
          onCreated={(created) => onOpen(created.UUID)}
        />
      )}
    </>
  );
}
