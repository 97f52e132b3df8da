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
  const formId = useId();
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onCancel();
  };
  return (
    <Modal
      open={name !== null}
      title={t('manual_entry.view.reason_title')}
      onCancel={close}
      saveFormId={formId}
      saveDisabled={!reason.trim()}
      labels={{ save: t('manual_entry.view.reason_send') }}
      width="440px"
    >
      <form
        id={formId}
        className="me-reason"
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) return;
          setReason('');
          onGive(reason.trim());
        }}
      >
        <p>{t('manual_entry.view.reason_text', { name })}</p>
        <ReasonBox reason={reason} onChange={setReason} />
      </form>
    </Modal>
  );
}

function ReasonBox({ reason, onChange }: { reason: string; onChange: (reason: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{t('manual_entry.view.reason')}</label>
      {/* The dialog opens to be answered: the reason box takes the focus. */}
      <textarea id={id} rows={3} required value={reason} onChange={(event) => onChange(event.target.value)} autoFocus />
    </>
  );
}
