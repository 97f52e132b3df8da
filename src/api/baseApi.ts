import { createApi } from '@reduxjs/toolkit/query/react';
import { historianBaseQuery } from './transport/baseQuery';

// The single RTK Query root (reducerPath `api`). Endpoints are injected by the generated slice
// (src/api/generated, one file per area) and enhanced in src/api/areas; nothing else calls createApi.
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: historianBaseQuery,
  endpoints: () => ({}),
});
