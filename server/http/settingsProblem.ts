import type { SettingsErrors } from '../../domain/settingsModule';
import { badRequest } from './problem';

/** 400 problem+json with the errors of domain/settingsModule's validateSettings, by field path. */
export function assertNoSettingsErrors(errors: SettingsErrors, detail: string): void {
  const fields = Object.keys(errors);
  if (fields.length === 0) return;
  throw badRequest(`${detail}: ${fields.join(', ')}`, Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map((error) => error.message)])));
}
