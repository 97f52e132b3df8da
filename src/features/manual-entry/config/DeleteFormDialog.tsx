import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDeleteManualEntryFormMutation } from '../../../api/areas/manualEntry';
import { Modal } from '../../../components/Modal/Modal';
import { paths } from '../../../lib/paths';

/** Deleting a form takes its levels along; the values typed through it stay, with their audit trail. */
export function DeleteFormDialog({ open, formUuid, name, onClose }: { open: boolean; formUuid: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [remove, removing] = useDeleteManualEntryFormMutation();
  const confirm = async () => {
    const result = await remove({ id: formUuid });
    if (!result.error) navigate(paths.manualEntryForms, { replace: true });
  };
  return (
    <Modal
      open={open}
      title={t('manual_entry.config.delete_title', { name })}
      onCancel={onClose}
      onConfirm={() => void confirm()}
      confirmVariant="danger"
      busy={removing.isLoading}
      labels={{ confirm: t('manual_entry.config.delete') }}
    >
      <p>{t('manual_entry.config.delete_question', { name })}</p>
      <p className="form-help">{t('manual_entry.config.delete_values_stay')}</p>
    </Modal>
  );
}
