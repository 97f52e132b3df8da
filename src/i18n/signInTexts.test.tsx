import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { I18nextProvider } from 'react-i18next';
import { server } from '../testing/server';
import { createTestI18n } from './testI18n';
import { createTranslate, loadSignInTexts, SignInTextsProvider, supportedLanguage, useSignInTranslation } from './signInTexts';

const shipped = (language: string) => JSON.parse(readFileSync(path.join(__dirname, '../../locales', language, 'general.json'), 'utf8')) as Record<string, unknown>;

function serveCatalogues(seen: string[] = []) {
  server.use(
    http.get('/locales/:language/general.json', ({ params }) => {
      seen.push(String(params.language));
      return HttpResponse.json(shipped(String(params.language)));
    }),
  );
  return seen;
}

describe('the sign-in texts, read without i18next', () => {
  it('looks nested keys up, interpolates {{values}} and falls back to English, then to the key', () => {
    const t = createTranslate([{ login: { title: 'Anmelden' } }, { login: { title: 'Sign in', login_with: 'login with {{provider}}' } }]);
    expect(t('login.title')).toBe('Anmelden');
    expect(t('login.login_with', { provider: 'Azure' })).toBe('login with Azure');
    expect(t('login.nowhere')).toBe('login.nowhere');
    expect(t('login.login_with')).toBe('login with {{provider}}');
  });

  it('takes only a supported language, else English', () => {
    expect(supportedLanguage('de')).toBe('de');
    expect(supportedLanguage('xx')).toBe('en');
    expect(supportedLanguage(null)).toBe('en');
  });

  it('reads the stored language and English from the shipped catalogues, and English alone for English', async () => {
    const seen = serveCatalogues();
    const german = await loadSignInTexts('de');
    expect(german.language).toBe('de');
    expect(german.t('login.title')).toBe((shipped('de').login as Record<string, string>).title);
    expect(seen.sort()).toEqual(['de', 'en']);

    seen.length = 0;
    const english = await loadSignInTexts(undefined);
    expect(english.t('login.title')).toBe('Sign in');
    expect(seen).toEqual(['en']);
  });

  it('shows keys, not an error, when the catalogue cannot be read', async () => {
    server.use(http.get('/locales/:language/general.json', () => HttpResponse.json({}, { status: 503 })));
    const texts = await loadSignInTexts('en');
    expect(texts.t('login.title')).toBe('login.title');
  });

  function Title() {
    const { t } = useSignInTranslation();
    return <h1>{t('login.title')}</h1>;
  }

  it('the hook reads the catalogue without i18next, and through i18next where one is provided', async () => {
    serveCatalogues();
    const texts = await loadSignInTexts('nl');
    const { unmount } = render(
      <SignInTextsProvider texts={texts}>
        <Title />
      </SignInTextsProvider>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent((shipped('nl').login as Record<string, string>).title);
    unmount();

    render(
      <I18nextProvider i18n={createTestI18n()}>
        <SignInTextsProvider texts={texts}>
          <Title />
        </SignInTextsProvider>
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('Sign in');
  });
});
