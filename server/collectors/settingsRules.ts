import Ajv, { type ValidateFunction } from 'ajv';
import { isSecure, requiredNames, type SettingsSchema, type SettingsSchemaProperty } from '../../domain/settingsSchema';
import { badRequest } from '../http/problem';
import type { JsonMap } from '../repositories/collectors';

// Settings of a collector against the SettingsSchema it registered (SPEC §3): the console's form
// validates the same way, but a PUT may come from anywhere. Secure properties live in
// SecureSettings only, so a secret never lands in Settings, which browsers read back.

// Only these keywords of a registered schema reach ajv: the schema comes from a collector, and a
// `pattern` or a `$ref` of its choosing has no business running inside the server.
const VALIDATION_KEYWORDS = ['type', 'enum', 'minimum', 'maximum'] as const;

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
// Compiled per distinct schema text; bounded, since each compile stays in ajv's own cache too.
const compiled = new Map<string, { schema: object; validate: ValidateFunction }>();
const MAX_COMPILED = 200;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPropertyMap(value: unknown): value is Record<string, SettingsSchemaProperty> {
  return isRecord(value) && Object.values(value).every(isRecord);
}

/** The stored schema as a SettingsSchema; one a collector never registered has no properties. */
export function settingsSchemaOf(value: unknown): SettingsSchema {
  if (!isRecord(value) || !isPropertyMap(value.properties)) return {};
  const required = Array.isArray(value.required) ? value.required.filter((name): name is string => typeof name === 'string') : [];
  return { type: 'object', properties: value.properties, required };
}

function validationSchema(schema: SettingsSchema): object {
  const properties: Record<string, JsonMap> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    properties[name] = Object.fromEntries(VALIDATION_KEYWORDS.filter((key) => property[key] !== undefined).map((key) => [key, property[key]]));
  }
  return { type: 'object', properties, required: [...requiredNames(schema)] };
}

function validatorFor(schema: SettingsSchema): ValidateFunction {
  const definition = validationSchema(schema);
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

export interface SettingsChange {
  settings: JsonMap;
  secureSettings: JsonMap;
}

/**
 * The settings after a change: Settings replace the stored ones when sent; SecureSettings are
 * merged key by key (a secret is replaced only when a new value is sent; null removes it).
 */
export function mergeSettings(stored: SettingsChange, sentSettings: JsonMap | undefined, sentSecure: JsonMap | undefined): SettingsChange {
  const secureSettings: JsonMap = { ...stored.secureSettings };
  for (const [name, value] of Object.entries(sentSecure ?? {})) {
    if (value === null) delete secureSettings[name];
    else if (value !== '') secureSettings[name] = value;
  }
  return { settings: sentSettings ?? stored.settings, secureSettings };
}

/**
 * 400 with errors by field path when the settings break the collector's schema. Where a secret
 * belongs is checked for the secure settings sent now (`sentSecure`): ones stored before the
 * collector registered its schema are left alone until someone changes them.
 */
export function assertSettingsFit(schemaValue: unknown, change: SettingsChange, sentSecure: readonly string[] = Object.keys(change.secureSettings)): void {
  const schema = settingsSchemaOf(schemaValue);
  const properties = schema.properties ?? {};
  if (Object.keys(properties).length === 0) return;
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  for (const name of Object.keys(change.settings)) {
    const property = properties[name];
    if (property && isSecure(property)) add(`Settings.${name}`, 'is a secure setting: send it in SecureSettings');
  }
  for (const name of sentSecure) {
    const property = properties[name];
    if (!property || !isSecure(property)) add(`SecureSettings.${name}`, 'is not a secure setting of this collector');
  }
  const validate = validatorFor(schema);
  if (!validate({ ...change.settings, ...change.secureSettings })) {
    for (const error of validate.errors ?? []) {
      const missing: unknown = error.params.missingProperty;
      const name = typeof missing === 'string' ? missing : error.instancePath.split('/').filter(Boolean)[0] ?? '';
      const property = properties[name];
      add(`${property && isSecure(property) ? 'SecureSettings' : 'Settings'}.${name || '(root)'}`, error.message ?? 'is invalid');
    }
  }
  if (Object.keys(errors).length > 0) throw badRequest(`The settings do not fit the collector's schema: ${Object.keys(errors).join(', ')}`, errors);
}
