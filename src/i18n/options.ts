import type { InitOptions } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../domain/constants';

// The readings of SPEC §9 that ARCHITECTURE.md takes: default namespace `general`, fallback `en`,
// `{{ }}` delimiters. Retries, parallel reads and maxReplaces keep i18next's own defaults
// (5 retries from 350 ms doubling, 10 parallel reads, 1000 replaces).
export const DEFAULT_NAMESPACE = 'general';
export const NAMESPACES = [DEFAULT_NAMESPACE] as const;

export const baseI18nOptions: InitOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  lng: DEFAULT_LANGUAGE,
  ns: [...NAMESPACES],
  defaultNS: DEFAULT_NAMESPACE,
  load: 'languageOnly',
  interpolation: { escapeValue: false, prefix: '{{', suffix: '}}' },
  returnNull: false,
  react: { useSuspense: true },
};
