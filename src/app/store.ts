import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { baseApi } from '../api/baseApi';
import type { ReplayResponder } from '../api/transport/replay';
import { readXsrfToken } from '../api/transport/session';
import { jobsPanelReducer } from '../state/jobsPanel';
import { licenceReducer } from '../state/licence';
import { manualEntryQueueReducer } from '../state/manualEntryQueue';
import { organizationReducer } from '../state/organization';
import { lostSessionMiddleware } from '../state/lostSession';
import { ownAccessMiddleware, recheckOwnAccessOnReturn } from '../state/ownAccess';
import { persistConfigFor, sessionPersistConfig } from '../state/persistence';
import type { RecorderExtra } from '../state/recorder/exportRecording';
import { isRecordingRequested } from '../state/recorder/recordFlag';
import { createRecorder } from '../state/recorder/recorder';
import { recorderReducer, recorderToggled } from '../state/recorder/recorderSlice';
import { selectRequestContext } from '../state/requestContext';
import { sessionReducer } from '../state/session';
import { tableSettingsReducer } from '../state/tableSettings';
import { toastsReducer } from '../state/toasts';

// The API cache is never persisted; the five client slices are, each under `historian.<slice>`.
const reducers = {
  [baseApi.reducerPath]: baseApi.reducer,
  session: sessionReducer,
  organization: organizationReducer,
  licence: licenceReducer,
  tableSettings: tableSettingsReducer,
  toasts: toastsReducer,
  recorder: recorderReducer,
  jobsPanel: jobsPanelReducer,
  manualEntryQueue: manualEntryQueueReducer,
};
/** Also what the QA recorder and replay apply recorded actions with. */
export const rootReducer = combineReducers(reducers);

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store's state: the slices every recorded state is checked (and completed) against. */
export const initialRootState: RootState = rootReducer(undefined, { type: '@@historian/init' });

const persistedRootReducer = combineReducers({
  ...reducers,
  session: persistReducer(sessionPersistConfig, sessionReducer),
  organization: persistReducer(persistConfigFor<RootState['organization']>('organization'), organizationReducer),
  licence: persistReducer(persistConfigFor<RootState['licence']>('licence'), licenceReducer),
  tableSettings: persistReducer(persistConfigFor<RootState['tableSettings']>('tableSettings'), tableSettingsReducer),
  manualEntryQueue: persistReducer(persistConfigFor<RootState['manualEntryQueue']>('manualEntryQueue'), manualEntryQueueReducer),
});

// The time-series query's columnar answer (src/api/areas/timeseries.ts) holds typed arrays on
// purpose: a chart's million points as views on the received bytes. They are not serializable,
// and walking them would cost the development checks a million steps per action; only those
// arrays are skipped, the rest of the entry stays checked.
const TIMESERIES_COLUMNS_IN_STATE = /^api\.queries\.queryTimeseriesColumns\(.*\.data\.series\.\d+\.(times|columns)$/;
const serializableCheck = {
  ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER],
  // RTK's default ignoredActionPaths come first: giving the option replaces them.
  ignoredActionPaths: ['meta.arg', 'meta.baseQueryMeta', /^payload\.series\.\d+\.(times|columns)$/],
  ignoredPaths: [TIMESERIES_COLUMNS_IN_STATE],
};
const immutableCheck = { ignoredPaths: [TIMESERIES_COLUMNS_IN_STATE] };

/** The thunk extra argument, which RTK Query also hands its baseQuery as `api.extra`. */
export interface StoreExtra extends RecorderExtra {
  /** What the transport sends from this store's state: organization, locale, bearer value. */
  requestContext: typeof selectRequestContext;
  /** QA replay sandbox: every API call is answered from the recording and nothing is sent. */
  replay?: ReplayResponder;
}

/** What makes a store a QA replay sandbox. */
export interface ReplaySetup {
  responder: ReplayResponder;
  /** withReplayedState (src/state/recorder/replayState.ts), handed in so that the sign-in route does not carry it. */
  withReplayedState: (reducer: typeof rootReducer, template: RootState) => typeof rootReducer;
}

export interface StoreOptions {
  replay?: ReplaySetup;
  /** Start recording at once (`?record=1`); otherwise the recorder waits for recorderToggled(true). */
  record?: boolean;
}

/** The QA recorder of one store; its engine (redaction, buffer, snapshot) loads when recording starts. */
function createStoreRecorder() {
  return createRecorder({
    loadEngine: async () => {
      const { createRecorderEngine } = await import('../state/recorder/recorderEngine');
      const settings = { reducer: rootReducer, template: initialRootState, secretsOf: (state: RootState) => [readXsrfToken(), state.session.userKey] };
      return (state, startedAt) => createRecorderEngine(settings, state, startedAt);
    },
  });
}

/** A store without persistence, for tests and the QA replay sandbox (`replay`). */
export function makeStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const recorder = createStoreRecorder();
  const extra: StoreExtra = { recorder, requestContext: selectRequestContext, replay: options.replay?.responder };
  const store = configureStore({
    reducer: options.replay ? options.replay.withReplayedState(rootReducer, initialRootState) : rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ serializableCheck, immutableCheck, thunk: { extraArgument: extra } }).concat(baseApi.middleware, ownAccessMiddleware, lostSessionMiddleware, recorder.middleware),
  });
  if (options.record) store.dispatch(recorderToggled(true));
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/** The application's store: persisted. `?record=1` starts the recorder. */
export function makePersistedStore() {
  const recorder = createStoreRecorder();
  const extra: StoreExtra = { recorder, requestContext: selectRequestContext };
  const store = configureStore({
    reducer: persistedRootReducer,
    middleware: (getDefault) =>
      getDefault({ serializableCheck, immutableCheck, thunk: { extraArgument: extra } }).concat(baseApi.middleware, ownAccessMiddleware, lostSessionMiddleware, recorder.middleware),
  });
  // Started once the stored slices are back, so the first snapshot is the state the user sees.
  const persistor = persistStore(store, null, () => {
    if (isRecordingRequested(window.location)) store.dispatch(recorderToggled(true));
  });
  setupListeners(store.dispatch);
  recheckOwnAccessOnReturn(store);
  return { store, persistor };
}
