import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ConnectionTestResult, TimeseriesDatabaseRead, TimeseriesDatabaseType, TimeseriesDatabaseWrite } from '../../../api/generated/historian.gen';
import { useCreateTimeseriesDatabaseMutation, useTestTimeseriesDatabaseMutation, useTestTimeseriesDatabaseSettingsMutation, useUpdateTimeseriesDatabaseMutation } from '../../../api/areas/configuration';
import { CheckboxField, SelectField } from '../../../components/form/ChoiceFields';
import { contractChecks } from '../../../components/form/contractChecks';
import { Fieldset } from '../../../components/form/Fieldset';
import { Form } from '../../../components/form/Form';
import { FormActions } from '../../../components/form/FormActions';
import { TextField } from '../../../components/form/TextFields';
import { useFormErrors } from '../../../components/form/useFormErrors';
import { SchemaFields } from '../../../components/SchemaForm/SchemaFields';
import { SECURE_SETTINGS, SETTINGS, useSchemaForm } from '../../../components/SchemaForm/useSchemaForm';
import type { SchemaError, SchemaErrors } from '../../../../domain/schemaValidation';
import { isSecure, orderedProperties, type SettingsSchema } from '../../../../domain/settingsSchema';
import { ConnectionTestSteps } from './ConnectionTestSteps';
import { editorPath, listPath, settingsOf, textOf } from './timeseriesRules';
import './timeseries.css';

const FORM_ID = 'timeseries-database-form';
const NO_SETTINGS: SettingsSchema = { type: 'object', properties: {} };
const REQUIRED: SchemaError[] = [{ key: 'general.required', values: {} }];
const checkDatabase = contractChecks('TimeseriesDatabase');

interface TimeseriesDatabaseFormProps {
  existing?: TimeseriesDatabaseRead;
  types: readonly TimeseriesDatabaseType[];
  canManage: boolean;
  initialResult: ConnectionTestResult | null;
}

/**
 * The editor of one time-series database (SPEC §5): a type is required, the settings come from the
 * type's schema and are validated with ajv, secure fields are sent only when changed, and the
 * create-database checkbox starts checked. Save is followed by a test of the saved database; the
 * test button tests the form's current values without saving them.
 */
export function TimeseriesDatabaseForm({ existing, types, canManage, initialResult }: TimeseriesDatabaseFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formErrors = useFormErrors();
  const [create, creation] = useCreateTimeseriesDatabaseMutation();
  const [update, updating] = useUpdateTimeseriesDatabaseMutation();
  const [testStored, storedTest] = useTestTimeseriesDatabaseMutation();
  const [testSettings, settingsTest] = useTestTimeseriesDatabaseSettingsMutation();
  const [typeUuid, setTypeUuid] = useState(existing?.TimeseriesDatabaseTypeUUID ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [result, setResult] = useState<ConnectionTestResult | null>(initialResult);
  // Which button submitted: both run the form's conversion and validation first.
  const intent = useRef<'save' | 'test'>('save');

  const chosenType = types.find((type) => type.UUID === typeUuid);
  const schema = chosenType?.SettingsSchema ?? NO_SETTINGS;
  // Stored secrets belong to the stored type; after a change of type the fields start afresh.
  const sameType = existing !== undefined && typeUuid === existing.TimeseriesDatabaseTypeUUID;
  const schemaForm = useSchemaForm(schema, { existing: sameType });
  const busy = creation.isLoading || updating.isLoading || storedTest.isLoading || settingsTest.isLoading;
  const fields = ['Name', 'TimeseriesDatabaseTypeUUID', ...orderedProperties(schema).map(({ name, property }) => `${isSecure(property) ? SECURE_SETTINGS : SETTINGS}.${name}`)];

  const validate = (values: Record<string, unknown>): SchemaErrors => {
    // A test needs no name: it saves nothing.
    const found = { ...(intent.current === 'save' ? checkDatabase(values) : {}), ...schemaForm.validate(values) };
    if (textOf(values.TimeseriesDatabaseTypeUUID) === '') found.TimeseriesDatabaseTypeUUID = REQUIRED;
    return found;
  };

  const runTest = async (values: Record<string, unknown>) => {
    setResult(null);
    const tested = await testSettings({
      timeseriesDatabaseTest: {
        UUID: sameType ? existing?.UUID : undefined,
        TimeseriesDatabaseTypeUUID: textOf(values.TimeseriesDatabaseTypeUUID),
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
    const database: TimeseriesDatabaseWrite = {
      Name: textOf(values.Name).trim(),
      TimeseriesDatabaseTypeUUID: textOf(values.TimeseriesDatabaseTypeUUID),
      Settings: settingsOf(values[SETTINGS]),
      SecureSettings: settingsOf(values[SECURE_SETTINGS]),
    };
    const createDatabase = values.createDatabase === true;
    const saved = existing?.UUID
      ? await update({ id: existing.UUID, createDatabase, timeseriesDatabase: database })
      : await create({ createDatabase, timeseriesDatabase: database });
    if (saved.error) {
      setErrors(formErrors(saved.error, fields));
      return;
    }
    setErrors({});
    const id = saved.data.UUID;
    // SPEC §8: saved, then tested (the API layer tells both); a failed test leaves the user on the
    // saved database to fix it.
    const test = await testStored({ id });
    const tested = test.data ?? null;
    if (tested?.Success) {
      navigate(listPath());
      return;
    }
    setResult(tested);
    if (!existing) navigate(editorPath(id), { replace: true, state: { testResult: tested } });
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
      onChange={schemaForm.onChange}
      onSubmit={submit}
    >
      <Fieldset legend={t('timeseries.sections.database')}>
        <TextField name="Name" label={t('timeseries.name')} help={t('timeseries.name_help')} required defaultValue={existing?.Name} autoComplete="off" />
        <SelectField
          name="TimeseriesDatabaseTypeUUID"
          label={t('timeseries.type')}
          help={t('timeseries.type_help')}
          required
          placeholder={t('form.choose')}
          options={types.map((type) => ({ value: type.UUID, label: type.Name }))}
          value={typeUuid}
          onChange={(event) => setTypeUuid(event.currentTarget.value)}
        />
      </Fieldset>
      {chosenType && (
        <Fieldset legend={t('timeseries.sections.connection')}>
          {/* A new key per type: the fields and their defaults start afresh when the type changes. */}
          <SchemaFields
            key={typeUuid}
            schema={schema}
            settings={sameType ? existing?.Settings : undefined}
            existing={sameType}
            secureHelp={t('timeseries.secure_bound')}
          />
          {canManage && (
            <CheckboxField name="createDatabase" label={t('timeseries.create_database')} help={t('timeseries.create_database_help')} defaultChecked />
          )}
        </Fieldset>
      )}
      {canManage && (
        <FormActions backTo={listPath()} busy={busy} onSaveClick={() => (intent.current = 'save')}>
          {/* Not a submit button: Enter in a field saves, and this one submits as a test. */}
          <button
            type="button"
            disabled={busy}
            onClick={(event) => {
              intent.current = 'test';
              event.currentTarget.form?.requestSubmit();
            }}
          >
            {settingsTest.isLoading ? t('timeseries.test.running') : t('timeseries.test.run')}
          </button>
        </FormActions>
      )}
      {result && <ConnectionTestSteps result={result} />}
    </Form>
  );
}
