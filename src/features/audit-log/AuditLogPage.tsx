import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export function AuditLogPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.audit_log')} />;
}
