import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The popup's landing page after an external sign-in. The opener polls the popup; on an error
 * in the URL the popup closes itself so that the opener can report the failure.
 */
export function LoginDonePage() {
  const { t } = useTranslation();
  useEffect(() => {
    const query = window.location.hash.split('?')[1] ?? '';
    if (new URLSearchParams(query).has('error')) window.close();
  }, []);
  return <p role="status">{t('login.completing')}</p>;
}
