import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useDeleteAuthenticationProviderMutation, useGetAuthenticationProvidersQuery } from '../../../api/areas/access';
import type { AuthenticationProviderRead } from '../../../api/generated/historian.gen';
import { DataTable } from '../../../components/DataTable/DataTable';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types';
import { configurationPath } from '../../../lib/paths';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { selectAccess } from '../../../state/privileges';
import { useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from './ConfirmDialog';
import { DeleteIcon, EditIcon, Page, providerTypeLabel } from './pageHelpers';

/** /configuration/auth_providers: the identity providers (root privilege ReadSettings). */
export function AuthProvidersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useAppSelector(selectAccess);
  const canManage = can({ privileges: [PRIVILEGES.ManageSettings], scope: 'root' });
  const { data, error, refetch } = useGetAuthenticationProvidersQuery();
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

  return (
    <Page title={t('pages.auth_providers')} actions={canManage && <Link className="button primary" to={configurationPath('auth_provider')}>{t('providers.create')}</Link>}>
      <DataTable tableId="auth-providers" label={t('providers.list_label')} columns={columns} data={data} getRowId={(row) => row.UUID} error={error} onRetry={refetch} rightActions={actions} />
      <ConfirmDialog open={target !== null} title={t('providers.delete')} busy={deleting.isLoading} onCancel={() => setTarget(null)} onConfirm={() => void confirmDelete()}>
        <p>{t('providers.delete_confirm', { name: target?.ProviderName ?? '' })}</p>
      </ConfirmDialog>
    </Page>
  );
}
