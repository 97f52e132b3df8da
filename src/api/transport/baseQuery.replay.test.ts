import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { historianBaseQuery } from './baseQuery';
import { createReplayResponder, NOT_RECORDED_CAUSE, type ReplayRequest } from './replay';
import * as location from './location';
import { goToRoute, recordRequests } from './transportTestUtils';

afterEach(() => jest.restoreAllMocks());

function apiWith(extra: unknown, overrides: Partial<BaseQueryApi> = {}): BaseQueryApi {
  const controller = new AbortController();
  return {
    signal: controller.signal,
    abort: () => controller.abort(),
    dispatch: jest.fn(),
    getState: () => ({}),
    extra,
    endpoint: 'getCollectors',
    type: 'query',
    ...overrides,
  };
}

describe('transport: the QA replay responder (api.extra.replay)', () => {
  it('answers from the recording and sends nothing', async () => {
    const seen = recordRequests('get', '/api/collectors');
    const asked: ReplayRequest[] = [];
    const replay = createReplayResponder((request) => {
      asked.push(request);
      return { data: [{ Name: 'recorded' }], totalCount: 7 };
    });

    const result = await historianBaseQuery(
      { url: '/collectors', params: { Status: 'Active' } },
      apiWith({ replay }, { queryCacheKey: 'getCollectors({"status":"Active"})' }),
      {},
    );

    expect(result).toMatchObject({ data: [{ Name: 'recorded' }], meta: { totalCount: 7, request: { method: 'GET' } } });
    expect(asked).toEqual([
      { endpoint: 'getCollectors', type: 'query', queryCacheKey: 'getCollectors({"status":"Active"})', method: 'GET', url: '/api/collectors?Status=Active' },
    ]);
    expect(seen).toEqual([]);
  });

  it('answers a recorded error as that error', async () => {
    const error = { kind: 'http', code: 409, text: 'Conflict', body: null, message: '409 Conflict', request: { method: 'PUT', url: '/api/x', body: null } } as const;
    const replay = createReplayResponder(() => ({ error }));
    const result = await historianBaseQuery({ url: '/x', method: 'PUT' }, apiWith({ replay }, { type: 'mutation' }), {});
    expect(result.error).toEqual(error);
  });

  it('answers a call the recording does not hold with a clear error, without sending it', async () => {
    const seen = recordRequests('get', '/api/collectors');
    const replay = createReplayResponder(() => undefined);
    const result = await historianBaseQuery('/collectors', apiWith({ replay }), {});
    expect(result.error).toMatchObject({ kind: 'network', message: 'Not in the recording: GET /api/collectors', cause: NOT_RECORDED_CAUSE });
    expect(seen).toEqual([]);
  });

  it('never runs the session check for a replayed call, so the real app is not sent to /login', async () => {
    const navigate = jest.spyOn(location, 'navigateTo');
    goToRoute('/collectors');
    const replay = createReplayResponder(() => ({ data: [] }));
    const result = await historianBaseQuery('/collectors', apiWith({ replay }), {});
    expect(result.data).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('reaches the baseQuery through the thunk extra argument of a store', async () => {
    const api = createApi({
      reducerPath: 'api',
      baseQuery: historianBaseQuery,
      endpoints: (build) => ({ getInfo: build.query<unknown, void>({ query: () => ({ url: '/info' }) }) }),
    });
    const replay = createReplayResponder((request) => (request.queryCacheKey === 'getInfo(undefined)' ? { data: { Version: 'recorded' } } : undefined));
    const store = configureStore({
      reducer: { [api.reducerPath]: api.reducer },
      middleware: (getDefault) => getDefault({ thunk: { extraArgument: { replay } } }).concat(api.middleware),
    });
    const result = await store.dispatch(api.endpoints.getInfo.initiate());
    expect(result.data).toEqual({ Version: 'recorded' });
  });

  it('leaves stores without a responder on the network', async () => {
    const seen = recordRequests('get', '/api/info');
    await historianBaseQuery('/info', apiWith({ replay: 'not a responder' }), {});
    expect(seen).toHaveLength(1);
  });
});
