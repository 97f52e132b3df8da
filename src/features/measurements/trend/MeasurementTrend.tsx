import { useTranslation } from 'react-i18next';

/** A compact trend of one measurement for the measurement drawer. */
export function MeasurementTrend({ measurementUuid }: { measurementUuid: string }) {
  const { t } = useTranslation();
  return <section aria-label={t('trend.title')} className="measurement-trend" data-measurement={measurementUuid} />;
}
