import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { PGlite, TransactionAbortedError as PgliteTransactionAbortedError } from '@electric-sql/pglite';
import type { Results, Transaction } from '@electric-sql/pglite';
import { acquireDataDirLock } from './dataDirLock';
import type { DataDirLock, DataDirLockOptions } from './dataDirLock';
import type { Db, QueryResult } from './db';
import { TransactionAbortedError, createTxHandle } from './txHandle';

/** PGlite's own files live in a sub-folder, so the data directory can hold other things too. */
export const PGLITE_SUBDIR = 'pg';

export class PgliteReentrancyError extends Error {
  constructor() {
    super(
      'The Db was called from inside its own transaction. Use the tx handle given to the ' +
        'transaction callback: PGlite runs one thing at a time, so this call would wait forever.',
    );
    this.name = 'PgliteReentrancyError';
  }
}

interface TxScope {
  pg: PGlite;
  open: boolean;
}

// PGlite queues every call behind the running transaction, so a call to the outer Db from inside
// a transaction callback would hang the server. The scope lets us fail loudly instead. The flag
// is cleared when the transaction ends, because timers started inside keep the context after.
const txScope = new AsyncLocalStorage<TxScope>();

function assertNotInsideOwnTransaction(pg: PGlite): void {
  const scope = txScope.getStore();
  if (scope && scope.open && scope.pg === pg) throw new PgliteReentrancyError();
}

function toResult<T>(res: Results<T>): QueryResult<T> {
  return { rows: res.rows, rowCount: res.rowCount ?? res.affectedRows ?? res.rows.length };
}

class PgliteDb implements Db {
  readonly kind = 'pglite';
  #closing: Promise<void> | undefined;

  constructor(
    private readonly pg: PGlite,
    private readonly lock: DataDirLock,
  ) {}

  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
    assertNotInsideOwnTransaction(this.pg);
    return toResult(await this.pg.query<T>(sql, params));
  }

  async exec(sql: string): Promise<void> {
    assertNotInsideOwnTransaction(this.pg);
    await this.pg.exec(sql);
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    assertNotInsideOwnTransaction(this.pg);
    try {
      return await this.runTransaction(fn);
    } catch (error) {
      // Same error class on both adapters for "COMMIT found the transaction aborted".
      if (error instanceof PgliteTransactionAbortedError) throw new TransactionAbortedError({ cause: error });
      throw error;
    }
  }

  private runTransaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    // PGlite's transaction() holds its transaction mutex from BEGIN to COMMIT/ROLLBACK, so no
    // other query or transaction interleaves.
    return this.pg.transaction(async (tx: Transaction) => {
      const handle = createTxHandle('pglite', {
        query: async <R>(sql: string, params: unknown[]) => toResult(await tx.query<R>(sql, params)),
        exec: async (sql: string) => {
          await tx.exec(sql);
        },
      });
      const scope: TxScope = { pg: this.pg, open: true };
      try {
        return await txScope.run(scope, () => fn(handle.db));
      } finally {
        scope.open = false;
        handle.finish();
      }
    });
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      try {
        await this.pg.close();
      } finally {
        await this.lock.release();
      }
    })();
    return this.#closing;
  }
}

/**
 * PGlite starts with a stand-alone server's defaults: 128 MB of shared buffers grow its
 * WebAssembly heap to about 190 MB before the first query, and that heap never shrinks. The
 * console's own tables fit many times into 32 MB, and bigger reads (time-series data) go through
 * the operating system's file cache anyway, so the buffers are bounded to that; index builds get
 * at most 32 MB instead of 64. (The heap's upper limit, 2 GiB, is fixed inside PGlite.)
 */
export const PGLITE_MEMORY_SETTINGS: readonly string[] = ['-c', 'shared_buffers=32MB', '-c', 'maintenance_work_mem=32MB'];

/**
 * Opens (creating on first use) the embedded database under `<dataDir>/pg`. The data-directory
 * lock is taken first, so a second server fails in milliseconds rather than after PGlite's start.
 * @throws HistorianDataDirLockedError when another process holds the directory.
 */
export async function openPgliteDb(dataDir: string, options: DataDirLockOptions = {}): Promise<Db> {
  const lock = await acquireDataDirLock(dataDir, options);
  try {
    const pg = await PGlite.create(path.join(lock.dataDir, PGLITE_SUBDIR), {
      startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS],
    });
    return new PgliteDb(pg, lock);
  } catch (error) {
    await lock.release();
    throw error;
  }
}
