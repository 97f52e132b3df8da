import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readPersistedMember } from './api/transport/sessionStorage';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { makePersistedStore } from './app/store';
import { initI18n } from './i18n/i18n';
import { DEFAULT_LANGUAGE } from '../domain/constants';
import './styles/theme.css';
import './styles/app.css';

async function start() {
  const storedLocale = readPersistedMember('historian.session', 'userLocale');
  const i18n = await initI18n(typeof storedLocale === 'string' ? storedLocale : DEFAULT_LANGUAGE);
  const { store, persistor } = makePersistedStore();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <AppProviders store={store} persistor={persistor} i18n={i18n}>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
