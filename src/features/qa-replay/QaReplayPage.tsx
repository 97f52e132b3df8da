import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export function QaReplayPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.qa_replay')} />;
}
