import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateUserPasswordMutation } from '../../../api/areas/access';
import { contractChecks } from '../../../components/form/contractChecks';
import { Form } from '../../../components/form/Form';
import { TextField } from '../../../components/form/TextFields';
import { useFormErrors } from '../../../components/form/useFormErrors';
import { Modal } from '../../../components/Modal/Modal';
import { MIN_PASSWORD_LENGTH } from '../../../../domain/credentialRules';
import { text } from './pageHelpers';

const FORM_ID = 'set-password-form';
const checkPassword = contractChecks('PasswordChange');

/** PATCH /users/{id}/password (root level): SPEC §5 change-password rules, both fields equal. */
export function SetPasswordDialog({ open, userUuid, onClose }: { open: boolean; userUuid: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [setPassword, { isLoading }] = useUpdateUserPasswordMutation();
  const formErrors = useFormErrors();
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  // The server's minimum length (domain/credentialRules) and the confirmation, beyond the contract.
  const checks = (values: Record<string, unknown>) => {
    const password = text(values.Password);
    const found: Record<string, string[]> = {};
    if (password !== '' && password.length < MIN_PASSWORD_LENGTH) found.Password = [t('form.errors.min_length', { count: MIN_PASSWORD_LENGTH })];
    if (text(values.PasswordConfirmation) !== '' && password !== text(values.PasswordConfirmation)) found.PasswordConfirmation = [t('users.errors.passwords_not_equal')];
    return found;
  };

  const submit = async (values: Record<string, unknown>) => {
    setErrors({});
    const result = await setPassword({ id: userUuid, passwordChange: { Password: text(values.Password) } });
    if (result.error) setErrors(formErrors(result.error, ['Password']));
    else onClose();
  };

  return (
    <Modal open={open} title={t('users.set_password')} onCancel={onClose} saveFormId={FORM_ID} busy={isLoading}>
      <Form id={FORM_ID} errors={errors} validate={checkPassword} checks={checks} onSubmit={(values) => void submit(values)}>
        <TextField name="Password" type="password" label={t('users.password')} help={t('users.password_help')} required autoComplete="new-password" />
        <TextField name="PasswordConfirmation" type="password" label={t('users.password_confirm')} required autoComplete="new-password" />
      </Form>
    </Modal>
  );
}
