import { act, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { ReplaySandbox } from '../../app/ReplaySandbox';
import type { Recording } from '../../lib/recording/recordingFormat';
import { aSession, ORG_A_UUID } from '../../testing/fixtures';
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
