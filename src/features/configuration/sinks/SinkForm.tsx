import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCreateSinkMutation, useTestSinkSettingsMutation, useUpdateSinkMutation } from '../../../api/areas/sinks';
import type { ConnectionTestResult, ConnectorKind, SinkRead, SinkType, SinkWrite } from '../../../api/generated/historian.gen';
import { SelectField } from '../../../components/form/ChoiceFields';
import { Fieldset } from '../../../components/form/Fieldset';
import { Form } from '../../../components/form/Form';
import { FormActions } from '../../../components/form/FormActions';
import { TextAreaField, TextField } from '../../../components/form/TextFields';
import { useFormErrors } from '../../../components/form/useFormErrors';
import { SchemaFields } from '../../../components/SchemaForm/SchemaFields';
import { SECURE_SETTINGS, SETTINGS, useSchemaForm } from '../../../components/SchemaForm/useSchemaForm';
import { isRecord } from '../../../lib/formConversion';
import type { SchemaErrors } from '../../../../domain/schemaValidation';
import { isSecure, orderedProperties, type SettingsSchema } from '../../../../domain/settingsSchema';
import { kindLabel } from './SinkState';
import { SinkTestSteps } from './SinkTestSteps';
import { settingsWithDefaults, sinkListPath, textOf } from './sinkRules';

const FORM_ID = 'sink-form';
const NO_SETTINGS: SettingsSchema = { type: 'object', properties: {} };
const settingsOf = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});
const kindOf = (value: unknown): ConnectorKind | undefined => (value === 'MQTT' || value === 'SparkplugB' ? value : undefined);

interface SinkFormProps {
  existing?: SinkRead;
  types: readonly SinkType[];
  canManage: boolean;
  /** Something in the form differs from what is stored (the page warns before the tab closes). */
  onDirtyChange: (dirty: boolean) => void;
  /** Buttons of the stored sink (delete), beside Save. */
  extraActions?: ReactNode;
}

/**
 * The editor of one sink (README "Secrets"): the settings come from the kind's SettingsSchema,
 * secure fields are sent only when typed in (empty keeps the stored value), and Test connection
 * tries the form's values, the stored sink's secrets filling in those not sent, without saving.
 */
export function SinkForm({ existing, types, canManage, onDirtyChange, extraActions }: SinkFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formErrors = useFormErrors();
  const [create, creation] = useCreateSinkMutation();
  const [update, updating] = useUpdateSinkMutation();
  const [testSettings, settingsTest] = useTestSinkSettingsMutation();
  const [kind, setKind] = useState<string>(existing?.Type ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [result, setResult] = useState<ConnectionTestResult | null>(null);
  const intent = useRef<'save' | 'test'>('save');

  const chosen = types.find((type) => type.Type === kind);
  const schema = chosen?.SettingsSchema ?? NO_SETTINGS;
  // Stored secrets belong to the stored kind; after a change of kind the fields start afresh.
  const sameKind = existing !== undefined && kind === existing.Type;
  const schemaForm = useSchemaForm(schema, { existing: sameKind });
  const busy = creation.isLoading || updating.isLoading || settingsTest.isLoading;
  const fields = ['Name', 'Description', 'Type', ...orderedProperties(schema).map(({ name, property }) => `${isSecure(property) ? SECURE_SETTINGS : SETTINGS}.${name}`)];
  const stored = sameKind ? (existing?.StoredSecureSettings ?? []) : [];

  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const validate = (values: Record<string, unknown>): SchemaErrors => {
    const found: SchemaErrors = { ...schemaForm.validate(values) };
    if (!kindOf(values.Type)) found.Type = [{ key: 'general.required', values: {} }];
    return found;
  };

  const runTest = async (values: Record<string, unknown>) => {
    setResult(null);
    const type = kindOf(values.Type);
    if (!type) return;
    const tested = await testSettings({
      sinkTest: {
        UUID: sameKind ? existing?.UUID : undefined,
        Type: type,
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
    const type = kindOf(values.Type);
    if (!type) return;
    const description = textOf(values.Description).trim();
    const sink: SinkWrite = {
      Name: textOf(values.Name).trim(),
      ...(description ? { Description: description } : {}),
      Type: type,
      Settings: settingsOf(values[SETTINGS]),
      SecureSettings: settingsOf(values[SECURE_SETTINGS]),
    };
    const saved = existing ? await update({ id: existing.UUID, sink }) : await create({ sink });
    if (saved.error) {
      setErrors(formErrors(saved.error, fields));
      return;
    }
    setErrors({});
    onDirtyChange(false);
    navigate(sinkListPath());
  };

  const submit = (values: Record<string, unknown>) => {
    const action = intent.current;
    intent.current = 'save';
    void (action === 'test' ? runTest(values) : save(values));
  };

  return (
    <Form
      id={FORM_ID}
      mode={canManage ? 'edit' : 'read'}
      errors={errors}
      prepare={schemaForm.prepare}
      validate={validate}
      mayBeEmpty={(name) => name === 'Name' && intent.current === 'test'}
      onChange={(event) => {
        schemaForm.onChange(event);
        onDirtyChange(true);
      }}
      onSubmit={submit}
    >
      <Fieldset legend={t('sinks.sections.sink')}>
        <TextField name="Name" label={t('sinks.name')} required maxLength={200} defaultValue={existing?.Name} autoComplete="off" />
        <TextAreaField name="Description" label={t('sinks.description')} rows={2} defaultValue={existing?.Description} />
        <SelectField
          name="Type"
          label={t('sinks.type')}
          help={t('sinks.type_help')}
          required
          placeholder={t('form.choose')}
          options={types.map((type) => ({
            value: type.Type,
            label: kindLabel(type.Type, t),
          }))}
          value={kind}
          onChange={(event) => setKind(event.currentTarget.value)}
        />
      </Fieldset>
      {chosen && (
        <Fieldset legend={t('sinks.sections.connection')}>
          <SchemaFields key={kind} schema={schema} settings={sameKind ? settingsWithDefaults(schema, existing?.Settings) : undefined} existing={sameKind} secureHelp={t('sinks.secure_bound')} />
          {stored.length > 0 && <p className="muted">{t('sinks.secure_stored', { names: stored.join(', ') })}</p>}
        </Fieldset>
      )}
      {canManage && (
        <FormActions backTo={sinkListPath()} busy={busy} onSaveClick={() => (intent.current = 'save')}>
          {extraActions}
          {/* Not a submit button: Enter in a field saves, and this one submits as a test. */}
          <button
            type="button"
            disabled={busy || !chosen}
            onClick={(event) => {
              intent.current = 'test';
              event.currentTarget.form?.requestSubmit();
            }}
          >
            {settingsTest.isLoading ? t('sinks.test.running') : t('sinks.test.run')}
          </button>
        </FormActions>
      )}
      {result && <SinkTestSteps result={result} />}
    </Form>
  );
}
