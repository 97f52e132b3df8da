import { delay, http, HttpResponse } from 'msw';
import { server } from '../../testing/server';
import { createHistorianBaseQuery, DEFAULT_TIMEOUT_MS } from './baseQuery';
import { REDIRECT_AFTER_LOGIN_STORAGE_KEY } from './sessionStorage';
import * as location from './location';
import { sessionLost } from './requestContext';
import { callBaseQuery, goToRoute, setXsrfCookie } from './transportTestUtils';

beforeEach(() => setXsrfCookie());
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('transport: HTTP errors (SPEC §8)', () => {
  it('turns a non-success response into an error { code, text, body } with the parsed JSON or the text body', async () => {
    server.use(
      http.get('/api/collectors/missing', () => HttpResponse.json({ reason: 'gone' }, { status: 404, statusText: 'Not Found' })),
      http.get('/api/collectors/broken', () => HttpResponse.text('stack overflow', { status: 500, statusText: 'Internal Server Error' })),
    );

    expect((await callBaseQuery('/collectors/missing')).error).toMatchObject({
      kind: 'http',
      code: 404,
      text: 'Not Found',
      body: { reason: 'gone' },
      message: '404 Not Found',
    });
    expect((await callBaseQuery('/collectors/broken')).error).toMatchObject({ kind: 'http', code: 500, body: 'stack overflow' });
  });

  it('turns an application/problem+json response into a problem-details error carrying the body', async () => {
    const problem = {
      type: 'https://historian.example/problems/validation',
      title: 'Invalid collector',
      status: 422,
      detail: 'Name is required',
      instance: '/api/collectors',
      errors: { '/Name': ['must not be empty'] },
    };
    server.use(
      http.post('/api/collectors', () =>
        HttpResponse.json(problem, { status: 422, statusText: 'Unprocessable Entity', headers: { 'content-type': 'application/problem+json' } }),
      ),
    );

    const { error } = await callBaseQuery({ url: '/collectors', method: 'POST', body: { Name: '' } });

    expect(error).toEqual({
      kind: 'problem',
      code: 422,
      text: 'Unprocessable Entity',
      body: problem,
      message: 'Name is required',
      request: { method: 'POST', url: '/api/collectors', body: { Name: '' } },
      stack: expect.any(String),
    });
  });

  it("gives every failed call a stack trace: the client-side stack where it failed, then the server's problem detail, the call's secrets cut out", async () => {
    setXsrfCookie('xsrf-session-value');
    server.use(
      http.post('/api/users', () =>
        HttpResponse.json(
          { title: 'Invalid user', status: 422, detail: 'Password hunter2-long was seen in a breach', errors: { '/Name': ['taken'] } },
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
      http.get('/api/collectors', () => HttpResponse.error()),
    );

    const { error } = await callBaseQuery({ url: '/users', method: 'POST', body: { Name: 'ann', Password: 'hunter2-long' } });
    const network = (await callBaseQuery('/collectors')).error;

    const [clientStack, serverAnswer] = (error?.stack ?? '').split('\n\n');
    expect(clientStack).toMatch(/^Error: Password \[redacted\] was seen in a breach\n\s+at /);
    expect(JSON.parse(serverAnswer)).toEqual({ title: 'Invalid user', status: 422, detail: 'Password [redacted] was seen in a breach', errors: { '/Name': ['taken'] } });
    expect(error?.message).toBe('Password [redacted] was seen in a breach');
    expect(JSON.stringify(error)).not.toMatch(/hunter2-long|xsrf-session-value/);
    expect(network?.stack).toMatch(/^Error: Network request failed\n\s+at /);
  });

  it('attaches the request (method, url and body with secrets redacted) to every error', async () => {
    server.use(http.put('/api/organizations/o1', () => HttpResponse.json({}, { status: 409 })));
    const body = { Name: 'Plant', PostgresPassword: 'pg-secret', SecureSettings: { apiKey: 'k' } };

    const { error } = await callBaseQuery({ url: '/organizations/o1', method: 'PUT', body });

    expect(error?.request).toEqual({
      method: 'PUT',
      url: '/api/organizations/o1',
      body: { Name: 'Plant', PostgresPassword: '[redacted]', SecureSettings: '[redacted]' },
    });
  });
});

describe('transport: 401 (SPEC §8)', () => {
  it('401 outside /login and /profile: clears local storage except the organization, remembers the route, goes to /login and ends without an error', async () => {
    server.use(http.get('/api/collectors', () => HttpResponse.json({}, { status: 401 })));
    const dispatch = jest.fn();
    localStorage.setItem('historian.organization', JSON.stringify('org-1'));
    localStorage.setItem('historian.userName', JSON.stringify('ada'));
    localStorage.setItem('historian.userPrivileges', JSON.stringify([{ ID: 1 }]));
    goToRoute('/collectors?status=Paused');

    const result = await callBaseQuery('/collectors', { dispatch });

    expect(result.error).toBeUndefined();
    expect(result.data).toBeUndefined();
    expect(result.meta?.unauthorized).toBe(true);
    expect(window.location.hash).toBe('#/login');
    expect(dispatch.mock.calls).toEqual([[sessionLost()]]);
    expect(Object.keys(localStorage).sort()).toEqual(['historian.organization', REDIRECT_AFTER_LOGIN_STORAGE_KEY]);
    expect(JSON.parse(localStorage.getItem(REDIRECT_AFTER_LOGIN_STORAGE_KEY) ?? 'null')).toBe('/collectors?status=Paused');
  });

  it.each(['/profile', '/login', '/login/done'])('passes a 401 on %s on as an ordinary error', async (route) => {
    server.use(http.patch('/api/current-user/password', () => HttpResponse.json({ detail: 'wrong password' }, { status: 401, statusText: 'Unauthorized' })));
    const navigate = jest.spyOn(location, 'navigateTo');
    goToRoute(route);
    localStorage.setItem('historian.userName', JSON.stringify('ada'));

    const { error } = await callBaseQuery({ url: '/current-user/password', method: 'PATCH', body: { Password: 'x' } });

    expect(error).toMatchObject({ kind: 'http', code: 401, text: 'Unauthorized' });
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('historian.userName')).toBe('"ada"');
  });
});

describe('transport: network failures (SPEC §8)', () => {
  it("network failure ends with 'Network request failed'", async () => {
    server.use(http.get('/api/collectors', () => HttpResponse.error()));
    const { error } = await callBaseQuery('/collectors');
    expect(error).toMatchObject({ kind: 'network', code: 'NETWORK_ERROR', message: 'Network request failed' });
  });

  it("a timeout (timeoutMs) ends with 'Network request timed out'", async () => {
    server.use(http.get('/api/collectors', async () => {
      await delay('infinite');
      return HttpResponse.json([]);
    }));
    const { error } = await callBaseQuery({ url: '/collectors', timeoutMs: 20 });
    expect(error).toMatchObject({ kind: 'timeout', code: 'TIMEOUT', message: 'Network request timed out' });
  });

  it('the default timeout is 30 s', async () => {
    jest.useFakeTimers();
    const neverAnswers: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    const settled = jest.fn();
    const pending = callBaseQuery('/collectors', { baseQuery: createHistorianBaseQuery({ fetchFn: neverAnswers }) }).then((result) => {
      settled();
      return result;
    });

    await jest.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect((await pending).error).toMatchObject({ kind: 'timeout' });
  });
});
