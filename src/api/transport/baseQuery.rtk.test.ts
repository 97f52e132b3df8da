import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { http, HttpResponse } from 'msw';
import { server } from '../../testing/server';
import { historianBaseQuery } from './baseQuery';
import { isHistorianError } from './errors';
import { setXsrfCookie } from './transportTestUtils';

// The shape @rtk-query/codegen-openapi generates: `query: (queryArg) => ({ url, method, body, params })`.
const api = createApi({
  reducerPath: 'api',
  baseQuery: historianBaseQuery,
  endpoints: (build) => ({
    getCollectors: build.query<unknown, { status?: string }>({
      query: (queryArg) => ({ url: '/collectors', params: { Status: queryArg.status } }),
    }),
    putCollector: build.mutation<unknown, { uuid: string; collector: { Name: string } }>({
      query: (queryArg) => ({ url: `/collectors/${queryArg.uuid}`, method: 'PUT', body: queryArg.collector }),
    }),
  }),
});

function makeStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

describe('historianBaseQuery inside RTK Query', () => {
  it('serves endpoints written the way codegen writes them, with errors RTK Query keeps as they are', async () => {
    setXsrfCookie();
    server.use(
      http.get('/api/collectors', ({ request }) => HttpResponse.json([{ Status: new URL(request.url).searchParams.get('Status') }])),
      http.put('/api/collectors/c1', () => HttpResponse.json({ title: 'Conflict' }, { status: 409, headers: { 'content-type': 'application/problem+json' } })),
    );
    const store = makeStore();

    const list = await store.dispatch(api.endpoints.getCollectors.initiate({ status: 'Paused' }));
    const update = await store.dispatch(api.endpoints.putCollector.initiate({ uuid: 'c1', collector: { Name: 'n' } }));

    expect(list.data).toEqual([{ Status: 'Paused' }]);
    expect(isHistorianError(update.error)).toBe(true);
    expect(update.error).toMatchObject({ kind: 'problem', code: 409, message: 'Conflict' });
  });
});
