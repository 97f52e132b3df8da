import { act, render, screen } from '@testing-library/react';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { StrictMode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import enGeneral from '../../../locales/en/general.json';
import nlGeneral from '../../../locales/nl/general.json';
import { ReplaySandbox } from '../../app/ReplaySandbox';
import { baseI18nOptions } from '../../i18n/options';
import type { Recording } from '../../lib/recording/recordingFormat';
import { aPrivilege, aSession, ORG_A_UUID } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { createReplaySession } from './replaySession';

const recording: Recording = {
  formatVersion: 1,
  appVersion: '0.1.0',
  locale: 'en',
  organization: null,
  recordedAt: '2025-01-02T03:04:05.000Z',
  initialState: {
    session: JSON.parse(JSON.stringify(aSession())),
    organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: null, hasManualEntryForms: false },
    recorder: { recording: true, route: '/no/such/page' },
  },
  actions: [{ t: 10, action: { type: 'navigation/changed', payload: '/collectors' } }],
};

describe('the replay sandbox', () => {
  it('renders the real pages at the recorded route, also under StrictMode, and sends nothing', async () => {
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => sent.push(`${request.method} ${request.url}`));
    const errors = jest.spyOn(console, 'error');
    const session = createReplaySession(recording);

    const { rerender } = renderWithProviders(
      <StrictMode>
        <ReplaySandbox store={session.store} route={session.routeAt(0)} />
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { name: 'This page does not exist.' })).toBeInTheDocument();
    // The replayed state was recording, so the replayed user menu offers the export as it did.
    expect(screen.getByRole('button', { name: 'Export recording' })).toBeInTheDocument();

    act(() => session.show(1));
    rerender(
      <StrictMode>
        <ReplaySandbox store={session.store} route={session.routeAt(1)} />
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Collectors' })).toBeInTheDocument();
    expect(sent).toEqual([]);
    expect(errors.mock.calls.filter(([message]) => String(message).includes('createRoot'))).toEqual([]);
    server.events.removeAllListeners();
    errors.mockRestore();
  });
});

/** An i18next set up as the console's (suspense, asynchronous start), its catalogues read later. */
async function consoleLikeI18n() {
  const catalogues: Record<string, unknown> = { en: enGeneral, nl: nlGeneral };
  const backend: BackendModule = {
    type: 'backend',
    init: () => undefined,
    read: (language: string, _namespace: string, callback: ReadCallback) => {
      setTimeout(() => callback(null, JSON.parse(JSON.stringify(catalogues[language] ?? {}))), 10);
    },
  };
  const instance = i18next.createInstance();
  await instance.use(backend).use(initReactI18next).init({ ...baseI18nOptions });
  return instance;
}

describe('the replay sandbox with the console\'s own i18n (suspense, catalogues loaded on demand)', () => {
  it('renders a recording that starts signed in, in the recorded language, rather than nothing', async () => {
    const i18n = await consoleLikeI18n();
    const session = createReplaySession({
      ...recording,
      locale: 'nl',
      initialState: {
        ...recording.initialState,
        session: JSON.parse(JSON.stringify(aSession({ userLocale: 'nl', userPrivileges: [aPrivilege('READ_SETTINGS')] }))),
        recorder: { recording: false, route: '/profile' },
      },
    });

    render(
      <I18nextProvider i18n={i18n}>
        <ReplaySandbox store={session.store} route={session.routeAt(0)} />
      </I18nextProvider>,
    );

    expect(await screen.findByRole('link', { name: nlGeneral.menu.configuration }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: nlGeneral.menu.profile })).toBeInTheDocument();
  });
});
