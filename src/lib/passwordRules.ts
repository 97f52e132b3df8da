import { DEFAULT_PASSWORD } from '../../domain/constants';

// SPEC §5 "Change password", shared by the forced change at sign-in and the profile page.

export type PasswordChangeErrorKey = 'general.required' | 'users.errors.passwords_not_equal' | 'users.errors.default_password';

export interface PasswordChangeInput {
  Password: string;
  PasswordConfirmation: string;
}

export type PasswordChangeErrors = Partial<Record<keyof PasswordChangeInput, PasswordChangeErrorKey>>;

/**
 * Both fields are required and must be equal; the new password must not be the default literal.
 * The server adds a minimum length of its own, which the form shows as the server words it.
 */
export function validatePasswordChange({ Password, PasswordConfirmation }: PasswordChangeInput): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (Password === '') errors.Password = 'general.required';
  if (PasswordConfirmation === '') errors.PasswordConfirmation = 'general.required';
  if (Password !== '' && PasswordConfirmation !== '' && Password !== PasswordConfirmation) {
    errors.PasswordConfirmation = 'users.errors.passwords_not_equal';
  }
  if (Password === DEFAULT_PASSWORD) errors.Password = 'users.errors.default_password';
  return errors;
}
