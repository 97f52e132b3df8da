import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/Modal/Modal';
import { ChangePasswordForm } from '../../components/password/ChangePasswordForm';

const FORM_ID = 'forced-password-change';

/**
 * SPEC §2: a local user who signed in with the default password changes it before going on, in a
 * dialog that cannot be cancelled (no Cancel, no close button, Escape and outside clicks ignored).
 */
export function ForcedPasswordChange({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Modal open cancellable={false} title={t('users.change_password.title')} saveFormId={FORM_ID} busy={busy}>
      <p>{t('users.change_password.forced_intro')}</p>
      <ChangePasswordForm id={FORM_ID} onChanged={onChanged} onBusyChange={setBusy} />
    </Modal>
  );
}
