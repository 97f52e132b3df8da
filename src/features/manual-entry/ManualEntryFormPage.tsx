import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export function ManualEntryFormPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.manual_entry_form')} />;
}
