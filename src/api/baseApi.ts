import { createApi } from '@reduxjs/toolkit/query/react';
import { historianBaseQuery } from './transport/baseQuery';

// The single RTK Query root (reducerPath `api`). Endpoints are injected by the generated slice
// (src/api/generated, one file per area) and enhanced in src/api/areas; nothing else calls createApi.
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: historianBaseQuery,
  endpoints: () => ({}),
  // Back online (store.ts sets up the listeners), what is shown is read again: a refetch that failed
  // offline left its list with an error and without its items' tags, so a save made after the
  // return would not refresh it and the list would go on saying it could not be loaded.
  refetchOnReconnect: true,
});
