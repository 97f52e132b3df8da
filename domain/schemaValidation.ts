import type { AnySchema, ErrorObject, ValidateFunction } from 'ajv';
import { ajv } from './ajv';
import { formatError } from './formatErrors';

// Validates a form's converted values against a JSON schema and maps ajv's errors to field paths
// (`/Settings/port` becomes `Settings.port`; a missing property is named by its own path), each
// with a translation key written out in full.

export type SchemaErrorKey =
  | 'general.required'
  | 'form.errors.type'
  | 'form.errors.minimum'
  | 'form.errors.maximum'
  | 'form.errors.min_length'
  | 'form.errors.max_length'
  | 'form.errors.pattern'
  | 'form.errors.format'
  | 'form.errors.format_uri'
  | 'form.errors.format_email'
  | 'form.errors.format_uuid'
  | 'form.errors.format_hostname'
  | 'form.errors.enum'
  | 'form.errors.invalid';

export interface SchemaError {
  key: SchemaErrorKey;
  values: Record<string, string | number>;
}

/** Errors per field path; '(root)' holds errors about the whole form. */
export type SchemaErrors = Record<string, SchemaError[]>;

export const ROOT_FIELD = '(root)';

const compiled = new WeakMap<object, ValidateFunction>();

function validatorFor(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    const definition: AnySchema = schema;
    validate = ajv.compile(definition);
    compiled.set(schema, validate);
  }
  return validate;
}

function decodePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The dotted field path an ajv error is about. */
export function fieldPathOf(error: Pick<ErrorObject, 'instancePath' | 'params'>): string {
  const segments = error.instancePath.split('/').filter(Boolean).map(decodePointer);
  const missing: unknown = error.params.missingProperty;
  if (typeof missing === 'string') segments.push(missing);
  return segments.join('.') || ROOT_FIELD;
}

function param(error: ErrorObject, name: string): string | number {
  const value: unknown = error.params[name];
  return typeof value === 'number' || typeof value === 'string' ? value : '';
}

/** ajv's English messages are not shown; each keyword has a translated text instead. */
export function toSchemaError(error: ErrorObject): SchemaError {
  switch (error.keyword) {
    case 'required':
      return { key: 'general.required', values: {} };
    case 'type':
      return { key: 'form.errors.type', values: { type: param(error, 'type') } };
    case 'minimum':
    case 'exclusiveMinimum':
      return { key: 'form.errors.minimum', values: { limit: param(error, 'limit') } };
    case 'maximum':
    case 'exclusiveMaximum':
      return { key: 'form.errors.maximum', values: { limit: param(error, 'limit') } };
    case 'minLength':
      return { key: 'form.errors.min_length', values: { count: param(error, 'limit') } };
    case 'maxLength':
      return { key: 'form.errors.max_length', values: { count: param(error, 'limit') } };
    case 'pattern':
      return { key: 'form.errors.pattern', values: {} };
    case 'format':
      return formatError(param(error, 'format'));
    case 'enum':
      return { key: 'form.errors.enum', values: {} };
    default:
      return { key: 'form.errors.invalid', values: {} };
  }
}

/** Validates `values` against `schema`; an empty object means valid. */
export function validateWithSchema(schema: object, values: unknown): SchemaErrors {
  const validate = validatorFor(schema);
  if (validate(values)) return {};
  const errors: SchemaErrors = {};
  for (const error of validate.errors ?? []) {
    const path = fieldPathOf(error);
    const list = (errors[path] ??= []);
    const mapped = toSchemaError(error);
    if (!list.some((e) => e.key === mapped.key)) list.push(mapped);
  }
  return errors;
}
