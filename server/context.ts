import type { Db } from './db/db';
import type { ServerConfig } from './config';
import type { JobsPort } from './schedulers/jobsPort';

/** What every route handler may use; built once in app.ts. */
export interface AppContext {
  db: Db;
  config: ServerConfig;
  version: string;
  /** The job mechanism the task schedulers enqueue their runs with; absent: no runs. */
  jobs?: JobsPort;
}
