import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { historianApi } from '../../api/historianApi';
import { LocationRecorder } from '../../app/LocationRecorder';
import { AppProviders } from '../../app/providers';
import { ReplaySandbox } from '../../app/ReplaySandbox';
import { AppRoutes } from '../../app/router';
import { makeStore, type AppStore, type StoreExtra } from '../../app/store';
import { createTestI18n } from '../../i18n/testI18n';
import type { Recording } from '../../lib/recording/recordingFormat';
import { validateRecording } from '../../lib/recording/validateRecording';
import { exportRecording } from '../../state/recorder/exportRecording';
import { CANARIES, containsCanary, plantXsrfCookie, answerWithCanaries } from '../../state/recorder/recorderTestKit';
import { toRecordable } from '../../state/recorder/toRecordable';
import { tableLayoutChanged } from '../../state/tableSettings';
import { aCurrentUser, anAuthOption, anOrganization, aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { QaReplayPage } from './QaReplayPage';
import { createReplaySession } from './replaySession';

// Issue 9, the rule of done: recording a sign-in and a table-settings change, then replaying it,
// reproduces the same screens (the rendered text of the main region at each step), and the
// recording never holds the canary secrets the test planted.

interface Checkpoint {
  name: string;
  step: number;
  mainText: string;
  persisted: unknown;
}

const mainText = (container: HTMLElement) => (within(container).getByRole('main').textContent ?? '').replace(/\s+/g, ' ').trim();

function persistedSlices(store: AppStore) {
  const { session, organization, tableSettings, recorder } = store.getState();
  return toRecordable({ session, organization, tableSettings, route: recorder.route }, { secrets: [CANARIES.xsrf, CANARIES.token] });
}

function liveServer() {
  // Whatever else the shell asks for (licence, settings) answers an empty list.
  server.use(http.get('/api/*', () => HttpResponse.json([])));
  answerWithCanaries();
  server.use(
    http.get('/api/auth/list', () => HttpResponse.json([anAuthOption()])),
    http.post('/api/auth/local/login', () => HttpResponse.json({ User: aCurrentUser({ Name: 'admin' }) })),
    http.get('/api/current-user/privileges', () =>
      HttpResponse.json([aPrivilege('READ_COLLECTORS', ORG_A_UUID), aPrivilege('READ_LOGS', ROOT_ORG_UUID)]),
    ),
    http.get('/api/current-user/manual-entry-form-privileges', () => HttpResponse.json([])),
    http.get('/api/current-user/organizations', () =>
      HttpResponse.json([anOrganization({ UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }), anOrganization()]),
    ),
    http.get('/api/license/info', () => HttpResponse.json({ LicenseClaims: [] })),
    http.post('/api/table_settings', () => HttpResponse.json({ PK: 7, ID: 'collectors', ColumnsShown: ['Name'], ColumnsOrder: ['Name', 'Status'] })),
  );
}

async function recordLiveSession(): Promise<{ recording: Recording; checkpoints: Checkpoint[] }> {
  liveServer();
  plantXsrfCookie();
  const store = makeStore(undefined, { record: true });
  const user = userEvent.setup();
  const { container, unmount } = render(
    <AppProviders store={store} i18n={createTestI18n()}>
      <MemoryRouter initialEntries={['/']}>
        <LocationRecorder />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  const checkpoints: Checkpoint[] = [];
  // The screen, the state and the number of recorded actions, all read at the same moment (act
  // lets React render what the store already holds).
  const checkpoint = async (name: string) => {
    await act(async () => {
      await store.dispatch(exportRecording());
    });
    const step = store.dispatch((_dispatch: unknown, _getState: unknown, extra: StoreExtra) => extra.recorder?.window()?.entries.length ?? -1);
    checkpoints.push({ name, step, mainText: mainText(container), persisted: persistedSlices(store) });
  };

  await user.type(await screen.findByLabelText('User name'), 'admin');
  await checkpoint('sign-in form, user name typed');
  await user.type(screen.getByLabelText('Password'), CANARIES.password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { level: 1, name: 'Home' });
  await waitFor(() => expect(store.getState().licence.loaded).toBe(true));
  await checkpoint('home after sign-in');

  await user.click(screen.getByRole('link', { name: 'Collectors' }));
  await screen.findByRole('heading', { level: 1, name: 'Collectors' });
  await checkpoint('collectors page, loading');
  await screen.findByText('OPC');
  await checkpoint('collectors page, loaded');

  // The table-settings change, as the column-settings dialog saves it: locally, then on the server.
  await act(async () => {
    store.dispatch(tableLayoutChanged({ tableId: 'collectors', layout: { columnsShown: ['Name'], columnsOrder: ['Name', 'Status'] } }));
    const tableSetting = { ID: 'collectors', ColumnsShown: ['Name'], ColumnsOrder: ['Name', 'Status'] };
    await store.dispatch(historianApi.endpoints.createTableSetting.initiate({ tableSetting }));
    // And a token created on the profile: its value must not reach the recording either.
    await store.dispatch(historianApi.endpoints.createCurrentUserToken.initiate({ tokenCreate: { Name: 'ci' } }));
  });
  await checkpoint('table settings saved');

  const recording = await store.dispatch(exportRecording());
  unmount();
  if (!recording) throw new Error('The live store was not recording.');
  return { recording, checkpoints };
}

describe('recording a sign-in and a table-settings change, then replaying it', () => {
  it('reproduces the same main-region text at each step, from a file that holds none of the planted secrets', async () => {
    const { recording, checkpoints } = await recordLiveSession();
    const file = JSON.stringify(recording);
    expect(containsCanary(file)).toEqual([]);
    expect(validateRecording(JSON.parse(file)).ok).toBe(true);
    expect(checkpoints.map((c) => c.mainText)).toEqual([
      expect.stringContaining('Sign in'),
      expect.stringContaining('Home'),
      expect.stringContaining('Collectors'),
      expect.stringContaining('OPC'),
      expect.stringContaining('OPC'),
    ]);

    // The replay: a fresh page, nothing answered by the server any more.
    server.resetHandlers();
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => sent.push(`${request.method} ${request.url}`));
    const { user } = renderWithProviders(<QaReplayPage sandbox={ReplaySandbox} />, {
      preloadedState: { session: aSession({ userPrivileges: [aPrivilege('READ_LOGS', ROOT_ORG_UUID)] }) },
    });
    await user.upload(screen.getByLabelText('Recording file'), new File([file], 'session.json', { type: 'application/json' }));
    const screenRegion = await screen.findByRole('region', { name: 'Replayed screen' });
    const actions = within(screen.getByRole('navigation', { name: 'Recorded actions' })).getAllByRole('button');
    expect(actions).toHaveLength(recording.actions.length + 1);

    for (const expected of checkpoints) {
      await user.click(actions[expected.step]);
      expect(within(screen.getByRole('toolbar', { name: 'Replay controls' })).getByRole('status')).toHaveTextContent(`Step ${expected.step} of ${recording.actions.length}`);
      await waitFor(() => expect(mainText(screenRegion)).toBe(expected.mainText));
    }
    expect(sent).toEqual([]);
    server.events.removeAllListeners();

    // And the replayed state at each step is the live one (as recorded, i.e. redacted).
    const session = createReplaySession(JSON.parse(file));
    for (const expected of checkpoints) {
      const { session: s, organization, tableSettings, recorder } = session.stateAt(expected.step);
      expect(toRecordable({ session: s, organization, tableSettings, route: recorder.route })).toEqual(expected.persisted);
    }
  }, 30_000);
});
