import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export function ProfilePage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.profile')} />;
}
