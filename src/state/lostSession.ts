import type { Middleware } from '@reduxjs/toolkit';
import { baseApi } from '../api/baseApi';
import { sessionLost } from '../api/transport/requestContext';
import { selectIsLoggedIn } from './privileges';
import type { PersistedSlices } from './rootState';

/**
 * A lost session (src/api/transport) takes the API cache along. Calls failing together end one
 * session: only the first, while still signed in, resets the cache (again would refetch for nothing).
 */
export const lostSessionMiddleware: Middleware<{}, PersistedSlices> = (api) => (next) => (action) => {
  const endsSession = sessionLost.match(action) && selectIsLoggedIn(api.getState());
  const result = next(action);
  if (endsSession) api.dispatch(baseApi.util.resetApiState());
  return result;
};
