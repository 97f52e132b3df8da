import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { openDatabase } from '../db/open';
import { openTestDatabase, type TestDatabase } from '../db/testing/testDatabase';
import { startPostgres, type PostgresServer } from '../db/testing/postgresServer';
import { createTestOrganization, createTestUser, grantPrivileges, sessionHeaders } from './testing/testUsers';

// The caller of a signed-in request is resolved once and kept per process (callerResolver.ts),
// yet whatever changes who the caller is takes effect on the very next request, on this server
// and on any other server sharing the database. The changes are made in SQL by the other side:
// the triggers of migration 045 see every writer, whichever route, server or script it is.

const START_TIMEOUT_MS = 180_000;

interface Server {
  app: FastifyInstance;
  ctx: AppContext;
}

async function serve(db: Db): Promise<Server> {
  const ctx: AppContext = { db, config: loadConfig({ NODE_ENV: 'test' }), version: '0.0.0-test' };
  return { app: await buildApp(ctx, { strictResponses: true, logLevel: 'silent' }), ctx };
}

/** A Db that notes every statement it is given, to see what a request costs. */
function recording(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = [];
  return {
    statements,
    db: {
      kind: db.kind,
      query: <T>(sql: string, params?: unknown[]) => {
        statements.push(sql);
        return db.query<T>(sql, params);
      },
      exec: (sql: string) => db.exec(sql),
      transaction: <T>(fn: (tx: Db) => Promise<T>) => db.transaction(fn),
      close: () => db.close(),
    },
  };
}

interface Reader {
  user: string;
  organization: string;
  group: string;
  headers: Record<string, string>;
}

/** A user reading the collectors of an organization of their own, already served once (cached). */
async function cachedReader(server: Server): Promise<Reader> {
  const { db } = server.ctx;
  const organization = await createTestOrganization(db);
  const user = await createTestUser(db, { privileges: { [organization]: ['READ_COLLECTORS'] } });
  const { rows } = await db.query<{ group: string }>('SELECT user_group_uuid AS group FROM user_group_users WHERE user_uuid = $1', [user.uuid]);
  const headers = { ...(await sessionHeaders(server.ctx, user.uuid)), 'x-organization-uuid': organization };
  const reader = { user: user.uuid, organization, group: rows[0].group, headers };
  for (let i = 0; i < 2; i += 1) expect(await collectorsStatus(server, reader)).toBe(200);
  return reader;
}

async function collectorsStatus(server: Server, reader: Reader): Promise<number> {
  return (await server.app.inject({ method: 'GET', url: '/api/collectors', headers: reader.headers })).statusCode;
}

/** `served` answers the requests; `other` is the database connection of another server (or the same one). */
function describeNextRequestRules(open: () => { served: Server; other: Db }) {
  it('refuses a revoked group privilege on the very next request', async () => {
    const { served, other } = open();
    const reader = await cachedReader(served);
    await other.query("DELETE FROM user_group_privileges WHERE user_group_uuid = $1 AND privilege_uuid = (SELECT uuid FROM privileges WHERE name = 'READ_COLLECTORS')", [
      reader.group,
    ]);
    expect(await collectorsStatus(served, reader)).toBe(403);
  });

  it('refuses a removed membership on the very next request', async () => {
    const { served, other } = open();
    const reader = await cachedReader(served);
    await other.query('DELETE FROM user_group_users WHERE user_uuid = $1', [reader.user]);
    expect(await collectorsStatus(served, reader)).toBe(403);
  });

  it('refuses a deleted user on the very next request', async () => {
    const { served, other } = open();
    const reader = await cachedReader(served);
    await other.query('DELETE FROM users WHERE uuid = $1', [reader.user]);
    expect(await collectorsStatus(served, reader)).toBe(401);
  });

  it('refuses a deleted organization on the very next request', async () => {
    const { served, other } = open();
    const reader = await cachedReader(served);
    await other.query("UPDATE organizations SET status = 'Deleted' WHERE uuid = $1", [reader.organization]);
    expect(await collectorsStatus(served, reader)).toBe(403);
  });

  it('holds a user sent back to the default password to it on the very next request', async () => {
    const { served, other } = open();
    const reader = await cachedReader(served);
    await other.query('UPDATE users SET must_change_password = true WHERE uuid = $1', [reader.user]);
    expect(await collectorsStatus(served, reader)).toBe(403);
  });

  it('grants a new privilege on the very next request', async () => {
    const { served, other } = open();
    const { db } = served.ctx;
    const organization = await createTestOrganization(db);
    const user = await createTestUser(db, { privileges: { [organization]: ['READ_USERS'] } });
    const reader = { user: user.uuid, organization, group: '', headers: { ...(await sessionHeaders(served.ctx, user.uuid)), 'x-organization-uuid': organization } };
    expect(await collectorsStatus(served, reader)).toBe(403);
    await grantPrivileges(other, user.uuid, organization, ['READ_COLLECTORS']);
    expect(await collectorsStatus(served, reader)).toBe(200);
  });
}

describe('caller resolution on PGlite', () => {
  let database: TestDatabase;
  let counted: ReturnType<typeof recording>;
  let server: Server;

  beforeAll(async () => {
    database = await openTestDatabase();
    counted = recording(database.db);
    server = await serve(counted.db);
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await server?.app.close();
    await database?.cleanup();
  });

  it('resolves a caller once while nothing it is made of changes: later requests read only the generation row', async () => {
    const reader = await cachedReader(server);
    counted.statements.length = 0;
    expect(await collectorsStatus(server, reader)).toBe(200);
    expect(counted.statements.filter((sql) => sql.includes('user_effective_privileges'))).toEqual([]);
    expect(counted.statements.filter((sql) => sql.includes('access_generation'))).toHaveLength(1);
  });

  it('keeps one cached caller per user and organization: another organization of the same session is resolved on its own', async () => {
    const reader = await cachedReader(server);
    const second = await createTestOrganization(server.ctx.db);
    const elsewhere = { ...reader, headers: { ...reader.headers, 'x-organization-uuid': second } };
    expect(await collectorsStatus(server, elsewhere)).toBe(403);
    expect(await collectorsStatus(server, reader)).toBe(200);
  });

  describeNextRequestRules(() => ({ served: server, other: database.db }));
});

describe('caller resolution on PostgreSQL, two servers on one database', () => {
  let postgres: PostgresServer;
  let first: Db;
  let second: Db;
  let server: Server;

  beforeAll(async () => {
    postgres = await startPostgres();
    const url = await postgres.createDatabase();
    first = await openDatabase({ dataDir: '/nonexistent-unused', databaseUrl: url });
    second = await openDatabase({ dataDir: '/nonexistent-unused', databaseUrl: url });
    server = await serve(first);
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await server?.app.close();
    await first?.close();
    await second?.close();
    await postgres?.stop();
  });

  describeNextRequestRules(() => ({ served: server, other: second }));
});
