import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateTimeseriesDatabaseMutation, useGetTimeseriesDatabaseTypesQuery } from '../../../api/areas/configuration';
import { CheckboxField, SelectField } from '../../../components/form/ChoiceFields';
import { Form } from '../../../components/form/Form';
import { TextField } from '../../../components/form/TextFields';
import { SchemaFields } from '../../../components/SchemaForm/SchemaFields';
import { useSchemaForm } from '../../../components/SchemaForm/useSchemaForm';
import { useFormErrors } from '../../../components/form/useFormErrors';
import { DEFAULT_TIMESERIES_DATABASE_NAME } from '../../../../domain/constants';
import { isRecord } from '../../../lib/formConversion';
import type { SettingsSchema } from '../../../../domain/settingsSchema';
import { STEP_FORM_ID } from './stepForm';

interface DatabaseStepProps {
  /** The organization step 2 created; without one the database goes to the current organization. */
  organizationUuid: string | undefined;
  createdName: string | null;
  onBusy: (busy: boolean) => void;
  onCreated: (name: string) => void;
  onDone: () => void;
}

const NO_SETTINGS: SettingsSchema = { type: 'object', properties: {} };
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const settingsOf = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

/** Step 3: a real time-series database entry, its settings from the chosen type's schema (SPEC §5). */
export function DatabaseStep({ organizationUuid, createdName, onBusy, onCreated, onDone }: DatabaseStepProps) {
  const { t } = useTranslation();
  const formErrors = useFormErrors();
  const { data: types, isError } = useGetTimeseriesDatabaseTypesQuery();
  const [create, { isLoading }] = useCreateTimeseriesDatabaseMutation();
  const [typeUuid, setTypeUuid] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const chosenType = types?.find((type) => type.UUID === typeUuid) ?? types?.[0];
  const schema = chosenType?.SettingsSchema ?? NO_SETTINGS;
  const { prepare, validate, onChange } = useSchemaForm(schema);
  // Cleared on leaving too: the step may be left before the request's end re-renders it.
  useEffect(() => {
    onBusy(isLoading);
    return () => onBusy(false);
  }, [isLoading, onBusy]);

  if (createdName !== null) {
    const next = (event: FormEvent) => {
      event.preventDefault();
      onDone();
    };
    return (
      <form id={STEP_FORM_ID} onSubmit={next}>
        <p role="status">{t('setup.database.created', { name: createdName })}</p>
      </form>
    );
  }

  const submit = async (values: Record<string, unknown>) => {
    const name = text(values.Name).trim();
    const type = text(values.TimeseriesDatabaseTypeUUID);
    const found: Record<string, string[]> = {};
    if (name === '') found.Name = [t('general.required')];
    if (type === '') found.TimeseriesDatabaseTypeUUID = [t('general.required')];
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const result = await create({
      'x-organization-uuid': organizationUuid,
      createDatabase: values.createDatabase === true,
      timeseriesDatabase: {
        Name: name,
        TimeseriesDatabaseTypeUUID: type,
        Settings: settingsOf(values.Settings),
        SecureSettings: settingsOf(values.SecureSettings),
      },
    });
    if (result.error) setErrors(formErrors(result.error, ['Name', 'TimeseriesDatabaseTypeUUID']));
    else onCreated(name);
  };

  if (isError) return <p role="alert">{t('configuration.errors.get_databases')}</p>;
  if (!types) return <p role="status">{t('app.loading')}</p>;
  return (
    <Form id={STEP_FORM_ID} errors={errors} prepare={prepare} validate={validate} onChange={onChange} onSubmit={(values) => void submit(values)}>
      <TextField name="Name" label={t('setup.database.name')} required defaultValue={DEFAULT_TIMESERIES_DATABASE_NAME} />
      <SelectField
        name="TimeseriesDatabaseTypeUUID"
        label={t('setup.database.type')}
        required
        options={types.map((type) => ({ value: type.UUID, label: type.Name }))}
        value={chosenType?.UUID ?? ''}
        onChange={(event) => setTypeUuid(event.currentTarget.value)}
      />
      {/* A new key per type: the fields and their defaults start afresh when the type changes. */}
      <SchemaFields key={chosenType?.UUID} schema={schema} />
      <CheckboxField name="createDatabase" label={t('setup.database.create_database')} defaultChecked />
    </Form>
  );
}
