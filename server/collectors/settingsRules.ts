import { mergeSecureSettings, validateSettings } from '../../domain/settingsModule';
import type { SettingsSchema, SettingsSchemaProperty } from '../../domain/settingsSchema';
import { assertNoSettingsErrors } from '../http/settingsProblem';
import type { JsonMap } from '../repositories/collectors';

// Settings of a collector against the SettingsSchema it registered (SPEC §3), through the one
// settings module (domain/settingsModule.ts) that the console's form validates with too: a PUT may
// come from anywhere. Secure properties live in SecureSettings only, so a secret never lands in
// Settings, which browsers read back.

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

export interface SettingsChange {
  settings: JsonMap;
  secureSettings: JsonMap;
}

/**
 * The settings after a change: Settings replace the stored ones when sent; SecureSettings follow
 * the secure-value rule (absent keeps, null clears, a value replaces).
 */
export function mergeSettings(stored: SettingsChange, sentSettings: JsonMap | undefined, sentSecure: JsonMap | undefined): SettingsChange {
  return { settings: sentSettings ?? stored.settings, secureSettings: mergeSecureSettings(stored.secureSettings, sentSecure) };
}

/**
 * 400 with errors by field path when the settings break the collector's schema. Where a secret
 * belongs is checked for the secure settings sent now (`sentSecure`): ones stored before the
 * collector registered its schema are left alone until someone changes them.
 */
export function assertSettingsFit(schemaValue: unknown, change: SettingsChange, sentSecure: readonly string[] = Object.keys(change.secureSettings)): void {
  const schema = settingsSchemaOf(schemaValue);
  if (Object.keys(schema.properties ?? {}).length === 0) return;
  const errors = validateSettings(schema, { Settings: change.settings, SecureSettings: change.secureSettings }, { sentSecure });
  assertNoSettingsErrors(errors, "The settings do not fit the collector's schema");
}
