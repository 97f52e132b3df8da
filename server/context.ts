import type { Db } from './db/db';
import type { ServerConfig } from './config';

/** What every route handler may use; built once in app.ts. */
export interface AppContext {
  db: Db;
  config: ServerConfig;
  version: string;
}
