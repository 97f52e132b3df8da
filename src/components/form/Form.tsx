import { useCallback, useMemo, useState, type ChangeEvent, type FocusEvent, type FormEvent, type FormHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SchemaErrors } from '../../../domain/schemaValidation';
import { useToasts } from '../Toasts/useToasts';
import { checkForm } from './formChecks';
import { FormContext, type FormMode } from './FormContext';
import { isFormControl, submittableControls } from './readFormFields';
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
  /** Rules the schema cannot say (shared rules such as settingRules), messages already translated. */
  checks?: (values: Values) => Record<string, readonly string[]>;
  /** Required fields that may stay empty this time (a connection test saves nothing, so needs no name). */
  mayBeEmpty?: (name: string) => boolean;
  onSubmit: (values: Values) => void;
  children: ReactNode;
}

/**
 * A form that submits converted values (SPEC §5): named fields by declared type, sanitized IDs
 * (the user is told), invalid JSON refused, then the required fields and the schema, with errors
 * per field. A field is checked when it loses focus and again on submit; the native bubbles are
 * off, errors show on each field's error line, focus goes to the first and nothing is sent while
 * one remains. A form with required fields says what their mark means.
 */
export function Form({ mode = 'edit', errors: outerErrors, prepare, validate, checks, mayBeEmpty, onSubmit, onChange, onBlur, className, children, ...formProps }: FormProps) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const [ownErrors, setOwnErrors] = useState<FieldErrors>({});
  // Errors about no field on screen (the whole form, or a field the form does not show).
  const [summary, setSummary] = useState<string[]>([]);
  const [requiredFields, setRequiredFields] = useState(0);
  const registerRequired = useCallback(() => {
    setRequiredFields((count) => count + 1);
    return () => setRequiredFields((count) => count - 1);
  }, []);
  const errors = useMemo(() => ({ ...outerErrors, ...ownErrors }), [outerErrors, ownErrors]);
  const context = useMemo(() => ({ mode, errors, registerRequired }), [mode, errors, registerRequired]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const { found, conversion, prepared } = checkForm(form, { prepare, validate, checks, mayBeEmpty, t });
    if (conversion.sanitized.length > 0) {
      for (const control of submittableControls(form)) {
        const clean = conversion.sanitizedValues[control.name];
        if (clean !== undefined) control.value = clean;
      }
      toasts.show('info', t('form.id_sanitized'));
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

  // A field left is checked at once, so the user need not submit to learn what is wrong with it.
  const checkLeftField = (event: FocusEvent<HTMLFormElement>) => {
    onBlur?.(event);
    const target = event.target;
    if (!isFormControl(target) || target.name === '' || target.matches(':disabled')) return;
    // Focus going to a button (Save, Cancel) checks nothing: a message appearing now would move
    // the button away under the pointer, and Save checks everything anyway.
    const next = event.relatedTarget;
    if (next instanceof HTMLButtonElement || next instanceof HTMLAnchorElement) return;
    const { found } = checkForm(event.currentTarget, { prepare, validate, checks, mayBeEmpty, t });
    const messages = found[target.name];
    setOwnErrors(({ [target.name]: _previous, ...rest }) => (messages ? { ...rest, [target.name]: messages } : rest));
  };

  // Editing a field clears its own error; leaving it or the next submit checks again.
  const clearError = (event: ChangeEvent<HTMLFormElement>) => {
    onChange?.(event);
    const target = event.target;
    if (isFormControl(target) && ownErrors[target.name]) {
      setOwnErrors(({ [target.name]: _cleared, ...rest }) => rest);
    }
  };

  return (
    <FormContext.Provider value={context}>
      <form noValidate {...formProps} className={['form-layout', className].filter(Boolean).join(' ')} onSubmit={submit} onChange={clearError} onBlur={checkLeftField}>
        {mode === 'edit' && requiredFields > 0 && (
          <p className="form-required-note">
            <span className="field-required" aria-hidden="true">
              *
            </span>{' '}
            {t('form.required_note')}
          </p>
        )}
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
