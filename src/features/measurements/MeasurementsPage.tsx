import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

interface MeasurementsPageProps {
  /** /calculations is the same page filtered to calculation collectors. */
  calculationsOnly?: boolean;
}

export function MeasurementsPage({ calculationsOnly = false }: MeasurementsPageProps) {
  const { t } = useTranslation();
  return <PlaceholderPage title={calculationsOnly ? t('pages.calculations') : t('pages.measurements')} />;
}

export function CalculationsPage() {
  return <MeasurementsPage calculationsOnly />;
}
