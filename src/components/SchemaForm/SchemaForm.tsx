import type { ReactNode } from 'react';
import type { SettingsSchema } from '../../../domain/settingsSchema';
import type { FormMode } from '../form/FormContext';
import { Fieldset } from '../form/Fieldset';
import { Form } from '../form/Form';
import { SchemaFields } from './SchemaFields';
import { useSchemaForm, type SchemaFormValues } from './useSchemaForm';

export interface SchemaFormProps {
  /** The form's id; a dialog's Save button submits it through `saveFormId`. */
  id: string;
  schema: SettingsSchema;
  settings?: Record<string, unknown>;
  /** Editing a stored item: empty secure fields keep the stored values. */
  existing?: boolean;
  mode?: FormMode;
  disabled?: boolean;
  legend?: ReactNode;
  /** Errors from the server by field path (`Settings.host`), already translated. */
  errors?: Record<string, readonly string[]>;
  onSubmit: (values: SchemaFormValues) => void;
  /** Buttons or more fields after the settings. */
  children?: ReactNode;
}

/**
 * A form rendered from a SettingsSchema (collectors, time-series databases), validated with ajv;
 * secure fields are sent only when the user changed them. For a form with fields of its own
 * around the settings, use SchemaFields with useSchemaForm inside a Form instead.
 */
export function SchemaForm({ id, schema, settings, existing, mode, disabled, legend, errors, onSubmit, children }: SchemaFormProps) {
  const { prepare, validate, onChange } = useSchemaForm(schema, { existing });
  return (
    <Form
      id={id}
      mode={mode}
      errors={errors}
      prepare={prepare}
      validate={validate}
      onChange={onChange}
      // prepare is idempotent; applied again it gives the values their SchemaFormValues type.
      onSubmit={(values) => onSubmit(prepare(values))}
    >
      <Fieldset legend={legend} disabled={disabled}>
        <SchemaFields schema={schema} settings={settings} existing={existing} />
      </Fieldset>
      {children}
    </Form>
  );
}
