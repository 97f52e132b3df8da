import { useTranslation } from 'react-i18next';
import { Page } from './Page/Page';

interface PlaceholderPageProps {
  title: string;
}

/** A titled page for a route whose screen a later piece of work builds. */
export function PlaceholderPage({ title }: PlaceholderPageProps) {
  const { t } = useTranslation();
  return (
    <Page title={title}>
      <p className="muted">{t('app.placeholder')}</p>
    </Page>
  );
}
