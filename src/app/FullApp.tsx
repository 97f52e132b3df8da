import type { i18n } from 'i18next';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { LanguageSync } from './providers';
import { AppRouter } from './router';

/**
 * The console behind the sign-in screen: i18next and the router with every route. It loads as a
 * chunk of its own, so the sign-in route carries neither (see README, "Bundle budget").
 */
export function FullApp({ i18n }: { i18n: i18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <LanguageSync i18n={i18n} />
      <Suspense fallback={null}>
        <AppRouter />
      </Suspense>
    </I18nextProvider>
  );
}
