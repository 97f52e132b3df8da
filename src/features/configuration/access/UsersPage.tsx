import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useDeleteUserMutation, useGetUsersPageQuery } from '../../../api/areas/access';
import type { UserRead as User } from '../../../api/generated/historian.gen';
import { DataTable } from '../../../components/DataTable/DataTable';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types';
import { EmptyList, ListToolbar } from '../../../components/ListControls/EmptyState';
import { ListPager } from '../../../components/ListControls/ListPager';
import { useListQuery, usePageWithin } from '../../../components/ListControls/useListQuery';
import '../../../components/ListControls/ListControls.css';
import { configurationPath } from '../../../lib/paths';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { selectAccess } from '../../../state/privileges';
import { useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from './ConfirmDialog';
import { MenuAccessDialog } from './MenuAccessDialog';
import { organizationNames } from './UserOrganizations';
import { DeleteIcon, EditIcon, Page } from './pageHelpers';

/** /configuration/users: the users of the current organization (every user at root), paged and searched on the server. */
export function UsersPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const can = useAppSelector(selectAccess);
  const canManage = can({ privileges: [PRIVILEGES.ManageUsers] });
  const list = useListQuery();
  const { data, error, isLoading, refetch } = useGetUsersPageQuery({ limit: list.pageSize, page: list.page, keyword: list.keyword || undefined });
  const [remove, { isLoading: deleting }] = useDeleteUserMutation();
  const [target, setTarget] = useState<User | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const total = data?.totalCount ?? 0;
  usePageWithin(list, data?.totalCount);

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

  const number = new Intl.NumberFormat(i18n.language);
  const create = (label: string) =>
    canManage && (
      <Link className="button primary" to={configurationPath('user')}>
        <Plus size={16} aria-hidden="true" />
        {label}
      </Link>
    );
  return (
    <Page
      title={t('pages.users')}
      description={t('users.description')}
      actions={
        <>
          <button type="button" onClick={() => setMenuOpen(true)}>
            {t('access.menu')}
          </button>
          {create(t('users.create'))}
        </>
      }
    >
      <DataTable
        tableId="users"
        label={t('users.list_label')}
        columns={columns}
        data={data?.items}
        getRowId={(row) => row.UUID}
        loading={isLoading}
        error={error}
        onRetry={refetch}
        rightActions={actions}
        toolbar={
          <ListToolbar searchLabel={t('users.search')} keyword={list.keyword} onSearch={list.setKeyword} count={data ? t('users.count', { count: total, n: number.format(total) }) : undefined} />
        }
        emptyState={
          <EmptyList
            keyword={list.keyword}
            onClearSearch={() => list.setKeyword('')}
            message={canManage ? t('users.empty_manage') : t('users.empty')}
            action={create(t('users.create_first'))}
          />
        }
      />
      {total > 0 && <ListPager page={list.page} pageSize={list.pageSize} total={total} onPageChange={list.setPage} onPageSizeChange={list.setPageSize} />}
      <ConfirmDialog open={target !== null} title={t('users.delete')} busy={deleting} onCancel={() => setTarget(null)} onConfirm={() => void confirmDelete()}>
        <p>{t('users.delete_confirm', { name: target?.Name ?? '' })}</p>
      </ConfirmDialog>
      <MenuAccessDialog open={menuOpen} onClose={() => setMenuOpen(false)} />
    </Page>
  );
}
