import type { Db } from '../db/db';
import { taskSchedulersRepository, type TaskSchedulerRow } from '../repositories/taskSchedulers';
import { enqueueJob } from '../jobs/queue';
import { jobPayloadOf } from './taskTypes';
import { dueOccurrence, parseRecurrence, RecurrenceError } from './recurrence';

// The scheduler loop: every few seconds each server claims the running schedulers that are due
// (FOR UPDATE SKIP LOCKED), enqueues one job for the occurrence and moves next_run_at on, all in
// one transaction. The job's dedupe key `<scheduler uuid>@<occurrence ISO>` makes a second claim
// of the same occurrence (a crash after the enqueue, another server) a no-op.
// A server that was down does not fire a burst of the runs it missed: only the latest missed
// occurrence runs, and the others are logged as skipped.

export const TICK_MS = 5_000;
const CLAIM_BATCH = 50;

export interface LoopLog {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
  error(data: object, message: string): void;
}

export const dedupeKeyOf = (schedulerUuid: string, occurrence: Date) => `${schedulerUuid}@${occurrence.toISOString()}`;

async function runDue(tx: Db, row: TaskSchedulerRow, now: number, log: LoopLog): Promise<void> {
  const repository = taskSchedulersRepository(tx);
  let recurrence;
  try {
    recurrence = parseRecurrence(row.rrule, row.timezone);
  } catch (error) {
    // A rule stored before a stricter check (or a zone dropped from the tz database): stop
    // asking every tick, and say why.
    if (!(error instanceof RecurrenceError)) throw error;
    log.error({ taskScheduler: row.uuid, reason: error.message }, 'task scheduler rule can no longer be read; not scheduled');
    await repository.advance(row.uuid, null, null);
    return;
  }
  const dueFrom = row.next_run_at?.getTime() ?? now;
  const { latest, missed, next } = dueOccurrence(recurrence, dueFrom, now);
  if (latest) {
    if (missed > 0) log.warn({ taskScheduler: row.uuid, missed, running: latest.at.toISOString() }, 'task scheduler missed runs while no server was up; running only the latest');
    const job = await enqueueJob(tx, {
      type: row.task_type,
      organizationUuid: row.organization_uuid,
      payload: jobPayloadOf(row, latest.at),
      createdBy: { uuid: null, name: row.name },
      taskSchedulerUuid: row.uuid,
      dedupeKey: dedupeKeyOf(row.uuid, latest.at),
    });
    log.info({ taskScheduler: row.uuid, job: job.uuid, created: job.created, occurrence: latest.at.toISOString() }, 'task scheduler run enqueued');
  }
  await repository.advance(row.uuid, next?.at ?? null, latest?.at ?? null);
}

/** One pass: enqueues the due runs; answers how many schedulers it handled. */
export async function tickSchedulers(db: Db, now: number, log: LoopLog): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await taskSchedulersRepository(tx).claimDue(new Date(now), CLAIM_BATCH);
    for (const row of due) {
      // One scheduler's failure must not hold back the others: a savepoint each.
      await tx.transaction((inner) => runDue(inner, row, now, log)).catch((error: unknown) => {
        log.error({ taskScheduler: row.uuid, err: error }, 'task scheduler run could not be enqueued; tried again next tick');
      });
    }
    return due.length;
  });
}

/** Starts the loop; the returned function stops it (and waits for a pass under way). */
export function startSchedulerLoop(db: Db, log: LoopLog, intervalMs = TICK_MS): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return;
      await tickSchedulers(db, Date.now(), log).catch((error: unknown) => log.error({ err: error }, 'task scheduler loop failed'));
    });
  }, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
