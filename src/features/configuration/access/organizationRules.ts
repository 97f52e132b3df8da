import type { TFunction } from 'i18next';
import { isPostgresUserName, MIN_POSTGRES_PASSWORD_LENGTH } from '../../../../domain/credentialRules';
import { text } from './pageHelpers';

// SPEC §5 organization rules as the form checks them before it sends anything (the server checks
// the same): name required; PostgresUser required on create; password and confirmation required
// on create and equal; on edit a password is optional (it changes the role's password), and the
// root organization has no Postgres fields at all. The role name and password length are the
// server's rules beyond the contract (domain/credentialRules).

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
    const user = text(values.PostgresUser).trim();
    if (user === '') errors.PostgresUser = [t('general.required')];
    else if (!isPostgresUserName(user)) errors.PostgresUser = [t('organizations.errors.postgres_user')];
    if (password === '') errors.PostgresPassword = [t('general.required')];
  }
  if (password !== '' && password.length < MIN_POSTGRES_PASSWORD_LENGTH) errors.PostgresPassword = [t('form.errors.min_length', { count: MIN_POSTGRES_PASSWORD_LENGTH })];
  if (password !== confirm) errors.PostgresPasswordConfirm = [t('general.passwords_must_be_equal')];
  return errors;
}
