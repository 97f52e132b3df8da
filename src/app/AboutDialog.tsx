import { useTranslation } from 'react-i18next';
import { useGetInfoQuery } from '../api/areas/session';
import { Modal } from '../components/Modal/Modal';
import { APP_VERSION } from '../lib/appVersion';

/** SPEC §2: the product version with the portal and support links of GET /api/info. */
export function AboutDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { data: info, isLoading } = useGetInfoQuery();
  return (
    <Modal open title={t('about.title', { name: t('app.name') })} onCancel={onClose} labels={{ cancel: t('general.close') }}>
      {isLoading ? (
        <p role="status">{t('app.loading')}</p>
      ) : (
        <dl className="about-list">
          <dt>{t('about.version')}</dt>
          <dd>{info?.Version ?? APP_VERSION}</dd>
          {info?.PortalURL && (
            <>
              <dt>{t('about.portal')}</dt>
              <dd>
                <a href={info.PortalURL} target="_blank" rel="noreferrer noopener">
                  {info.PortalURL}
                </a>
              </dd>
            </>
          )}
          {info?.SupportURL && (
            <>
              <dt>{t('about.support')}</dt>
              <dd>
                <a href={info.SupportURL} target="_blank" rel="noreferrer noopener">
                  {info.SupportURL.replace(/^mailto:/, '')}
                </a>
              </dd>
            </>
          )}
        </dl>
      )}
    </Modal>
  );
}
