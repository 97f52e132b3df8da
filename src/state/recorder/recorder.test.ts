import { configureStore } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { collectorsApi } from '../../api/areas/collectors';
import { sessionApi } from '../../api/areas/session';
import { initialRootState, makePersistedStore, makeStore, rootReducer, type RootState } from '../../app/store';
import { validateRecording } from '../../lib/recording/validateRecording';
import { server } from '../../testing/server';
import { loggedIn, localeChanged, passwordChanged } from '../session';
import { tableLayoutChanged } from '../tableSettings';
import { buildRecording, exportRecording } from './exportRecording';
import { createRecorder } from './recorder';
import { createRecorderEngine } from './recorderEngine';
import { navigationChanged, recorderToggled, selectIsRecording } from './recorderSlice';
import { CANARIES, containsCanary, plantXsrfCookie, answerWithCanaries } from './recorderTestKit';
import { hasSlicesOf } from './replayState';
import { toRecordable } from './toRecordable';

const layout = (n: number) => ({ tableId: 'collectors', layout: { columnsShown: [`c${n}`], columnsOrder: [`c${n}`] } });
const session = { userId: 'u1', userName: 'ada', userProvider: 'local', loginType: 'form' } as const;

function replay(initialState: unknown, actions: { action: { type: string } }[]): unknown {
  return actions.reduce<unknown>((state, { action }) => (hasSlicesOf(state, initialRootState) ? rootReducer(state, action) : state), initialState);
}

describe('the QA recorder', () => {
  afterEach(() => jest.useRealTimers());

  it('records nothing while it is off, which is the default', async () => {
    const store = makeStore();
    store.dispatch(loggedIn(session));
    expect(selectIsRecording(store.getState())).toBe(false);
    expect((await store.dispatch(exportRecording()))).toBeNull();
  });

  it('starts from the state of the moment it is switched on, and switching off discards the recording', async () => {
    const store = makeStore();
    store.dispatch(loggedIn(session));
    store.dispatch(recorderToggled(true));
    store.dispatch(tableLayoutChanged(layout(1)));

    const recording = (await store.dispatch(exportRecording()));
    expect(recording?.initialState.session).toMatchObject({ userName: 'ada' });
    expect(recording?.initialState.tableSettings).toEqual({ byTableId: {} });
    expect(recording?.actions.map((a) => a.action.type)).toEqual(['tableSettings/tableLayoutChanged']);

    store.dispatch(recorderToggled(false));
    expect((await store.dispatch(exportRecording()))).toBeNull();
    store.dispatch(recorderToggled(true));
    expect((await store.dispatch(exportRecording()))?.actions).toEqual([]);
  });

  it('keeps the last N actions, moving the initial state forward so that the window still replays to the live state', async () => {
    const recorder = createRecorder({
      loadEngine: async () => (state, at) => createRecorderEngine({ capacity: 3, reducer: rootReducer, template: initialRootState }, state, at),
    });
    const store = configureStore({ reducer: rootReducer, middleware: (getDefault) => getDefault().concat(recorder.middleware) });
    store.dispatch(recorderToggled(true));
    [loggedIn(session), tableLayoutChanged(layout(1)), navigationChanged('/collectors'), tableLayoutChanged(layout(2)), localeChanged('nl')].forEach(
      (action) => store.dispatch(action),
    );

    await recorder.ready();
    const window = recorder.window();
    expect(window?.entries.map((e) => e.action.type)).toEqual(['navigation/changed', 'tableSettings/tableLayoutChanged', 'session/localeChanged']);
    expect(replay(window?.initialState, window?.entries ?? [])).toEqual(toRecordable(store.getState()));
  });

  it('writes times in milliseconds since the initial state, which moves with the window', async () => {
    let now = 1_000;
    const recorder = createRecorder({
      loadEngine: async () => (state, at) => createRecorderEngine({ capacity: 2, reducer: (s) => s, template: initialRootState }, state, at),
      now: () => now,
    });
    const store = configureStore({ reducer: rootReducer, middleware: (getDefault) => getDefault().concat(recorder.middleware) });
    store.dispatch(recorderToggled(true));
    for (const at of [1_100, 1_250, 1_600]) {
      now = at;
      store.dispatch(passwordChanged());
    }
    await recorder.ready();
    const window = recorder.window();
    if (!window) throw new Error('not recording');
    const file = buildRecording(window, { appVersion: '9.9.9', locale: 'nl', organization: { UUID: 'o1', Name: 'Plant' }, secrets: [] });
    expect(file.actions.map((a) => a.t)).toEqual([150, 500]);
    expect(file.recordedAt).toBe(new Date(1_100).toISOString());
    expect(file).toMatchObject({ formatVersion: 1, appVersion: '9.9.9', locale: 'nl', organization: { UUID: 'o1', Name: 'Plant' } });
  });

  it('keeps, in order, what is dispatched while its engine is still loading, and drops a recording switched off meanwhile', async () => {
    const store = makeStore();
    store.dispatch(recorderToggled(true));
    store.dispatch(tableLayoutChanged(layout(1)));
    store.dispatch(recorderToggled(false));
    store.dispatch(recorderToggled(true));
    store.dispatch(tableLayoutChanged(layout(2)));
    store.dispatch(localeChanged('nl'));
    const recording = await store.dispatch(exportRecording());
    expect(recording?.initialState.tableSettings).toEqual({ byTableId: { collectors: layout(1).layout } });
    expect(recording?.actions.map((a) => a.action.type)).toEqual(['tableSettings/tableLayoutChanged', 'session/localeChanged']);
  });

  it('switches itself off when its engine cannot be loaded', async () => {
    const recorder = createRecorder({ loadEngine: () => Promise.reject(new Error('chunk failed')) });
    const store = configureStore({ reducer: rootReducer, middleware: (getDefault) => getDefault().concat(recorder.middleware) });
    store.dispatch(recorderToggled(true));
    await recorder.ready();
    expect(selectIsRecording(store.getState())).toBe(false);
    expect(recorder.isRecording()).toBe(false);
  });

  it('leaves out redux-persist and RTK Query bookkeeping, which a replay store does for itself', async () => {
    jest.useFakeTimers();
    server.use(http.get('/api/info', () => HttpResponse.json({ Version: '1' })));
    const store = makeStore(undefined, { record: true });
    store.dispatch({ type: 'persist/REHYDRATE', key: 'session' });
    const subscription = store.dispatch(sessionApi.endpoints.getInfo.initiate());
    await subscription;
    subscription.unsubscribe();
    // Past the 500 ms in which RTK Query batches its subscription bookkeeping into one action.
    await jest.advanceTimersByTimeAsync(1_000);
    const types = (await store.dispatch(exportRecording()))?.actions.map((a) => a.action.type) ?? [];
    expect(types).toEqual(expect.arrayContaining(['api/executeQuery/pending', 'api/executeQuery/fulfilled']));
    expect(types.filter((type) => type.startsWith('persist/') || type.includes('internalSubscriptions') || type.startsWith('api/config/'))).toEqual([]);
  });

  it('never contains the canary secrets the test planted, and exports a file that passes the published schema', async () => {
    answerWithCanaries();
    server.use(http.post('/api/auth/local/login', () => HttpResponse.json({ User: { UUID: 'u1', Name: 'ada', MustChangePassword: true } })));
    plantXsrfCookie();
    const store = makeStore(undefined, { record: true });

    await store.dispatch(sessionApi.endpoints.login.initiate({ provider: 'local', loginCredentials: { Name: 'ada', Password: CANARIES.password } }));
    store.dispatch(loggedIn({ ...session, loginType: 'token', userKey: CANARIES.token, mustChangePassword: true }));
    await store.dispatch(sessionApi.endpoints.createCurrentUserToken.initiate({ tokenCreate: { Name: 'ci' } }));
    await store.dispatch(collectorsApi.endpoints.getCollectors.initiate({}));
    await store.dispatch(sessionApi.endpoints.getInfo.initiate());

    // The live state holds them (the password only travelled in the login action's arguments).
    expect(containsCanary(JSON.stringify(store.getState()))).toEqual([CANARIES.token, CANARIES.secureSetting, CANARIES.xsrf]);
    const recording = (await store.dispatch(exportRecording()));
    const text = JSON.stringify(recording);
    expect(containsCanary(text)).toEqual([]);
    expect(text).toContain('"loginCredentials":{"Name":"ada","Password":"[redacted]"}');
    expect(text).toContain('"mustChangePassword":true');
    expect(validateRecording(JSON.parse(text))).toMatchObject({ ok: true });
  });

  it('is switched on by ?record=1 once the stored slices are back', async () => {
    window.history.replaceState(null, '', '/?record=1#/collectors');
    window.localStorage.setItem('historian.session', JSON.stringify({ userName: JSON.stringify('ada'), _persist: JSON.stringify({ version: 1, rehydrated: true }) }));
    const { store, persistor } = makePersistedStore();
    await new Promise<void>((resolve) => {
      const check = () => persistor.getState().bootstrapped && resolve();
      persistor.subscribe(check);
      check();
    });
    expect(selectIsRecording(store.getState())).toBe(true);
    const recording = (await store.dispatch(exportRecording()));
    const initialSession: Partial<RootState['session']> | undefined = recording?.initialState.session as Partial<RootState['session']>;
    expect(initialSession).toMatchObject({ userName: 'ada' });
    expect(initialSession).not.toHaveProperty('_persist');
  });
});
