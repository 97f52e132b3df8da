import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectorRead } from '../../api/generated/historian.gen';
import { useGetCollectorTokenMutation } from '../../api/areas/collectors';
import { Modal } from '../../components/Modal/Modal';
import { useToasts } from '../../components/Toasts/useToasts';

interface TokenDialogProps {
  collector: CollectorRead;
  onClose: () => void;
}

/**
 * A new collector token: issuing one revokes the token the collector runs with, so the dialog
 * asks first. The token is shown in the dialog as well as copied, because the clipboard is out of
 * reach on plain-HTTP plant networks and a token lost there would leave the collector without one.
 */
export function TokenDialog({ collector, onClose }: TokenDialogProps) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const inputId = useId();
  const [issue, { isLoading }] = useGetCollectorTokenMutation();
  const [token, setToken] = useState<string | null>(null);

  const generate = async () => {
    const issued = await issue({ id: collector.UUID });
    if (!issued.error) setToken(issued.data.Token);
  };

  const copy = async () => {
    if (token === null) return;
    try {
      if (!navigator.clipboard) throw new Error('The clipboard is not available on this page (it needs HTTPS).');
      await navigator.clipboard.writeText(token);
      toasts.show('success', t('historian.success.copy_token'));
    } catch (error) {
      toasts.showError(t('historian.errors.copy_token'), error);
    }
  };

  return (
    <Modal
      open
      title={t('collectors.token.title', { name: collector.Name })}
      onCancel={onClose}
      onConfirm={token === null ? () => void generate() : undefined}
      confirmVariant="danger"
      busy={isLoading}
      labels={{ confirm: t('collectors.token.generate'), cancel: token === null ? t('general.cancel') : t('general.close') }}
    >
      {token === null ? (
        <p>{t('collectors.token.warning')}</p>
      ) : (
        <div className="collector-token">
          <label htmlFor={inputId}>{t('collectors.token.label')}</label>
          <input id={inputId} readOnly value={token} className="field-code" onFocus={(event) => event.currentTarget.select()} />
          <button type="button" className="primary" onClick={() => void copy()}>
            {t('collectors.token.copy')}
          </button>
          <p className="form-help">{t('collectors.token.once')}</p>
        </div>
      )}
    </Modal>
  );
}
