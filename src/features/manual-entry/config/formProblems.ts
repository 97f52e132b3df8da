import type { TFunction } from 'i18next';
import { fieldMessageOf } from '../../../api/fieldErrors';
import { isProblemError } from '../../../api/transport/errors';

/** What a refused save says: messages on the fields they name, and one line for the rest. */
export interface SaveProblems {
  fields: Record<string, string[]>;
  general: string | null;
}

export const NO_PROBLEMS: SaveProblems = { fields: {}, general: null };

const paramsOf = (value: unknown): Record<string, string> =>
  typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : {};

/**
 * The server's problem+json in the user's language. The manual entry rules send translation keys
 * (manual_entry.errors.*, access.errors.*) as codes and field messages; the shared rules' phrases
 * go through the same mapping every form uses (src/api/fieldErrors.ts).
 */
export function saveProblemsOf(error: unknown, t: TFunction, exists: (key: string) => boolean): SaveProblems {
  if (!isProblemError(error)) return NO_PROBLEMS;
  const { body } = error;
  const params = paramsOf(body.params);
  const say = (message: string): string => {
    if (exists(message)) return t(message, params);
    const mapped = fieldMessageOf(message);
    return 'text' in mapped ? mapped.text : t(mapped.messageKey, mapped.values);
  };
  const fields: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(body.errors ?? {})) {
    if (!Array.isArray(messages)) continue;
    // The HTTP layer's schema errors index arrays with dots (Config.Groups.2.Name); the rulebook's with brackets.
    fields[path.replace(/\.(\d+)(?=\.|$)/g, '[$1]')] = messages.filter((message): message is string => typeof message === 'string').map(say);
  }
  const code = typeof body.code === 'string' ? body.code : '';
  if (Object.keys(fields).length > 0) return { fields, general: null };
  const detail = typeof body.detail === 'string' ? body.detail : error.message;
  return { fields, general: code !== '' && exists(code) ? t(code, params) : detail };
}

/** Messages of the field and of every path under it (a row's problems show on the row). */
export function messagesUnder(fields: Record<string, string[]>, prefix: string): string[] {
  return Object.entries(fields).flatMap(([path, messages]) => (path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`) ? messages : []));
}
