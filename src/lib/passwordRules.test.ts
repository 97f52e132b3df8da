import { DEFAULT_PASSWORD } from '../../domain/constants';
import { validatePasswordChange } from './passwordRules';

describe('change password (SPEC §5)', () => {
  it('Password and PasswordConfirmation are required', () => {
    expect(validatePasswordChange({ Password: '', PasswordConfirmation: '' })).toEqual({
      Password: 'general.required',
      PasswordConfirmation: 'general.required',
    });
  });

  it('passwords that do not match give users.errors.passwords_not_equal', () => {
    expect(validatePasswordChange({ Password: 'a-long-secret', PasswordConfirmation: 'another-secret' })).toEqual({
      PasswordConfirmation: 'users.errors.passwords_not_equal',
    });
  });

  it('the default password literal gives users.errors.default_password', () => {
    expect(validatePasswordChange({ Password: DEFAULT_PASSWORD, PasswordConfirmation: DEFAULT_PASSWORD })).toEqual({
      Password: 'users.errors.default_password',
    });
  });

  it('a password shorter than the server’s minimum gives form.errors.min_length', () => {
    expect(validatePasswordChange({ Password: 'short', PasswordConfirmation: 'short' })).toEqual({ Password: 'form.errors.min_length' });
  });

  it('two equal passwords other than the default pass', () => {
    expect(validatePasswordChange({ Password: 'a-long-secret', PasswordConfirmation: 'a-long-secret' })).toEqual({});
  });
});
