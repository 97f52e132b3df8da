import type { Db, DbKind, QueryResult } from './db';

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
      async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
        assertOpen();
        return runner.query<T>(sql, params);
      },
      async exec(sql: string): Promise<void> {
        assertOpen();
        await runner.exec(sql);
      },
      transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
        assertOpen();
        const run = async (): Promise<T> => {
          savepointCounter += 1;
          const name = `historian_sp_${savepointCounter}`;
          await runner.query(`SAVEPOINT ${name}`, []);
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
