import { screen, within } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import type { ReplaySandboxProps } from './sandboxTypes';
import type { Recording } from '../../lib/recording/recordingFormat';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { QaReplayPage } from './QaReplayPage';

// A stand-in for src/app/ReplaySandbox: shows what the page hands it (the real one is covered by
// recordAndReplay.test.tsx).
function FakeSandbox({ store, route }: ReplaySandboxProps) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  return (
    <p data-testid="sandbox">
      {route} {state.session.userName ?? 'signed out'}
    </p>
  );
}

const recording: Recording = {
  formatVersion: 1,
  appVersion: '0.1.0',
  locale: 'en',
  organization: { UUID: ORG_A_UUID, Name: 'Plant A' },
  recordedAt: '2025-01-02T03:04:05.000Z',
  initialState: { recorder: { recording: true, route: '/login' } },
  actions: [
    { t: 0, action: { type: 'session/loggedIn', payload: { userId: 'u1', userName: 'ada', userProvider: 'local', loginType: 'form' } } },
    { t: 1_500, action: { type: 'navigation/changed', payload: '/collectors' } },
  ],
};

const admin = { session: aSession({ userPrivileges: [aPrivilege('READ_LOGS', ROOT_ORG_UUID)] }) };

function upload(user: ReturnType<typeof renderWithProviders>['user'], content: unknown, name = 'recording.json') {
  const text = typeof content === 'string' ? content : JSON.stringify(content);
  return user.upload(screen.getByLabelText('Recording file'), new File([text], name, { type: 'application/json' }));
}

describe('the QA replay page', () => {
  it('steps forward and back, jumps to an action, and shows the state diff of each step', async () => {
    const { user } = renderWithProviders(<QaReplayPage sandbox={FakeSandbox} />, { preloadedState: admin });
    await upload(user, recording);

    expect(await screen.findByTestId('sandbox')).toHaveTextContent('/login signed out');
    expect(screen.getByText('Step 0 is the recorded state before the first action.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Step forward' }));
    expect(screen.getByTestId('sandbox')).toHaveTextContent('/login ada');
    expect(within(screen.getByRole('toolbar', { name: 'Replay controls' })).getByRole('status')).toHaveTextContent('Step 1 of 2');
    const diff = screen.getByRole('table');
    expect(within(diff).getByRole('row', { name: /session\.userName changed null "ada"/ })).toBeInTheDocument();

    const list = within(screen.getByRole('navigation', { name: 'Recorded actions' }));
    await user.click(list.getByRole('button', { name: /navigation\/changed \+1\.50 s/ }));
    expect(screen.getByTestId('sandbox')).toHaveTextContent('/collectors ada');
    expect(list.getByRole('button', { name: /navigation\/changed/ })).toHaveAttribute('aria-current', 'step');
    expect(within(screen.getByRole('table')).getByRole('row', { name: /recorder\.route changed "\/login" "\/collectors"/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Step back' }));
    await user.click(screen.getByRole('button', { name: 'Step back' }));
    expect(screen.getByTestId('sandbox')).toHaveTextContent('/login signed out');
    expect(screen.getByRole('button', { name: 'Step back' })).toBeDisabled();
  });

  it('tells what is wrong with a bad file, naming the path', async () => {
    const { user } = renderWithProviders(<QaReplayPage sandbox={FakeSandbox} />, { preloadedState: admin });
    const bad = { ...recording, actions: [...recording.actions, { t: 2_000, action: { type: 'x' } }, { t: 'soon', action: { type: 'y' } }] };
    await upload(user, bad, 'bad.json');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('bad.json cannot be replayed:');
    expect(alert).toHaveTextContent('actions[3].t must be a number.');
    expect(screen.queryByTestId('sandbox')).not.toBeInTheDocument();

    await upload(user, 'not json at all');
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is not JSON');
  });

  it('refuses a recording from a newer format version, saying which version can read it', async () => {
    const { user } = renderWithProviders(<QaReplayPage sandbox={FakeSandbox} />, { preloadedState: admin });
    await upload(user, { ...recording, formatVersion: 2, appVersion: '2.0.0' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This recording has format version 2, newer than this console reads (up to 1). Open it in Historian Console 2.0.0 or later.',
    );
  });

  it('replays a migrated older recording and says it was migrated', async () => {
    const { user } = renderWithProviders(<QaReplayPage sandbox={FakeSandbox} />, { preloadedState: admin });
    await upload(user, { version: 0, state: { recorder: { recording: false, route: '/profile' } }, events: [{ type: 'session/localeChanged', payload: 'nl' }] });
    expect(await screen.findByText('Migrated from format version 0.')).toBeInTheDocument();
    expect(screen.getByTestId('sandbox')).toHaveTextContent('/profile');
  });
});
