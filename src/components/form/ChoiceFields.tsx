import type { InputHTMLAttributes, SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from './FormField';
import type { BaseFieldProps } from './fieldProps';

type CheckboxAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'required' | 'children' | 'type'>;

export type CheckboxFieldProps = BaseFieldProps & CheckboxAttributes;

/** A checkbox sent as a bool (SPEC §5). */
export function CheckboxField({ name, label, id, help, error, required, mode, readValue, ...input }: CheckboxFieldProps) {
  const { t } = useTranslation();
  const checked = input.checked ?? input.defaultChecked ?? false;
  return (
    <FormField {...{ name, label, id, help, error, required, mode }} inline readValue={readValue ?? (checked ? t('general.yes') : t('general.no'))}>
      {(control) => <input {...input} {...control} name={name} type="checkbox" data-type="bool" />}
    </FormField>
  );
}

export interface SelectOption {
  value: string;
  /** Already translated, or a value from the server. */
  label: string;
  /** Shown but not choosable (the label says why). */
  disabled?: boolean;
}

type SelectAttributes = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id' | 'required' | 'children'>;

export interface SelectFieldProps extends BaseFieldProps, SelectAttributes {
  options: readonly SelectOption[];
  /** An empty first option, for optional or not-yet-chosen values. */
  placeholder?: string;
  /** How the chosen value is sent, e.g. 'bool' or 'int'. */
  valueType?: 'string' | 'int' | 'float' | 'number' | 'bool' | 'object';
}

export function SelectField({ name, label, id, help, error, required, mode, readValue, options, placeholder, valueType, ...select }: SelectFieldProps) {
  const current = select.value ?? select.defaultValue;
  const shown = readValue ?? options.find((o) => o.value === String(current ?? ''))?.label;
  return (
    <FormField {...{ name, label, id, help, error, required, mode }} readValue={shown}>
      {(control) => (
        <select {...select} {...control} name={name} data-type={valueType}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
