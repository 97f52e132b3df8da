import { useTranslation } from 'react-i18next';

/** Shown when a page fails to load or render; no stack trace reaches the user here. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <section className="page" role="alert">
      <h1>{t('app.error_boundary')}</h1>
      <button type="button" onClick={() => window.location.reload()}>
        {t('app.reload')}
      </button>
    </section>
  );
}
