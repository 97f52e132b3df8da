import { delay, http, HttpResponse } from 'msw';
import { deferred } from '../../testing/deferred';
import { server } from '../../testing/server';
import { createHistorianBaseQuery } from './baseQuery';
import { callBaseQuery, recordRequests, setXsrfCookie } from './transportTestUtils';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeEach(() => setXsrfCookie());

describe('transport: success responses (SPEC §7)', () => {
  it('HEAD returns the response headers as a plain object', async () => {
    server.use(http.head('/api/collectors', () => new HttpResponse(null, { headers: { 'x-total-count': '7', etag: '"v1"' } })));
    const { data } = await callBaseQuery({ url: '/collectors', method: 'HEAD' });
    expect(data).toEqual(expect.objectContaining({ 'x-total-count': '7', etag: '"v1"' }));
  });

  it('parses a JSON content type as JSON and returns other success responses raw (text, or a Blob for binary types)', async () => {
    server.use(
      http.get('/api/info', () => HttpResponse.json({ Version: '1.2.3' })),
      http.get('/api/collectors/c1/token', () => HttpResponse.text('plain-token')),
      http.get('/api/collectors/c1/template', () => new HttpResponse(new Uint8Array([80, 75, 3, 4]), { headers: { 'content-type': XLSX } })),
    );

    expect((await callBaseQuery('/info')).data).toEqual({ Version: '1.2.3' });
    expect((await callBaseQuery('/collectors/c1/token')).data).toBe('plain-token');
    const { data: sheet } = await callBaseQuery('/collectors/c1/template');
    expect(sheet).toBeInstanceOf(Blob);
    expect(new Uint8Array(await (sheet as Blob).arrayBuffer())).toEqual(new Uint8Array([80, 75, 3, 4]));
  });

  it('returns null for status 204', async () => {
    server.use(http.delete('/api/collectors/c1', () => new HttpResponse(null, { status: 204 })));
    const result = await callBaseQuery({ url: '/collectors/c1', method: 'DELETE' });
    expect(result).toMatchObject({ data: null });
  });

  it('paginated calls send Limit and Page (default 100 and 1, caller values win) and return { items, totalCount } from x-total-count', async () => {
    const seen = recordRequests('get', '/api/collectors', () =>
      HttpResponse.json([{ UUID: 'c1' }], { headers: { 'x-total-count': '250' } }),
    );

    const first = await callBaseQuery({ url: '/collectors', paginated: true });
    await callBaseQuery({ url: '/collectors', paginated: true, params: { Limit: 25, Page: 3 } });

    expect(first.data).toEqual({ items: [{ UUID: 'c1' }], totalCount: 250 });
    expect(seen.map(({ url }) => [url.searchParams.get('Limit'), url.searchParams.get('Page')])).toEqual([
      ['100', '1'],
      ['25', '3'],
    ]);
  });

  it('exposes meta.totalCount on every response that has the x-total-count header', async () => {
    server.use(
      http.get('/api/users', () => HttpResponse.json([], { headers: { 'x-total-count': '12' } })),
      http.get('/api/groups', () => HttpResponse.json([])),
      http.get('/api/broken', () => HttpResponse.json({}, { status: 500, headers: { 'x-total-count': '3' } })),
    );
    expect((await callBaseQuery('/users')).meta?.totalCount).toBe(12);
    expect((await callBaseQuery('/groups')).meta?.totalCount).toBeUndefined();
    expect((await callBaseQuery('/broken')).meta?.totalCount).toBe(3);
  });
});

describe('transport: requests with a unique id (SPEC §7)', () => {
  it('a request with a requestId aborts the earlier still-running request with the same id, which ends as ABORTED and never clobbers the later result', async () => {
    const baseQuery = createHistorianBaseQuery();
    const earlierStarted = deferred();
    const earlierMayAnswer = deferred();
    server.use(
      http.get('/api/search', async ({ request }) => {
        const term = new URL(request.url).searchParams.get('q') ?? '';
        if (term === 'a') {
          earlierStarted.resolve();
          await earlierMayAnswer.promise;
        }
        return HttpResponse.json({ term });
      }),
    );

    const earlier = callBaseQuery({ url: '/search', params: { q: 'a' }, requestId: 'search' }, { baseQuery });
    await earlierStarted.promise;
    const later = callBaseQuery({ url: '/search', params: { q: 'ab' }, requestId: 'search' }, { baseQuery });
    const other = callBaseQuery({ url: '/search', params: { q: 'x' }, requestId: 'other' }, { baseQuery });

    expect((await later).data).toEqual({ term: 'ab' });
    expect((await other).data).toEqual({ term: 'x' });
    // The earlier answer arrives last; aborted, it is not a result.
    earlierMayAnswer.resolve();
    expect((await earlier).error).toMatchObject({ kind: 'aborted', code: 'ABORTED', reason: 'superseded' });
  });

  it('a request cancelled by RTK Query (its abort signal) ends as ABORTED', async () => {
    server.use(http.get('/api/slow', async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }));
    const controller = new AbortController();
    const pending = callBaseQuery('/slow', { signal: controller.signal });
    controller.abort();
    expect((await pending).error).toMatchObject({ kind: 'aborted', reason: 'cancelled' });
  });
});
