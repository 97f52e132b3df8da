import { useTranslation } from 'react-i18next';

/** The full trend for the shareable address (`trend=<uuid>,<uuid>&from=now-1h&to=now`). */
export function TrendView() {
  const { t } = useTranslation();
  return <section aria-label={t('trend.title')} className="trend-view" />;
}
