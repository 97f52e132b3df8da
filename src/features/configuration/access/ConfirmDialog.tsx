import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal/Modal';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  busy?: boolean;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question before something is deleted. */
export function ConfirmDialog({ open, title, children, busy, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={title} onCancel={onCancel} onConfirm={onConfirm} busy={busy} confirmVariant="danger" labels={{ confirm: confirmLabel ?? t('general.delete') }}>
      {children}
    </Modal>
  );
}
