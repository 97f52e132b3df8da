import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCreateAuthenticationProviderMutation, useGetAuthenticationProviderQuery, useGetAuthenticationProviderTypesQuery, useTestAuthenticationProviderMutation, useUpdateAuthenticationProviderMutation } from '../../../api/areas/access';
import type { AuthenticationProviderRead, AuthenticationProviderType, ConnectionTestResult, ProviderType } from '../../../api/generated/historian.gen';
import { SelectField } from '../../../components/form/ChoiceFields';
import { Fieldset } from '../../../components/form/Fieldset';
import { contractChecks } from '../../../components/form/contractChecks';
import { Form } from '../../../components/form/Form';
import { FormActions } from '../../../components/form/FormActions';
import { TextField } from '../../../components/form/TextFields';
import { useFormErrors } from '../../../components/form/useFormErrors';
import { SchemaFields } from '../../../components/SchemaForm/SchemaFields';
import { useSchemaForm } from '../../../components/SchemaForm/useSchemaForm';
import { configurationPath } from '../../../lib/paths';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { selectAccess } from '../../../state/privileges';
import { useAppSelector } from '../../../app/hooks';
import { Page, providerTypeLabel, text, useQueryId } from './pageHelpers';
import { ProviderTestResult } from './ProviderTestResult';

const FORM_ID = 'auth-provider-form';
const checkProvider = contractChecks('AuthenticationProvider');
const EMPTY_SCHEMA: AuthenticationProviderType['SettingsSchema'] = { type: 'object', properties: {}, required: [] };

/** /configuration/auth_provider?id=…: a provider's settings drawn from its type's schema. */
export function AuthProviderPage() {
  const { t } = useTranslation();
  const id = useQueryId();
  const { data: types } = useGetAuthenticationProviderTypesQuery();
  const { data, isError } = useGetAuthenticationProviderQuery({ id: id ?? '' }, { skip: id === undefined });
  if (isError) return <p role="alert">{t('providers.errors.save')}</p>;
  if (!types || (id !== undefined && !data)) return <p role="status">{t('app.loading')}</p>;
  return <ProviderForm key={data?.UUID ?? 'new'} types={types} existing={data} />;
}

const isProviderType = (value: string): value is ProviderType => value === 'local' || value === 'ldap' || value === 'oidc';

function ProviderForm({ types, existing }: { types: readonly AuthenticationProviderType[]; existing?: AuthenticationProviderRead }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formErrors = useFormErrors();
  const canManage = useAppSelector(selectAccess)({ privileges: [PRIVILEGES.ManageSettings], scope: 'root' });
  const [typeName, setTypeName] = useState<ProviderType>(existing?.ProviderType ?? 'ldap');
  const schema = types.find((type) => type.Name === typeName)?.SettingsSchema ?? EMPTY_SCHEMA;
  // Secure fields are sent only when the user typed in them (useSchemaForm keeps track).
  const { prepare, validate, onChange } = useSchemaForm(schema, { existing: existing !== undefined });
  const [create, creating] = useCreateAuthenticationProviderMutation();
  const [update, updating] = useUpdateAuthenticationProviderMutation();
  const [runTest, testing] = useTestAuthenticationProviderMutation();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [result, setResult] = useState<ConnectionTestResult | null>(null);
  // Save and Test both submit the form (so both validate); this says which one was pressed.
  const intent = useRef<'save' | 'test'>('save');

  const fields = ['ProviderName', ...Object.keys(schema.properties ?? {}).flatMap((key) => [`Settings.${key}`, `SecureSettings.${key}`])];

  const submit = async (values: Record<string, unknown>) => {
    const prepared = prepare(values);
    const provider = { ProviderName: text(values.ProviderName).trim(), ProviderType: typeName, Settings: prepared.Settings, SecureSettings: prepared.SecureSettings };
    if (intent.current === 'test') {
      const tested = await runTest({ authenticationProviderTest: { ...provider, UUID: existing?.UUID, TestUser: text(values.TestUser).trim() || undefined } });
      if (tested.error) {
        setErrors(formErrors(tested.error, fields));
        return;
      }
      setResult(tested.data);
      setErrors({});
      return;
    }
    const saved = existing?.UUID ? await update({ id: existing.UUID, authenticationProvider: provider }) : await create({ authenticationProvider: provider });
    if (saved.error) setErrors(formErrors(saved.error, fields));
    else navigate(configurationPath('auth_providers'));
  };

  const typeOptions = types.filter((type) => type.Name !== 'local' || existing?.ProviderType === 'local').map((type) => ({ value: type.Name, label: providerTypeLabel(type.Name, t) }));
  const busy = creating.isLoading || updating.isLoading || testing.isLoading;
  return (
    <Page title={existing ? existing.ProviderName : t('providers.create')}>
      {/* A read-only name or type is not sent; the stored one is checked in its place. */}
      <Form
        id={FORM_ID}
        mode={canManage ? 'edit' : 'read'}
        errors={errors}
        prepare={prepare}
        validate={(values) => ({ ...checkProvider({ ProviderName: existing?.ProviderName, ProviderType: typeName, ...values }), ...validate(values) })}
        onChange={onChange}
        onSubmit={(values) => void submit(values)}
      >
        <Fieldset legend={t('providers.sections.provider')}>
          <TextField
            name="ProviderName"
            label={t('providers.name')}
            help={t('providers.name_help')}
            required
            defaultValue={existing?.ProviderName}
            mode={existing?.IsSystem || !canManage ? 'read' : 'edit'}
          />
          <SelectField
            name="ProviderType"
            label={t('providers.type')}
            options={typeOptions}
            value={typeName}
            mode={existing || !canManage ? 'read' : 'edit'}
            onChange={(event) => {
              if (isProviderType(event.target.value)) setTypeName(event.target.value);
              setResult(null);
            }}
          />
        </Fieldset>
        <Fieldset legend={t('providers.settings')}>
          {Object.keys(schema.properties ?? {}).length === 0 ? <p>{t('providers.local_only')}</p> : <SchemaFields key={typeName} schema={schema} settings={existing?.Settings} existing={existing !== undefined} secureHelp={t('providers.secure_bound')} />}
        </Fieldset>
        {typeName === 'ldap' && canManage && (
          <Fieldset legend={t('providers.sections.test')}>
            <TextField name="TestUser" label={t('providers.test_user')} help={t('providers.test_user_help')} autoComplete="off" />
          </Fieldset>
        )}
        {canManage && (
          <FormActions backTo={configurationPath('auth_providers')} busy={busy} onSaveClick={() => (intent.current = 'save')}>
            {typeName !== 'local' && (
              <button type="submit" disabled={busy} onClick={() => (intent.current = 'test')}>
                {t('providers.test')}
              </button>
            )}
          </FormActions>
        )}
      </Form>
      {result && <ProviderTestResult result={result} />}
    </Page>
  );
}
