import type { ValidateFunction } from 'ajv';
import { ajv } from './ajv';
import { fieldPathOf, toSchemaError, type SchemaError } from './schemaValidation';
import { isSecure, requiredNames, type SettingsSchema } from './settingsSchema';

// The one settings module of every settings-bearing entity (collectors, time-series databases,
// authentication providers, and those to come), on both sides: the console's SchemaForm validates
// with it before sending, the server again on every write, since a call may come from anywhere.
//
// - Validation: a SettingsSchema becomes a JSON Schema of the two maps { Settings, SecureSettings },
//   so that ajv's own paths are the field paths (`Settings.host`, `SecureSettings.password`).
// - The secure-value rule: in a change, a secure key that is absent (or empty text, as a form's
//   untouched field) keeps the stored value, null clears it, any other value replaces it.
// - Secure values never go back: an answer says at most which secure keys hold a value.

export type SettingsValues = Record<string, unknown>;

export interface SettingsPair {
  Settings: SettingsValues;
  SecureSettings: SettingsValues;
}

export const SETTINGS_FIELD = 'Settings';
export const SECURE_SETTINGS_FIELD = 'SecureSettings';

/** A translated key for the form, and the same error in English words for problem+json. */
export interface SettingsError extends SchemaError {
  message: string;
}

/** Errors by field path (`Settings.port`, `SecureSettings.password`, `(root)`). */
export type SettingsErrors = Record<string, SettingsError[]>;

export interface ValidateSettingsOptions {
  /**
   * Editing a stored item without knowing its secure values (the console never gets them back):
   * a required secure setting left out is not an error, the stored value stays.
   */
  secureOptional?: boolean;
  /**
   * The secure keys sent now; only these are checked for being declared secure. Default: every
   * key of SecureSettings. (A collector may hold secrets stored before it registered its schema.)
   */
  sentSecure?: readonly string[];
  /** Refuse Settings keys that the schema does not declare. */
  refuseUnknown?: boolean;
}

/**
 * The keywords of the contract's SettingsSchemaProperty that constrain a value. Nothing else of a
 * schema reaches ajv: a collector registers its own schema, and a `pattern` or `$ref` of its
 * choosing has no business running in the server or the browser.
 */
const VALIDATION_KEYWORDS = ['type', 'enum', 'minimum', 'maximum'] as const;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** Values that count: empty text, null and undefined mean "not set" (an optional field left empty). */
export function presentSettings(values: SettingsValues | undefined): SettingsValues {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([, value]) => !isEmpty(value)));
}

/** True when the schema declares `name` a secure setting (it lives in SecureSettings only). */
export function isSecureSetting(schema: SettingsSchema, name: string): boolean {
  const property = schema.properties?.[name];
  return property !== undefined && isSecure(property);
}

/** The field path of a setting: `SecureSettings.password` for a secure one, else `Settings.host`. */
export function settingsFieldOf(schema: SettingsSchema, name: string): string {
  return `${isSecureSetting(schema, name) ? SECURE_SETTINGS_FIELD : SETTINGS_FIELD}.${name}`;
}

function validationSchemaOf(schema: SettingsSchema, secureOptional: boolean): object {
  const required = requiredNames(schema);
  const sides = { plain: { properties: {} as Record<string, object>, required: [] as string[] }, secure: { properties: {} as Record<string, object>, required: [] as string[] } };
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const side = isSecure(property) ? sides.secure : sides.plain;
    side.properties[name] = Object.fromEntries(VALIDATION_KEYWORDS.filter((key) => property[key] !== undefined).map((key) => [key, property[key]]));
    if (required.has(name) && !(secureOptional && side === sides.secure)) side.required.push(name);
  }
  return {
    type: 'object',
    properties: {
      [SETTINGS_FIELD]: { type: 'object', ...sides.plain },
      [SECURE_SETTINGS_FIELD]: { type: 'object', ...sides.secure },
    },
  };
}

// Compiled per distinct validation schema. Bounded, because collectors register schemas of their
// own and ajv keeps every schema it compiles until it is removed.
const compiled = new Map<string, { schema: object; validate: ValidateFunction }>();
const MAX_COMPILED = 200;

function validatorFor(definition: object): ValidateFunction {
  const key = JSON.stringify(definition);
  const hit = compiled.get(key);
  if (hit) return hit.validate;
  if (compiled.size >= MAX_COMPILED) {
    const [oldestKey, oldest] = compiled.entries().next().value ?? [];
    if (oldestKey !== undefined && oldest) {
      ajv.removeSchema(oldest.schema);
      compiled.delete(oldestKey);
    }
  }
  const validate = ajv.compile(definition);
  compiled.set(key, { schema: definition, validate });
  return validate;
}

/** Settings and SecureSettings against a SettingsSchema; an empty object means they fit. */
export function validateSettings(schema: SettingsSchema, values: SettingsPair, options: ValidateSettingsOptions = {}): SettingsErrors {
  const errors: SettingsErrors = {};
  const add = (field: string, error: SettingsError) => {
    const list = (errors[field] ??= []);
    if (!list.some((e) => e.key === error.key && e.message === error.message)) list.push(error);
  };
  const misplaced = (message: string): SettingsError => ({ key: 'form.errors.invalid', values: {}, message });
  for (const name of Object.keys(values.Settings)) {
    if (isSecureSetting(schema, name)) add(`${SETTINGS_FIELD}.${name}`, misplaced('is a secure setting: send it in SecureSettings'));
    else if (options.refuseUnknown && !schema.properties?.[name]) add(`${SETTINGS_FIELD}.${name}`, misplaced('is not a setting of this type'));
  }
  for (const name of options.sentSecure ?? Object.keys(values.SecureSettings)) {
    if (!isSecureSetting(schema, name)) add(`${SECURE_SETTINGS_FIELD}.${name}`, misplaced('is not a secure setting of this type'));
  }
  const validate = validatorFor(validationSchemaOf(schema, options.secureOptional === true));
  if (!validate({ [SETTINGS_FIELD]: values.Settings, [SECURE_SETTINGS_FIELD]: values.SecureSettings })) {
    for (const error of validate.errors ?? []) add(fieldPathOf(error), { ...toSchemaError(error), message: error.message ?? 'is invalid' });
  }
  return errors;
}

/**
 * The secure settings after a change: a key absent from `incoming` (or sent as empty text) keeps
 * the stored value, a key sent as null clears it, any other value replaces it.
 */
export function mergeSecureSettings(stored: SettingsValues, incoming: SettingsValues | null | undefined): SettingsValues {
  const merged: SettingsValues = { ...stored };
  for (const [name, value] of Object.entries(incoming ?? {})) {
    if (value === null) delete merged[name];
    else if (value !== '' && value !== undefined) merged[name] = value;
  }
  return merged;
}

/** Only the secure settings that the schema declares secure (e.g. after the item changed its type). */
export function declaredSecureSettings(schema: SettingsSchema, values: SettingsValues): SettingsValues {
  return Object.fromEntries(Object.entries(values).filter(([name]) => isSecureSetting(schema, name)));
}

/** What an answer may say about stored secure settings: the names of those that hold a value, never a value. */
export function redactSecureSettings(stored: SettingsValues | null | undefined): string[] {
  return Object.entries(stored ?? {})
    .filter(([, value]) => !isEmpty(value))
    .map(([name]) => name)
    .sort();
}
