import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useDeleteUserMutation, useGetUsersQuery } from '../../../api/areas/access';
import type { UserRead as User } from '../../../api/generated/historian.gen';
import { DataTable } from '../../../components/DataTable/DataTable';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types';
import { configurationPath } from '../../../lib/paths';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { selectAccess } from '../../../state/privileges';
import { useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from './ConfirmDialog';
import { MenuAccessDialog } from './MenuAccessDialog';
import { organizationNames } from './UserOrganizations';
import { DeleteIcon, EditIcon, Page } from './pageHelpers';

/** /configuration/users: the users of the current organization (every user at root). */
export function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useAppSelector(selectAccess);
  const canManage = can({ privileges: [PRIVILEGES.ManageUsers] });
  const { data, error, refetch } = useGetUsersQuery({ limit: 10000 });
  const [remove, { isLoading: deleting }] = useDeleteUserMutation();
  const [target, setTarget] = useState<User | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);

  const columns = useMemo<DataTableColumn<User>[]>(
    () => [
      { id: 'name', header: t('users.name'), value: (row) => row.Name },
      { id: 'provider', header: t('users.provider'), value: (row) => row.ProviderName },
      { id: 'type', header: t('users.type'), value: (row) => row.UserType },
      { id: 'organizations', header: t('users.organizations'), value: (row) => organizationNames(row.Organizations) },
      { id: 'created', header: t('users.created'), value: (row) => (row.CreatedAt ? new Date(row.CreatedAt) : undefined) },
    ],
    [t],
  );
  const actions = useMemo<DataTableAction<User>[]>(
    () => [
      { id: 'edit', label: t('users.edit'), icon: <EditIcon />, onAction: (row) => navigate(`${configurationPath('user')}?id=${row.UUID}`) },
      ...(canManage ? [{ id: 'delete', label: t('users.delete'), icon: <DeleteIcon />, onAction: (row: User) => setTarget(row) }] : []),
    ],
    [canManage, navigate, t],
  );

  const confirmDelete = async () => {
    if (!target) return;
    await remove({ id: target.UUID });
    setTarget(null);
  };

  return (
    <Page
      title={t('pages.users')}
      actions={
        <div className="page-actions">
          <button type="button" onClick={() => setMenuOpen(true)}>
            {t('access.menu')}
          </button>
          {canManage && <Link className="button primary" to={configurationPath('user')}>{t('users.create')}</Link>}
        </div>
      }
    >
      <DataTable tableId="users" label={t('users.list_label')} columns={columns} data={data} getRowId={(row) => row.UUID} error={error} onRetry={refetch} rightActions={actions} />
      <ConfirmDialog open={target !== null} title={t('users.delete')} busy={deleting} onCancel={() => setTarget(null)} onConfirm={() => void confirmDelete()}>
        <p>{t('users.delete_confirm', { name: target?.Name ?? '' })}</p>
      </ConfirmDialog>
      <MenuAccessDialog open={menuOpen} onClose={() => setMenuOpen(false)} />
    </Page>
  );
}
