import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HistorianDataDirLockedError } from './dataDirLock';
import type { Db } from './db';
import { openDatabase } from './open';
import { PgliteReentrancyError, openPgliteDb } from './pglite';
import { describeDbContract } from './testing/dbContract';
import { explainPgliteUnderJest } from './testing/testDatabase';

// One PGlite for the whole file: its cold start (initdb) takes seconds.
const START_TIMEOUT_MS = 60_000;
let dataDir: string;
let db: Db;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'historian-pglite-test-'));
  try {
    db = await openDatabase({ dataDir, databaseUrl: undefined });
  } catch (error) {
    throw explainPgliteUnderJest(error);
  }
}, START_TIMEOUT_MS);

afterAll(async () => {
  await db?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('PGlite adapter', () => {
  it('is the adapter used without DATABASE_URL', () => {
    expect(db.kind).toBe('pglite');
  });

  describeDbContract(() => db);

  it('runs queries outside the server’s thread: the event loop turns while a query runs', async () => {
    // In the server's own thread, PGlite's WebAssembly ran the whole statement inside one turn of
    // the loop, so nothing scheduled with setImmediate could run before the answer arrived.
    let turns = 0;
    let running = true;
    const turn = () => {
      turns += 1;
      if (running) setImmediate(turn);
    };
    setImmediate(turn);
    const { rows } = await db.query<{ n: string }>('SELECT sum(i)::text AS n FROM generate_series(1, 200000) AS i');
    running = false;
    expect(rows[0].n).toBe('20000100000');
    expect(turns).toBeGreaterThan(0);
  });

  it('a failed statement keeps the driver’s fields (SQLSTATE, constraint) across the thread', async () => {
    await db.query('CREATE TABLE unique_names (name text CONSTRAINT unique_names_name UNIQUE)');
    await db.query("INSERT INTO unique_names VALUES ('a')");
    const error: unknown = await db.query("INSERT INTO unique_names VALUES ('a')").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'unique_names_name' });
  });

  it('never interleaves transactions: concurrent read-modify-write loses no update', async () => {
    await db.query('CREATE TABLE counter (n int NOT NULL)');
    await db.query('INSERT INTO counter VALUES (0)');
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction(async (tx) => {
          const { rows } = await tx.query<{ n: number }>('SELECT n FROM counter');
          // Yield to the event loop between read and write: the other transactions get their turn.
          await new Promise((resolve) => setImmediate(resolve));
          await tx.query('UPDATE counter SET n = $1', [rows[0].n + 1]);
        }),
      ),
    );
    expect((await db.query<{ n: number }>('SELECT n FROM counter')).rows[0].n).toBe(20);
  });

  it('rejects a call to the outer Db inside its own transaction instead of hanging', async () => {
    await expect(db.transaction(() => db.query('SELECT 1'))).rejects.toBeInstanceOf(PgliteReentrancyError);
    // The flag ends with the transaction, even for work scheduled from inside it.
    let later: Promise<unknown> = Promise.resolve();
    let ended: () => void = () => undefined;
    const transactionEnded = new Promise<void>((resolve) => (ended = resolve));
    await db.transaction(async () => {
      later = transactionEnded.then(() => db.query('SELECT 1'));
    });
    ended();
    await expect(later).resolves.toMatchObject({ rowCount: 1 });
  });

  it('bounds the embedded database memory: 32 MB of shared buffers and of maintenance memory', async () => {
    const { rows } = await db.query<{ shared: string; maintenance: string }>(
      "SELECT current_setting('shared_buffers') AS shared, current_setting('maintenance_work_mem') AS maintenance",
    );
    expect(rows[0]).toEqual({ shared: '32MB', maintenance: '32MB' });
  });

  describe('data directory lock', () => {
    it('refuses a second open of the same directory while the first is open', async () => {
      const error: unknown = await openPgliteDb(dataDir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HistorianDataDirLockedError);
      expect(String(error)).toContain(await realpath(dataDir));
      expect(String(error)).toMatch(/another Historian server is using it/);
    });

    it('opens again after close, with the data kept', async () => {
      await db.query("INSERT INTO contract_scratch (label) VALUES ('survives-restart')");
      await db.close();
      db = await openDatabase({ dataDir, databaseUrl: undefined });
      expect((await db.query("SELECT 1 FROM contract_scratch WHERE label = 'survives-restart'")).rowCount).toBe(1);
    }, START_TIMEOUT_MS);
  });
});
