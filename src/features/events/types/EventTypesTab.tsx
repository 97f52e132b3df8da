import { Eye, Plus } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetEventTypesQuery } from '../../../api/areas/eventConfigurations';
import type { EventTypeDefinitionRead } from '../../../api/generated/historian.gen';
import { DataTable } from '../../../components/DataTable/DataTable';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types';
import { EmptyList, ListToolbar } from '../../../components/ListControls/EmptyState';
import { matchingItems, useListQuery } from '../../../components/ListControls/useListQuery';
import '../../../components/ListControls/ListControls.css';
import { NEW_ITEM } from '../configurations/configRules';
import { EventTypeDrawer } from './EventTypeDrawer';

const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;
/** An organization has tens of event types: the tab has them all and searches them itself. */
const LIST_LIMIT = 1000;

export interface EventTypesTabProps {
  canManage: boolean;
  openUuid: string | null;
  onOpen: (uuid: string | null) => void;
}

/** The event types: name, parent, how many properties and configurations, and the drawer of one. */
export function EventTypesTab({ canManage, openUuid, onOpen }: EventTypesTabProps) {
  const { t, i18n } = useTranslation();
  const { data, error, isLoading, refetch } = useGetEventTypesQuery({ limit: LIST_LIMIT });
  const list = useListQuery();
  const shown = useMemo(() => matchingItems(data, list.keyword, (row) => [row.Name, row.Description, row.ParentName ?? '']), [data, list.keyword]);
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const columns = useMemo<DataTableColumn<EventTypeDefinitionRead>[]>(
    () => [
      { id: 'name', header: t('events.types.columns.name'), value: (row) => row.Name, minWidth: 160 },
      { id: 'parent', header: t('events.types.columns.parent'), value: (row) => row.ParentName ?? '', cell: (row) => row.ParentName ?? <span className="muted">{t('events.types.form.no_parent')}</span>, minWidth: 140 },
      { id: 'description', header: t('events.types.columns.description'), value: (row) => row.Description ?? '', minWidth: 160 },
      { id: 'properties', header: t('events.types.columns.properties'), value: (row) => row.Properties.length, cell: (row) => number.format(row.Properties.length), width: 120, align: 'end' },
      { id: 'configurations', header: t('events.types.columns.configurations'), value: (row) => row.ConfigurationCount ?? 0, cell: (row) => number.format(row.ConfigurationCount ?? 0), width: 160, align: 'end' },
    ],
    [t, number],
  );
  const actions = useMemo<DataTableAction<EventTypeDefinitionRead>[]>(() => [{ id: 'open', label: t('events.configurations.open'), icon: <Eye {...ICON} />, onAction: (row) => onOpen(row.UUID) }], [onOpen, t]);
  const createButton = canManage && (
    <button type="button" className="primary" onClick={() => onOpen(NEW_ITEM)}>
      <Plus {...ICON} />
      {t('events.types.new')}
    </button>
  );
  return (
    <>
      <DataTable
        tableId="event_types"
        label={t('events.types.table')}
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
            <ListToolbar searchLabel={t('events.types.search')} keyword={list.keyword} onSearch={list.setKeyword} count={shown ? t('events.types.count', { n: number.format(shown.length) }) : undefined} />
            {createButton}
          </div>
        }
        emptyState={<EmptyList keyword={list.keyword} onClearSearch={() => list.setKeyword('')} message={canManage ? t('events.types.empty_manage') : t('events.types.empty')} action={createButton} />}
      />
      {openUuid && (canManage || openUuid !== NEW_ITEM) && (
        <EventTypeDrawer key={openUuid} uuid={openUuid === NEW_ITEM ? null : openUuid} types={data ?? []} canManage={canManage} onClose={() => onOpen(null)} onCreated={(created) => onOpen(created.UUID)} />
      )}
    </>
  );
}
