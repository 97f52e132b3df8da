import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type SessionHeaders, type TestApp } from '../../../auth/testing/testUsers';
import { freePort } from '../../../testing/services';

// Tests only: what every network kind must prove against a real server of its own (started once
// per test file): the test's steps, a wrong password named at authenticate, a closed port at
// reach, the preview's columns, rows, limit and parameters, writes refused by the read-only
// transaction, and a slow query stopped at the timeout; never a password in an answer.

export interface RealServer {
  kind: 'postgres' | 'mysql';
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  /** A query that sleeps `seconds`. */
  sleep(seconds: number): string;
  /** Rows of the batches table as the server's superuser sees them (id order). */
  batches(): Promise<{ id: number; name: string }[]>;
  /** Whether a table of this name exists. */
  tableExists(name: string): Promise<boolean>;
}

/** The batches table each server's file creates: ids 1…30, name B-<id>, started 2026-01-01 at <id> o'clock UTC. */
export const BATCH_COUNT = 30;

export function realServerCases(server: () => RealServer): void {
  let t: TestApp;
  let manager: SessionHeaders;
  let reader: SessionHeaders;
  let organization: string;

  beforeAll(async () => {
    t = await openTestApp();
    organization = await createTestOrganization(t.db);
    manager = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: ['READ_EXTERNAL_DATABASES', 'MANAGE_EXTERNAL_DATABASES'] } })).uuid);
    reader = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: ['READ_EXTERNAL_DATABASES'] } })).uuid);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  const call = (headers: SessionHeaders, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: { ...headers, 'x-organization-uuid': organization }, payload });
  const settings = (extra: Record<string, unknown> = {}) => {
    const s = server();
    return { Kind: s.kind, Settings: { Host: s.host, Port: s.port, Database: s.database, Username: s.user, ...extra } };
  };
  let id: string;
  const preview = (payload: object, headers = manager) => call(headers, 'POST', `/external-databases/${id}/preview`, payload);

  it('the test passes every step: reach, tls, authenticate, query', async () => {
    const response = await call(manager, 'POST', '/external-databases/test', { ...settings(), SecureSettings: { Password: server().password } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Success: true, Steps: ['reach', 'tls', 'authenticate', 'query'].map((Name) => ({ Name, Success: true })) });
    expect(response.body).not.toContain(server().password);
  });

  it('saves it, and the test of the stored one takes the stored password', async () => {
    const created = await call(manager, 'POST', '/external-databases', { Name: 'plant', ...settings(), SecureSettings: { Password: server().password } });
    expect(created.statusCode).toBe(201);
    expect(created.body).not.toContain(server().password);
    id = created.json().UUID;
    expect((await call(manager, 'POST', '/external-databases/test', { UUID: id, ...settings() })).json()).toMatchObject({ Success: true });
    expect((await call(manager, 'POST', '/external-databases/test', settings())).json()).toMatchObject({ Success: false, FailedStep: 'authenticate' });
  });

  it('a wrong password fails at authenticate, with a translated code in the preview, never echoing it', async () => {
    const wrong = 'Wrong-Pass-Word-42';
    const response = await call(manager, 'POST', '/external-databases/test', { UUID: id, ...settings(), SecureSettings: { Password: wrong } });
    expect(response.json()).toMatchObject({ Success: false, FailedStep: 'authenticate' });
    expect(response.json().Steps.map((step: { Name: string }) => step.Name)).toEqual(['reach', 'tls', 'authenticate']);
    expect(response.body).not.toContain(wrong);
    const saved = await call(manager, 'POST', '/external-databases', { Name: 'wrong', ...settings(), SecureSettings: { Password: wrong } });
    const failed = await call(manager, 'POST', `/external-databases/${saved.json().UUID}/preview`, { Query: 'SELECT 1' });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({ Columns: [], Rows: [], Truncated: false, Error: { Step: 'authenticate', Code: 'external_databases.errors.authentication' } });
    expect(failed.body).not.toContain(wrong);
  });

  it('a closed port fails at reach', async () => {
    const port = await freePort();
    const response = await call(manager, 'POST', '/external-databases/test', { ...settings({ Port: port }), SecureSettings: { Password: server().password } });
    expect(response.json()).toMatchObject({ Success: false, FailedStep: 'reach', Steps: [{ Name: 'reach', Success: false }] });
    expect(response.body).not.toContain(server().password);
  });

  it('TLS required of a server without it fails at tls; a database that is not there at authenticate', async () => {
    const tls = await call(manager, 'POST', '/external-databases/test', { ...settings({ TLSMode: 'require' }), SecureSettings: { Password: server().password } });
    expect(tls.json()).toMatchObject({ Success: false, FailedStep: 'tls' });
    const absent = await call(manager, 'POST', '/external-databases/test', { ...settings({ Database: 'absent_database' }), SecureSettings: { Password: server().password } });
    expect(absent.json()).toMatchObject({ Success: false, FailedStep: 'authenticate' });
    expect(absent.body).not.toContain(server().password);
  });

  it('the preview answers columns and rows, binding :StartTime and :StopTime (text that looks alike is left alone)', async () => {
    const response = await preview({
      Query: "SELECT id, name, started, ':StartTime' AS literal FROM batches WHERE started >= :StartTime AND started < :StopTime ORDER BY id",
      StartTime: '2026-01-01T03:00:00Z',
      StopTime: '2026-01-01T06:00:00Z',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).not.toHaveProperty('Error');
    expect(body.Columns.map((column: { Name: string }) => column.Name)).toEqual(['id', 'name', 'started', 'literal']);
    expect(body.Rows).toEqual([
      [3, 'B-3', '2026-01-01T03:00:00.000Z', ':StartTime'],
      [4, 'B-4', '2026-01-01T04:00:00.000Z', ':StartTime'],
      [5, 'B-5', '2026-01-01T05:00:00.000Z', ':StartTime'],
    ]);
    expect(body.Truncated).toBe(false);
    expect(typeof body.DurationMs).toBe('number');
  });

  it('stops at the limit and says Truncated; the default limit is 20', async () => {
    const limited = await preview({ Query: 'SELECT id FROM batches ORDER BY id', Limit: 7 });
    expect(limited.json()).toMatchObject({ Truncated: true, Rows: [[1], [2], [3], [4], [5], [6], [7]] });
    const exact = await preview({ Query: 'SELECT id FROM batches ORDER BY id', Limit: BATCH_COUNT });
    expect(exact.json().Truncated).toBe(false);
    expect(exact.json().Rows).toHaveLength(BATCH_COUNT);
    const byDefault = await preview({ Query: 'SELECT id FROM batches ORDER BY id' });
    expect(byDefault.json().Rows).toHaveLength(20);
    expect(byDefault.json().Truncated).toBe(true);
  });

  it('writes are refused by the read-only transaction (step query), the data unchanged', async () => {
    const before = await server().batches();
    for (const query of ["INSERT INTO batches (id, name) VALUES (999, 'x')", "UPDATE batches SET name = 'changed'", 'DELETE FROM batches', 'CREATE TABLE intruder (a int)']) {
      const response = await preview({ Query: query });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ Rows: [], Error: { Step: 'query', Code: 'external_databases.errors.read_only' } });
    }
    expect(await server().batches()).toEqual(before);
    expect(await server().tableExists('intruder')).toBe(false);
  });

  it('a slow query stops at the timeout', async () => {
    const started = Date.now();
    const response = await preview({ Query: server().sleep(20), TimeoutSeconds: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Error: { Step: 'timeout', Code: 'external_databases.errors.timeout' } });
    expect(Date.now() - started).toBeLessThan(8000);
  });

  it('bad SQL fails at query with the database’s message', async () => {
    const response = await preview({ Query: 'SELEC 1' });
    expect(response.json()).toMatchObject({ Error: { Step: 'query', Code: 'external_databases.errors.query', Message: expect.stringMatching(/syntax/i) } });
  });

  it('the preview needs MANAGE_EXTERNAL_DATABASES', async () => {
    expect((await preview({ Query: 'SELECT 1' }, reader)).statusCode).toBe(403);
  });
}
