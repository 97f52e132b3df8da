import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enGeneral from '../../locales/en/general.json';
import { baseI18nOptions } from './options';

/** A synchronous English i18next for tests: the real catalogue, no backend. */
export function createTestI18n(): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    ...baseI18nOptions,
    initAsync: false,
    react: { useSuspense: false },
    resources: { en: { general: enGeneral } },
  });
  return instance;
}
