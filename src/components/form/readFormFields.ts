import type { FieldControl, FieldType, RawField } from '../../lib/formConversion';

// Reads a <form>'s named controls the way a browser would submit them (disabled ones, also those
// in a disabled fieldset, are skipped), with the declared type from `data-type` and the sanitize
// mark from `data-sanitize`.

const FIELD_TYPES: readonly FieldType[] = ['string', 'int', 'float', 'number', 'bool', 'object', 'deleted'];
const NOT_FIELDS: ReadonlySet<string> = new Set(['submit', 'button', 'reset', 'image', 'file']);

function isFieldType(value: string | undefined): value is FieldType {
  return FIELD_TYPES.some((type) => type === value);
}

export type FormControlElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export function isFormControl(element: unknown): element is FormControlElement {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
}

function controlOf(element: FormControlElement): FieldControl {
  if (element instanceof HTMLTextAreaElement) return 'textarea';
  if (element instanceof HTMLSelectElement) return element.multiple ? 'select-multiple' : 'select';
  if (element.type === 'checkbox' || element.type === 'radio' || element.type === 'hidden') return element.type;
  return 'text';
}

/** The named, enabled controls of `form` that a submit would send. */
export function submittableControls(form: HTMLFormElement): FormControlElement[] {
  return Array.from(form.elements).filter(
    (element): element is FormControlElement =>
      isFormControl(element) && element.name !== '' && !NOT_FIELDS.has(element.type) && !element.matches(':disabled'),
  );
}

export function readFormFields(form: HTMLFormElement): RawField[] {
  return submittableControls(form).map((element) => {
    const declared = element.dataset.type;
    const field: RawField = {
      name: element.name,
      control: controlOf(element),
      type: isFieldType(declared) ? declared : undefined,
      value: element.value,
      required: element.required,
      sanitize: element.dataset.sanitize !== undefined && element.dataset.sanitize !== 'false',
    };
    if (element instanceof HTMLInputElement) field.checked = element.checked;
    if (element instanceof HTMLSelectElement && element.multiple) field.values = Array.from(element.selectedOptions, (o) => o.value);
    return field;
  });
}
