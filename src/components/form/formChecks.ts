import type { TFunction } from 'i18next';
import { convertFormFields, type ConversionResult } from '../../lib/formConversion';
import type { SchemaErrors } from '../../../domain/schemaValidation';
import { readFormFields, submittableControls, type FormControlElement } from './readFormFields';

type Values = Record<string, unknown>;

export interface FormCheck {
  /** Translated messages per field path; empty when the form may be sent. */
  found: Record<string, string[]>;
  conversion: ConversionResult;
  prepared: Values;
}

export interface FormCheckOptions {
  prepare?: (values: Values) => Values;
  validate?: (values: Values) => SchemaErrors;
  /** Rules the schema cannot say (shared rules such as settingRules), messages already translated. */
  checks?: (values: Values) => Record<string, readonly string[]>;
  /** Required fields that may stay empty this time (a connection test saves nothing, so needs no name). */
  mayBeEmpty?: (name: string) => boolean;
  t: TFunction;
}

/** A required text, number or choice left empty (checkboxes and hidden values are not typed in). */
function isEmptyRequired(control: FormControlElement): boolean {
  if (!control.required) return false;
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio' || control.type === 'hidden')) return false;
  return control.value.trim() === '';
}

/**
 * The checks a form makes before it sends anything: a control's own validity (JSON text), a
 * required field left empty, then the schema (the contract's rules, domain/formSchemas.gen.ts).
 * An empty required field says "required" only, not also the length the empty text misses.
 */
export function checkForm(form: HTMLFormElement, { prepare, validate, checks, mayBeEmpty, t }: FormCheckOptions): FormCheck {
  const found: Record<string, string[]> = {};
  const controls = submittableControls(form);
  const empty = new Set<string>();
  for (const control of controls) {
    if (control.validity.customError) (found[control.name] ??= []).push(control.validationMessage);
    else if (isEmptyRequired(control) && !mayBeEmpty?.(control.name)) {
      empty.add(control.name);
      // A field may say why it is required (`data-required-message`, already translated).
      (found[control.name] ??= []).push(control.dataset.requiredMessage ?? t('general.required'));
    }
  }
  const conversion = convertFormFields(readFormFields(form));
  const prepared = prepare ? prepare(conversion.values) : conversion.values;
  for (const [path, list] of Object.entries(validate?.(prepared) ?? {})) {
    if (empty.has(path)) continue;
    (found[path] ??= []).push(...list.map((e) => t(e.key, e.values)));
  }
  for (const [path, list] of Object.entries(checks?.(prepared) ?? {})) {
    if (!empty.has(path)) (found[path] ??= []).push(...list);
  }
  return { found, conversion, prepared };
}
