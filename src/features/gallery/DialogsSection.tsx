import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { httpError } from '../../api/transport/errors';
import { Modal } from '../../components/Modal/Modal';
import { useToasts } from '../../components/Toasts/useToasts';
import type { ToastType } from '../../state/toasts';

const TYPES: readonly ToastType[] = ['warning', 'info', 'success', 'danger', 'primary', 'default'];

/** The modal dialog in its two modes, and every toast type with the error details. */
export function DialogsSection() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const [open, setOpen] = useState<'normal' | 'locked' | null>(null);
  const close = () => setOpen(null);

  const showError = () => {
    // A made-up failed request, with secrets in its body to show that they are redacted.
    const request = { method: 'PUT', url: '/api/timeseries-databases/demo?token=not-shown', body: { Name: 'Influx', SecureSettings: { token: 'not-shown' } } };
    const failure = { ...httpError(502, 'Bad Gateway', null, request), stack: new Error(t('gallery.error_message')).stack };
    toasts.showError(t('gallery.error_message'), failure);
  };

  return (
    <section className="gallery-section" aria-labelledby="gallery-dialogs">
      <h2 id="gallery-dialogs">{t('gallery.dialogs')}</h2>
      <div className="gallery-row">
        <button type="button" onClick={() => setOpen('normal')}>
          {t('gallery.open_dialog')}
        </button>
        <button type="button" onClick={() => setOpen('locked')}>
          {t('gallery.open_locked_dialog')}
        </button>
      </div>
      <Modal open={open === 'normal'} title={t('gallery.dialog_title')} onCancel={close} onEdit={close} onConfirm={close} onSave={close}>
        <p>{t('gallery.dialog_body')}</p>
      </Modal>
      <Modal open={open === 'locked'} title={t('gallery.locked_title')} cancellable={false} onSave={close}>
        <p>{t('gallery.locked_body')}</p>
      </Modal>

      <h3>{t('gallery.toasts')}</h3>
      <div className="gallery-row">
        {TYPES.map((type) => (
          <button key={type} type="button" onClick={() => toasts.show(type, t('gallery.toast_message', { type }))}>
            {t('gallery.show_toast', { type })}
          </button>
        ))}
        <button type="button" onClick={showError}>
          {t('gallery.show_error')}
        </button>
      </div>
    </section>
  );
}
