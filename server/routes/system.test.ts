import { createTestUser, openTestApp, sessionHeaders, type TestApp } from '../auth/testing/testUsers';

// The translation-file operations of the contract (servers: /, served statically there) also reach
// the API prefix; found by the contract fuzzing (server/reliability/fuzz.ts), they answered 501.

let t: TestApp;

beforeAll(async () => {
  t = await openTestApp();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the translation files under /api', () => {
  it('answer the shipped file, anonymously', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/locales/nl/general.json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json() as object).length).toBeGreaterThan(10);
  });

  it('answer 404 problem+json for a namespace that is not shipped, never a 5xx', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/locales/en/xxxxxxxxxxxxxxxxxxxxxxxxx.json' });
    expect(response.statusCode).toBe(404);
    expect(String(response.headers['content-type'])).toMatch(/^application\/problem\+json/);
  });

  it.each(['/api/locales/%2E%2E/package.json', '/api/locales/..%2Fserver/config.json', '/api/locales/en/..%2F..%2Fpackage.json'])('never read a file outside the locales folder: %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toContain('historian-console');
  });

  it('accept a report of missing keys from a signed-in user and keep nothing', async () => {
    const user = await createTestUser(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/locales/add/en/general',
      headers: await sessionHeaders(t.ctx, user.uuid),
      payload: { 'some.missing.key': 'Some missing key' },
    });
    expect(response.statusCode).toBe(204);
  });
});
