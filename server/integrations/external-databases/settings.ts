import { declaredSecureSettings, mergeSecureSettings, presentSettings, validateSettings, type SettingsErrors } from '../../../domain/settingsModule';
import { badRequest, conflict } from '../../http/problem';
import { secretsKeptFor } from '../../routes/storedSecrets';
import { parseOptions } from './drivers/common';
import { SqliteFileError, sqliteFilePath } from './drivers/sqlite';
import type { ExternalDatabaseConnection, ExternalDatabaseKind } from './drivers/types';
import { DRIVER_PACKAGES, OPTION_KEYS, SECRET_BINDING_KEYS, settingsSchemaOf } from './kinds';

// The settings of an external database, checked on every save and every test (a call may come
// from anywhere): the kind's SettingsSchema through domain/settingsModule.ts, the Options keys the
// kind knows, a SQLite file inside the allowed folder, and the stored-secret rule of
// routes/storedSecrets.ts (a stored password goes only to the host, port, database and user, or
// the file, it was stored for).

export type SettingsMap = Record<string, unknown>;

export interface StoredDatabase {
  kind: ExternalDatabaseKind;
  settings: SettingsMap;
  secureSettings: SettingsMap;
}

export const DRIVER_UNAVAILABLE_CODE = 'external_databases.errors.driver_unavailable';
export const SETTINGS_CODE = 'external_databases.errors.settings';
export const FILE_OUTSIDE_CODE = 'external_databases.errors.file_outside';

/** 409 for oracle, hdb and ase: this server has no driver for them. */
export function requireAvailable(kind: ExternalDatabaseKind): void {
  if (DRIVER_PACKAGES[kind] === undefined) throw conflict(`This server has no driver for ${kind} databases`, DRIVER_UNAVAILABLE_CODE);
}

function assertNoErrors(errors: SettingsErrors, detail: string): void {
  const fields = Object.keys(errors);
  if (fields.length === 0) return;
  const messages = Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map((error) => error.message)]));
  throw badRequest(`${detail}: ${fields.join(', ')}`, messages, SETTINGS_CODE);
}

/**
 * The settings and secure settings a save or a test goes on with: Settings without empty values,
 * the stored secrets the rule lets through (none of another kind) merged with those sent.
 * Throws 400 (settings, the SQLite file, secret_reentry) and 409 (no driver).
 */
export async function checkedSettings(
  kind: ExternalDatabaseKind,
  sentSettings: SettingsMap | undefined,
  sentSecure: SettingsMap | undefined,
  stored: StoredDatabase | undefined,
  sqliteRoot: string,
): Promise<{ settings: SettingsMap; secureSettings: SettingsMap }> {
  requireAvailable(kind);
  const schema = settingsSchemaOf(kind);
  const settings = presentSettings(sentSettings);
  const sentKeys = Object.entries(sentSecure ?? {})
    .filter(([, value]) => value !== null && value !== '')
    .map(([key]) => key);
  const errors = validateSettings(schema, { Settings: settings, SecureSettings: presentSettings(sentSecure) }, { refuseUnknown: true, sentSecure: sentKeys, secureOptional: true });
  assertNoErrors(errors, `The settings do not match the kind ${kind}`);
  if (kind !== 'sqlite') {
    try {
      const unknown = Object.keys(parseOptions(settings.Options)).filter((key) => !OPTION_KEYS[kind].includes(key));
      if (unknown.length > 0) throw new Error(`unknown options ${unknown.join(', ')}; known: ${OPTION_KEYS[kind].join(', ')}`);
    } catch (error) {
      throw badRequest('The options are not valid', { 'Settings.Options': [error instanceof Error ? error.message : String(error)] }, SETTINGS_CODE);
    }
  } else {
    try {
      await sqliteFilePath(sqliteRoot, settings.File);
    } catch (error) {
      if (!(error instanceof SqliteFileError)) throw error;
      throw badRequest(error.message, { 'Settings.File': [error.message] }, FILE_OUTSIDE_CODE);
    }
  }
  const properties = schema.properties ?? {};
  const kept = stored && stored.kind === kind ? secretsKeptFor({ keys: SECRET_BINDING_KEYS }, properties, stored, settings, sentSecure) : {};
  return { settings, secureSettings: mergeSecureSettings(declaredSecureSettings(schema, kept), sentSecure) };
}

/** The connection a test runs with (not stored). */
export const unsavedConnection = (kind: ExternalDatabaseKind, checked: { settings: SettingsMap; secureSettings: SettingsMap }, uuid?: string): ExternalDatabaseConnection => ({
  uuid: uuid ?? '00000000-0000-0000-0000-000000000000',
  kind,
  settings: checked.settings,
  secureSettings: checked.secureSettings,
});
