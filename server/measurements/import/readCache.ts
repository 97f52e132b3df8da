import type { Db, QueryResult } from '../../db/db';

// The measurement rules read the row's collector and database for every row they check. An import
// checks thousands of rows against the same collector and a few databases, which do not change
// while one sheet (or one chunk of it) is planned: those reads are answered once per plan.

/** The rules' reads of a collector or a time-series database (Kysely's SQL for them). */
const STABLE_READ = /^select\b[^;]*\bfrom "(collectors|timeseries_databases)"/i;

export function withStableReadsCached(db: Db): Db {
  const cache = new Map<string, Promise<QueryResult<unknown>>>();
  const wrap = (inner: Db): Db => ({
    kind: inner.kind,
    query<T>(sql: string, params: unknown[] = [], options?: Parameters<Db['query']>[2]): Promise<QueryResult<T>> {
      if (options !== undefined || !STABLE_READ.test(sql)) return inner.query<T>(sql, params, options);
      const key = `${sql}\u0000${JSON.stringify(params)}`;
      let hit = cache.get(key);
      if (hit === undefined) {
        hit = inner.query<unknown>(sql, params);
        cache.set(key, hit);
        // A failed read is not kept.
        hit.catch(() => cache.delete(key));
      }
      return hit as Promise<QueryResult<T>>;
    },
    exec: (sql) => inner.exec(sql),
    transaction: (fn, options) => inner.transaction((tx) => fn(wrap(tx)), options),
    close: () => inner.close(),
  });
  return wrap(db);
}
