import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export function HomePage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.home')} />;
}
