import { declaredSecureSettings, isSecureSetting, mergeSecureSettings as mergeSecure, presentSettings as present, validateSettings } from '../../domain/settingsModule';
import { assertNoSettingsErrors } from '../http/settingsProblem';
import { INFLUXDB_TIMESERIES_TYPE_UUID, POSTGRES_TIMESERIES_TYPE_UUID } from '../timeseries/registry';
import type { SettingsMap, TimeseriesDriver } from '../timeseries/types';
import { secretsKeptFor, type SecretBinding } from './storedSecrets';

// The settings of a time-series database against its type's SettingsSchema (SPEC §5), through the
// one settings module (domain/settingsModule.ts) that the editor validates with too: a call may
// come from anywhere. Secure properties live in SecureSettings only, so that a password never
// lands in Settings, which every reader gets back.

/** Empty text and null mean "not set", as the form leaves an optional field empty. */
export const presentSettings = (values: SettingsMap | undefined): SettingsMap => present(values);

/**
 * The secure settings after a change, by the secure-value rule (absent or empty keeps, null
 * removes, a value replaces). Stored keys the type does not declare secure (left from another
 * type) are dropped.
 */
export function mergeSecureSettings(driver: TimeseriesDriver, stored: SettingsMap, sent: SettingsMap | undefined): SettingsMap {
  return mergeSecure(declaredSecureSettings(driver.settingsSchema, stored), sent);
}

/** 400 with errors by field path (`Settings.host`, `SecureSettings.password`) when the settings break the schema. */
export function assertSettingsFit(driver: TimeseriesDriver, settings: SettingsMap, secureSettings: SettingsMap): void {
  const errors = validateSettings(driver.settingsSchema, { Settings: settings, SecureSettings: secureSettings });
  assertNoSettingsErrors(errors, `The settings do not match the type ${driver.typeName}`);
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
  const binding = SECRET_BINDINGS[driver.typeUuid] ?? { keys: Object.keys(properties).filter((key) => !isSecureSetting(driver.settingsSchema, key)) };
  return secretsKeptFor(binding, properties, stored, settings, sent);
}
