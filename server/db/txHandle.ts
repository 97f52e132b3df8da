import type { Db, DbKind, QueryResult, TxOptions } from './db';

/** What an adapter provides for one open transaction (a PGlite tx or a pooled pg client). */
export interface TxRunner {
  query<T>(sql: string, params: unknown[]): Promise<QueryResult<T>>;
  exec(sql: string): Promise<void>;
}

export interface TxHandle {
  db: Db;
  /** Called when the outer transaction has committed or rolled back. */
  finish(): void;
}

/** COMMIT found the transaction aborted (a failed statement whose error the callback caught). */
export class TransactionAbortedError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The transaction was rolled back: a statement in it failed and its error was caught', options);
    this.name = 'TransactionAbortedError';
  }
}

export class TransactionFinishedError extends Error {
  constructor() {
    super('This transaction has already finished: a tx handle was used after its transaction ended');
    this.name = 'TransactionFinishedError';
  }
}

const SET_LOCAL = 'SELECT set_config($1, $2, true)';

/** Sets transaction-local settings in an open transaction, one statement each. */
export async function applySettings(runner: Pick<TxRunner, 'query'>, options: TxOptions | undefined): Promise<void> {
  for (const [name, value] of Object.entries(options?.settings ?? {})) await runner.query(SET_LOCAL, [name, value]);
}

/**
 * Wraps one open transaction as a Db. A handle that outlives its transaction throws instead of
 * running outside it (on pg its client is back in the pool, serving someone else). Nested
 * transactions become SAVEPOINTs; they are queued because two savepoints open at once on one
 * connection would not nest the way the two callers think.
 */
export function createTxHandle(kind: DbKind, runner: TxRunner): TxHandle {
  let finished = false;
  let savepointCounter = 0;

  const assertOpen = (): void => {
    if (finished) throw new TransactionFinishedError();
  };

  // Each level gets its own handle and queue: a savepoint opened inside another one must not
  // wait for its parent's queue, which only drains when the parent (and so this one) is done.
  const makeLevel = (): Db => {
    let queue: Promise<unknown> = Promise.resolve();
    const level: Db = {
      kind,
      async query<T = Record<string, unknown>>(sql: string, params: unknown[] = [], options?: TxOptions): Promise<QueryResult<T>> {
        assertOpen();
        await applySettings(runner, options);
        return runner.query<T>(sql, params);
      },
      async exec(sql: string): Promise<void> {
        assertOpen();
        await runner.exec(sql);
      },
      transaction<T>(fn: (tx: Db) => Promise<T>, options?: TxOptions): Promise<T> {
        assertOpen();
        const run = async (): Promise<T> => {
          savepointCounter += 1;
          const name = `historian_sp_${savepointCounter}`;
          await runner.query(`SAVEPOINT ${name}`, []);
          await applySettings(runner, options);
          try {
            const result = await fn(makeLevel());
            await runner.query(`RELEASE SAVEPOINT ${name}`, []);
            return result;
          } catch (error) {
            await runner.query(`ROLLBACK TO SAVEPOINT ${name}`, []);
            throw error;
          }
        };
        const next = queue.then(run, run);
        queue = next.catch(() => undefined);
        return next;
      },
      close(): Promise<void> {
        return Promise.reject(new Error('close() is not available on a transaction handle'));
      },
    };
    return level;
  };

  return {
    db: makeLevel(),
    finish() {
      finished = true;
    },
  };
}
