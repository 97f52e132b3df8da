import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export function EventTypesPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.event_types')} />;
}
