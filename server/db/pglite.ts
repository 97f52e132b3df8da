import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { acquireDataDirLock } from './dataDirLock';
import type { DataDirLock, DataDirLockOptions } from './dataDirLock';
import type { Db, QueryResult, TxOptions } from './db';
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

/** The database stopped answering: its thread ended (out of memory, a crash) or it was closed. */
export class PgliteGoneError extends Error {
  constructor(reason: string) {
    super(`The embedded database is not running: ${reason}`);
    this.name = 'PgliteGoneError';
  }
}

interface TxScope {
  worker: PgliteWorker;
  open: boolean;
}

// PGlite queues every call behind the running transaction, so a call to the outer Db from inside
// a transaction callback would hang the server. The scope lets us fail loudly instead. The flag
// is cleared when the transaction ends, because timers started inside keep the context after.
const txScope = new AsyncLocalStorage<TxScope>();

interface PlainError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
  aborted?: boolean;
}

type Answer = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: PlainError };

type Operation =
  | { op: 'open'; dataDir: string; settings: readonly string[] }
  | { op: 'query'; sql: string; params: unknown[]; tx?: number; settings?: Array<[string, string]> }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin'; tx: number; settings?: Array<[string, string]> }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' };

/** A database error as the driver threw it: same message, same code, constraint and detail fields. */
function errorOf(plain: PlainError): Error {
  if (plain.aborted) return new TransactionAbortedError({ cause: Object.assign(new Error(plain.message), plain.fields) });
  const error = Object.assign(new Error(plain.message), plain.fields);
  error.name = plain.name;
  if (plain.stack) error.stack = plain.stack;
  return error;
}

/**
 * A value as this realm knows it. Values cross from the worker into Node's main realm; under Jest
 * the server's code runs in a realm of its own, where such a Date is no `instanceof Date`. Only
 * then (found once at the start) are dates, byte arrays and arrays of them made anew here.
 */
function inThisRealm(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(inThisRealm);
  const tag = Object.prototype.toString.call(value);
  if (tag === '[object Date]') return new Date((value as { getTime(): number }).getTime());
  if (tag === '[object Uint8Array]') return new Uint8Array(value as ArrayLike<number>);
  return value;
}

function rowsInThisRealm<T>(result: QueryResult<T>): QueryResult<T> {
  for (const row of result.rows as Record<string, unknown>[]) {
    for (const key of Object.keys(row)) row[key] = inThisRealm(row[key]);
  }
  return result;
}

/**
 * PGlite in a worker thread (server/db/pgliteWorker.mjs): PostgreSQL as WebAssembly runs there,
 * so the server's event loop never waits on a query. Calls are messages answered in turn.
 */
class PgliteWorker {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #gone: string | undefined;

  constructor() {
    this.#worker = new Worker(path.join(__dirname, 'pgliteWorker.mjs'));
    this.#worker.on('message', (answer: Answer) => {
      const waiting = this.#pending.get(answer.id);
      if (!waiting) return;
      this.#pending.delete(answer.id);
      if (answer.ok) waiting.resolve(answer.result);
      else waiting.reject(errorOf(answer.error));
    });
    this.#worker.on('error', (error) => this.#end(`its thread failed (${error.message})`));
    this.#worker.on('exit', (code) => this.#end(`its thread exited with code ${code}`));
  }

  #end(reason: string): void {
    this.#gone ??= reason;
    for (const waiting of this.#pending.values()) waiting.reject(new PgliteGoneError(reason));
    this.#pending.clear();
  }

  call<T>(operation: Operation): Promise<T> {
    if (this.#gone !== undefined) return Promise.reject(new PgliteGoneError(this.#gone));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ id, ...operation });
    });
  }

  async terminate(): Promise<void> {
    this.#gone ??= 'it was closed';
    await this.#worker.terminate();
  }
}

/** Settings as the worker takes them: name/value pairs, or undefined when there are none. */
function settingsOf(options: TxOptions | undefined): Array<[string, string]> | undefined {
  const pairs: Array<[string, string]> = Object.entries(options?.settings ?? {});
  return pairs.length > 0 ? pairs : undefined;
}

class PgliteDb implements Db {
  readonly kind = 'pglite';
  #closing: Promise<void> | undefined;
  #nextTx = 1;

  constructor(
    private readonly worker: PgliteWorker,
    private readonly lock: DataDirLock,
    /** The worker's dates are not this realm's (under Jest only). */
    private readonly otherRealm: boolean,
  ) {}

  #rows<T>(result: QueryResult<T>): QueryResult<T> {
    return this.otherRealm ? rowsInThisRealm(result) : result;
  }

  #assertNotInsideOwnTransaction(): void {
    const scope = txScope.getStore();
    if (scope && scope.open && scope.worker === this.worker) throw new PgliteReentrancyError();
  }

  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = [], options?: TxOptions): Promise<QueryResult<T>> {
    this.#assertNotInsideOwnTransaction();
    return this.#rows(await this.worker.call<QueryResult<T>>({ op: 'query', sql, params, settings: settingsOf(options) }));
  }

  async exec(sql: string): Promise<void> {
    this.#assertNotInsideOwnTransaction();
    await this.worker.call({ op: 'exec', sql });
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>, options?: TxOptions): Promise<T> {
    this.#assertNotInsideOwnTransaction();
    // PGlite's transaction() in the worker holds its mutex from BEGIN to COMMIT/ROLLBACK, so no
    // other query or transaction interleaves; its COMMIT of an aborted transaction throws
    // TransactionAbortedError, the same class as on the PostgreSQL adapter.
    const tx = this.#nextTx++;
    await this.worker.call({ op: 'begin', tx, settings: settingsOf(options) });
    const handle = createTxHandle('pglite', {
      query: async <R>(sql: string, params: unknown[]) => this.#rows(await this.worker.call<QueryResult<R>>({ op: 'query', sql, params, tx })),
      exec: async (sql: string) => {
        await this.worker.call({ op: 'exec', sql, tx });
      },
    });
    const scope: TxScope = { worker: this.worker, open: true };
    let result: T;
    try {
      result = await txScope.run(scope, () => fn(handle.db));
    } catch (error) {
      scope.open = false;
      handle.finish();
      await this.worker.call({ op: 'end', tx, commit: false });
      throw error;
    }
    scope.open = false;
    handle.finish();
    await this.worker.call({ op: 'end', tx, commit: true });
    return result;
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      try {
        try {
          await this.worker.call({ op: 'close' });
        } finally {
          await this.worker.terminate();
        }
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
  const worker = new PgliteWorker();
  try {
    const probe = await worker.call<unknown>({ op: 'open', dataDir: path.join(lock.dataDir, PGLITE_SUBDIR), settings: PGLITE_MEMORY_SETTINGS });
    return new PgliteDb(worker, lock, !(probe instanceof Date));
  } catch (error) {
    await worker.terminate();
    await lock.release();
    throw error;
  }
}
