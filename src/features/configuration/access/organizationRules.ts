import type { TFunction } from 'i18next';
import { text } from './pageHelpers';

// SPEC §5 organization rules as the form checks them before it sends anything (the server checks
// the same): name required; PostgresUser required on create; password and confirmation required
// on create and equal; on edit a password is optional (it changes the role's password), and the
// root organization has no Postgres fields at all.

export interface OrganizationFormMode {
  creating: boolean;
  isRoot: boolean;
}

export function organizationErrors(values: Record<string, unknown>, mode: OrganizationFormMode, t: TFunction): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (text(values.Name).trim() === '') errors.Name = [t('general.required')];
  if (mode.isRoot) return errors;
  const password = text(values.PostgresPassword);
  const confirm = text(values.PostgresPasswordConfirm);
  if (mode.creating) {
    if (text(values.PostgresUser).trim() === '') errors.PostgresUser = [t('general.required')];
    if (password === '') errors.PostgresPassword = [t('general.required')];
  }
  if (password !== confirm) errors.PostgresPasswordConfirm = [t('general.passwords_must_be_equal')];
  return errors;
}
