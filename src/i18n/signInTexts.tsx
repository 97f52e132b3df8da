import type { i18n } from 'i18next';
import { createContext, use, useContext, useMemo, type ReactNode } from 'react';
import { I18nContext, I18nextProvider } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../domain/constants';
import { DEFAULT_NAMESPACE } from './options';

// The sign-in screen shows before i18next: i18next, its backends and react-i18next's hooks weigh
// about 20 KB gzip, more than the sign-in route's budget carries. Its components read their texts
// through useSignInTranslation: from the shipped catalogue of the language (the same file
// i18next's HTTP backend reads, preloaded by index.html for English), looked up and interpolated
// here (`{{name}}`: no plurals, nesting or formatting, which the sign-in texts do without). Once
// i18next is there (the signed-in app, or a test's provider), the same hook reads through it.

export type TranslationValues = Record<string, unknown>;
export type Translate = (key: string, values?: TranslationValues) => string;
type Catalogue = Record<string, unknown>;

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = Reflect.get(node, part);
  }
  return typeof node === 'string' ? node : undefined;
}

/** Looks `key` up in the language's catalogue, then in English; the key itself when neither has it. */
export function createTranslate(catalogues: readonly (Catalogue | undefined)[]): Translate {
  return (key, values = {}) => {
    const text = catalogues.map((c) => lookup(c, key)).find((found) => found !== undefined) ?? key;
    return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

export function supportedLanguage(language: unknown): string {
  return typeof language === 'string' && (LANGUAGES as readonly string[]).includes(language) ? language : DEFAULT_LANGUAGE;
}

async function readCatalogue(language: string): Promise<Catalogue | undefined> {
  try {
    // Same-origin credentials, as index.html's preload (crossorigin="anonymous") asks for.
    const response = await fetch(`/locales/${language}/${DEFAULT_NAMESPACE}.json`, { credentials: 'same-origin' });
    return response.ok ? ((await response.json()) as Catalogue) : undefined;
  } catch {
    return undefined;
  }
}

/** What the app gives the sign-in screen: its texts, and i18next when a screen needs it. */
export interface SignInTexts {
  language: string;
  t: Translate;
  /** Loads and starts the app's i18next once (the signed-in app, the forced password change). */
  loadI18next(): Promise<i18n>;
}

/** Reads the language's catalogue (and English, the fallback) for the sign-in screen. */
export async function loadSignInTexts(storedLanguage: unknown): Promise<SignInTexts> {
  const language = supportedLanguage(storedLanguage);
  const [own, english] = await Promise.all([readCatalogue(language), language === DEFAULT_LANGUAGE ? undefined : readCatalogue(DEFAULT_LANGUAGE)]);
  let loading: Promise<i18n> | undefined;
  return {
    language,
    t: createTranslate([own, english]),
    loadI18next() {
      loading ??= import('./i18n').then(({ initI18n }) => initI18n(language));
      loading.catch(() => {
        loading = undefined;
      });
      return loading;
    },
  };
}

const SignInTextsContext = createContext<SignInTexts | null>(null);

export function SignInTextsProvider({ texts, children }: { texts: SignInTexts; children: ReactNode }) {
  return <SignInTextsContext.Provider value={texts}>{children}</SignInTextsContext.Provider>;
}

/** The sign-in screen's texts: through i18next when a provider gives one, else from the catalogue. */
export function useSignInTranslation(): { t: Translate } {
  const texts = useContext(SignInTextsContext);
  const instance = useContext(I18nContext)?.i18n;
  const t = useMemo<Translate>(() => (instance ? (key, values) => instance.t(key, values) : (texts?.t ?? ((key) => key))), [instance, texts]);
  return { t };
}

/**
 * Renders children that use react-i18next (a lazy dialog of the sign-in screen): as they are when
 * an i18next is provided, else once the app's i18next has loaded (suspending until then).
 */
export function WithI18next({ children }: { children: ReactNode }) {
  const texts = useContext(SignInTextsContext);
  const provided = useContext(I18nContext)?.i18n;
  if (provided || !texts) return children;
  return <I18nextProvider i18n={use(texts.loadI18next())}>{children}</I18nextProvider>;
}
