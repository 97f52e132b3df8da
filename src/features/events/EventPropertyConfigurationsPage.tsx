import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export function EventPropertyConfigurationsPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.event_property_configurations')} />;
}
