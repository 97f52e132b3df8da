import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateOrganizationMutation } from '../../../api/areas/access';
import { useGetLicenseInfoQuery } from '../../../api/areas/session';
import { contractChecks } from '../../../components/form/contractChecks';
import { Form } from '../../../components/form/Form';
import { SelectField } from '../../../components/form/ChoiceFields';
import { TextField } from '../../../components/form/TextFields';
import { useFormErrors } from '../../../components/form/useFormErrors';
import { DEFAULT_ORGANIZATION_NAME, DEFAULT_POSTGRES_USER, ZERO_UUID } from '../../../../domain/constants';
import { isPostgresUserName, MIN_POSTGRES_PASSWORD_LENGTH } from '../../../../domain/credentialRules';
import { STEP_FORM_ID } from './stepForm';

export interface CreatedOrganization {
  UUID: string;
  Name: string;
}

interface OrganizationStepProps {
  created: CreatedOrganization | null;
  /** A licence was activated in step 1: offer it to the new organization. */
  licenceChosen: boolean;
  onBusy: (busy: boolean) => void;
  onCreated: (organization: CreatedOrganization) => void;
  /** Next once the organization exists already (the user came back to this step). */
  onDone: () => void;
}

const FIELDS = ['Name', 'Description', 'PostgresUser', 'PostgresPassword', 'PostgresPasswordConfirm', 'LicenseUUID'];
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const checkOrganization = contractChecks('Organization');

/** Step 2: the default organization, pre-filled with SPEC §9's name and PostgreSQL user. */
export function OrganizationStep({ created, licenceChosen, onBusy, onCreated, onDone }: OrganizationStepProps) {
  const { t } = useTranslation();
  const formErrors = useFormErrors();
  const [create, { isLoading }] = useCreateOrganizationMutation();
  const { data: info } = useGetLicenseInfoQuery(undefined, { skip: !licenceChosen });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  // Cleared on leaving too: the step may be left before the request's end re-renders it.
  useEffect(() => {
    onBusy(isLoading);
    return () => onBusy(false);
  }, [isLoading, onBusy]);

  if (created) {
    const next = (event: FormEvent) => {
      event.preventDefault();
      onDone();
    };
    return (
      <form id={STEP_FORM_ID} onSubmit={next}>
        <p role="status">{t('setup.organization.created', { name: created.Name })}</p>
      </form>
    );
  }

  // SPEC §5: a licence is selectable only if unused (a new organization has none of its own).
  const licences = (info?.LicenseClaims ?? []).filter((claim) => !claim.Trial && !claim.OrganizationUUID);
  const options = [{ value: ZERO_UUID, label: t('setup.organization.no_licence') }, ...licences.map((claim) => ({ value: claim.UUID, label: claim.Name }))];

  // The server's rules beyond the contract (domain/credentialRules); empty fields say required.
  const checks = (values: Record<string, unknown>) => {
    const found: Record<string, string[]> = {};
    const user = text(values.PostgresUser).trim();
    const password = text(values.PostgresPassword);
    if (user !== '' && !isPostgresUserName(user)) found.PostgresUser = [t('organizations.errors.postgres_user')];
    if (password !== '' && password.length < MIN_POSTGRES_PASSWORD_LENGTH) found.PostgresPassword = [t('form.errors.min_length', { count: MIN_POSTGRES_PASSWORD_LENGTH })];
    if (text(values.PostgresPasswordConfirm) !== '' && password !== text(values.PostgresPasswordConfirm)) {
      found.PostgresPasswordConfirm = [t('general.passwords_must_be_equal')];
    }
    return found;
  };

  const submit = async (values: Record<string, unknown>) => {
    setErrors({});
    const result = await create({
      organization: {
        Name: text(values.Name).trim(),
        Description: text(values.Description),
        PostgresUser: text(values.PostgresUser).trim(),
        PostgresPassword: text(values.PostgresPassword),
        PostgresPasswordConfirm: text(values.PostgresPasswordConfirm),
        LicenseUUID: text(values.LicenseUUID) || ZERO_UUID,
      },
    });
    if (result.error) setErrors(formErrors(result.error, FIELDS));
    else onCreated({ UUID: result.data.UUID, Name: result.data.Name });
  };

  return (
    <Form id={STEP_FORM_ID} errors={errors} validate={checkOrganization} checks={checks} onSubmit={(values) => void submit(values)}>
      <TextField name="Name" label={t('setup.organization.name')} required defaultValue={DEFAULT_ORGANIZATION_NAME} />
      <TextField name="Description" label={t('setup.organization.description')} />
      <TextField name="PostgresUser" label={t('setup.organization.postgres_user')} help={t('setup.organization.postgres_user_help')} required defaultValue={DEFAULT_POSTGRES_USER} />
      <TextField name="PostgresPassword" type="password" label={t('setup.organization.postgres_password')} required autoComplete="new-password" />
      <TextField name="PostgresPasswordConfirm" type="password" label={t('setup.organization.postgres_password_confirm')} required autoComplete="new-password" />
      {licenceChosen && <SelectField name="LicenseUUID" label={t('setup.organization.licence')} options={options} defaultValue={licences[0]?.UUID ?? ZERO_UUID} key={licences[0]?.UUID} />}
    </Form>
  );
}
