import { isProblemError } from '../api/transport/errors';

// A stored secret goes only to the host and user it was stored for (ARCHITECTURE "Security
// model"): when a change of host, URL or user comes without the secret, the server answers 400
// with this code and names the secure fields to fill in again. Its English reason gives way to the
// translated text on those fields.

export const SECRET_REENTRY_CODE = 'form.errors.secret_reentry';

const SECURE_FIELD_PREFIX = 'SecureSettings.';

/** The form's server errors, with the translated re-entry text on each secure field the server names. */
export function withSecretReentryText(fieldErrors: Record<string, string[]>, error: unknown, text: string): Record<string, string[]> {
  if (!isProblemError(error) || error.body.code !== SECRET_REENTRY_CODE) return fieldErrors;
  const named = Object.keys(error.body.errors ?? {}).filter((path) => path.startsWith(SECURE_FIELD_PREFIX));
  return { ...fieldErrors, ...Object.fromEntries(named.map((path) => [path, [text]])) };
}
