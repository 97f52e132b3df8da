import type { i18n } from 'i18next';
import { Suspense, useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import type { Persistor } from 'redux-persist';
import { useOrganizationTranslations } from '../i18n/useOrganizationTranslations';
import { selectCurrentOrganizationUuid, selectUserLocale } from '../state/privileges';
import { useAppSelector } from './hooks';
import type { AppStore } from './store';

/** Keeps i18next on the user's locale and merges the organization's overrides. */
export function LanguageSync({ i18n }: { i18n: i18n }) {
  const locale = useAppSelector(selectUserLocale);
  const organization = useAppSelector(selectCurrentOrganizationUuid);
  useEffect(() => {
    if (locale && i18n.language !== locale) void i18n.changeLanguage(locale);
    document.documentElement.lang = locale || 'en';
  }, [i18n, locale]);
  useOrganizationTranslations(organization);
  return null;
}

interface AppProvidersProps {
  store: AppStore;
  persistor?: Persistor;
  i18n: i18n;
  children: ReactNode;
}

export function AppProviders({ store, persistor, i18n, children }: AppProvidersProps) {
  const content = (
    <I18nextProvider i18n={i18n}>
      <LanguageSync i18n={i18n} />
      <Suspense fallback={null}>{children}</Suspense>
    </I18nextProvider>
  );
  return (
    <Provider store={store}>
      {persistor ? (
        <PersistGate loading={null} persistor={persistor}>
          {content}
        </PersistGate>
      ) : (
        content
      )}
    </Provider>
  );
}
