import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal/Modal';

export interface ImportMeasurementsDialogProps {
  open: boolean;
  onClose: () => void;
  /** The collector whose template is filled in; the dialog asks for one when it is not given. */
  collectorUuid?: string;
}

/** Import of measurements from the collector's template spreadsheet: dry run, then apply as a job. */
export function ImportMeasurementsDialog({ open, onClose }: ImportMeasurementsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('measurements.import.title')} onCancel={onClose} labels={{ cancel: t('general.close') }} width="960px">
      <p>{t('measurements.import.intro')}</p>
    </Modal>
  );
}
