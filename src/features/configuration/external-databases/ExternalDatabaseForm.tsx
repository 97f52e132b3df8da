import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCreateExternalDatabaseMutation, useTestExternalDatabaseSettingsMutation, useUpdateExternalDatabaseMutation } from '../../../api/areas/externalDatabases';
import type { ConnectionTestResult, DatabaseKind, ExternalDatabaseKindInfo, ExternalDatabaseRead, ExternalDatabaseWrite } from '../../../api/generated/historian.gen';
import { SelectField } from '../../../components/form/ChoiceFields';
import { Fieldset } from '../../../components/form/Fieldset';
import { Form } from '../../../components/form/Form';
import { FormActions } from '../../../components/form/FormActions';
import { TextAreaField, TextField } from '../../../components/form/TextFields';
import { useFormErrors } from '../../../components/form/useFormErrors';
import { SchemaFields } from '../../../components/SchemaForm/SchemaFields';
import { SECURE_SETTINGS, SETTINGS, useSchemaForm } from '../../../components/SchemaForm/useSchemaForm';
import type { SchemaError, SchemaErrors } from '../../../../domain/schemaValidation';
import { isSecure, orderedProperties, type SettingsSchema } from '../../../../domain/settingsSchema';
import { ConnectionTestSteps } from '../timeseries/ConnectionTestSteps';
import '../timeseries/timeseries.css';
import { editorPath, kindLabel, listPath, settingsOf, textOf } from './externalDatabaseRules';

const NO_SETTINGS: SettingsSchema = { type: 'object', properties: {} };
const REQUIRED: SchemaError[] = [{ key: 'general.required', values: {} }];

interface ExternalDatabaseFormProps {
  existing?: ExternalDatabaseRead;
  kinds: readonly ExternalDatabaseKindInfo[];
  canManage: boolean;
}

/**
 * The editor of one external database: a kind (one without a driver on this server is shown but
 * cannot be chosen), its settings from the kind's SettingsSchema, the password sent only when
 * typed (leave empty to keep), and a step-by-step connection test of the form's values before
 * saving (reach, tls, authenticate, query).
 */
export function ExternalDatabaseForm({ existing, kinds, canManage }: ExternalDatabaseFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formErrors = useFormErrors();
  const [create, creation] = useCreateExternalDatabaseMutation();
  const [update, updating] = useUpdateExternalDatabaseMutation();
  const [test, testing] = useTestExternalDatabaseSettingsMutation();
  const [kind, setKind] = useState<string>(existing?.Kind ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [result, setResult] = useState<ConnectionTestResult | null>(null);
  const intent = useRef<'save' | 'test'>('save');

  const chosen = kinds.find((info) => info.Kind === kind);
  const schema = chosen?.SettingsSchema ?? NO_SETTINGS;
  // Stored secrets belong to the stored kind; after a change of kind the fields start afresh.
  const sameKind = existing !== undefined && kind === existing.Kind;
  const schemaForm = useSchemaForm(schema, { existing: sameKind });
  const busy = creation.isLoading || updating.isLoading || testing.isLoading;
  const fields = ['Name', 'Description', 'Kind', ...orderedProperties(schema).map(({ name, property }) => `${isSecure(property) ? SECURE_SETTINGS : SETTINGS}.${name}`)];
  const storedSecrets = sameKind ? (existing?.StoredSecureSettings ?? []) : [];

  const validate = (values: Record<string, unknown>): SchemaErrors => {
    const found = { ...schemaForm.validate(values) };
    if (textOf(values.Kind) === '') found.Kind = REQUIRED;
    return found;
  };

  const runTest = async (values: Record<string, unknown>) => {
    setResult(null);
    const tested = await test({
      externalDatabaseTest: {
        UUID: sameKind ? existing?.UUID : undefined,
        Kind: textOf(values.Kind) as DatabaseKind,
        Settings: settingsOf(values[SETTINGS]),
        SecureSettings: settingsOf(values[SECURE_SETTINGS]),
      },
    });
    if (tested.error) {
      setErrors(formErrors(tested.error, fields));
      return;
    }
    setErrors({});
    setResult(tested.data);
  };

  const save = async (values: Record<string, unknown>) => {
    setResult(null);
    const database: ExternalDatabaseWrite = {
      Name: textOf(values.Name).trim(),
      Description: textOf(values.Description).trim(),
      Kind: textOf(values.Kind) as DatabaseKind,
      Settings: settingsOf(values[SETTINGS]),
      SecureSettings: settingsOf(values[SECURE_SETTINGS]),
    };
    const saved = existing ? await update({ id: existing.UUID, externalDatabase: database }) : await create({ externalDatabase: database });
    if (saved.error) {
      setErrors(formErrors(saved.error, fields));
      return;
    }
    setErrors({});
    // A new database stays open: its query preview needs it stored.
    navigate(existing ? listPath() : editorPath(saved.data.UUID), existing ? undefined : { replace: true });
  };

  const submit = (values: Record<string, unknown>) => {
    const action = intent.current;
    intent.current = 'save';
    void (action === 'test' ? runTest(values) : save(values));
  };

  const kindOptions = kinds.map((info) => ({
    value: info.Kind,
    label: info.Available ? kindLabel(info.Kind, t) : t('external_databases.kind_unavailable', { kind: kindLabel(info.Kind, t) }),
    // A stored database of a kind without a driver still shows its kind.
    disabled: !info.Available && info.Kind !== existing?.Kind,
  }));

  return (
    <Form
      id="external-database-form"
      mode={canManage ? 'edit' : 'read'}
      errors={errors}
      prepare={schemaForm.prepare}
      validate={validate}
      mayBeEmpty={(name) => name === 'Name' && intent.current === 'test'}
      onChange={schemaForm.onChange}
      onSubmit={submit}
    >
      <Fieldset legend={t('external_databases.sections.database')}>
        <TextField name="Name" label={t('external_databases.name')} help={t('external_databases.name_help')} required maxLength={200} defaultValue={existing?.Name} autoComplete="off" />
        <TextAreaField name="Description" label={t('external_databases.description')} rows={2} defaultValue={existing?.Description} />
        <SelectField
          name="Kind"
          label={t('external_databases.kind')}
          help={chosen && !chosen.Available ? t('external_databases.no_driver_help') : t('external_databases.kind_help')}
          required
          placeholder={t('form.choose')}
          options={kindOptions}
          value={kind}
          onChange={(event) => setKind(event.currentTarget.value)}
        />
      </Fieldset>
      {chosen && (
        <Fieldset legend={t('external_databases.sections.connection')}>
          <SchemaFields key={kind} schema={schema} settings={sameKind ? existing?.Settings : undefined} existing={sameKind} secureHelp={t('external_databases.secure_bound')} />
          {storedSecrets.length > 0 && <p className="muted">{t('external_databases.stored_secrets', { names: storedSecrets.join(', ') })}</p>}
        </Fieldset>
      )}
      {canManage && (
        <FormActions backTo={listPath()} busy={busy} onSaveClick={() => (intent.current = 'save')}>
          <button
            type="button"
            disabled={busy || (chosen !== undefined && !chosen.Available)}
            onClick={(event) => {
              intent.current = 'test';
              event.currentTarget.form?.requestSubmit();
            }}
          >
            {testing.isLoading ? t('timeseries.test.running') : t('timeseries.test.run')}
          </button>
        </FormActions>
      )}
      {result && <ConnectionTestSteps result={result} />}
    </Form>
  );
}
