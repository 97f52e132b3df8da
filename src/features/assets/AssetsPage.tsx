import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export function AssetsPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.assets')} />;
}
