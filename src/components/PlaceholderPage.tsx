import { useTranslation } from 'react-i18next';

interface PlaceholderPageProps {
  title: string;
}

/** A titled page for a route whose screen a later piece of work builds. */
export function PlaceholderPage({ title }: PlaceholderPageProps) {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p className="muted">{t('app.placeholder')}</p>
    </section>
  );
}
