import type { Db } from '../db/db';
import { createTimeseriesDrivers } from './registry';
import type { TimeseriesStore } from './types';

// The open store of each time-series database, kept for the server's life: ingestion and queries
// ask for a database's store on every call, and opening one per call would make a pool (external
// PostgreSQL) or a client (InfluxDB) per request. A database whose settings changed since its
// store was opened (updated_at moved) gets a new store; the old one is closed.

export class UnknownTimeseriesDatabaseError extends Error {
  constructor(readonly databaseUuid: string) {
    super('The time-series database does not exist (any more)');
    this.name = 'UnknownTimeseriesDatabaseError';
  }
}

export interface TimeseriesStores {
  /**
   * The store of a time-series database (any organization: callers check the organization).
   * @throws UnknownTimeseriesDatabaseError when it does not exist; the driver's errors as they are.
   */
  forDatabase(databaseUuid: string): Promise<TimeseriesStore>;
  /** Closes a database's store, if open (after it was deleted). */
  forget(databaseUuid: string): Promise<void>;
  close(): Promise<void>;
}

interface Entry {
  version: number;
  store: Promise<TimeseriesStore>;
}

interface DatabaseRow {
  type_uuid: string;
  settings: Record<string, unknown>;
  secure_settings: Record<string, unknown>;
  version: string;
}

/** `db` is the server's own database, unwrapped: points are not audited, so they skip the actor setting. */
export function createTimeseriesStores(db: Db): TimeseriesStores {
  const drivers = createTimeseriesDrivers({ serverDb: db });
  const open = new Map<string, Entry>();
  let closed = false;

  const dispose = (entry: Entry | undefined) => {
    if (entry) void entry.store.then((store) => store.close()).catch(() => undefined);
  };

  return {
    async forDatabase(databaseUuid) {
      if (closed) throw new Error('The time-series stores are closed');
      const { rows } = await db.query<DatabaseRow>(
        `SELECT type_uuid, settings, secure_settings, (extract(epoch FROM updated_at) * 1000)::bigint::text AS version
           FROM timeseries_databases WHERE uuid = $1`,
        [databaseUuid],
      );
      const row = rows[0];
      if (!row) {
        dispose(open.get(databaseUuid));
        open.delete(databaseUuid);
        throw new UnknownTimeseriesDatabaseError(databaseUuid);
      }
      const version = Number(row.version);
      const current = open.get(databaseUuid);
      if (current && current.version === version) return current.store;
      const driver = drivers.byTypeUuid(row.type_uuid);
      if (!driver) throw new UnknownTimeseriesDatabaseError(databaseUuid);
      const store = driver.open(row.settings, row.secure_settings);
      const entry: Entry = { version, store };
      open.set(databaseUuid, entry);
      dispose(current);
      // A failed open is not kept: the next call tries again.
      store.catch(() => {
        if (open.get(databaseUuid) === entry) open.delete(databaseUuid);
      });
      return store;
    },
    async forget(databaseUuid) {
      dispose(open.get(databaseUuid));
      open.delete(databaseUuid);
    },
    async close() {
      closed = true;
      const entries = [...open.values()];
      open.clear();
      await Promise.all(entries.map((entry) => entry.store.then((store) => store.close()).catch(() => undefined)));
    },
  };
}
