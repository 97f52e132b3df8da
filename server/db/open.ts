import type { ServerConfig } from '../config';
import type { Db } from './db';
import type { DataDirLockOptions } from './dataDirLock';
import { runMigrations } from './migrate';
import { openPgliteDb } from './pglite';
import { openPostgresDb } from './postgres';
import { seedIfEmpty } from './seed';

export interface OpenDatabaseOptions extends DataDirLockOptions {
  /** Migration warnings (an applied file changed, a recorded one is missing); default console.warn. */
  onWarning?: (message: string) => void;
}

/**
 * The database the server runs on: PostgreSQL when DATABASE_URL is set, else PGlite in the data
 * directory; migrated and seeded. Closes it again if either step fails, so the lock is not held.
 * @throws HistorianDataDirLockedError when another server holds the data directory.
 */
export async function openDatabase(
  config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>,
  options: OpenDatabaseOptions = {},
): Promise<Db> {
  const db = config.databaseUrl
    ? await openPostgresDb(config.databaseUrl)
    : await openPgliteDb(config.dataDir, { onCompromised: options.onCompromised });
  try {
    await runMigrations(db, { onWarning: options.onWarning });
    await seedIfEmpty(db);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}
