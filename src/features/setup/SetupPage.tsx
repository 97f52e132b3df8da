import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export function SetupPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.setup')} />;
}
