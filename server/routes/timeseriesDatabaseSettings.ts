import type { ValidateFunction } from 'ajv';
import { ajv } from '../../domain/ajv';
import { fieldPathOf } from '../../domain/schemaValidation';
import { isSecure, toValidationSchema } from '../../domain/settingsSchema';
import { badRequest } from '../http/problem';
import { INFLUXDB_TIMESERIES_TYPE_UUID, POSTGRES_TIMESERIES_TYPE_UUID } from '../timeseries/registry';
import type { SettingsMap, TimeseriesDriver } from '../timeseries/types';
import { secretsKeptFor, type SecretBinding } from './storedSecrets';

// The settings of a time-series database against its type's SettingsSchema (SPEC §5): the
// editor validates the same way, but a call may come from anywhere. Secure properties live in
// SecureSettings only, so that a password never lands in Settings, which every reader gets back.

// One compiled validator per type: the schemas live in code, and ajv keeps every schema object it
// compiles, so compiling a fresh copy per request would grow its cache without end.
const validators = new Map<string, ValidateFunction>();

function validatorOf(driver: TimeseriesDriver): ValidateFunction {
  let validate = validators.get(driver.typeUuid);
  if (!validate) {
    validate = ajv.compile(toValidationSchema(driver.settingsSchema));
    validators.set(driver.typeUuid, validate);
  }
  return validate;
}

const isSecureKey = (driver: TimeseriesDriver, key: string) => {
  const property = driver.settingsSchema.properties?.[key];
  return property !== undefined && isSecure(property);
};

/** Empty text and null mean "not set", as the form leaves an optional field empty. */
export function presentSettings(values: SettingsMap | undefined): SettingsMap {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([, value]) => value !== '' && value !== null && value !== undefined));
}

/**
 * The secure settings after a change: a key sent with a value replaces the stored one, a key absent
 * (or sent empty) keeps it, null removes it. Stored keys the type does not declare secure (left
 * from another type) are dropped.
 */
export function mergeSecureSettings(driver: TimeseriesDriver, stored: SettingsMap, sent: SettingsMap | undefined): SettingsMap {
  const merged: SettingsMap = Object.fromEntries(Object.entries(stored).filter(([key]) => isSecureKey(driver, key)));
  for (const [key, value] of Object.entries(sent ?? {})) {
    if (value === null) delete merged[key];
    else if (value !== '' && value !== undefined) merged[key] = value;
  }
  return merged;
}

/** 400 with errors by field path (`Settings.host`, `SecureSettings.password`) when the settings break the schema. */
export function assertSettingsFit(driver: TimeseriesDriver, settings: SettingsMap, secureSettings: SettingsMap): void {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  for (const key of Object.keys(settings)) {
    if (isSecureKey(driver, key)) add(`Settings.${key}`, 'is a secure setting: send it in SecureSettings');
  }
  for (const key of Object.keys(secureSettings)) {
    if (!isSecureKey(driver, key)) add(`SecureSettings.${key}`, `is not a secure setting of ${driver.typeName}`);
  }
  const validate = validatorOf(driver);
  if (!validate({ ...settings, ...secureSettings })) {
    for (const error of validate.errors ?? []) {
      const [key = '(root)', ...rest] = fieldPathOf(error).split('.');
      add([isSecureKey(driver, key) ? 'SecureSettings' : 'Settings', key, ...rest].join('.'), error.message ?? 'is invalid');
    }
  }
  if (Object.keys(errors).length > 0) throw badRequest(`The settings do not match the type ${driver.typeName}: ${Object.keys(errors).join(', ')}`, errors);
}

/**
 * Where each type sends its password. The database name is not among them: it is chosen on the
 * same server, by the same user. The TLS mode is: without it the password may cross in clear.
 */
const SECRET_BINDINGS: Record<string, SecretBinding> = {
  [POSTGRES_TIMESERIES_TYPE_UUID]: { keys: ['mode', 'host', 'port', 'user', 'sslmode'], sendsSecrets: (settings) => settings.mode === 'external' },
  [INFLUXDB_TIMESERIES_TYPE_UUID]: { keys: ['url', 'user'] },
};

/**
 * The stored secrets (of the same type) that the new settings may use; 400 on SecureSettings.<key>
 * when the host or user changed and a stored secret was not sent again. A type without a binding
 * here binds its secrets to every setting it has.
 */
export function keptSecrets(driver: TimeseriesDriver, stored: { settings: SettingsMap; secureSettings: SettingsMap }, settings: SettingsMap, sent: SettingsMap | undefined): SettingsMap {
  const properties = driver.settingsSchema.properties ?? {};
  const binding = SECRET_BINDINGS[driver.typeUuid] ?? { keys: Object.keys(properties).filter((key) => !isSecureKey(driver, key)) };
  return secretsKeptFor(binding, properties, stored, settings, sent);
}
