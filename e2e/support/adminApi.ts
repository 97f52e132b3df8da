// The API as the seeded administrator, for setting a scene up before the browser opens: the
// default password is changed here (SPEC §2 asks for it at first sign-in).

export const ADMIN = 'admin';
export const ADMIN_PASSWORD = 'E2e-admin-password-1';

export interface AdminApi {
  call(method: string, path: string, options?: { body?: unknown; organization?: string }): Promise<Response>;
  json<T>(method: string, path: string, options?: { body?: unknown; organization?: string }): Promise<T>;
}

function cookieOf(response: Response, name: string): string | undefined {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const [key, value] = pair.split('=');
    if (key.trim() === name) return value;
  }
  return undefined;
}

export async function signInAdmin(baseUrl: string, password = 'historian'): Promise<AdminApi> {
  return signInAs(baseUrl, ADMIN, password);
}

/** The API as any local user (their calls are held to their own privileges). */
export async function signInAs(baseUrl: string, name: string, password: string): Promise<AdminApi> {
  const login = await fetch(`${baseUrl}/api/auth/local/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Name: name, Password: password }),
  });
  if (!login.ok) throw new Error(`${name} sign-in failed: ${login.status} ${await login.text()}`);
  const session = cookieOf(login, 'historian_session');
  const xsrf = cookieOf(login, 'XSRF-TOKEN');
  if (!session || !xsrf) throw new Error('no session cookies');
  const call = (method: string, path: string, options: { body?: unknown; organization?: string } = {}) =>
    fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        cookie: `historian_session=${session}; XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': decodeURIComponent(xsrf),
        ...(options.organization ? { 'x-organization-uuid': options.organization } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  return {
    call,
    async json<T>(method: string, path: string, options?: { body?: unknown; organization?: string }): Promise<T> {
      const response = await call(method, path, options);
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
  };
}

/** Signs in with the default password and sets ADMIN_PASSWORD, as the forced change would. */
export async function prepareAdmin(baseUrl: string): Promise<AdminApi> {
  const first = await signInAdmin(baseUrl);
  const changed = await first.call('PATCH', '/current-user/password', { body: { Password: ADMIN_PASSWORD } });
  if (!changed.ok) throw new Error(`password change failed: ${changed.status} ${await changed.text()}`);
  return signInAdmin(baseUrl, ADMIN_PASSWORD);
}
