import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export function AssetPropertiesPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.asset_properties')} />;
}
