import { Pool, TypeOverrides } from 'pg';
import type { PoolClient, QueryConfig, QueryResult as PgResult } from 'pg';
import type { Db, QueryResult, TxOptions } from './db';
import { TransactionAbortedError, applySettings, createTxHandle } from './txHandle';

const INT8_OID = 20;
const DATE_OID = 1082;

// node-postgres and PGlite disagree on a few types by default; these make pg read them the way
// PGlite does so that code tested on one adapter behaves the same on the other.
function alignedTypes(): TypeOverrides {
  const types = new TypeOverrides();
  // count(*) and bigserial: a number while it is exact, a bigint beyond 2^53 (pg gives a string).
  types.setTypeParser(INT8_OID, (text: string) => {
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : BigInt(text);
  });
  // A calendar date at UTC midnight (pg's default is local midnight).
  types.setTypeParser(DATE_OID, (text: string) => new Date(`${text}T00:00:00Z`));
  return types;
}

// @types/pg does not declare queryMode yet; 'extended' makes pg refuse several statements in one
// query() exactly as PGlite does, instead of silently running them with the simple protocol.
type ExtendedQueryConfig = QueryConfig<unknown[]> & { queryMode: 'extended' };

async function runQuery<T>(
  target: Pool | PoolClient,
  text: string,
  values: unknown[],
): Promise<QueryResult<T>> {
  const config: ExtendedQueryConfig = { text, values, queryMode: 'extended' };
  const res: PgResult = await target.query(config);
  return { rows: res.rows, rowCount: res.rowCount ?? 0 };
}

class PostgresDb implements Db {
  readonly kind = 'postgres';
  #closing: Promise<void> | undefined;

  constructor(private readonly pool: Pool) {}

  query<T = Record<string, unknown>>(sql: string, params: unknown[] = [], options?: TxOptions): Promise<QueryResult<T>> {
    if (options?.settings && Object.keys(options.settings).length > 0) return this.transaction((tx) => tx.query<T>(sql, params), options);
    return runQuery<T>(this.pool, sql, params);
  }

  async exec(sql: string): Promise<void> {
    // No values: node-postgres uses the simple protocol, which accepts a whole script.
    await this.pool.query(sql);
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>, options?: TxOptions): Promise<T> {
    const client = await this.pool.connect();
    // While checked out the pool no longer listens for the client's errors: a connection ended by
    // the database between two statements (a restart, an administrator) would emit 'error' with no
    // listener and end the process. Heard here, the next statement fails and the client is dropped.
    let broken = false;
    const onError = () => {
      broken = true;
    };
    client.on('error', onError);
    const handle = createTxHandle('postgres', {
      query: <R>(sql: string, params: unknown[]) => runQuery<R>(client, sql, params),
      exec: async (sql: string) => {
        await client.query(sql);
      },
    });
    try {
      await client.query('BEGIN');
      await applySettings({ query: (sql, params) => runQuery(client, sql, params) }, options);
      const result = await fn(handle.db);
      // On an aborted transaction PostgreSQL answers COMMIT with ROLLBACK and no error; without
      // this check the caller would think its writes were kept.
      const commit = await client.query('COMMIT');
      if (commit.command === 'ROLLBACK') throw new TransactionAbortedError();
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch {
        // The connection is in an unknown state: drop it rather than hand it to the next caller.
        broken = true;
      }
      throw error;
    } finally {
      handle.finish();
      client.removeListener('error', onError);
      client.release(broken);
    }
  }

  close(): Promise<void> {
    this.#closing ??= this.pool.end();
    return this.#closing;
  }
}

const CONNECT_TIMEOUT_MS = 5_000;

export interface PostgresOptions {
  /** Pool size; pg's default is 10. */
  max?: number;
  /** How long a query waits for a connection (new or from the pool); default 5 s. */
  connectionTimeoutMs?: number;
  /** Told about errors of idle pooled connections (a restarted database); default: console.error. */
  onIdleError?: (error: Error) => void;
}

/** Connects to PostgreSQL and checks the connection once, so a wrong URL fails at start. */
export async function openPostgresDb(connectionString: string, options: PostgresOptions = {}): Promise<Db> {
  // A bounded wait for a connection: while PostgreSQL is down or every connection is busy a request
  // fails within it (a 503, server/db/unavailable.ts) instead of hanging.
  const pool = new Pool({ connectionString, max: options.max, types: alignedTypes(), connectionTimeoutMillis: options.connectionTimeoutMs ?? CONNECT_TIMEOUT_MS });
  // Without a listener an idle client's error (database restart) would crash the process;
  // the pool drops that client and the next query reconnects.
  pool.on('error', options.onIdleError ?? ((error) => console.error('PostgreSQL idle connection error:', error.message)));
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw new Error(`Cannot connect to PostgreSQL (DATABASE_URL): ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return new PostgresDb(pool);
}
