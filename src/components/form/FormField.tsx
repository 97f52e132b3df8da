import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormContext, type FormMode } from './FormContext';

/** What a field hands its control so that label, error and help line are wired to it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: boolean;
}

export interface FormFieldProps {
  label: ReactNode;
  /** The field path: the control's name, and the key of its errors in the form. */
  name: string;
  id?: string;
  /** Overrides the form's errors for this field. */
  error?: string | readonly string[];
  help?: ReactNode;
  required?: boolean;
  /** Defaults to the form's mode. */
  mode?: FormMode;
  /** What read mode shows instead of the control. */
  readValue?: ReactNode;
  /** Control before the label (checkboxes). */
  inline?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}

function asList(error: string | readonly string[] | undefined): readonly string[] {
  if (error === undefined) return [];
  return typeof error === 'string' ? [error] : error;
}

/** A labelled field with an error line and a help line (SPEC §2), in edit or read mode. */
export function FormField({ label, name, id, error, help, required, mode, readValue, inline, children }: FormFieldProps) {
  const { t } = useTranslation();
  const form = useFormContext();
  const generated = useId();
  const controlId = id ?? `${generated}-${name}`;
  const errors = error === undefined ? (form.errors[name] ?? []) : asList(error);
  const errorId = `${controlId}-error`;
  const helpId = `${controlId}-help`;
  const editing = (mode ?? form.mode) === 'edit';
  const { registerRequired } = form;
  useEffect(() => (editing && required ? registerRequired?.() : undefined), [editing, required, registerRequired]);

  if (!editing) {
    const labelId = `${controlId}-label`;
    const empty = readValue === undefined || readValue === null || readValue === '';
    return (
      <div className="field field-read" role="group" aria-labelledby={labelId}>
        <span id={labelId} className="field-label">
          {label}
        </span>
        <span className="field-value">{empty ? <span className="muted">{t('form.empty_value')}</span> : readValue}</span>
      </div>
    );
  }

  const describedBy = [errors.length > 0 ? errorId : '', help ? helpId : ''].filter(Boolean).join(' ') || undefined;
  const control = children({ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': errors.length > 0 ? true : undefined, required });
  const labelNode = (
    <label htmlFor={controlId} className="field-label">
      {label}
      {required && <span className="field-required" aria-hidden="true"> *</span>}
    </label>
  );
  return (
    <div className={`field${inline ? ' field-inline' : ''}${errors.length > 0 ? ' field-invalid' : ''}`}>
      {inline ? (
        <div className="field-inline-row">
          {control}
          {labelNode}
        </div>
      ) : (
        <>
          {labelNode}
          {control}
        </>
      )}
      {errors.length > 0 && (
        <p id={errorId} className="field-error">
          {errors.join(' ')}
        </p>
      )}
      {help && (
        <p id={helpId} className="form-help">
          {help}
        </p>
      )}
    </div>
  );
}
