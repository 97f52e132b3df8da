import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Plus } from 'lucide-react';
import { useCreateUserGroupMutation, useDeleteUserGroupMutation, useGetUserGroupsPageQuery } from '../../../api/areas/access';
import type { UserGroupRead } from '../../../api/generated/historian.gen';
import { DataTable } from '../../../components/DataTable/DataTable';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types';
import { contractChecks } from '../../../components/form/contractChecks';
import { Form } from '../../../components/form/Form';
import { EmptyList, ListToolbar } from '../../../components/ListControls/EmptyState';
import { ListPager } from '../../../components/ListControls/ListPager';
import { useListQuery, usePageWithin } from '../../../components/ListControls/useListQuery';
import '../../../components/ListControls/ListControls.css';
import { TextAreaField, TextField } from '../../../components/form/TextFields';
import { useFormErrors } from '../../../components/form/useFormErrors';
import { Modal } from '../../../components/Modal/Modal';
import { configurationPath } from '../../../lib/paths';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { selectAccess } from '../../../state/privileges';
import { useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from './ConfirmDialog';
import { DeleteIcon, EditIcon, Page, text } from './pageHelpers';

const CREATE_FORM = 'create-group-form';
const checkGroup = contractChecks('UserGroup');

/** /configuration/groups: the organization's groups, system groups last (SPEC §3), paged and searched on the server. */
export function GroupsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const formErrors = useFormErrors();
  const can = useAppSelector(selectAccess);
  const canManage = can({ privileges: [PRIVILEGES.ManageUserGroups] });
  const list = useListQuery();
  const { data, error, isLoading, refetch } = useGetUserGroupsPageQuery({ limit: list.pageSize, page: list.page, keyword: list.keyword || undefined });
  const total = data?.totalCount ?? 0;
  usePageWithin(list, data?.totalCount);
  const [create, creating] = useCreateUserGroupMutation();
  const [remove, deleting] = useDeleteUserGroupMutation();
  const [creatingOpen, setCreatingOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [target, setTarget] = useState<UserGroupRead | null>(null);

  const columns = useMemo<DataTableColumn<UserGroupRead>[]>(
    () => [
      { id: 'name', header: t('groups.name'), value: (row) => row.Name },
      { id: 'description', header: t('groups.description'), value: (row) => row.Description },
      { id: 'system', header: t('groups.system'), value: (row) => row.IsSystem ?? false, cell: (row) => (row.IsSystem ? t('general.yes') : t('general.no')) },
      { id: 'updated', header: t('groups.updated'), value: (row) => row.UpdatedBy, defaultHidden: true },
    ],
    [t],
  );
  const actions = useMemo<DataTableAction<UserGroupRead>[]>(
    () => [
      { id: 'edit', label: t('groups.edit'), icon: <EditIcon />, onAction: (row) => navigate(`${configurationPath('group')}?id=${row.UUID}`) },
      ...(canManage ? [{ id: 'delete', label: t('groups.delete'), icon: <DeleteIcon />, isVisible: (row: UserGroupRead) => !row.IsSystem, onAction: (row: UserGroupRead) => setTarget(row) }] : []),
    ],
    [canManage, navigate, t],
  );

  const submit = async (values: Record<string, unknown>) => {
    const result = await create({ userGroup: { Name: text(values.Name).trim(), Description: text(values.Description) } });
    if (result.error) {
      setErrors(formErrors(result.error, ['Name', 'Description']));
      return;
    }
    setCreatingOpen(false);
    setErrors({});
  };
  const confirmDelete = async () => {
    if (!target?.UUID) return;
    await remove({ id: target.UUID });
    setTarget(null);
  };

  const number = new Intl.NumberFormat(i18n.language);
  const createButton = (label: string) =>
    canManage && (
      <button type="button" className="primary" onClick={() => setCreatingOpen(true)}>
        <Plus size={16} aria-hidden="true" />
        {label}
      </button>
    );
  return (
    <Page title={t('pages.groups')} description={t('groups.page_description')} actions={createButton(t('groups.create'))}>
      <DataTable
        tableId="user-groups"
        label={t('groups.list_label')}
        columns={columns}
        data={data?.items}
        getRowId={(row) => row.UUID}
        loading={isLoading}
        error={error}
        onRetry={refetch}
        rightActions={actions}
        toolbar={
          <ListToolbar searchLabel={t('groups.search')} keyword={list.keyword} onSearch={list.setKeyword} count={data ? t('groups.count', { count: total, n: number.format(total) }) : undefined} />
        }
        emptyState={
          <EmptyList
            keyword={list.keyword}
            onClearSearch={() => list.setKeyword('')}
            message={canManage ? t('groups.empty_manage') : t('groups.empty')}
            action={createButton(t('groups.create_first'))}
          />
        }
      />
      {total > 0 && <ListPager page={list.page} pageSize={list.pageSize} total={total} onPageChange={list.setPage} onPageSizeChange={list.setPageSize} />}
      <Modal open={creatingOpen} title={t('groups.create')} onCancel={() => setCreatingOpen(false)} saveFormId={CREATE_FORM} busy={creating.isLoading}>
        <Form id={CREATE_FORM} errors={errors} validate={checkGroup} onSubmit={(values) => void submit(values)}>
          <TextField name="Name" label={t('groups.name')} help={t('groups.name_help')} required />
          <TextAreaField name="Description" label={t('groups.description')} rows={2} />
        </Form>
      </Modal>
      <ConfirmDialog open={target !== null} title={t('groups.delete')} busy={deleting.isLoading} onCancel={() => setTarget(null)} onConfirm={() => void confirmDelete()}>
        <p>{t('groups.delete_confirm', { name: target?.Name ?? '' })}</p>
      </ConfirmDialog>
    </Page>
  );
}
