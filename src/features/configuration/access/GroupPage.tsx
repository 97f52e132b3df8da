import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCreateUserGroupMutation, useGetUserGroupQuery, useUpdateUserGroupMutation } from '../../../api/areas/access';
import type { UserGroupRead } from '../../../api/generated/historian.gen';
import { contractChecks } from '../../../components/form/contractChecks';
import { Fieldset } from '../../../components/form/Fieldset';
import { Form } from '../../../components/form/Form';
import { FormActions } from '../../../components/form/FormActions';
import { TextAreaField, TextField } from '../../../components/form/TextFields';
import { useFormErrors } from '../../../components/form/useFormErrors';
import { configurationPath } from '../../../lib/paths';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { selectAccess } from '../../../state/privileges';
import { useAppSelector } from '../../../app/hooks';
import { GroupMappings } from './GroupMappings';
import { GroupMembers } from './GroupMembers';
import { GroupPrivileges } from './GroupPrivileges';
import { Page, text, useQueryId } from './pageHelpers';

const checkGroup = contractChecks('UserGroup');

/** /configuration/group?id=…: a group with its members, privileges and external group mappings. */
export function GroupPage() {
  const { t } = useTranslation();
  const id = useQueryId();
  const { data, isError } = useGetUserGroupQuery({ id: id ?? '' }, { skip: id === undefined });
  // Without an id the page creates a group (ARCHITECTURE "Configuration routes").
  if (id === undefined) return <GroupCreate />;
  if (isError) return <p role="alert">{t('groups.errors.load')}</p>;
  if (!data) return <p role="status">{t('app.loading')}</p>;
  return <GroupDetails key={data.UUID} group={data} />;
}

/** An empty group form; once saved, the page shows the new group with its members and privileges. */
function GroupCreate() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formErrors = useFormErrors();
  const can = useAppSelector(selectAccess);
  const canManage = can({ privileges: [PRIVILEGES.ManageUserGroups] });
  const [create, creating] = useCreateUserGroupMutation();
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const submit = async (values: Record<string, unknown>) => {
    const result = await create({ userGroup: { Name: text(values.Name).trim(), Description: text(values.Description) } });
    if (result.error) setErrors(formErrors(result.error, ['Name', 'Description']));
    else navigate(`${configurationPath('group')}?id=${result.data.UUID}`, { replace: true });
  };

  return (
    <Page title={t('groups.create')}>
      <Form id="group-form" mode={canManage ? 'edit' : 'read'} errors={errors} validate={checkGroup} onSubmit={(values) => void submit(values)}>
        <Fieldset legend={t('groups.sections.details')}>
          <TextField name="Name" label={t('groups.name')} help={t('groups.name_help')} required autoComplete="off" />
          <TextAreaField name="Description" label={t('groups.description')} rows={2} />
        </Fieldset>
        {canManage && <FormActions backTo={configurationPath('groups')} busy={creating.isLoading} />}
      </Form>
    </Page>
  );
}

function GroupDetails({ group }: { group: UserGroupRead }) {
  const { t } = useTranslation();
  const formErrors = useFormErrors();
  const can = useAppSelector(selectAccess);
  const canManage = can({ privileges: [PRIVILEGES.ManageUserGroups] });
  const canGrant = can({ privileges: [PRIVILEGES.ManageUserGroups, PRIVILEGES.ManagePrivileges] });
  const [update, updating] = useUpdateUserGroupMutation();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const uuid = group.UUID;

  const submit = async (values: Record<string, unknown>) => {
    const result = await update({ id: uuid, userGroup: { Name: text(values.Name).trim() || group.Name, Description: text(values.Description) } });
    setErrors(result.error ? formErrors(result.error, ['Name', 'Description']) : {});
  };

  return (
    <Page title={group.Name}>
      {/* A system group's name is read only and not sent: the stored one is checked in its place. */}
      <Form
        id="group-form"
        mode={canManage ? 'edit' : 'read'}
        errors={errors}
        validate={(values) => checkGroup({ Name: group.Name, ...values })}
        onSubmit={(values) => void submit(values)}
      >
        <Fieldset legend={t('groups.sections.details')}>
          {/* System groups keep their name (the server refuses a rename). */}
          <TextField
            name="Name"
            label={t('groups.name')}
            help={group.IsSystem ? t('groups.system') : t('groups.name_help')}
            required
            defaultValue={group.Name}
            mode={group.IsSystem || !canManage ? 'read' : 'edit'}
          />
          <TextAreaField name="Description" label={t('groups.description')} rows={2} defaultValue={group.Description} />
        </Fieldset>
        {canManage && <FormActions backTo={configurationPath('groups')} busy={updating.isLoading} />}
      </Form>
      <GroupMembers groupUuid={uuid} canManage={canManage} />
      <GroupPrivileges groupUuid={uuid} isSystem={group.IsSystem === true} canManage={canGrant} />
      <GroupMappings groupUuid={uuid} canManage={canManage} />
    </Page>
  );
}
