import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import type { Persistor } from 'redux-persist';
import { configurationApi } from '../../api/areas/configuration';
import { sessionApi } from '../../api/areas/session';
import { LocationRecorder } from '../../app/LocationRecorder';
import { AppProviders } from '../../app/providers';
import { ReplaySandbox } from '../../app/ReplaySandbox';
import { AppRouter, AppRoutes } from '../../app/router';
import { makePersistedStore, makeStore, type AppStore, type StoreExtra } from '../../app/store';
import { createTestI18n } from '../../i18n/testI18n';
import type { Recording } from '../../lib/recording/recordingFormat';
import { validateRecording } from '../../lib/recording/validateRecording';
import { exportRecording } from '../../state/recorder/exportRecording';
import { CANARIES, containsCanary, plantXsrfCookie, answerWithCanaries } from '../../state/recorder/recorderTestKit';
import { toRecordable } from '../../state/recorder/toRecordable';
import { organizationsLoaded } from '../../state/organization';
import { loggedIn, privilegesLoaded } from '../../state/session';
import { tableLayoutChanged } from '../../state/tableSettings';
import { aCurrentUser, anAuthOption, anOrganization, aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { QaReplayPage } from './QaReplayPage';
import { createReplaySession } from './replaySession';

// QA record and replay (README "QA: record and replay"): recording a sign-in and a table-settings
// change, then replaying it, reproduces the same screens (the rendered text of the main region at
// each step), and the recording never holds the canary secrets the test planted.

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
  // Home's checklist and tiles load after the page: the checkpoint is taken once they have.
  await waitFor(() => expect(mainText(container)).not.toMatch(/Checking…|Loading…/));
  await checkpoint('home after sign-in');

  // The sidebar's entry (home offers the same page among its sections).
  await user.click(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Collectors' }));
  await screen.findByRole('heading', { level: 1, name: 'Collectors' });
  await checkpoint('collectors page, loading');
  await screen.findByText('OPC');
  await checkpoint('collectors page, loaded');

  // The table-settings change, as the column-settings dialog saves it: locally, then on the server.
  await act(async () => {
    store.dispatch(tableLayoutChanged({ tableId: 'collectors', layout: { columnsShown: ['Name'], columnsOrder: ['Name', 'Status'] } }));
    const tableSetting = { ID: 'collectors', ColumnsShown: ['Name'], ColumnsOrder: ['Name', 'Status'] };
    await store.dispatch(configurationApi.endpoints.createTableSetting.initiate({ tableSetting }));
    // And a token created on the profile: its value must not reach the recording either.
    await store.dispatch(sessionApi.endpoints.createCurrentUserToken.initiate({ tokenCreate: { Name: 'ci' } }));
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

// The two documented ways of recording while already signed in: the recorder switch on the profile
// page, and ?record=1 in the address of a console whose stored session is read back.

/** Replays `file` on the replay page and checks each checkpoint's main-region text there. */
async function expectReplayShows(file: string, checkpoints: Checkpoint[]): Promise<void> {
  server.resetHandlers();
  const sent: string[] = [];
  server.events.on('request:start', ({ request }) => sent.push(`${request.method} ${request.url}`));
  const { user } = renderWithProviders(<QaReplayPage sandbox={ReplaySandbox} />, {
    preloadedState: { session: aSession({ userPrivileges: [aPrivilege('READ_LOGS', ROOT_ORG_UUID)] }) },
  });
  await user.upload(screen.getByLabelText('Recording file'), new File([file], 'session.json', { type: 'application/json' }));
  const screenRegion = await screen.findByRole('region', { name: 'Replayed screen' });
  const actions = within(screen.getByRole('navigation', { name: 'Recorded actions' })).getAllByRole('button');
  for (const expected of checkpoints) {
    await user.click(actions[expected.step]);
    await waitFor(() => expect(mainText(screenRegion)).toBe(expected.mainText));
  }
  expect(sent).toEqual([]);
  server.events.removeAllListeners();
}

const signedInState = () => ({
  session: aSession({
    userName: 'admin',
    experimentalFeatures: true,
    userPrivileges: [aPrivilege('READ_COLLECTORS', ORG_A_UUID), aPrivilege('READ_LOGS', ROOT_ORG_UUID)],
  }),
  organization: { current: { UUID: ORG_A_UUID, Name: 'Org A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
});

describe('recording started while signed in, then replayed', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('the profile switch: the replay shows the screens from the first step, the page the recording started on included', async () => {
    liveServer();
    server.use(
      http.get('/api/current-user', () => HttpResponse.json(aCurrentUser({ Name: 'admin' }))),
      http.get('/api/current-user/tokens', () => HttpResponse.json([{ UUID: 'tok-1', Name: 'ci-token', Token: CANARIES.token }])),
    );
    plantXsrfCookie();
    const store = makeStore(signedInState());
    const user = userEvent.setup();
    const { container, unmount } = render(
      <AppProviders store={store} i18n={createTestI18n()}>
        <MemoryRouter initialEntries={['/profile']}>
          <LocationRecorder />
          <AppRoutes />
        </MemoryRouter>
      </AppProviders>,
    );
    await screen.findByText('ci-token', undefined, { timeout: 5000 });
    await user.click(screen.getByRole('checkbox', { name: 'Record my actions for QA replay' }));
    const atStart: Checkpoint = { name: 'profile', step: 0, mainText: mainText(container), persisted: null };
    await user.click(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Collectors' }));
    await screen.findByText('OPC');
    const recording = await store.dispatch(exportRecording());
    const collectors: Checkpoint = { name: 'collectors', step: recording?.actions.length ?? -1, mainText: mainText(container), persisted: null };
    unmount();
    if (!recording) throw new Error('The live store was not recording.');
    const file = JSON.stringify(recording);
    expect(containsCanary(file)).toEqual([]);
    expect(atStart.mainText).toContain('ci-token');

    await expectReplayShows(file, [atStart, collectors]);
  }, 30_000);

  it('?record=1 in the address of a console signed in before: the replay shows the screens', async () => {
    liveServer();
    plantXsrfCookie();
    // The console was signed in earlier: its session is in local storage.
    const earlier = makePersistedStore();
    await bootstrapped(earlier.persistor);
    earlier.store.dispatch(loggedIn({ userId: 'u1', userName: 'admin', userProvider: 'local', loginType: 'form' }));
    earlier.store.dispatch(privilegesLoaded({ privileges: signedInState().session.userPrivileges, manualEntryFormPrivileges: [] }));
    earlier.store.dispatch(organizationsLoaded([anOrganization({ UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }), anOrganization()]));
    await earlier.persistor.flush();
    earlier.persistor.pause();
    window.history.replaceState(null, '', '/?record=1#/collectors');

    const { store, persistor } = makePersistedStore();
    const { container, unmount } = render(
      <AppProviders store={store} persistor={persistor} i18n={createTestI18n()}>
        <AppRouter />
      </AppProviders>,
    );
    await screen.findByText('OPC', undefined, { timeout: 5000 });
    const recording = await store.dispatch(exportRecording());
    const collectors: Checkpoint = { name: 'collectors', step: recording?.actions.length ?? -1, mainText: mainText(container), persisted: null };
    unmount();
    if (!recording) throw new Error('?record=1 did not start the recorder.');
    expect(recording.initialState).toMatchObject({ session: { userName: 'admin' } });

    await expectReplayShows(JSON.stringify(recording), [collectors]);
  }, 30_000);
});

async function bootstrapped(persistor: Persistor): Promise<void> {
  await new Promise<void>((resolve) => {
    const check = () => persistor.getState().bootstrapped && resolve();
    persistor.subscribe(check);
    check();
  });
}
