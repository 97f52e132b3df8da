import { isDurationText } from './duration';
import { SETTING_NAMES, type SettingName } from './settingNames';

// The known settings of SPEC §3 and the value rules of SPEC §5, shared by the API settings page
// and the server, so that both accept exactly the same values. Messages are translation keys.

const KNOWN: readonly string[] = Object.values(SETTING_NAMES);

export const isKnownSettingName = (name: string): name is SettingName => KNOWN.includes(name);

/**
 * Settings of the installation as a whole; they live in the root organization. The session
 * duration is read there by the sign-in code, so a copy in another organization would be ignored.
 */
export const isSystemSetting = (name: string): boolean => isKnownSettingName(name);

/** A change to one of these takes effect only after a restart (SPEC §8). */
export const RESTART_REQUIRED_SETTINGS: readonly SettingName[] = [SETTING_NAMES.sessionInactiveDuration, SETTING_NAMES.baseUrl];

export const SETTING_ERRORS = {
  required: 'settings.errors.required',
  duration: 'settings.errors.duration',
  port: 'settings.errors.port',
  url: 'settings.errors.url',
  boolean: 'settings.errors.boolean',
  unknown: 'settings.errors.unknown',
  licenseToken: 'settings.errors.license_token',
  rootOnly: 'settings.errors.root_only',
  rename: 'settings.errors.rename',
  move: 'settings.errors.move',
  retentionDays: 'settings.errors.retention_days',
} as const;

const MAX_PORT = 65535;
const BOOLEAN_TEXTS = ['true', 'false'];

/** The base URL is the address users open and external sign-in returns to: an absolute http(s) URL. */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The value as stored: the texts of SPEC §5 are trimmed. */
export const normalizeSettingValue = (value: string): string => value.trim();

/** The error key for a value of a known setting, or null when it is acceptable. */
export function settingValueError(name: string, rawValue: string): string | null {
  const value = normalizeSettingValue(rawValue);
  switch (name) {
    case SETTING_NAMES.grpcPort:
    case SETTING_NAMES.restPort: {
      if (value === '') return SETTING_ERRORS.required;
      const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
      return port >= 1 && port <= MAX_PORT ? null : SETTING_ERRORS.port;
    }
    case SETTING_NAMES.apiUrl:
      return value === '' ? SETTING_ERRORS.required : null;
    case SETTING_NAMES.baseUrl:
      if (value === '') return SETTING_ERRORS.required;
      return isHttpUrl(value) ? null : SETTING_ERRORS.url;
    case SETTING_NAMES.sessionInactiveDuration:
      if (value === '') return SETTING_ERRORS.required;
      return isDurationText(value) ? null : SETTING_ERRORS.duration;
    case SETTING_NAMES.setupDone:
    case SETTING_NAMES.trialMode:
      return BOOLEAN_TEXTS.includes(value) ? null : SETTING_ERRORS.boolean;
    case SETTING_NAMES.auditRetentionDays:
      // 0 keeps everything; else at least a day, at most about 100 years.
      return /^\d{1,5}$/.test(value) ? null : SETTING_ERRORS.retentionDays;
    case SETTING_NAMES.licenseToken:
      // Only POST /license may store a licence: it verifies the signature first.
      return SETTING_ERRORS.licenseToken;
    default:
      return SETTING_ERRORS.unknown;
  }
}

/** SPEC §8: saving a changed session duration or base URL shows the restart warning instead. */
export function restartRequired(before: Readonly<Record<string, string | undefined>>, after: Readonly<Record<string, string>>): boolean {
  return RESTART_REQUIRED_SETTINGS.some(
    (name) => name in after && normalizeSettingValue(after[name]) !== normalizeSettingValue(before[name] ?? ''),
  );
}
