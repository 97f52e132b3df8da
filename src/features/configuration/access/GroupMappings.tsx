import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateUserGroupMappingMutation, useDeleteUserGroupMappingMutation, useGetUserGroupMappingsQuery, useUpdateUserGroupMappingMutation } from '../../../api/areas/access';
import { useGetAuthOptionsQuery } from '../../../api/areas/session';
import type { UserGroupMapping, UserGroupMappingRead } from '../../../api/generated/historian.gen';
import { SelectField } from '../../../components/form/ChoiceFields';
import { contractChecks } from '../../../components/form/contractChecks';
import { Form } from '../../../components/form/Form';
import { TextField } from '../../../components/form/TextFields';
import { Modal } from '../../../components/Modal/Modal';
import { useFormErrors } from '../../../components/form/useFormErrors';
import { DeleteIcon, EditIcon, text } from './pageHelpers';

const FORM_ID = 'mapping-form';
const checkMapping = contractChecks('UserGroupMapping');

/**
 * External groups mapped onto this group. The providers come from the public sign-in options, so an
 * organization administrator without root settings privileges can still choose one.
 */
export function GroupMappings({ groupUuid, canManage }: { groupUuid: string; canManage: boolean }) {
  const { t } = useTranslation();
  const formErrors = useFormErrors();
  const { data: mappings } = useGetUserGroupMappingsQuery({ id: groupUuid });
  const { data: options } = useGetAuthOptionsQuery();
  const [create, creating] = useCreateUserGroupMappingMutation();
  const [update, updating] = useUpdateUserGroupMappingMutation();
  const [remove] = useDeleteUserGroupMappingMutation();
  const [editing, setEditing] = useState<UserGroupMappingRead | 'new' | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const providers = (options ?? []).filter((option) => option.ProviderType !== 'local').map((option) => ({ value: option.UUID, label: option.ProviderName }));
  const providerName = (uuid: string | undefined) => options?.find((option) => option.UUID === uuid)?.ProviderName ?? uuid ?? '';

  const submit = async (values: Record<string, unknown>) => {
    const mapping: UserGroupMapping = { ExternalGroup: text(values.ExternalGroup).trim(), AuthenticationProviderUUID: text(values.AuthenticationProviderUUID) };
    const found: Record<string, string[]> = {};
    if (mapping.ExternalGroup === '') found.ExternalGroup = [t('general.required')];
    if (!mapping.AuthenticationProviderUUID) found.AuthenticationProviderUUID = [t('general.required')];
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const result =
      editing !== 'new' && editing?.UUID
        ? await update({ id: groupUuid, mappingId: editing.UUID, userGroupMapping: mapping })
        : await create({ id: groupUuid, userGroupMapping: mapping });
    if (result.error) setErrors(formErrors(result.error, ['ExternalGroup', 'AuthenticationProviderUUID']));
    else setEditing(null);
  };

  const current = editing === 'new' ? undefined : (editing ?? undefined);
  return (
    <section aria-labelledby="group-mappings-title" className="page-section">
      <h2 id="group-mappings-title">{t('groups.mappings')}</h2>
      <p className="form-help">{t('groups.mappings_help')}</p>
      <ul aria-labelledby="group-mappings-title">
        {(mappings ?? []).map((mapping) => (
          <li key={mapping.UUID}>
            {mapping.ExternalGroup} <span className="muted">({providerName(mapping.AuthenticationProviderUUID)})</span>
            {canManage && (
              <>
                <button type="button" className="link" aria-label={`${t('groups.edit_mapping')}: ${mapping.ExternalGroup}`} onClick={() => setEditing(mapping)}>
                  <EditIcon />
                </button>
                <button type="button" className="link" aria-label={`${t('groups.delete_mapping')}: ${mapping.ExternalGroup}`} onClick={() => void remove({ id: groupUuid, mappingId: mapping.UUID })}>
                  <DeleteIcon />
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {canManage && providers.length === 0 && <p className="form-help">{t('groups.no_external_providers')}</p>}
      {canManage && providers.length > 0 && (
        <button type="button" onClick={() => setEditing('new')}>
          {t('groups.add_mapping')}
        </button>
      )}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('groups.add_mapping') : t('groups.edit_mapping')}
        onCancel={() => setEditing(null)}
        saveFormId={FORM_ID}
        busy={creating.isLoading || updating.isLoading}
      >
        <Form id={FORM_ID} errors={errors} validate={checkMapping} onSubmit={(values) => void submit(values)}>
          <SelectField name="AuthenticationProviderUUID" label={t('groups.provider')} options={providers} required defaultValue={current?.AuthenticationProviderUUID ?? providers[0]?.value} />
          <TextField name="ExternalGroup" label={t('groups.external_group')} required defaultValue={current?.ExternalGroup} />
        </Form>
      </Modal>
    </section>
  );
}
