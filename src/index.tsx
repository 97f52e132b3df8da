import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readPersistedMember } from './api/transport/sessionStorage';
import { AppRoot } from './app/AppRoot';
import { makePersistedStore } from './app/store';
import { loadSignInTexts } from './i18n/signInTexts';
import { applyTheme, readThemeChoice } from './lib/theme';
import './styles/theme.css';
import './styles/app.css';

async function start() {
  // Before anything draws, so a chosen theme never flashes the other one.
  applyTheme(readThemeChoice());
  const texts = await loadSignInTexts(readPersistedMember('historian.session', 'userLocale'));
  document.documentElement.lang = texts.language;
  const { store, persistor } = makePersistedStore();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <AppRoot store={store} persistor={persistor} texts={texts} />
    </StrictMode>,
  );
}

void start();
