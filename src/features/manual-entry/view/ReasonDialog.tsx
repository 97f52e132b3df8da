import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal/Modal';

interface ReasonDialogProps {
  /** What is replaced: the column's name. */
  name: string | null;
  onGive: (reason: string) => void;
  onCancel: () => void;
}

/** A value that replaces another needs a reason (rulebook "Reason"); the audit trail keeps it. */
export function ReasonDialog({ name, onGive, onCancel }: ReasonDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={name !== null} title={t('manual_entry.view.reason_title')} onCancel={onCancel} labels={{ confirm: t('manual_entry.view.reason_send') }} width="440px">
      {name !== null && <ReasonForm name={name} onGive={onGive} />}
    </Modal>
  );
}

function ReasonForm({ name, onGive }: { name: string; onGive: (reason: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <form
      className="me-reason"
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim()) onGive(reason.trim());
      }}
    >
      <p>{t('manual_entry.view.reason_text', { name })}</p>
      <label htmlFor={id}>{t('manual_entry.view.reason')}</label>
      {/* The dialog opens to be answered: the reason box takes the focus. */}
      <textarea id={id} rows={3} required value={reason} onChange={(event) => setReason(event.target.value)} autoFocus />
      <div className="me-reason-actions">
        <button type="submit" className="primary" disabled={!reason.trim()}>
          {t('manual_entry.view.reason_send')}
        </button>
      </div>
    </form>
  );
}
