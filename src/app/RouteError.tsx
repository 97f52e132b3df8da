import { useSignInTranslation } from '../i18n/signInTexts';

/**
 * Shown when a page fails to load or render; no stack trace reaches the user here. It can stand in
 * for the sign-in screen, so it reads its texts as that screen does.
 */
export function RouteError() {
  const { t } = useSignInTranslation();
  return (
    <section className="page" role="alert">
      <h1>{t('app.error_boundary')}</h1>
      <button type="button" onClick={() => window.location.reload()}>
        {t('app.reload')}
      </button>
    </section>
  );
}
