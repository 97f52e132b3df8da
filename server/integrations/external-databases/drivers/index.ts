import path from 'node:path';
import { DEFAULT_DATA_DIR } from '../../../config';
import { sqliteRootOf } from '../kinds';
import type { ExternalDriver } from './driver';
import { mysqlDriver } from './mysql';
import { postgresDriver } from './postgres';
import { sqliteDriver } from './sqlite';
import { sqlserverDriver } from './sqlserver';
import type { ExternalDatabaseKind } from './types';
import { unavailableDriver } from './unavailable';

// The driver of each kind (kinds.ts says which are available).

let sqliteRoot: string | undefined;

/** The folder SQLite files are read from; set by the routes from the server's configuration. */
export function setSqliteRoot(root: string): void {
  sqliteRoot = root;
}

/** Before the routes set it (a process without them): what the server's configuration would say. */
const sqlite = sqliteDriver(() => sqliteRoot ?? sqliteRootOf({ dataDir: path.resolve(process.env.HISTORIAN_DATA_DIR || DEFAULT_DATA_DIR), sqliteDir: process.env.HISTORIAN_SQLITE_DIR || undefined }));

const DRIVERS: Record<ExternalDatabaseKind, ExternalDriver> = {
  postgres: postgresDriver,
  mysql: mysqlDriver,
  sqlserver: sqlserverDriver,
  sqlite,
  oracle: unavailableDriver('oracle'),
  hdb: unavailableDriver('hdb'),
  ase: unavailableDriver('ase'),
};

export const driverOf = (kind: ExternalDatabaseKind): ExternalDriver => DRIVERS[kind];
