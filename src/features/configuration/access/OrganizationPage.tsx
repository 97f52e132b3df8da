import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCreateOrganizationMutation, useGetOrganizationQuery, useUpdateOrganizationMutation } from '../../../api/areas/access';
import { useGetLicenseInfoQuery } from '../../../api/areas/session';
import type { OrganizationRead, OrganizationWrite } from '../../../api/generated/historian.gen';
import { SelectField } from '../../../components/form/ChoiceFields';
import { contractChecks } from '../../../components/form/contractChecks';
import { Fieldset } from '../../../components/form/Fieldset';
import { Form } from '../../../components/form/Form';
import { FormActions } from '../../../components/form/FormActions';
import { TextAreaField, TextField } from '../../../components/form/TextFields';
import { useFormErrors } from '../../../components/form/useFormErrors';
import { ZERO_UUID } from '../../../../domain/constants';
import { configurationPath } from '../../../lib/paths';
import { organizationErrors } from './organizationRules';
import { Page, text, useQueryId } from './pageHelpers';
import { useRefreshOwnAccess } from './useRefreshOwnAccess';

const FIELDS = ['Name', 'Description', 'PostgresUser', 'PostgresPassword', 'PostgresPasswordConfirm', 'LicenseUUID'];
const FORM_ID = 'organization-form';
const checkOrganization = contractChecks('Organization');

/** /configuration/create_organization and /configuration/edit_organization?id=… (SPEC §5 rules). */
export function OrganizationPage() {
  const { t } = useTranslation();
  const id = useQueryId();
  const { data, isError } = useGetOrganizationQuery({ id: id ?? '' }, { skip: id === undefined });
  if (id === undefined) return <OrganizationForm />;
  if (isError) return <p role="alert">{t('organizations.errors.load')}</p>;
  if (!data) return <p role="status">{t('app.loading')}</p>;
  return <OrganizationForm key={data.UUID} existing={data} />;
}

function OrganizationForm({ existing }: { existing?: OrganizationRead }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formErrors = useFormErrors();
  const [create, creation] = useCreateOrganizationMutation();
  const [update, updating] = useUpdateOrganizationMutation();
  const { data: info } = useGetLicenseInfoQuery();
  const refreshOwnAccess = useRefreshOwnAccess();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const creating = existing === undefined;
  const isRoot = existing?.IsRoot === true;
  // SPEC §5: a licence is selectable only if unused or the organization's own.
  const licences = (info?.LicenseClaims ?? []).filter((claim) => !claim.Trial && (!claim.OrganizationUUID || claim.OrganizationUUID === existing?.UUID));
  const licenceOptions = [{ value: ZERO_UUID, label: t('organizations.no_licence') }, ...licences.map((claim) => ({ value: claim.UUID, label: claim.Name }))];

  const submit = async (values: Record<string, unknown>) => {
    setErrors({});
    const password = text(values.PostgresPassword);
    const organization: OrganizationWrite = {
      Name: text(values.Name).trim(),
      Description: text(values.Description),
      ...(isRoot
        ? {}
        : {
            PostgresUser: creating ? text(values.PostgresUser).trim() : existing?.PostgresUser,
            LicenseUUID: text(values.LicenseUUID) || ZERO_UUID,
            ...(password === '' ? {} : { PostgresPassword: password, PostgresPasswordConfirm: text(values.PostgresPasswordConfirm) }),
          }),
    };
    const result = existing?.UUID ? await update({ id: existing.UUID, organization }) : await create({ organization });
    if (result.error) {
      setErrors(formErrors(result.error, FIELDS));
      return;
    }
    if (creating) await refreshOwnAccess();
    navigate(configurationPath('organizations'));
  };

  return (
    <Page title={creating ? t('pages.create_organization') : t('pages.edit_organization')}>
      <Form
        id={FORM_ID}
        errors={errors}
        validate={checkOrganization}
        checks={(values) => organizationErrors(values, { creating, isRoot }, t)}
        onSubmit={(values) => void submit(values)}>
        <Fieldset legend={t('organizations.sections.details')}>
          <TextField name="Name" label={t('organizations.name')} help={t('organizations.name_help')} required defaultValue={existing?.Name} />
          <TextAreaField name="Description" label={t('organizations.description')} rows={2} defaultValue={existing?.Description} />
        </Fieldset>
        {!isRoot && (
          <>
            <Fieldset legend={t('organizations.sections.database')}>
              <TextField
                name="PostgresUser"
                label={t('organizations.postgres_user')}
                help={t('organizations.postgres_user_help')}
                required={creating}
                // SPEC §5: PostgresUser is locked after creation.
                mode={creating ? 'edit' : 'read'}
                defaultValue={existing?.PostgresUser}
                autoComplete="off"
              />
              <TextField
                name="PostgresPassword"
                type="password"
                label={t('organizations.postgres_password')}
                help={creating ? undefined : t('organizations.postgres_password_change_help')}
                required={creating}
                autoComplete="new-password"
              />
              <TextField name="PostgresPasswordConfirm" type="password" label={t('organizations.postgres_password_confirm')} required={creating} autoComplete="new-password" />
            </Fieldset>
            <Fieldset legend={t('organizations.sections.licence')}>
              <SelectField name="LicenseUUID" label={t('organizations.licence')} options={licenceOptions} defaultValue={existing?.LicenseUUID ?? ZERO_UUID} key={licenceOptions.length} />
            </Fieldset>
          </>
        )}
        <FormActions backTo={configurationPath('organizations')} busy={creation.isLoading || updating.isLoading} />
      </Form>
    </Page>
  );
}
