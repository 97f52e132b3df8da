import { http, HttpResponse } from 'msw';
import { server } from '../../testing/server';
import { createHistorianBaseQuery } from './baseQuery';
import { REDIRECT_AFTER_LOGIN_STORAGE_KEY } from './sessionStorage';
import * as location from './location';
import { sessionLost } from './requestContext';
import { callBaseQuery, goToRoute, recordRequests, setXsrfCookie } from './transportTestUtils';

afterEach(() => jest.restoreAllMocks());

describe('transport: what every request carries (SPEC §7)', () => {
  it('sends the x-xsrf-token header from the XSRF-TOKEN cookie, or an empty string', async () => {
    const seen = recordRequests('get', '/api/collectors');
    setXsrfCookie('a+b/c=');
    await callBaseQuery('/collectors');

    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    await callBaseQuery('/collectors', { context: { bearerToken: 'api-token' } });

    expect(seen.map((request) => request.headers.get('x-xsrf-token'))).toEqual(['a+b/c=', '']);
  });

  it('sends x-organization-uuid (the chosen organization) and accept-language (the user locale, default en), read from the calling store', async () => {
    const seen = recordRequests('get', '/api/collectors');
    setXsrfCookie();
    await callBaseQuery('/collectors', { context: { organizationUuid: 'org-1', locale: 'nl' } });

    await callBaseQuery('/collectors');

    expect(seen[0].headers.get('x-organization-uuid')).toBe('org-1');
    expect(seen[0].headers.get('accept-language')).toBe('nl');
    expect(seen[1].headers.has('x-organization-uuid')).toBe(false);
    expect(seen[1].headers.get('accept-language')).toBe('en');
  });

  it("omits x-organization-uuid on root-level calls that pass it as null, and uses the store's organization otherwise", async () => {
    const seen = recordRequests('get', '/api/users/u1/tokens');
    setXsrfCookie();
    const context = { organizationUuid: 'org-from-store' };
    await callBaseQuery({ url: '/users/u1/tokens', headers: { 'x-organization-uuid': null } }, { context });
    await callBaseQuery({ url: '/users/u1/tokens', headers: { 'x-organization-uuid': undefined } }, { context });

    expect(seen[0].headers.has('x-organization-uuid')).toBe(false);
    expect(seen[1].headers.get('x-organization-uuid')).toBe('org-from-store');
  });

  it('includes credentials', async () => {
    const seen = recordRequests('get', '/api/info');
    await callBaseQuery('/info');
    expect(seen[0].credentials).toBe('include');
  });

  it('appends the path to the base path /api', async () => {
    const seen = recordRequests('get', '/api/collectors/42/token');
    setXsrfCookie();
    const { data } = await callBaseQuery({ url: 'collectors/42/token' });
    expect(data).toEqual({});
    expect(seen[0].url.pathname).toBe('/api/collectors/42/token');
  });

  it("fails with 'Basepath for the client was not set' when the base path is missing", async () => {
    setXsrfCookie();
    const result = await callBaseQuery('/collectors', { baseQuery: createHistorianBaseQuery({ basePath: '' }) });
    expect(result.error).toMatchObject({ kind: 'configuration', message: 'Basepath for the client was not set' });
  });
});

describe('transport: bodies and query parameters (SPEC §7)', () => {
  it('sends JSON bodies with a JSON content type', async () => {
    const seen = recordRequests('put', '/api/collectors/c1');
    setXsrfCookie();
    await callBaseQuery({ url: '/collectors/c1', method: 'PUT', body: { UUID: 'c1', Name: 'Line 1' } });

    expect(seen[0].headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(seen[0].body)).toEqual({ UUID: 'c1', Name: 'Line 1' });
  });

  it('sends form uploads (FormData, or formData: true) as multipart, without a JSON content type', async () => {
    const seen = recordRequests('post', '/api/*');
    setXsrfCookie();
    const upload = new FormData();
    upload.append('file', new Blob(['binary'], { type: 'application/octet-stream' }), 'collector.bin');
    await callBaseQuery({ url: '/product-updates', method: 'POST', body: upload });
    await callBaseQuery({ url: '/license', method: 'POST', body: { licenseToken: 'a.b.c' }, formData: true });

    expect(seen[0].headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const file = seen[0].formData?.get('file');
    expect(file).toBeInstanceOf(Blob);
    expect(await (file as Blob).text()).toBe('binary');
    expect(seen[1].headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[1].formData?.get('licenseToken')).toBe('a.b.c');
  });

  it('serialises optional query parameters in bracket style for arrays and nested objects, skipping absent ones', async () => {
    const seen = recordRequests('get', '/api/user-group-users');
    setXsrfCookie();
    await callBaseQuery({
      url: '/user-group-users',
      params: { ids: ['a', 'b'], filter: { Name: 'x y' }, UserGroupUUID: 'g1', missing: undefined, empty: null },
    });

    expect(decodeURIComponent(seen[0].url.search)).toBe(
      '?ids[]=a&ids[]=b&filter[Name]=x y&UserGroupUUID=g1',
    );
  });
});

describe('transport: session check (SPEC §4)', () => {
  it("refuses a call without XSRF-TOKEN cookie or bearer value: the app moves to /login and the call fails with 'You are not logged in'", async () => {
    const seen = recordRequests('get', '/api/collectors');
    goToRoute('/collectors?x=1');

    const result = await callBaseQuery('/collectors');

    expect(result.error).toMatchObject({ kind: 'not-logged-in', message: 'You are not logged in' });
    expect(seen).toHaveLength(0);
    expect(window.location.hash).toBe('#/login');
    expect(JSON.parse(localStorage.getItem(REDIRECT_AFTER_LOGIN_STORAGE_KEY) ?? 'null')).toBe('/collectors?x=1');
  });

  it('a call without a session drops the stored session (all but the organization) before it moves to /login', async () => {
    const dispatch = jest.fn();
    localStorage.setItem('historian.organization', JSON.stringify('org-1'));
    localStorage.setItem('historian.session', JSON.stringify({ userName: '"ada"' }));
    goToRoute('/collectors');

    await callBaseQuery('/collectors', { dispatch });

    expect(dispatch.mock.calls).toEqual([[sessionLost()]]);
    expect(Object.keys(localStorage).sort()).toEqual(['historian.organization', REDIRECT_AFTER_LOGIN_STORAGE_KEY]);
    expect(window.location.hash).toBe('#/login');
  });

  it('on /login a call without a session fails without navigating', async () => {
    const navigate = jest.spyOn(location, 'navigateTo');
    goToRoute('/login');

    const result = await callBaseQuery('/current-user');

    expect(result.error).toMatchObject({ kind: 'not-logged-in' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('allows a call with a configured bearer value and sends authorization: Bearer …', async () => {
    const seen = recordRequests('get', '/api/current-user');
    const result = await callBaseQuery('/current-user', { context: { bearerToken: 'api-token-1' } });

    expect(result.error).toBeUndefined();
    expect(seen[0].headers.get('authorization')).toBe('Bearer api-token-1');
  });

  it.each([
    ['GET', '/auth/list'],
    ['POST', '/auth/local/login'],
    ['POST', '/auth/corporate-oidc/login'],
    ['GET', '/info'],
    ['GET', '/translations/nl/general'],
  ])('exempts the public endpoint %s %s from the session check', async (method, url) => {
    server.use(http.all('/api/*', () => HttpResponse.json({ ok: true })));
    const navigate = jest.spyOn(location, 'navigateTo');
    goToRoute('/');

    const result = await callBaseQuery({ url, method, body: method === 'POST' ? { Name: 'n' } : undefined });

    expect(result).toMatchObject({ data: { ok: true } });
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each(['/auth/local/logout', '/information', '/translations', '/settings'])(
    'does not exempt %s, which is not a public endpoint',
    async (url) => {
      jest.spyOn(location, 'navigateTo').mockImplementation(() => {});
      goToRoute('/');
      const result = await callBaseQuery(url);
      expect(result.error).toMatchObject({ kind: 'not-logged-in' });
    },
  );
});
