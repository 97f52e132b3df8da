import { useMemo, useState, type ChangeEvent, type FormEvent, type FormHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { convertFormFields } from '../../lib/formConversion';
import type { SchemaErrors } from '../../../domain/schemaValidation';
import { useToasts } from '../Toasts/useToasts';
import { FormContext, type FormMode } from './FormContext';
import { isFormControl, readFormFields, submittableControls } from './readFormFields';
import './form.css';

type Values = Record<string, unknown>;
type FieldErrors = Record<string, readonly string[]>;

export interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children'> {
  mode?: FormMode;
  /** Errors from elsewhere (the server's problem details), by field path, already translated. */
  errors?: FieldErrors;
  /** Adjusts the converted values before validation and submit (e.g. drops unchanged secrets). */
  prepare?: (values: Values) => Values;
  /** Schema validation of the converted values (see domain/schemaValidation); empty means valid. */
  validate?: (values: Values) => SchemaErrors;
  onSubmit: (values: Values) => void;
  children: ReactNode;
}

/**
 * A form that submits converted values (SPEC §5): named fields by declared type, sanitized IDs
 * (the user is told), invalid JSON refused, then schema validation with errors per field. The
 * native bubbles are off; errors show on each field's error line and focus goes to the first.
 */
export function Form({ mode = 'edit', errors: outerErrors, prepare, validate, onSubmit, onChange, children, ...formProps }: FormProps) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const [ownErrors, setOwnErrors] = useState<FieldErrors>({});
  // Errors about no field on screen (the whole form, or a field the form does not show).
  const [summary, setSummary] = useState<string[]>([]);
  const errors = useMemo(() => ({ ...outerErrors, ...ownErrors }), [outerErrors, ownErrors]);
  const context = useMemo(() => ({ mode, errors }), [mode, errors]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found: Record<string, string[]> = {};
    for (const control of submittableControls(form)) {
      if (control.validity.customError) (found[control.name] ??= []).push(control.validationMessage);
    }
    const { values, sanitized, sanitizedValues } = convertFormFields(readFormFields(form));
    if (sanitized.length > 0) {
      for (const control of submittableControls(form)) {
        const clean = sanitizedValues[control.name];
        if (clean !== undefined) control.value = clean;
      }
      toasts.show('info', t('form.id_sanitized'));
    }
    const prepared = prepare ? prepare(values) : values;
    for (const [path, list] of Object.entries(validate?.(prepared) ?? {})) {
      (found[path] ??= []).push(...list.map((e) => t(e.key, e.values)));
    }
    setOwnErrors(found);
    const controls = submittableControls(form);
    const names = new Set(controls.map((control) => control.name));
    setSummary(Object.entries(found).flatMap(([path, list]) => (names.has(path) ? [] : list)));
    if (Object.keys(found).length > 0) {
      controls.find((control) => found[control.name])?.focus();
      return;
    }
    onSubmit(prepared);
  };

  // Editing a field clears its own error; the next submit checks again.
  const clearError = (event: ChangeEvent<HTMLFormElement>) => {
    onChange?.(event);
    const target = event.target;
    if (isFormControl(target) && ownErrors[target.name]) {
      setOwnErrors(({ [target.name]: _cleared, ...rest }) => rest);
    }
  };

  return (
    <FormContext.Provider value={context}>
      <form noValidate {...formProps} onSubmit={submit} onChange={clearError}>
        {summary.length > 0 && (
          <div role="alert" className="form-error">
            {summary.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        )}
        {children}
      </form>
    </FormContext.Provider>
  );
}
