// The one storage interface the server talks to. Both adapters (PGlite embedded, node-postgres)
// speak PostgreSQL with `$1` placeholders, so routes and migrations are written once.

export type DbKind = 'pglite' | 'postgres';

export interface QueryResult<T> {
  rows: T[];
  /** Rows returned by a SELECT or touched by INSERT/UPDATE/DELETE; 0 for DDL. */
  rowCount: number;
}

/** Options of a statement or transaction. */
export interface TxOptions {
  /**
   * Transaction-local settings (`set_config(name, value, true)`) set before anything else runs in
   * it. A query given settings runs in a transaction of its own (inside an open one it joins
   * that). On PGlite this costs no extra round trip to its thread.
   */
  settings?: Readonly<Record<string, string>>;
}

export interface Db {
  readonly kind: DbKind;
  /**
   * Runs exactly one statement with the extended protocol on both adapters, so a statement that
   * works on PGlite works on PostgreSQL too. Row types are the caller's claim, not checked.
   *
   * Types returned are aligned across the adapters: int8 gives a number when it is a safe
   * integer and a bigint otherwise, numeric a string, date/timestamptz a Date, json(b) a value.
   * Pass a json(b) parameter as `JSON.stringify(value)`: node-postgres sends a bare JS array as a
   * PostgreSQL array literal, which is not JSON, while PGlite would serialize it.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: TxOptions): Promise<QueryResult<T>>;
  /**
   * Runs a script of several statements without parameters (migrations). Returns no rows.
   */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` in one transaction: COMMIT when it resolves, ROLLBACK when it throws (the error is
   * re-thrown). Inside, use only `tx`; calling the outer Db from inside its own transaction is
   * rejected on PGlite, where it would wait for the transaction forever. `tx.transaction` nests
   * with a SAVEPOINT.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>, options?: TxOptions): Promise<T>;
  /** Releases the connection pool, or closes PGlite and the data-directory lock. */
  close(): Promise<void>;
}
