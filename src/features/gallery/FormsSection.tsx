import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField, SelectField } from '../../components/form/ChoiceFields';
import { Fieldset } from '../../components/form/Fieldset';
import { Form } from '../../components/form/Form';
import { FormActions } from '../../components/form/FormActions';
import { JsonTextArea, NumberField, TextAreaField, TextField } from '../../components/form/TextFields';
import { SchemaForm } from '../../components/SchemaForm/SchemaForm';
import type { SettingsSchema } from '../../../domain/settingsSchema';

// A settings schema as a time-series database type would send it.
const DEMO_SCHEMA: SettingsSchema = {
  type: 'object',
  required: ['url'],
  properties: {
    url: { type: 'string', title: 'URL', description: 'Where the database listens.', examples: ['http://localhost:8086'], order: 1 },
    bucket: { type: 'string', title: 'Bucket', default: 'historian', order: 2 },
    precision: { type: 'string', title: 'Precision', enum: ['s', 'ms', 'ns'], order: 3 },
    batch: { type: 'integer', title: 'Batch size', minimum: 1, maximum: 10000, default: 500, order: 4 },
    tls: { type: 'boolean', title: 'Use TLS', order: 5 },
    token: { type: 'string', title: 'Token', secure: true, required: true, order: 6 },
  },
};

/** Form fields in edit and read mode, the collapsible fieldset, and the schema form. */
export function FormsSection() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'edit' | 'read'>('edit');
  const [disabled, setDisabled] = useState(false);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const modes = ['edit', 'read'] as const;
  const modeLabels = { edit: t('gallery.form_edit'), read: t('gallery.form_read') };

  return (
    <section className="gallery-section" aria-labelledby="gallery-forms">
      <h2 id="gallery-forms">{t('gallery.forms')}</h2>
      <div className="gallery-row" role="group" aria-label={t('gallery.form_mode')}>
        {modes.map((value) => (
          <button key={value} type="button" aria-pressed={mode === value} onClick={() => setMode(value)}>
            {modeLabels[value]}
          </button>
        ))}
        <label>
          <input type="checkbox" checked={disabled} onChange={(event) => setDisabled(event.target.checked)} /> {t('gallery.disable_fieldset')}
        </label>
      </div>
      <Form id="gallery-form" mode={mode} onSubmit={(values) => setSubmitted(JSON.stringify(values))} className="gallery-form">
        <TextField name="Name" label={t('gallery.field_name')} help={t('gallery.field_name_help')} defaultValue="Pump 1" required />
        <TextField name="ID" label={t('gallery.field_id')} required defaultValue="pump-1" />
        <Fieldset legend={t('gallery.fieldset_connection')} collapsible disabled={disabled}>
          <NumberField name="Settings.gain" label={t('gallery.field_gain')} defaultValue="1.25" />
          <NumberField name="Settings.count" label={t('gallery.field_count')} numberType="int" defaultValue="3" />
          <CheckboxField name="Settings.enabled" label={t('gallery.field_enabled')} defaultChecked />
          <SelectField
            name="Settings.mode"
            label={t('gallery.field_mode')}
            defaultValue="sampled"
            options={[
              { value: 'sampled', label: 'sampled' },
              { value: 'raw', label: 'raw' },
              { value: 'simulation', label: 'simulation' },
            ]}
          />
        </Fieldset>
        <Fieldset legend={t('gallery.fieldset_advanced')} collapsible defaultCollapsed>
          <TextAreaField name="Notes" label={t('gallery.field_notes')} />
          <JsonTextArea name="Options" label={t('gallery.field_options')} defaultValue={{ retries: 3 }} />
        </Fieldset>
        {mode === 'edit' && <FormActions onCancel={() => setSubmitted(null)} saveLabel={t('gallery.submit')} />}
      </Form>
      {submitted && (
        <p role="status" className="gallery-output">
          {t('gallery.submitted', { json: submitted })}
        </p>
      )}

      <h3>{t('gallery.schema_form')}</h3>
      <SchemaForm id="gallery-schema-form" schema={DEMO_SCHEMA} mode={mode} onSubmit={(values) => setSubmitted(JSON.stringify(values))}>
        {mode === 'edit' && (
          <button type="submit" className="primary">
            {t('gallery.submit')}
          </button>
        )}
      </SchemaForm>
    </section>
  );
}
