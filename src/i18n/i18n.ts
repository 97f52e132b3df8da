import i18next, { type i18n } from 'i18next';
import ChainedBackend from 'i18next-chained-backend';
import HttpBackend from 'i18next-http-backend';
import LocalStorageBackend from 'i18next-localstorage-backend';
import { initReactI18next } from 'react-i18next';
import { APP_VERSION } from '../lib/appVersion';
import { TRANSLATION_CACHE_PREFIX } from '../../domain/constants';
import { baseI18nOptions } from './options';

const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The application's i18next: a 7-day local-storage cache, versioned by the app version, in front
 * of the shipped files under /locales. Organization overrides are merged on top by
 * useOrganizationTranslations once an organization is known.
 */
export async function initI18n(language: string): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance
    .use(ChainedBackend)
    .use(initReactI18next)
    .init({
      ...baseI18nOptions,
      lng: language,
      backend: {
        backends: [LocalStorageBackend, HttpBackend],
        backendOptions: [
          { prefix: TRANSLATION_CACHE_PREFIX, expirationTime: SEVEN_DAYS_MS, defaultVersion: APP_VERSION },
          { loadPath: '/locales/{{lng}}/{{ns}}.json', addPath: '/locales/add/{{lng}}/{{ns}}' },
        ],
      },
    });
  return instance;
}
