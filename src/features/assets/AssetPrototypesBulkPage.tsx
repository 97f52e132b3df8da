import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export function AssetPrototypesBulkPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.asset_prototypes_bulk')} />;
}
