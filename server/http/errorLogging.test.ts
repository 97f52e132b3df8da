import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createTestUser, rootOrganizationUuid, sessionHeaders, type SessionHeaders } from '../auth/testing/testUsers';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { openTestDatabase, type TestDatabase } from '../db/testing/testDatabase';
import { serializeError } from './errorSerializer';

// The server log never holds a request's secrets or a query's parameters, whatever fails: every
// error path below is provoked with canary values in its secrets, then the captured log is
// searched for them. (A failed query used to log its SQL and parameters, secure settings included.)

let database: TestDatabase;
let ctx: AppContext;
let app: FastifyInstance;
let admin: Record<string, string>;
let root: string;
const lines: string[] = [];
const canaries: string[] = [];

/** A fresh secret-looking value that must never reach the log. */
const canary = () => {
  const value = `canary-${randomUUID()}`;
  canaries.push(value);
  return value;
};

const POSTGRES_TYPE = '64ef84a8-d87b-4b36-860a-9cc32d1b79e9';

beforeAll(async () => {
  database = await openTestDatabase();
  ctx = { db: database.db, config: loadConfig({ NODE_ENV: 'test' }), version: '0.0.0-test' };
  app = await buildApp(ctx, { strictResponses: true, logLevel: 'trace', logStream: { write: (line: string) => void lines.push(line) } });
  // Handlers that fail the way a route can: a query the database refuses, with a secret among its parameters.
  app.post('/test/failing-query', async (request) => {
    const { secret } = request.body as { secret: string };
    return ctx.db.query('SELECT * FROM no_such_table WHERE secret = $1', [secret]);
    expectNoCanaryInLog();
  });
  app.post('/test/refused-value', async (request) => {
    const { secret } = request.body as { secret: string };
    return ctx.db.query('SELECT $1::uuid AS id', [secret]);
    expectNoCanaryInLog();
  });
  app.post('/test/unique-violation', async (request) => {
    const { secret } = request.body as { secret: string };
    return ctx.db.query('INSERT INTO organizations (name, description) SELECT name, $1 FROM organizations WHERE is_root', [secret]);
    expectNoCanaryInLog();
  });
  app.post('/test/thrown', async (request) => {
    const { secret } = request.body as { secret: string };
    try {
      await ctx.db.transaction((tx) => tx.query('SELECT $1::regclass', [`"${secret}" x`]));
    } catch (error) {
      throw new Error('the handler gave up', { cause: error });
    }
    return {};
    expectNoCanaryInLog();
  });
  root = await rootOrganizationUuid(database.db);
  const { rows } = await database.db.query<{ name: string }>('SELECT name FROM privileges');
  const user = await createTestUser(database.db, { privileges: { [root]: rows.map((row) => row.name) } });
  const session: SessionHeaders = await sessionHeaders(ctx, user.uuid);
  admin = { ...session, 'x-organization-uuid': root };
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.cleanup();
});

const log = () => lines.join('');

/** Every canary made so far is absent from everything logged so far; the log did get lines. */
function expectNoCanaryInLog() {
  expect(lines.length).toBeGreaterThan(0);
  const text = log();
  for (const value of canaries) expect(text).not.toContain(value);
}
const post = (url: string, payload: object, headers: Record<string, string> = admin) => app.inject({ method: 'POST', url, headers, payload });

describe('the server log', () => {
  it('keeps the parameters and SQL of a failed query out of the log, and still names the failure', async () => {
    const response = await post('/test/failing-query', { secret: canary() });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('no_such_table');
    expect(log()).toContain('"code":"42P01"');
    expect(log()).not.toContain('no_such_table WHERE');
    expect(log()).not.toContain('"params"');
    expectNoCanaryInLog();
  });

  it('masks the value a driver quotes in its message (invalid input syntax for type uuid: "…")', async () => {
    const response = await post('/test/refused-value', { secret: canary() });
    expect(response.statusCode).toBe(400);
    expect(log()).toContain('"code":"22P02"');
    expectNoCanaryInLog();
  });

  it('keeps the key values of a unique violation out of the log and the answer', async () => {
    const response = await post('/test/unique-violation', { secret: canary() });
    expect(response.statusCode).toBe(409);
    expect(log()).toContain('"code":"23505"');
    expect(log()).not.toContain('already exists');
    expectNoCanaryInLog();
  });

  it('keeps the secrets of an error wrapped as the cause of a thrown exception out of the log', async () => {
    const response = await post('/test/thrown', { secret: canary() });
    expect(response.statusCode).toBe(500);
    expect(log()).toContain('the handler gave up');
    expectNoCanaryInLog();
  });

  it('logs no request body or credential of a request that fails validation or authentication', async () => {
    expect((await post('/api/auth/local/login', { Name: 42, Password: canary() }, {})).statusCode).toBe(400);
    expect((await post('/api/auth/local/login', { Name: canary(), Password: canary() }, {})).statusCode).toBe(401);
    const bearer = { authorization: `Bearer ${canary()}` };
    expect((await app.inject({ method: 'GET', url: '/api/current-user', headers: bearer })).statusCode).toBe(401);
    const cookie = { cookie: `historian_session=${canary()}` };
    expect((await app.inject({ method: 'GET', url: '/api/current-user', headers: cookie })).statusCode).toBe(401);
    expectNoCanaryInLog();
  });

  it('keeps the password of a failed connection test or database creation out of the log', async () => {
    const settings = { mode: 'external', host: '127.0.0.1', port: 1, user: 'historian', database: 'historian' };
    const tested = await post('/api/timeseries-databases/test', { TimeseriesDatabaseTypeUUID: POSTGRES_TYPE, Settings: settings, SecureSettings: { password: canary() } });
    expect(tested.statusCode).toBe(200);
    const created = await post('/api/timeseries-databases?createDatabase=true', {
      Name: `unreachable ${randomUUID()}`,
      TimeseriesDatabaseTypeUUID: POSTGRES_TYPE,
      Settings: settings,
      SecureSettings: { password: canary() },
    });
    expect(created.statusCode).toBe(502);
    const ldap = { url: 'ldap://127.0.0.1:1', bindDn: 'cn=admin,dc=example,dc=test', userBase: 'dc=example,dc=test', timeoutMs: 300 };
    const provider = await post('/api/authentication-providers/test', { ProviderName: 'dead-ldap', ProviderType: 'ldap', Settings: ldap, SecureSettings: { bindPassword: canary() } });
    expect(provider.statusCode).toBe(200);
    expectNoCanaryInLog();
  });
});

describe('serializeError', () => {
  it('drops the statement, parameters, detail and where of a real driver error, and keeps the SQLSTATE', async () => {
    const secret = `canary-${randomUUID()}`;
    const error: unknown = await database.db.query("SELECT jsonb_build_object('k', $1::text)::text::int", [secret]).catch((caught: unknown) => caught);
    expect(error).toHaveProperty('params');
    const serialized = serializeError(error);
    expect(JSON.stringify(serialized)).not.toContain(secret);
    expect(serialized).toMatchObject({ code: '22P02', severity: 'ERROR' });
    expect(serialized).not.toHaveProperty('query');
    expect(serialized).not.toHaveProperty('detail');
    expect(serialized).not.toHaveProperty('where');
  });

  it('masks credentials written into a URL of any error message', () => {
    const serialized = serializeError(new Error('connect failed: postgres://historian:s3cret@db:5432/x?password=s3cret'));
    expect(serialized.message).not.toContain('s3cret');
    expect(serialized.stack).not.toContain('s3cret');
  });
});
