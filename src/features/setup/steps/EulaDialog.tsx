import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal/Modal';

/** The static EULA document (public/eula.html, copied into the build) beside the index page. */
export const EULA_URL = 'eula.html';

/** SPEC §2: the EULA opens in a dialog with an embedded document and an open-in-new-tab link. */
export function EulaDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('setup.licence.eula_title')}
      onCancel={onClose}
      labels={{ cancel: t('general.close') }}
      width="800px"
      footerStart={
        <a href={EULA_URL} target="_blank" rel="noopener noreferrer">
          {t('setup.licence.eula_new_tab')}
        </a>
      }
    >
      <iframe className="setup-eula-frame" src={EULA_URL} title={t('setup.licence.eula_title')} />
    </Modal>
  );
}
