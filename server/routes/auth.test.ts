import { DEFAULT_PASSWORD } from '../../domain/constants';
import * as passwords from '../auth/password';
import { browserHeaders, cookieValue, postLogin, signIn } from '../auth/testing/injectHelpers';
import { createTestUser, openTestApp, rootOrganizationUuid, type TestApp } from '../auth/testing/testUsers';
import { SESSION_COOKIE, tokenHash, XSRF_COOKIE } from '../auth/sessions';
import { ADMIN_USER_NAME } from '../db/seed';

// Local sign-in (SPEC §2 login page; ARCHITECTURE security model): cookies, fresh session ids, the brute-force brake, one answer for
// unknown and known names, the forced change of the default password, and inactivity expiry.

let t: TestApp;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  t = await openTestApp();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('local sign-in', () => {
  it('sets an HttpOnly SameSite session cookie and a readable XSRF-TOKEN cookie', async () => {
    const user = await createTestUser(t.db, { password: PASSWORD });
    const response = await postLogin(t.app, user.name, PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ User: { UUID: user.uuid, Name: user.name, MustChangePassword: false } });
    const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    const xsrf = response.cookies.find((cookie) => cookie.name === XSRF_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits, base64url
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(xsrf).toMatchObject({ sameSite: 'Strict', path: '/' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('stores only a hash of the session id', async () => {
    const user = await createTestUser(t.db, { password: PASSWORD });
    const sessionId = cookieValue(await postLogin(t.app, user.name, PASSWORD), SESSION_COOKIE) ?? '';
    const { rows } = await t.db.query<{ id_hash: string }>('SELECT id_hash FROM sessions WHERE user_uuid = $1', [user.uuid]);
    expect(rows).toEqual([{ id_hash: tokenHash(sessionId) }]);
    expect(rows[0].id_hash).not.toContain(sessionId);
  });

  it('gives a new session id at every login and ends the session the browser held before', async () => {
    const user = await createTestUser(t.db, { password: PASSWORD });
    const first = browserHeaders(await postLogin(t.app, user.name, PASSWORD));
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local/login',
      headers: { cookie: first.cookie },
      payload: { Name: user.name, Password: PASSWORD },
    });
    const second = browserHeaders(again);
    expect(second.cookie).not.toBe(first.cookie);
    expect((await t.app.inject({ method: 'GET', url: '/api/current-user', headers: first })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/current-user', headers: second })).statusCode).toBe(200);
  });

  it('answers an unknown user name and a wrong password with the same status and body', async () => {
    const user = await createTestUser(t.db, { password: PASSWORD });
    const wrong = await postLogin(t.app, user.name, 'not the password', '10.0.0.1');
    const unknown = await postLogin(t.app, 'nobody-by-this-name', 'not the password', '10.0.0.1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const withoutInstance = (body: Record<string, unknown>) => ({ ...body, instance: undefined });
    expect(withoutInstance(unknown.json())).toEqual(withoutInstance(wrong.json()));
    expect(wrong.json()).toMatchObject({ code: 'users.errors.login' });
    expect(wrong.cookies).toHaveLength(0);
  });

  it.each([
    ['an HTML form', 'application/x-www-form-urlencoded', (name: string) => `Name=${name}&Password=${PASSWORD}`],
    ['text/plain', 'text/plain', (name: string) => JSON.stringify({ Name: name, Password: PASSWORD })],
    ['multipart', 'multipart/form-data; boundary=B', (name: string) => `--B\r\nContent-Disposition: form-data; name="Name"\r\n\r\n${name}\r\n--B--\r\n`],
  ])('refuses a login sent as %s (what a cross-site page can post) with 415 and no session', async (_kind, type, body) => {
    const user = await createTestUser(t.db, { password: PASSWORD });
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/local/login', headers: { 'content-type': type }, payload: body(user.name) });
    expect(response.statusCode).toBe(415);
    expect(response.cookies).toHaveLength(0);
  });

  it('logout ends the session and clears both cookies', async () => {
    const user = await createTestUser(t.db, { password: PASSWORD });
    const headers = await signIn(t.app, user.name, PASSWORD);
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/local/logout', headers });
    expect(response.statusCode).toBe(204);
    expect(cookieValue(response, SESSION_COOKIE)).toBe('');
    expect(cookieValue(response, XSRF_COOKIE)).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/current-user', headers })).statusCode).toBe(401);
  });

  it('lists the local provider among the authentication options', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/list' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expect.arrayContaining([expect.objectContaining({ ProviderName: 'local', ProviderType: 'local' })]));
  });
});

describe('brute-force protection', () => {
  it('after 5 failed logins for one name from one address answers 429 with retry-after, even to the right password', async () => {
    const user = await createTestUser(t.db, { password: PASSWORD });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await postLogin(t.app, user.name, `wrong-${attempt}`, '10.1.1.1')).statusCode).toBe(401);
    }
    const throttled = await postLogin(t.app, user.name, PASSWORD, '10.1.1.1');
    expect(throttled.statusCode).toBe(429);
    const retryAfter = Number(throttled.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);
    expect(throttled.cookies).toHaveLength(0);
  });

  it('still lets the same user sign in from another address', async () => {
    const user = await createTestUser(t.db, { password: PASSWORD });
    for (let attempt = 0; attempt < 5; attempt += 1) await postLogin(t.app, user.name, 'wrong', '10.2.2.2');
    expect((await postLogin(t.app, user.name, PASSWORD, '10.2.2.2')).statusCode).toBe(429);
    expect((await postLogin(t.app, user.name, PASSWORD, '10.3.3.3')).statusCode).toBe(200);
  });

  it('checks at most 5 passwords per name and address even when 30 attempts arrive at once', async () => {
    const user = await createTestUser(t.db, { password: PASSWORD });
    const checks = jest.spyOn(passwords, 'verifyPassword');
    try {
      // The right password is the 8th of the burst: the brake must stop the burst before it.
      const guesses = Array.from({ length: 30 }, (_, index) => (index === 7 ? PASSWORD : `wrong-${index}`));
      const answers = await Promise.all(guesses.map((guess) => postLogin(t.app, user.name, guess, '10.5.5.5')));
      expect(checks.mock.calls.length).toBeLessThanOrEqual(5);
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(0);
      expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(25);
    } finally {
      checks.mockRestore();
    }
  });

  it('throttles unknown user names exactly like known ones', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) await postLogin(t.app, 'ghost-user', 'wrong', '10.4.4.4');
    const response = await postLogin(t.app, 'ghost-user', 'wrong', '10.4.4.4');
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBeDefined();
  });
});

describe('the default password', () => {
  let headers: Record<string, string>;

  beforeAll(async () => {
    const response = await postLogin(t.app, ADMIN_USER_NAME, DEFAULT_PASSWORD);
    expect(response.json()).toMatchObject({ User: { Name: ADMIN_USER_NAME, MustChangePassword: true } });
    headers = browserHeaders(response);
  });

  it('a user still holding it can read /current-user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/current-user', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ MustChangePassword: true });
  });

  it('every other call answers 403 users.errors.default_password until it is changed', async () => {
    for (const url of ['/api/current-user/privileges', '/api/current-user/organizations', '/api/organizations']) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'users.errors.default_password' });
    }
  });

  it('rejects the default password itself and passwords under 8 characters as the new one', async () => {
    const same = await t.app.inject({ method: 'PATCH', url: '/api/current-user/password', headers, payload: { Password: DEFAULT_PASSWORD } });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ code: 'users.errors.default_password' });
    const short = await t.app.inject({ method: 'PATCH', url: '/api/current-user/password', headers, payload: { Password: 'short7!' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toHaveProperty('Password');
  });

  it('once changed, the user works normally and signs in with the new password only', async () => {
    const changed = await t.app.inject({ method: 'PATCH', url: '/api/current-user/password', headers, payload: { Password: 'a-new-password' } });
    expect(changed.statusCode).toBe(204);
    const privileges = await t.app.inject({ method: 'GET', url: '/api/current-user/privileges', headers });
    expect(privileges.statusCode).toBe(200);
    expect(privileges.json().length).toBeGreaterThan(0);
    expect((await postLogin(t.app, ADMIN_USER_NAME, DEFAULT_PASSWORD, '10.9.9.9')).statusCode).toBe(401);
    const fresh = await postLogin(t.app, ADMIN_USER_NAME, 'a-new-password', '10.9.9.9');
    expect(fresh.json()).toMatchObject({ User: { MustChangePassword: false } });
  });
});

describe('session inactivity (auth.session_inactive_duration)', () => {
  // Sessions are timed by the database's clock (now() against last_seen_at), so the tests move a
  // session's last activity back instead of waiting for the clock to pass it.
  const WINDOW_MINUTES = 10;

  beforeAll(async () => {
    await t.db.query(
      `INSERT INTO settings (organization_uuid, name, value) VALUES ($1, 'auth.session_inactive_duration', $2)
       ON CONFLICT (organization_uuid, name) DO UPDATE SET value = excluded.value`,
      [await rootOrganizationUuid(t.db), `${WINDOW_MINUTES}m`],
    );
  });

  afterAll(async () => {
    await t.db.query(`DELETE FROM settings WHERE name = 'auth.session_inactive_duration'`);
  });

  /** The user's sessions were last seen this many minutes earlier than they were. */
  async function idleFor(userUuid: string, minutes: number): Promise<void> {
    const { rowCount } = await t.db.query(
      `UPDATE sessions SET last_seen_at = last_seen_at - $2::float8 * interval '1 minute', expires_at = expires_at - $2::float8 * interval '1 minute'
        WHERE user_uuid = $1`,
      [userUuid, minutes],
    );
    expect(rowCount).toBe(1);
  }

  const currentUser = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/current-user', headers });

  it('a session expires after the configured inactivity and its cookies are cleared', async () => {
    const user = await createTestUser(t.db, { password: PASSWORD });
    const headers = await signIn(t.app, user.name, PASSWORD);
    expect((await currentUser(headers)).statusCode).toBe(200);
    await idleFor(user.uuid, WINDOW_MINUTES);
    const expired = await currentUser(headers);
    expect(expired.statusCode).toBe(401);
    expect(cookieValue(expired, XSRF_COOKIE)).toBe('');
  });

  it('a session idle for less than the configured inactivity is still alive', async () => {
    const user = await createTestUser(t.db, { password: PASSWORD });
    const headers = await signIn(t.app, user.name, PASSWORD);
    await idleFor(user.uuid, WINDOW_MINUTES - 1);
    expect((await currentUser(headers)).statusCode).toBe(200);
  });

  it('the calls of one page that arrive together slide the session with one write, and keep it alive', async () => {
    const user = await createTestUser(t.db, { password: PASSWORD });
    const headers = await signIn(t.app, user.name, PASSWORD);
    await idleFor(user.uuid, 6);
    const writes: string[] = [];
    const query = t.db.query.bind(t.db);
    const spy = jest.spyOn(t.db, 'query').mockImplementation((sql, params) => {
      if (/^update "sessions"/i.test(sql)) writes.push(sql);
      return query(sql, params);
    });
    try {
      const answers = await Promise.all(Array.from({ length: 5 }, () => currentUser(headers)));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    } finally {
      spy.mockRestore();
    }
    expect(writes).toHaveLength(1);
    // Slid: another 6 minutes (12 since sign-in, more than the window) leave it alive.
    await idleFor(user.uuid, 6);
    expect((await currentUser(headers)).statusCode).toBe(200);
  });

  it('activity within the window keeps the session alive', async () => {
    const user = await createTestUser(t.db, { password: PASSWORD });
    const headers = await signIn(t.app, user.name, PASSWORD);
    // Three idle spells of 6 minutes: 18 minutes in all, longer than the window, each shorter.
    for (let step = 0; step < 3; step += 1) {
      await idleFor(user.uuid, 6);
      expect((await currentUser(headers)).statusCode).toBe(200);
    }
  });
});
