import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { baseApi } from '../api/baseApi';
import { configureTransport } from '../api/transport/transportConfig';
import { licenceReducer } from '../state/licence';
import { organizationReducer } from '../state/organization';
import { persistConfigFor, sessionPersistConfig } from '../state/persistence';
import { loggedOut, sessionReducer } from '../state/session';
import { tableSettingsReducer } from '../state/tableSettings';

// The API cache is never persisted; the four client slices are, each under `historian.<slice>`.
const reducers = {
  [baseApi.reducerPath]: baseApi.reducer,
  session: sessionReducer,
  organization: organizationReducer,
  licence: licenceReducer,
  tableSettings: tableSettingsReducer,
};
const rootReducer = combineReducers(reducers);

export type RootState = ReturnType<typeof rootReducer>;

const persistedRootReducer = combineReducers({
  ...reducers,
  session: persistReducer(sessionPersistConfig, sessionReducer),
  organization: persistReducer(persistConfigFor<RootState['organization']>('organization'), organizationReducer),
  licence: persistReducer(persistConfigFor<RootState['licence']>('licence'), licenceReducer),
  tableSettings: persistReducer(persistConfigFor<RootState['tableSettings']>('tableSettings'), tableSettingsReducer),
});

const serializableCheck = { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] };

/** A store without persistence, for tests and the QA replay sandbox. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ serializableCheck }).concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/** The application's store: persisted, and wired into the transport. */
export function makePersistedStore() {
  const store = configureStore({
    reducer: persistedRootReducer,
    middleware: (getDefault) => getDefault({ serializableCheck }).concat(baseApi.middleware),
  });
  const persistor = persistStore(store);
  setupListeners(store.dispatch);
  configureTransport({
    getOrganizationUuid: () => store.getState().organization.current?.UUID ?? null,
    getLocale: () => store.getState().session.userLocale,
    getBearerToken: () => store.getState().session.userKey,
    onUnauthorized: () => {
      store.dispatch(loggedOut());
      store.dispatch(baseApi.util.resetApiState());
    },
  });
  return { store, persistor };
}
