import type { Db } from './db/db';
import type { ServerConfig } from './config';
import type { TimeseriesStores } from './timeseries/stores';

/** What every route handler may use; built once in app.ts. */
export interface AppContext {
  db: Db;
  config: ServerConfig;
  version: string;
  /** The open time-series stores (set by buildApp; ingestion and queries use them). */
  timeseries?: TimeseriesStores;
}
