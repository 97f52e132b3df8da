import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export function EventsPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.events')} />;
}
