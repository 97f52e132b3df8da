import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useDeleteOrganizationMutation, useGetOrganizationsQuery } from '../../../api/areas/access';
import type { OrganizationRead } from '../../../api/generated/historian.gen';
import { isProblemError } from '../../../api/transport/errors';
import { Plus } from 'lucide-react';
import { DataTable } from '../../../components/DataTable/DataTable';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types';
import { EmptyList, ListToolbar } from '../../../components/ListControls/EmptyState';
import { matchingItems, useListQuery } from '../../../components/ListControls/useListQuery';
import '../../../components/ListControls/ListControls.css';
import { itemStatusLabel } from '../../../components/StatusIcon/CollectorStatusIcon';
import { configurationPath } from '../../../lib/paths';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { selectAccess } from '../../../state/privileges';
import { useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from './ConfirmDialog';
import { DeleteIcon, EditIcon, Page } from './pageHelpers';
import { useRefreshOwnAccess } from './useRefreshOwnAccess';

/** What a 409 on delete says goes with the organization, by kind (the server's problem `holdings`). */
function holdingsOf(error: unknown): Record<string, number> | undefined {
  if (!isProblemError(error) || error.code !== 409) return undefined;
  const holdings = error.body.holdings;
  if (typeof holdings !== 'object' || holdings === null) return undefined;
  return Object.fromEntries(Object.entries(holdings).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
}

/** /configuration/organizations: every organization (root privilege ReadOrganizations). */
export function OrganizationsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const can = useAppSelector(selectAccess);
  const canManage = can({ privileges: [PRIVILEGES.ManageOrganizations], scope: 'root' });
  const { data, error, isLoading, refetch } = useGetOrganizationsQuery({ limit: 10000 });
  // Organizations are few: the page has them all and searches them itself.
  const list = useListQuery();
  const shown = useMemo(() => matchingItems(data, list.keyword, (row) => [row.Name, row.Description]), [data, list.keyword]);
  const [remove, { isLoading: deleting }] = useDeleteOrganizationMutation();
  const [target, setTarget] = useState<OrganizationRead | null>(null);
  const refreshOwnAccess = useRefreshOwnAccess();
  const [holdings, setHoldings] = useState<Record<string, number> | undefined>(undefined);

  const columns = useMemo<DataTableColumn<OrganizationRead>[]>(
    () => [
      { id: 'name', header: t('organizations.name'), value: (row) => row.Name },
      { id: 'description', header: t('organizations.description'), value: (row) => row.Description },
      { id: 'postgres_user', header: t('organizations.postgres_user'), value: (row) => row.PostgresUser },
      { id: 'status', header: t('organizations.status'), value: (row) => (row.IsRoot ? t('organizations.root') : row.Status ? itemStatusLabel(row.Status, t) : '') },
    ],
    [t],
  );
  const actions = useMemo<DataTableAction<OrganizationRead>[]>(
    () =>
      canManage
        ? [
            { id: 'edit', label: t('organizations.edit'), icon: <EditIcon />, onAction: (row) => navigate(`${configurationPath('edit_organization')}?id=${row.UUID}`) },
            { id: 'delete', label: t('organizations.delete'), icon: <DeleteIcon />, isVisible: (row) => !row.IsRoot, onAction: (row) => setTarget(row) },
          ]
        : [],
    [canManage, navigate, t],
  );

  const close = () => {
    setTarget(null);
    setHoldings(undefined);
  };
  const confirmDelete = async () => {
    if (!target?.UUID) return;
    const result = await remove({ id: target.UUID, confirm: holdings !== undefined ? true : undefined });
    if (!result.error) await refreshOwnAccess();
    // A first delete of an organization that still holds things asks to confirm with them.
    const found = result.error && holdingsOf(result.error);
    if (found && holdings === undefined) setHoldings(found);
    else close();
  };

  const number = new Intl.NumberFormat(i18n.language);
  const createLink = (label: string) =>
    canManage && (
      <Link className="button primary" to={configurationPath('create_organization')}>
        <Plus size={16} aria-hidden="true" />
        {label}
      </Link>
    );
  return (
    <Page title={t('pages.organizations')} description={t('organizations.page_description')} actions={createLink(t('organizations.create'))}>
      <DataTable
        tableId="organizations"
        label={t('organizations.list_label')}
        columns={columns}
        data={shown}
        getRowId={(row) => row.UUID}
        loading={isLoading}
        error={error}
        onRetry={refetch}
        rightActions={actions}
        toolbar={
          <ListToolbar searchLabel={t('organizations.search')} keyword={list.keyword} onSearch={list.setKeyword} count={shown ? t('organizations.count', { count: shown.length, n: number.format(shown.length) }) : undefined} />
        }
        emptyState={<EmptyList keyword={list.keyword} onClearSearch={() => list.setKeyword('')} message={t('organizations.empty')} action={createLink(t('organizations.create'))} />}
      />
      <ConfirmDialog
        open={target !== null}
        title={t('organizations.delete')}
        busy={deleting}
        confirmLabel={holdings ? t('organizations.delete_anyway') : undefined}
        onCancel={close}
        onConfirm={() => void confirmDelete()}
      >
        <p>{t('organizations.delete_confirm', { name: target?.Name ?? '' })}</p>
        {holdings && (
          <div role="alert">
            <p>{t('organizations.holds_data')}</p>
            <ul>
              {Object.entries(holdings).map(([kind, count]) => (
                <li key={kind}>{t('organizations.holding', { kind, count })}</li>
              ))}
            </ul>
          </div>
        )}
      </ConfirmDialog>
    </Page>
  );
}
