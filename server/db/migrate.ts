import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './db';

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

// One fixed key for every start-up step that changes the schema or seeds rows: servers starting
// together on one PostgreSQL database take turns instead of racing on CREATE TABLE or the seed.
const STARTUP_LOCK_KEY = '7202604131700001';

/** Serializes start-up work across servers; released when the transaction `tx` ends. */
export async function takeStartupLock(tx: Db): Promise<void> {
  // Harmless on PGlite (one connection, already serialized), so both adapters run the same path.
  await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [STARTUP_LOCK_KEY]);
}

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export async function loadMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.sql'));
  // Code-point order, not locale order, so every machine applies them in the same sequence.
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name), 'utf8');
      // Line endings normalized: a Windows checkout must not look like an edited migration.
      const checksum = createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
      return { name, sql, checksum };
    }),
  );
}

export interface MigrateOptions {
  dir?: string;
  /** Told when an applied migration's file has changed since, or a recorded one has no file. */
  onWarning?: (message: string) => void;
}

interface AppliedRow {
  name: string;
  checksum: string;
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  name       text PRIMARY KEY,
  checksum   text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

/**
 * Applies the pending migrations in file-name order, each in its own transaction together with
 * its row in schema_migrations, so a failing file leaves nothing half-done. Returns the names
 * applied by this call (empty when the schema was already current).
 */
export async function runMigrations(db: Db, options: MigrateOptions = {}): Promise<string[]> {
  const warn = options.onWarning ?? ((message: string) => console.warn(message));
  const migrations = await loadMigrations(options.dir);

  const applied = await db.transaction(async (tx) => {
    await takeStartupLock(tx);
    await tx.query(CREATE_TABLE);
    const { rows } = await tx.query<AppliedRow>('SELECT name, checksum FROM schema_migrations');
    return new Map(rows.map((row) => [row.name, row.checksum]));
  });

  const known = new Set(migrations.map((m) => m.name));
  for (const name of applied.keys()) {
    if (!known.has(name)) warn(`Migration ${name} is recorded in the database but has no file: is this server older than the database?`);
  }

  const appliedNow: string[] = [];
  for (const migration of migrations) {
    const checksum = applied.get(migration.name);
    if (checksum !== undefined) {
      if (checksum !== migration.checksum) {
        warn(`Migration ${migration.name} was changed after it was applied; the change is not applied. Add a new migration instead.`);
      }
      continue;
    }
    const ran = await db.transaction(async (tx) => {
      await takeStartupLock(tx);
      // Another server may have applied it while we waited for the lock.
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [migration.name]);
      if (done.rowCount > 0) return false;
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`Migration ${migration.name} failed: ${reason}`, { cause: error });
      }
      await tx.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [migration.name, migration.checksum]);
      return true;
    });
    if (ran) appliedNow.push(migration.name);
  }
  return appliedNow;
}
