import { runAsActor, withAuditActor } from '../audit/auditActor';
import { auditLogs } from '../audit/auditLogs';
import type { Db } from './db';
import { loadMigrations, runMigrations } from './migrate';
import { openDatabase } from './open';
import { openPostgresDb } from './postgres';
import { seedIfEmpty } from './seed';
import { describeDbContract } from './testing/dbContract';
import { startPostgres } from './testing/postgresServer';
import type { PostgresServer } from './testing/postgresServer';

// The same Db contract as PGlite, against a real PostgreSQL started for this file.
const START_TIMEOUT_MS = 180_000;
let server: PostgresServer;
let db: Db;

beforeAll(async () => {
  server = await startPostgres();
  db = await openDatabase({ dataDir: '/nonexistent-unused', databaseUrl: await server.createDatabase() });
}, START_TIMEOUT_MS);

afterAll(async () => {
  await db?.close();
  await server?.stop();
});

describe('PostgreSQL adapter', () => {
  it('is the adapter used with DATABASE_URL', () => {
    expect(db.kind).toBe('postgres');
  });

  describeDbContract(() => db);

  it('migrates and seeds once when several servers start together on one database', async () => {
    const url = await server.createDatabase();
    const servers = await Promise.all([1, 2, 3].map(() => openPostgresDb(url, { max: 2 })));
    try {
      const results = await Promise.all(
        servers.map(async (s) => ({ applied: await runMigrations(s), seed: await seedIfEmpty(s) })),
      );
      const files = (await loadMigrations()).map((m) => m.name);
      expect(results.flatMap((r) => r.applied).sort()).toEqual(files);
      expect(results.filter((r) => r.seed.seeded)).toHaveLength(1);
      const { rows } = await servers[0].query<{ orgs: number; users: number }>(
        'SELECT (SELECT count(*) FROM organizations) AS orgs, (SELECT count(*) FROM users) AS users',
      );
      expect(rows[0]).toEqual({ orgs: 1, users: 1 });
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  });

  it('keeps one unbroken audit chain when two servers commit audited changes at the same time', async () => {
    const url = await server.createDatabase();
    const first = await openDatabase({ dataDir: '/nonexistent-unused', databaseUrl: url });
    const second = await openPostgresDb(url, { max: 4 });
    try {
      const servers = [first, second].map(withAuditActor);
      const actor = { userUuid: null, userName: 'load', organizationUuid: null, reason: null };
      // Each transaction changes two rows, in opposite orders on the two servers.
      await runAsActor(actor, () =>
        Promise.all(
          servers.flatMap((s, i) =>
            Array.from({ length: 25 }, (_, n) =>
              s.transaction(async (tx) => {
                await tx.query('INSERT INTO organizations (name) VALUES ($1)', [`Load ${i}-${n}-a`]);
                await tx.query('INSERT INTO organizations (name) VALUES ($1)', [`Load ${i}-${n}-b`]);
              }),
            ),
          ),
        ),
      );
      const check = await auditLogs(first).verify();
      expect(check).toMatchObject({ intact: true, firstBroken: null });
      const { rows } = await first.query<{ n: number; lo: number; hi: number }>(
        "SELECT count(*)::int AS n, min(sequence)::int AS lo, max(sequence)::int AS hi FROM audit_logs WHERE subject_name LIKE 'Load %'",
      );
      expect(rows[0].n).toBe(100);
      expect(rows[0].hi - rows[0].lo).toBeLessThan(check.checkedEntries);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('fails at open with a clear message when the database cannot be reached', async () => {
    await expect(openPostgresDb('postgresql://postgres@127.0.0.1:1/none')).rejects.toThrow(/Cannot connect to PostgreSQL/);
  });

  it('isolates concurrent transactions on separate connections', async () => {
    await db.query('CREATE TABLE iso (n int)');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted: () => void = () => undefined;
    const insertDone = new Promise<void>((resolve) => (inserted = resolve));
    const slow = db.transaction(async (tx) => {
      await tx.query('INSERT INTO iso VALUES (1)');
      inserted();
      await gate;
    });
    // Inserted but uncommitted: not visible from another connection.
    await insertDone;
    expect((await db.query('SELECT * FROM iso')).rowCount).toBe(0);
    release();
    await slow;
    expect((await db.query('SELECT * FROM iso')).rowCount).toBe(1);
  });

  it('survives the database ending a transaction\'s connection between two statements (a restart): the transaction fails, the process does not', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      let ended: () => void = () => undefined;
      const connectionEnded = new Promise<void>((resolve) => (ended = resolve));
      const doomed = db.transaction(async (tx) => {
        const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        // As PostgreSQL does to every connection when it stops: the backend ends while the
        // transaction waits for something else (no statement in flight).
        await db.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        ended();
        await tx.query('SELECT 1');
      });
      await expect(doomed).rejects.toThrow();
      await connectionEnded;
      expect(uncaught).toEqual([]);
      // The broken connection was dropped, not handed to the next caller.
      const again = await db.transaction((tx) => tx.query<{ one: number }>('SELECT 1 AS one'));
      expect(again.rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
