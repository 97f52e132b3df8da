import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { TimeseriesDatabaseRead } from '../../../api/generated/historian.gen';
import { useDeleteTimeseriesDatabaseMutation } from '../../../api/areas/configuration';
import { Plus } from 'lucide-react';
import { DataTable } from '../../../components/DataTable/DataTable';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types';
import { EmptyList, ListToolbar } from '../../../components/ListControls/EmptyState';
import { matchingItems, useListQuery } from '../../../components/ListControls/useListQuery';
import '../../../components/ListControls/ListControls.css';
import { useToasts } from '../../../components/Toasts/useToasts';
import { ConfirmDialog } from '../access/ConfirmDialog';
import { DeleteIcon, EditIcon, Page } from '../access/pageHelpers';
import { editorPath, keySettings } from './timeseriesRules';
import { useOrganizationTimeseriesDatabases } from './useOrganizationTimeseriesDatabases';

const TABLE_ID = 'timeseries_databases';

/** /configuration/timeseries_databases: the time-series databases of the current organization. */
export function TimeseriesDatabasesPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const { canManage, databases, types } = useOrganizationTimeseriesDatabases();
  const { data, error, isLoading, refetch } = databases;
  const [remove, { isLoading: deleting }] = useDeleteTimeseriesDatabaseMutation();
  const [target, setTarget] = useState<TimeseriesDatabaseRead | null>(null);
  // An organization has few databases: the page has them all and searches them itself.
  const list = useListQuery();
  const shown = useMemo(() => matchingItems(data, list.keyword, (row) => [row.Name]), [data, list.keyword]);

  // SPEC §8: a failed load is told in a toast, besides the table's own error state.
  useEffect(() => {
    if (error) toasts.showError(t('configuration.errors.get_databases'), error);
  }, [error, toasts, t]);

  const typeList = types.data;
  const columns = useMemo<DataTableColumn<TimeseriesDatabaseRead>[]>(() => {
    const typeOf = (row: TimeseriesDatabaseRead) => typeList?.find((type) => type.UUID === row.TimeseriesDatabaseTypeUUID);
    return [
      { id: 'name', header: t('timeseries.name'), value: (row) => row.Name },
      { id: 'type', header: t('timeseries.type'), value: (row) => typeOf(row)?.Name ?? row.TimeseriesDatabaseTypeUUID },
      {
        id: 'settings',
        header: t('timeseries.settings'),
        sortable: false,
        minWidth: 280,
        cell: (row) => keySettings(row, typeOf(row)).map(({ name, value }) => t('timeseries.setting', { name, value })).join(', '),
      },
    ];
  }, [t, typeList]);

  const actions = useMemo<DataTableAction<TimeseriesDatabaseRead>[]>(
    () =>
      canManage
        ? [
            { id: 'edit', label: t('timeseries.edit'), icon: <EditIcon />, onAction: (row) => navigate(editorPath(row.UUID)) },
            { id: 'delete', label: t('timeseries.delete'), icon: <DeleteIcon />, onAction: (row) => setTarget(row) },
          ]
        : [],
    [canManage, navigate, t],
  );

  const confirmDelete = async () => {
    if (!target?.UUID) return;
    await remove({ id: target.UUID });
    setTarget(null);
  };

  const number = new Intl.NumberFormat(i18n.language);
  const createLink = (label: string) =>
    canManage && (
      <Link className="button primary" to={editorPath()}>
        <Plus size={16} aria-hidden="true" />
        {label}
      </Link>
    );
  return (
    <Page title={t('pages.timeseries_databases')} description={t('timeseries.page_description')} actions={createLink(t('timeseries.create'))}>
      <DataTable
        tableId={TABLE_ID}
        label={t('timeseries.list_label')}
        columns={columns}
        data={shown}
        getRowId={(row) => row.UUID}
        loading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        rightActions={actions}
        toolbar={
          <ListToolbar searchLabel={t('timeseries.search')} keyword={list.keyword} onSearch={list.setKeyword} count={shown ? t('timeseries.count', { count: shown.length, n: number.format(shown.length) }) : undefined} />
        }
        emptyState={
          <EmptyList keyword={list.keyword} onClearSearch={() => list.setKeyword('')} message={canManage ? t('timeseries.empty_manage') : t('timeseries.empty')} action={createLink(t('timeseries.create'))} />
        }
      />
      <ConfirmDialog open={target !== null} title={t('timeseries.delete')} busy={deleting} onCancel={() => setTarget(null)} onConfirm={() => void confirmDelete()}>
        <p>{t('timeseries.delete_confirm', { name: target?.Name ?? '' })}</p>
      </ConfirmDialog>
    </Page>
  );
}
