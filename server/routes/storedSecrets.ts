import { badRequest } from '../http/problem';

// ARCHITECTURE "Security model": a stored secret is only ever used with the host and user it was
// stored for. Forms never get secrets back and leave a secure field empty to keep the stored one,
// so without this rule anyone who may edit an item could point it at a host of their own, press
// "test" and receive the stored password. Shared by the time-series database and the
// authentication provider routes, for saving (PUT) and for testing an edited, stored item.

/** The problem's code and translation key when a stored secret must be typed in again. */
export const SECRET_REENTRY_CODE = 'form.errors.secret_reentry';

export interface SecretBinding {
  /** The settings that say where and to whom a stored secret goes: host, port, URL, user, TLS. */
  keys: readonly string[];
  /** False when settings like these send the secrets nowhere (e.g. the built-in store). */
  sendsSecrets?: (settings: Record<string, unknown>) => boolean;
}

export interface StoredItem {
  settings: Record<string, unknown>;
  secureSettings: Record<string, unknown>;
}

interface PropertyDefaults {
  [key: string]: { default?: unknown } | undefined;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** The value a setting takes effect with, as text, so that 5432 and "5432" (forms) compare equal. */
function effective(settings: Record<string, unknown>, key: string, properties: PropertyDefaults): string {
  const value = isEmpty(settings[key]) ? properties[key]?.default : settings[key];
  if (isEmpty(value)) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The stored secrets that may go with the new settings. Unchanged binding settings: all of them.
 * Changed ones: none; and each stored secret the new settings would use and that is not sent anew
 * (absent or empty; null removes it) is refused with 400, naming its field, before anything is
 * contacted.
 */
export function secretsKeptFor(
  binding: SecretBinding,
  properties: PropertyDefaults,
  stored: StoredItem,
  settings: Record<string, unknown>,
  sent: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const changed = binding.keys.filter((key) => effective(stored.settings, key, properties) !== effective(settings, key, properties));
  if (changed.length === 0) return stored.secureSettings;
  if (binding.sendsSecrets && !binding.sendsSecrets(settings)) return {};
  const errors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(stored.secureSettings)) {
    if (!isEmpty(value) && isEmpty(sent?.[key]) && sent?.[key] !== null) {
      errors[`SecureSettings.${key}`] = [`must be entered again, because ${changed.join(', ')} changed`];
    }
  }
  if (Object.keys(errors).length > 0) {
    throw badRequest(
      `A stored secret is only used where it was stored for: enter ${Object.keys(errors).join(', ')} again`,
      errors,
      SECRET_REENTRY_CODE,
    );
  }
  return {};
}
