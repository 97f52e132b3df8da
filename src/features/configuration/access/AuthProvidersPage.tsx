import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useDeleteAuthenticationProviderMutation, useGetAuthenticationProvidersQuery } from '../../../api/areas/access';
import type { AuthenticationProviderRead } from '../../../api/generated/historian.gen';
import { Plus } from 'lucide-react';
import { DataTable } from '../../../components/DataTable/DataTable';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types';
import { EmptyList, ListToolbar } from '../../../components/ListControls/EmptyState';
import { matchingItems, useListQuery } from '../../../components/ListControls/useListQuery';
import '../../../components/ListControls/ListControls.css';
import { configurationPath } from '../../../lib/paths';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { selectAccess } from '../../../state/privileges';
import { useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from './ConfirmDialog';
import { DeleteIcon, EditIcon, Page, providerTypeLabel } from './pageHelpers';

/** /configuration/auth_providers: the identity providers (root privilege ReadSettings). */
export function AuthProvidersPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const can = useAppSelector(selectAccess);
  const canManage = can({ privileges: [PRIVILEGES.ManageSettings], scope: 'root' });
  const { data, error, isLoading, refetch } = useGetAuthenticationProvidersQuery();
  // Providers are few: the page has them all and searches them itself.
  const list = useListQuery();
  const shown = useMemo(() => matchingItems(data, list.keyword, (row) => [row.ProviderName, row.ProviderType]), [data, list.keyword]);
  const [remove, deleting] = useDeleteAuthenticationProviderMutation();
  const [target, setTarget] = useState<AuthenticationProviderRead | null>(null);

  const columns = useMemo<DataTableColumn<AuthenticationProviderRead>[]>(
    () => [
      { id: 'name', header: t('providers.name'), value: (row) => row.ProviderName },
      { id: 'type', header: t('providers.type'), value: (row) => providerTypeLabel(row.ProviderType, t) },
      { id: 'system', header: t('providers.system'), value: (row) => row.IsSystem ?? false, cell: (row) => (row.IsSystem ? t('general.yes') : t('general.no')) },
    ],
    [t],
  );
  const actions = useMemo<DataTableAction<AuthenticationProviderRead>[]>(
    () => [
      { id: 'edit', label: t('providers.edit'), icon: <EditIcon />, onAction: (row) => navigate(`${configurationPath('auth_provider')}?id=${row.UUID}`) },
      ...(canManage
        ? [{ id: 'delete', label: t('providers.delete'), icon: <DeleteIcon />, isVisible: (row: AuthenticationProviderRead) => !row.IsSystem, onAction: (row: AuthenticationProviderRead) => setTarget(row) }]
        : []),
    ],
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
      <Link className="button primary" to={configurationPath('auth_provider')}>
        <Plus size={16} aria-hidden="true" />
        {label}
      </Link>
    );
  return (
    <Page title={t('pages.auth_providers')} description={t('providers.page_description')} actions={createLink(t('providers.create'))}>
      <DataTable
        tableId="auth-providers"
        label={t('providers.list_label')}
        columns={columns}
        data={shown}
        getRowId={(row) => row.UUID}
        loading={isLoading}
        error={error}
        onRetry={refetch}
        rightActions={actions}
        toolbar={
          <ListToolbar searchLabel={t('providers.search')} keyword={list.keyword} onSearch={list.setKeyword} count={shown ? t('providers.count', { count: shown.length, n: number.format(shown.length) }) : undefined} />
        }
        emptyState={<EmptyList keyword={list.keyword} onClearSearch={() => list.setKeyword('')} message={t('providers.empty')} action={createLink(t('providers.create'))} />}
      />
      <ConfirmDialog open={target !== null} title={t('providers.delete')} busy={deleting.isLoading} onCancel={() => setTarget(null)} onConfirm={() => void confirmDelete()}>
        <p>{t('providers.delete_confirm', { name: target?.ProviderName ?? '' })}</p>
      </ConfirmDialog>
    </Page>
  );
}
