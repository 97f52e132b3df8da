import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateUserPasswordMutation } from '../../../api/areas/access';
import { Form } from '../../../components/form/Form';
import { TextField } from '../../../components/form/TextFields';
import { Modal } from '../../../components/Modal/Modal';
import { text } from './pageHelpers';

const FORM_ID = 'set-password-form';

/** PATCH /users/{id}/password (root level): SPEC §5 change-password rules, both fields equal. */
export function SetPasswordDialog({ open, userUuid, onClose }: { open: boolean; userUuid: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [setPassword, { isLoading }] = useUpdateUserPasswordMutation();
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const submit = async (values: Record<string, unknown>) => {
    const found: Record<string, string[]> = {};
    if (text(values.Password) === '') found.Password = [t('general.required')];
    if (text(values.Password) !== text(values.PasswordConfirmation)) found.PasswordConfirmation = [t('users.errors.passwords_not_equal')];
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const result = await setPassword({ id: userUuid, passwordChange: { Password: text(values.Password) } });
    if (!result.error) onClose();
  };

  return (
    <Modal open={open} title={t('users.set_password')} onCancel={onClose} saveFormId={FORM_ID} busy={isLoading}>
      <Form id={FORM_ID} errors={errors} onSubmit={(values) => void submit(values)}>
        <TextField name="Password" type="password" label={t('users.password')} required autoComplete="new-password" />
        <TextField name="PasswordConfirmation" type="password" label={t('users.password_confirm')} required autoComplete="new-password" />
      </Form>
    </Modal>
  );
}
