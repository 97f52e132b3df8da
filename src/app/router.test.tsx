import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { createTestI18n } from '../i18n/testI18n';
import { configurationPath, paths } from '../lib/paths';
import { aSession, anAuthOption, ORG_A_UUID } from '../testing/fixtures';
import { server } from '../testing/server';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { makeStore } from './store';

function renderAt(route: string, loggedIn: boolean) {
  const store = makeStore(
    loggedIn ? { session: aSession(), organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: null, hasManualEntryForms: false } } : {},
  );
  render(
    <AppProviders store={store} i18n={createTestI18n()}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return store;
}

beforeEach(() => {
  server.use(
    http.get('/api/auth/list', () => HttpResponse.json([anAuthOption()])),
    http.get('/api/translations/:lng/:ns', () => HttpResponse.json([])),
    // The shell keeps the licence claims current (features/licence/LicenceStatus).
    http.get('/api/license/info', () => HttpResponse.json({ LicenseClaims: [] })),
    // The profile page reads the user and their API tokens.
    http.get('/api/current-user', () => HttpResponse.json({ UUID: '44444444-4444-4444-8444-444444444444', Name: 'operator' })),
    http.get('/api/current-user/tokens', () => HttpResponse.json([])),
  );
  document.cookie = 'XSRF-TOKEN=x';
});

describe('access to screens (SPEC §2)', () => {
  it('redirects an unauthenticated user to /login and remembers the intended route', async () => {
    renderAt('/collectors?status=Active', false);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.localStorage.getItem('historian.redirectAfterLogin')).toBe(JSON.stringify('/collectors?status=Active'));
  });

  it('redirects a logged-in user who opens /login to /', async () => {
    renderAt('/login', true);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });
});

const titled: [string, string][] = [
  [paths.home, 'Home'],
  [paths.profile, 'Profile'],
  // The wizard opens only while the root's setup.done is not 'true'; otherwise /setup redirects
  // to / (features/setup/SetupPage.test.tsx covers both).
  [paths.setup, 'Home'],
  [paths.collectors, 'Collectors'],
  [paths.measurements, 'Measurements'],
  [paths.calculations, 'Calculations'],
  [paths.assets, 'Assets'],
  [paths.assetPrototypes, 'Asset prototypes'],
  [paths.assetPrototypesBulk, 'Prototype bulk operations'],
  [paths.assetProperties, 'Asset properties'],
  [paths.eventTypes, 'Event types'],
  [paths.eventConfigurations, 'Event types'],
  [paths.eventPropertyConfigurations, 'Event property configurations'],
  [paths.events, 'Events'],
  [paths.manualEntryForms, 'Manual entry forms'],
  [paths.manualEntryForm, 'Manual entry form'],
  [paths.manualEntryFormView, 'Manual entry form view'],
  [paths.auditLog, 'Audit log'],
  [paths.auditLogs, 'Audit log'],
  [paths.configuration, 'Configuration'],
  [configurationPath('users'), 'Users'],
  [configurationPath('timeseries_databases'), 'Time-series databases'],
  [configurationPath('license'), 'Licence'],
  [configurationPath('api'), 'API settings'],
];

describe('every route of SPEC §2 opens its page', () => {
  it.each(titled)('%s shows "%s"', async (route, title) => {
    renderAt(route, true);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('an unknown route shows the not-found page inside the shell', async () => {
    renderAt('/no/such/page', true);
    expect(await screen.findByRole('heading', { name: 'This page does not exist.' })).toBeInTheDocument();
  });

  it('an unknown configuration sub-route shows the not-found page', async () => {
    renderAt(`${paths.configuration}/xyz`, true);
    expect(await screen.findByRole('heading', { name: 'This page does not exist.' })).toBeInTheDocument();
  });

  it('a configuration sub-route of SPEC §2 without a page yet still shows its placeholder', async () => {
    renderAt(configurationPath('sinks'), true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sinks' })).toBeInTheDocument();
  });
});
