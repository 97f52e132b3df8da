import { useEffect, useEffectEvent, useRef, useState, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_FLOAT_STEP, TEXT_AREA_DEFAULT_ROWS } from '../../../domain/constants';
import { FormField } from './FormField';
import { textOf, type BaseFieldProps } from './fieldProps';

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'required' | 'children' | 'type'>;
type TextAreaAttributes = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id' | 'required' | 'children'>;

export interface TextFieldProps extends BaseFieldProps, InputAttributes {
  type?: 'text' | 'password' | 'email' | 'url' | 'search' | 'tel';
  /** Sanitize on submit: whitespace to spaces, double quotes to single quotes (SPEC §5). */
  sanitize?: boolean;
}

export function TextField({ name, label, id, help, error, required, mode, readValue, type = 'text', sanitize, ...input }: TextFieldProps) {
  const shown = readValue ?? (type === 'password' ? undefined : textOf(input.value ?? input.defaultValue));
  return (
    <FormField {...{ name, label, id, help, error, required, mode }} readValue={shown}>
      {(control) => <input {...input} {...control} name={name} type={type} data-sanitize={sanitize ? '' : undefined} />}
    </FormField>
  );
}

export interface NumberFieldProps extends BaseFieldProps, InputAttributes {
  /** How the value is sent: int is truncated, float and number keep decimals (comma accepted). */
  numberType?: 'int' | 'float' | 'number';
}

/** Numbers; floats step by 0.01 unless told otherwise (SPEC §9). */
export function NumberField({ name, label, id, help, error, required, mode, readValue, numberType = 'float', step, ...input }: NumberFieldProps) {
  const shown = readValue ?? textOf(input.value ?? input.defaultValue);
  return (
    <FormField {...{ name, label, id, help, error, required, mode }} readValue={shown}>
      {(control) => (
        <input
          inputMode="decimal"
          {...input}
          {...control}
          name={name}
          type="number"
          data-type={numberType}
          step={step ?? (numberType === 'int' ? 1 : DEFAULT_FLOAT_STEP)}
        />
      )}
    </FormField>
  );
}

export interface TextAreaFieldProps extends BaseFieldProps, TextAreaAttributes {
  sanitize?: boolean;
}

/** Multi-line text, five rows unless told otherwise (SPEC §9). */
export function TextAreaField({ name, label, id, help, error, required, mode, readValue, rows, sanitize, ...area }: TextAreaFieldProps) {
  const shown = readValue ?? textOf(area.value ?? area.defaultValue);
  return (
    <FormField {...{ name, label, id, help, error, required, mode }} readValue={shown && <span className="field-multiline">{shown}</span>}>
      {(control) => (
        <textarea {...area} {...control} name={name} rows={rows ?? TEXT_AREA_DEFAULT_ROWS} data-sanitize={sanitize ? '' : undefined} />
      )}
    </FormField>
  );
}

export interface JsonTextAreaProps extends BaseFieldProps, Omit<TextAreaAttributes, 'defaultValue' | 'value'> {
  /** Shown as indented JSON. */
  defaultValue?: unknown;
}

const toJsonText = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, 2));

/**
 * A JSON object field. Text that is no JSON makes the control invalid with a custom validity
 * message (SPEC §5), shown on the error line too; the form refuses to submit it.
 */
export function JsonTextArea({ name, label, id, help, error, required, mode, readValue, rows, defaultValue, onChange, ...area }: JsonTextAreaProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [invalid, setInvalid] = useState(false);
  const message = t('form.invalid_json');

  const check = (element: HTMLTextAreaElement) => {
    let valid = true;
    if (element.value.trim() !== '') {
      try {
        JSON.parse(element.value);
      } catch {
        valid = false;
      }
    }
    element.setCustomValidity(valid ? '' : message);
    setInvalid(!valid);
  };

  // The initial text is checked once; later checks run on every change.
  const checkInitial = useEffectEvent(() => {
    if (ref.current) check(ref.current);
  });
  useEffect(() => checkInitial(), []);

  const shownError = invalid ? message : error;
  return (
    <FormField
      {...{ name, label, id, help, required, mode }}
      error={shownError}
      readValue={readValue ?? (defaultValue === undefined ? undefined : <pre className="field-multiline">{toJsonText(defaultValue)}</pre>)}
    >
      {(control) => (
        <textarea
          spellCheck={false}
          {...area}
          {...control}
          ref={ref}
          className={`field-code${area.className ? ` ${area.className}` : ''}`}
          name={name}
          data-type="object"
          rows={rows ?? TEXT_AREA_DEFAULT_ROWS}
          defaultValue={toJsonText(defaultValue)}
          onChange={(event) => {
            check(event.currentTarget);
            onChange?.(event);
          }}
        />
      )}
    </FormField>
  );
}
