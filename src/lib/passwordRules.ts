import { DEFAULT_PASSWORD } from '../../domain/constants';
import { MIN_PASSWORD_LENGTH } from '../../domain/credentialRules';

// SPEC §5 "Change password", shared by the forced change at sign-in and the profile page.

export type PasswordChangeErrorKey = 'general.required' | 'form.errors.min_length' | 'users.errors.passwords_not_equal' | 'users.errors.default_password';

/** The values a key's message takes (the minimum length's count). */
export const PASSWORD_RULE_VALUES = { count: MIN_PASSWORD_LENGTH };

export interface PasswordChangeInput {
  Password: string;
  PasswordConfirmation: string;
}

export type PasswordChangeErrors = Partial<Record<keyof PasswordChangeInput, PasswordChangeErrorKey>>;

/**
 * Both fields are required and must be equal; the new password must not be the default literal
 * and has the server's minimum length (domain/credentialRules).
 */
export function validatePasswordChange({ Password, PasswordConfirmation }: PasswordChangeInput): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (Password === '') errors.Password = 'general.required';
  else if (Password.length < MIN_PASSWORD_LENGTH) errors.Password = 'form.errors.min_length';
  if (PasswordConfirmation === '') errors.PasswordConfirmation = 'general.required';
  if (Password !== '' && PasswordConfirmation !== '' && Password !== PasswordConfirmation) {
    errors.PasswordConfirmation = 'users.errors.passwords_not_equal';
  }
  if (Password === DEFAULT_PASSWORD) errors.Password = 'users.errors.default_password';
  return errors;
}
