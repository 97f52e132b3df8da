import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateCurrentUserPasswordMutation } from '../../api/areas/session';
import { fieldMessageOf, type FieldMessage } from '../../api/fieldErrors';
import { isProblemError } from '../../api/transport/errors';
import { PASSWORD_RULE_VALUES, validatePasswordChange, type PasswordChangeErrors, type PasswordChangeInput } from '../../lib/passwordRules';
import { TextField } from '../form/TextFields';
import '../form/form.css';

// The current user's password change (PATCH /current-user/password), used by the forced change at
// sign-in (inside a modal whose Save button submits this form by id) and by the profile page.

type ServerError = { field: 'Password'; text: string } | { field: 'form'; text: string } | null;

export interface ChangePasswordFormProps {
  /** The form's id, so that a dialog's Save button can submit it. */
  id: string;
  onChanged: () => void;
  /** Renders a submit button inside the form (the profile page); a dialog brings its own. */
  submitLabel?: string;
  onBusyChange?: (busy: boolean) => void;
}

const EMPTY: PasswordChangeInput = { Password: '', PasswordConfirmation: '' };

export function ChangePasswordForm({ id, onChanged, submitLabel, onBusyChange }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const [updatePassword, { isLoading }] = useUpdateCurrentUserPasswordMutation();
  const [values, setValues] = useState<PasswordChangeInput>(EMPTY);
  const [errors, setErrors] = useState<PasswordChangeErrors>({});
  const [serverError, setServerError] = useState<ServerError>(null);

  const change = (name: keyof PasswordChangeInput, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
    setServerError(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validatePasswordChange(values);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    onBusyChange?.(true);
    try {
      await updatePassword({ passwordChange: { Password: values.Password } }).unwrap();
      setValues(EMPTY);
      onChanged();
    } catch (failure) {
      const text = (message: FieldMessage) => ('text' in message ? message.text : t(message.messageKey, message.values));
      setServerError(serverErrorOf(failure, text, t('users.errors.update_password')));
    } finally {
      onBusyChange?.(false);
    }
  };

  const passwordError = errors.Password ? t(errors.Password, PASSWORD_RULE_VALUES) : serverError?.field === 'Password' ? serverError.text : undefined;
  return (
    <form id={id} className="form-layout" noValidate onSubmit={onSubmit}>
      <TextField
        name="Password"
        type="password"
        label={t('users.change_password.password')}
        autoComplete="new-password"
        required
        value={values.Password}
        error={passwordError}
        onChange={(event) => change('Password', event.target.value)}
      />
      <TextField
        name="PasswordConfirmation"
        type="password"
        label={t('users.change_password.confirmation')}
        autoComplete="new-password"
        required
        value={values.PasswordConfirmation}
        error={errors.PasswordConfirmation ? t(errors.PasswordConfirmation) : undefined}
        onChange={(event) => change('PasswordConfirmation', event.target.value)}
      />
      {serverError?.field === 'form' && (
        <p role="alert" className="form-error">
          {serverError.text}
        </p>
      )}
      {submitLabel && (
        <div className="form-actions form-actions-split">
          <div className="form-actions-end">
            <button type="submit" className="primary" disabled={isLoading}>
              {submitLabel}
            </button>
          </div>
        </div>
      )}
    </form>
  );
}

/**
 * The server checks the default password and the minimum length too: its field messages are shown on the password field, translated like every form's (never the
 * server's English sentence). Anything else is a failed update.
 */
function serverErrorOf(failure: unknown, text: (message: FieldMessage) => string, updateFailedText: string): ServerError {
  if (!isProblemError(failure)) return { field: 'form', text: updateFailedText };
  if (failure.body.code === 'users.errors.default_password') return { field: 'Password', text: text({ messageKey: 'users.errors.default_password' }) };
  const passwordMessages = failure.body.errors?.Password;
  if (failure.code === 400 && Array.isArray(passwordMessages)) {
    const messages = passwordMessages.filter((message): message is string => typeof message === 'string');
    return { field: 'Password', text: messages.map((message) => text(fieldMessageOf(message))).join(' ') };
  }
  return { field: 'form', text: updateFailedText };
}
