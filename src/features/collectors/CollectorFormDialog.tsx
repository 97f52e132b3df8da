import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectorRead, CollectorWrite } from '../../api/generated/historian.gen';
import { useCreateCollectorMutation, useUpdateCollectorMutation } from '../../api/areas/collectors';
import { Modal } from '../../components/Modal/Modal';
import { SchemaFields } from '../../components/SchemaForm/SchemaFields';
import { SECURE_SETTINGS, SETTINGS, useSchemaForm } from '../../components/SchemaForm/useSchemaForm';
import { Fieldset } from '../../components/form/Fieldset';
import { contractChecks } from '../../components/form/contractChecks';
import { Form } from '../../components/form/Form';
import { TextAreaField, TextField } from '../../components/form/TextFields';
import { useFormErrors } from '../../components/form/useFormErrors';
import { isRecord } from '../../lib/formConversion';
import type { SettingsSchema } from '../../../domain/settingsSchema';

const FORM_ID = 'collector-form';
const NO_SCHEMA: SettingsSchema = {};
const checkCollector = contractChecks('Collector');

interface CollectorFormDialogProps {
  /** Null creates a collector. */
  collector: CollectorRead | null;
  onClose: () => void;
}

/** Defaults the collector falls back to itself, so the form shows what is in effect. */
function withDefaults(schema: SettingsSchema, settings: Record<string, unknown> | undefined): Record<string, unknown> {
  const defaults = Object.fromEntries(
    Object.entries(schema.properties ?? {}).flatMap(([name, property]) => (property.default === undefined || property.secure ? [] : [[name, property.default]])),
  );
  return { ...defaults, ...settings };
}

/**
 * Create or edit a collector: name and description, and the settings of the schema the collector
 * registered (SPEC §3), secure ones sent only when the user typed a new value. A collector that has
 * not registered yet has no schema, so it gets its settings once it has.
 */
export function CollectorFormDialog({ collector, onClose }: CollectorFormDialogProps) {
  const { t } = useTranslation();
  const formErrors = useFormErrors();
  const schema = collector?.SettingsSchema ?? NO_SCHEMA;
  const hasSettings = Object.keys(schema.properties ?? {}).length > 0;
  const { prepare, validate, onChange } = useSchemaForm(schema, { existing: true });
  const [create, createState] = useCreateCollectorMutation();
  const [update, updateState] = useUpdateCollectorMutation();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const settings = useMemo(() => withDefaults(schema, collector?.Settings), [schema, collector?.Settings]);
  const fieldNames = useMemo(
    () => ['Name', 'Description', ...Object.entries(schema.properties ?? {}).map(([name, p]) => `${p.secure ? SECURE_SETTINGS : SETTINGS}.${name}`)],
    [schema],
  );

  const submit = async (values: Record<string, unknown>) => {
    const body: CollectorWrite = {
      Name: typeof values.Name === 'string' ? values.Name : '',
      Description: typeof values.Description === 'string' ? values.Description : '',
      ...(hasSettings && isRecord(values[SETTINGS]) ? { Settings: values[SETTINGS] } : {}),
      ...(hasSettings && isRecord(values[SECURE_SETTINGS]) ? { SecureSettings: values[SECURE_SETTINGS] } : {}),
    };
    const result = collector?.UUID ? await update({ id: collector.UUID, collector: body }) : await create({ collector: body });
    if (result.error) setErrors(formErrors(result.error, fieldNames));
    else onClose();
  };

  return (
    <Modal
      open
      title={collector ? t('collectors.form.edit_title', { name: collector.Name }) : t('collectors.form.create_title')}
      onCancel={onClose}
      saveFormId={FORM_ID}
      busy={createState.isLoading || updateState.isLoading}
      width="640px"
    >
      <Form
        id={FORM_ID}
        errors={errors}
        prepare={hasSettings ? prepare : undefined}
        validate={(values) => ({ ...checkCollector(values), ...(hasSettings ? validate(values) : {}) })}
        onChange={onChange}
        onSubmit={(values) => void submit(values)}
      >
        <Fieldset legend={t('collectors.form.general')}>
          <TextField name="Name" label={t('collectors.form.name')} help={t('collectors.form.name_help')} required defaultValue={collector?.Name} />
          <TextAreaField name="Description" label={t('collectors.form.description')} rows={2} defaultValue={collector?.Description} />
        </Fieldset>
        {hasSettings ? (
          <Fieldset legend={t('collectors.form.settings')}>
            <SchemaFields schema={schema} settings={settings} existing />
          </Fieldset>
        ) : (
          <p className="muted">{t('collectors.form.not_registered')}</p>
        )}
      </Form>
    </Modal>
  );
}
