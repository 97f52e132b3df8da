import { Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useDeleteExternalDatabaseMutation } from '../../../api/areas/externalDatabases';
import type { ExternalDatabaseRead } from '../../../api/generated/historian.gen';
import { problemCode } from '../../../api/outcomes';
import { DataTable } from '../../../components/DataTable/DataTable';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types';
import { EmptyList, ListToolbar } from '../../../components/ListControls/EmptyState';
import { matchingItems, useListQuery } from '../../../components/ListControls/useListQuery';
import '../../../components/ListControls/ListControls.css';
import { useToasts } from '../../../components/Toasts/useToasts';
import { ConfirmDialog } from '../access/ConfirmDialog';
import { DeleteIcon, EditIcon, Page } from '../access/pageHelpers';
import { editorPath, kindLabel, locationOf } from './externalDatabaseRules';
import { useOrganizationExternalDatabases } from './useOrganizationExternalDatabases';
import './externalDatabases.css';

const TABLE_ID = 'external_databases';

/** /configuration/external_databases: the MES, ERP and LIMS databases events read batches and orders from. */
export function ExternalDatabasesPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const { canManage, databases, kinds } = useOrganizationExternalDatabases();
  const { data, error, isLoading, refetch } = databases;
  const [remove, { isLoading: deleting }] = useDeleteExternalDatabaseMutation();
  const [target, setTarget] = useState<ExternalDatabaseRead | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const list = useListQuery();
  const shown = useMemo(() => matchingItems(data, list.keyword, (row) => [row.Name, row.Description ?? '', locationOf(row)]), [data, list.keyword]);

  useEffect(() => {
    if (error) toasts.showError(t('external_databases.errors.load'), error);
  }, [error, toasts, t]);

  const kindList = kinds.data;
  const columns = useMemo<DataTableColumn<ExternalDatabaseRead>[]>(() => {
    const available = (row: ExternalDatabaseRead) => kindList?.find((kind) => kind.Kind === row.Kind)?.Available !== false;
    return [
      { id: 'name', header: t('external_databases.name'), value: (row) => row.Name },
      {
        id: 'kind',
        header: t('external_databases.kind'),
        value: (row) => kindLabel(row.Kind, t),
        minWidth: 240,
        cell: (row) => (
          <span className="external-kind">
            {kindLabel(row.Kind, t)}
            {!available(row) && <span className="xdb-badge">{t('external_databases.no_driver')}</span>}
          </span>
        ),
      },
      { id: 'location', header: t('external_databases.location'), value: (row) => locationOf(row), minWidth: 240 },
      {
        id: 'used_by',
        header: t('external_databases.used_by'),
        value: (row) => row.UsedBy,
        cell: (row) => t('external_databases.used_by_count', { count: row.UsedBy, n: new Intl.NumberFormat(i18n.language).format(row.UsedBy) }),
      },
    ];
  }, [t, i18n.language, kindList]);

  const actions = useMemo<DataTableAction<ExternalDatabaseRead>[]>(
    () => [
      {
        id: 'edit',
        label: canManage ? t('external_databases.edit') : t('external_databases.view'),
        icon: <EditIcon />,
        onAction: (row) => navigate(editorPath(row.UUID)),
      },
      ...(canManage ? [{ id: 'delete', label: t('external_databases.delete'), icon: <DeleteIcon />, onAction: (row: ExternalDatabaseRead) => setTarget(row) }] : []),
    ],
    [canManage, navigate, t],
  );

  const confirmDelete = async () => {
    if (!target) return;
    const result = await remove({ id: target.UUID });
    if ('error' in result && result.error) {
      setRefusal(problemCode(result.error) === 'external_databases.errors.in_use' ? t('external_databases.errors.in_use', { count: target.UsedBy }) : null);
    } else {
      setRefusal(null);
    }
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
    <Page title={t('pages.external_databases')} description={t('external_databases.page_description')} actions={createLink(t('external_databases.create'))}>
      {refusal && (
        <p role="alert" className="external-refusal">
          {refusal}
        </p>
      )}
      <DataTable
        tableId={TABLE_ID}
        label={t('external_databases.list_label')}
        columns={columns}
        data={shown}
        getRowId={(row) => row.UUID}
        loading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        rightActions={actions}
        toolbar={
          <ListToolbar
            searchLabel={t('external_databases.search')}
            keyword={list.keyword}
            onSearch={list.setKeyword}
            count={shown ? t('external_databases.count', { count: shown.length, n: number.format(shown.length) }) : undefined}
          />
        }
        emptyState={
          <EmptyList
            keyword={list.keyword}
            onClearSearch={() => list.setKeyword('')}
            message={canManage ? t('external_databases.empty_manage') : t('external_databases.empty')}
            action={createLink(t('external_databases.create'))}
          />
        }
      />
      <ConfirmDialog open={target !== null} title={t('external_databases.delete')} busy={deleting} onCancel={() => setTarget(null)} onConfirm={() => void confirmDelete()}>
        <p>{t('external_databases.delete_confirm', { name: target?.Name ?? '' })}</p>
      </ConfirmDialog>
    </Page>
  );
}
