import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult as KyselyQueryResult,
} from 'kysely';
import type { Db } from './db';
import type { Database } from './schema';

// The typed query builder over the one Db interface: repositories build their SQL with Kysely,
// which checks table and column names and row types against server/db/schema.ts, and run it through
// the same adapter (PGlite or node-postgres) as everything else. Transactions stay with Db:
// `db.transaction(async (tx) => repository(tx)…)`, so a repository never opens one of its own.

class DbConnection implements DatabaseConnection {
  constructor(private readonly db: Db) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<KyselyQueryResult<R>> {
    const result = await this.db.query<R>(compiled.sql, [...compiled.parameters]);
    const kind = compiled.query.kind;
    const writes = kind === 'InsertQueryNode' || kind === 'UpdateQueryNode' || kind === 'DeleteQueryNode' || kind === 'MergeQueryNode';
    return writes ? { rows: result.rows, numAffectedRows: BigInt(result.rowCount) } : { rows: result.rows };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<KyselyQueryResult<R>> {
    throw new Error('Streaming is not supported: page through the rows instead');
  }
}

class DbDriver implements Driver {
  private readonly connection: DbConnection;

  constructor(db: Db) {
    this.connection = new DbConnection(db);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }

  async beginTransaction(): Promise<void> {
    throw new Error('Open transactions with db.transaction(), then build queries on the tx handle');
  }

  async commitTransaction(): Promise<void> {}

  async rollbackTransaction(): Promise<void> {}

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {}
}

function dialectOf(db: Db): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DbDriver(db),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

const builders = new WeakMap<Db, Kysely<Database>>();

/** The query builder for a Db or a transaction handle (one per handle, made on first use). */
export function kyselyOf(db: Db): Kysely<Database> {
  let builder = builders.get(db);
  if (!builder) {
    builder = new Kysely<Database>({ dialect: dialectOf(db) });
    builders.set(db, builder);
  }
  return builder;
}
