import { ADMIN, ADMIN_PASSWORD, prepareAdmin } from '../../../e2e/support/adminApi';

// The seeded administrator of a real server process, its default password changed once, as the
// fault rounds call the API: JSON or multipart bodies, an organization header, an abort signal.

export interface CallOptions {
  body?: unknown;
  form?: FormData;
  organization?: string;
  signal?: AbortSignal;
}

export type Call = (method: string, path: string, options?: CallOptions) => Promise<Response>;

/** Signs in as the administrator; `first` changes the default password before. */
export async function adminSession(url: string, first: boolean): Promise<Call> {
  if (first) await prepareAdmin(url);
  const login = await fetch(`${url}/api/auth/local/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Name: ADMIN, Password: ADMIN_PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const pairs = login.headers.getSetCookie().map((header) => header.split(';')[0]);
  const xsrf = pairs.find((pair) => pair.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  if (!xsrf) throw new Error('no XSRF cookie');
  const cookie = pairs.join('; ');
  return (method, path, options = {}) =>
    fetch(`${url}/api${path}`, {
      method,
      headers: {
        cookie,
        'x-xsrf-token': decodeURIComponent(xsrf),
        ...(options.organization ? { 'x-organization-uuid': options.organization } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
}
