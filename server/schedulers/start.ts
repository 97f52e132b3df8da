import { exportRootOf } from '../config';
import type { AppContext } from '../context';
import { startSchedulerLoop, type LoopLog } from './schedulerLoop';
import { registerTaskJobTypes } from './taskTypes';

/**
 * Registers the task types as job types and starts the scheduler loop, which enqueues the due
 * runs as jobs (the job runners run them, on this server or another); the returned function stops it.
 */
export function startTaskSchedulers(ctx: AppContext, log: LoopLog): () => Promise<void> {
  registerTaskJobTypes(exportRootOf(ctx.config));
  return startSchedulerLoop(ctx.db, log);
}
