import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCreateUserMutation, useGetUserQuery, useUpdateUserMutation } from '../../../api/areas/access';
import { useGetAuthOptionsQuery } from '../../../api/areas/session';
import type { UserAttributes, UserRead } from '../../../api/generated/historian.gen';
import { CheckboxField, SelectField } from '../../../components/form/ChoiceFields';
import { Form } from '../../../components/form/Form';
import { TextField } from '../../../components/form/TextFields';
import { useFormErrors } from '../../../components/form/useFormErrors';
import { LANGUAGES, type Language } from '../../../../domain/constants';
import { configurationPath } from '../../../lib/paths';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { selectAccess } from '../../../state/privileges';
import { useAppSelector } from '../../../app/hooks';
import { ExplainAccessPanel } from './ExplainAccessPanel';
import { Page, text, useQueryId } from './pageHelpers';
import { SetPasswordDialog } from './SetPasswordDialog';
import { UserGroupsSection } from './UserGroupsSection';
import { UserOrganizations } from './UserOrganizations';
import { UserTokensSection } from './UserTokensSection';

const FIELDS = ['Name', 'Password', 'PasswordConfirmation', 'AuthenticationProviderUUID'];
const isLanguage = (value: unknown): value is Language => LANGUAGES.some((language) => language === value);

/** /configuration/user?id=…: one user (no id: a new one), with groups, tokens and "explain access". */
export function UserPage() {
  const { t } = useTranslation();
  const id = useQueryId();
  const { data, isError } = useGetUserQuery({ id: id ?? '' }, { skip: id === undefined });
  if (id === undefined) return <UserForm />;
  if (isError) return <p role="alert">{t('users.save_failed')}</p>;
  if (!data) return <p role="status">{t('app.loading')}</p>;
  return <UserForm key={data.UUID} existing={data} />;
}

function UserForm({ existing }: { existing?: UserRead }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formErrors = useFormErrors();
  const can = useAppSelector(selectAccess);
  const canManage = can({ privileges: [PRIVILEGES.ManageUsers] });
  const canManageAtRoot = can({ privileges: [PRIVILEGES.ManageUsers], scope: 'root' });
  const canExplain = can({ privileges: [PRIVILEGES.ReadUsers, PRIVILEGES.ReadUserGroups] });
  const [create, creating] = useCreateUserMutation();
  const [update, updating] = useUpdateUserMutation();
  const { data: options } = useGetAuthOptionsQuery();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [providerUuid, setProviderUuid] = useState('');
  const [passwordOpen, setPasswordOpen] = useState(false);
  const providers = (options ?? []).map((option) => ({ value: option.UUID, label: `${option.ProviderName} (${option.ProviderType})` }));
  const chosenType = options?.find((option) => option.UUID === providerUuid)?.ProviderType ?? 'local';

  const submit = async (values: Record<string, unknown>) => {
    const found: Record<string, string[]> = {};
    if (text(values.Name).trim() === '') found.Name = [t('general.required')];
    const password = text(values.Password);
    // A new local user signs in with a password only (the server refuses one without).
    if (!existing && chosenType === 'local' && password === '') found.Password = [t('users.errors.password_required')];
    if (password !== text(values.PasswordConfirmation)) found.PasswordConfirmation = [t('users.errors.passwords_not_equal')];
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const attributes: UserAttributes = { ExperimentalFeatures: values.ExperimentalFeatures === true, ...(isLanguage(values.Locale) ? { Locale: values.Locale } : {}) };
    const result = existing
      ? await update({ id: existing.UUID, userUpdate: { UUID: existing.UUID, Name: text(values.Name).trim(), Attributes: attributes } })
      : await create({
          userCreate: {
            Name: text(values.Name).trim(),
            Attributes: attributes,
            ...(providerUuid ? { AuthenticationProviderUUID: providerUuid } : {}),
            ...(password !== '' && chosenType === 'local' ? { Password: password } : {}),
          },
        });
    if (result.error) setErrors(formErrors(result.error, FIELDS));
    else if (!existing) navigate(`${configurationPath('user')}?id=${result.data.UUID}`, { replace: true });
  };

  // Each language by its name, as the profile offers it (profile.languages.*).
  const locales = LANGUAGES.map((language) => ({ value: language, label: t(`profile.languages.${language}`) }));
  return (
    <Page title={existing ? existing.Name : t('users.create')}>
      <Form id="user-form" mode={canManage ? 'edit' : 'read'} errors={errors} onSubmit={(values) => void submit(values)}>
        <TextField name="Name" label={t('users.name')} required defaultValue={existing?.Name} autoComplete="off" />
        {existing ? (
          <TextField name="ProviderName" label={t('users.provider')} mode="read" readValue={existing.ProviderName} />
        ) : (
          <SelectField name="AuthenticationProviderUUID" label={t('users.provider')} options={providers} value={providerUuid} onChange={(event) => setProviderUuid(event.target.value)} placeholder="local" />
        )}
        <SelectField name="Locale" label={t('users.locale')} options={locales} defaultValue={existing?.Attributes?.Locale ?? 'en'} />
        <CheckboxField name="ExperimentalFeatures" label={t('users.experimental')} defaultChecked={existing?.Attributes?.ExperimentalFeatures ?? false} />
        {!existing && chosenType === 'local' && (
          <>
            <TextField name="Password" type="password" label={t('users.password')} required autoComplete="new-password" />
            <TextField name="PasswordConfirmation" type="password" label={t('users.password_confirm')} required autoComplete="new-password" />
          </>
        )}
        {canManage && (
          <div className="form-actions">
            <button type="submit" className="primary" disabled={creating.isLoading || updating.isLoading}>
              {t('general.save')}
            </button>
            {existing && canManageAtRoot && existing.ProviderName === 'local' && (
              <button type="button" onClick={() => setPasswordOpen(true)}>
                {t('users.set_password')}
              </button>
            )}
          </div>
        )}
      </Form>
      {existing && (
        <>
          <UserOrganizations organizations={existing.Organizations} />
          <UserGroupsSection user={existing} canManage={can({ privileges: [PRIVILEGES.ManageUserGroups] })} />
          {canExplain && <ExplainAccessPanel userUuid={existing.UUID} />}
          {canManageAtRoot && <UserTokensSection userUuid={existing.UUID} />}
          <SetPasswordDialog open={passwordOpen} userUuid={existing.UUID} onClose={() => setPasswordOpen(false)} />
        </>
      )}
    </Page>
  );
}
