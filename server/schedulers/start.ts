import { exportRootOf } from '../config';
import type { AppContext } from '../context';
import { PARQUET_EXPORT, parquetExportJobType } from './parquetExport';
import { startSchedulerLoop, type LoopLog } from './schedulerLoop';

/**
 * Registers the task types as job types and starts the scheduler loop; the returned function
 * stops it. A server without the job mechanism (ctx.jobs) schedules nothing.
 */
export function startTaskSchedulers(ctx: AppContext, log: LoopLog): () => Promise<void> {
  const jobs = ctx.jobs;
  if (!jobs) return async () => undefined;
  jobs.registerJobType(PARQUET_EXPORT, parquetExportJobType(exportRootOf(ctx.config)));
  return startSchedulerLoop(ctx.db, jobs, log);
}
