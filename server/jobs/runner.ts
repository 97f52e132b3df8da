import { randomUUID } from 'node:crypto';
import { runAsActor, withAuditActor } from '../audit/auditActor';
import type { Db } from '../db/db';
import { jobsRepository, type ControlFlags, type JobRow, type RunOutcome } from './jobsRepository';
import { jobEvents } from './queue';
import { JobInterrupted, jobType, registeredJobTypes, type InterruptReason, type JobContext } from './registry';
import { INTERRUPTED_ERROR } from './transitions';

// The job runner of one server (README.md in this folder): claims pending jobs under a lease,
// runs a bounded number at once, renews the lease while a job runs and reads from it whether a
// pause or cancel was asked; recovers jobs whose runner died. No transaction spans a run.

export interface JobRunnerOptions {
  /** Jobs run at once by this runner. */
  concurrency?: number;
  /** How long a claim holds without renewal; a dead server's jobs are recovered after it. */
  leaseMs?: number;
  /** Lease renewal and pause/cancel check of each running job. */
  heartbeatMs?: number;
  /** Poll for pending jobs when idle. */
  pollMs?: number;
  /** Look for jobs of dead runners this often. */
  recoverEveryMs?: number;
  /**
   * At start, take every running job for dead (PGlite: the data directory's lock proves that no
   * other process runs one). Never on a shared PostgreSQL, where other servers run jobs.
   */
  recoverAllAtStart?: boolean;
  /** Where the runner reports its own failures (a database error while polling); console by default. */
  onError?: (error: unknown) => void;
  runnerId?: string;
  /** How long stop() waits for running jobs to stop at a checkpoint. */
  stopTimeoutMs?: number;
}

interface Running {
  controller: AbortController;
  done: Promise<void>;
  /** Reads at once whether a pause or cancel was asked (a nudge from this process). */
  check: () => void;
}

export interface JobRunner {
  readonly runnerId: string;
  /** Stops claiming, interrupts the running jobs (resumable ones go back to pending) and waits for them. */
  stop(): Promise<void>;
  /** Resolves when no job runs and no pending job of a registered type is left to claim (tests). */
  idle(): Promise<void>;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)) || 'failed';

export function startJobRunner(db: Db, options: JobRunnerOptions = {}): JobRunner {
  const concurrency = options.concurrency ?? 2;
  const leaseMs = options.leaseMs ?? 30_000;
  const heartbeatMs = options.heartbeatMs ?? 2_000;
  const pollMs = options.pollMs ?? 1_000;
  const recoverEveryMs = options.recoverEveryMs ?? 10_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const runnerId = options.runnerId ?? `runner-${process.pid}-${randomUUID()}`;
  const onError = options.onError ?? ((error: unknown) => console.error(`job runner: ${message(error)}`));
  const repo = jobsRepository(db);
  const auditedDb = withAuditActor(db);

  const running = new Map<string, Running>();
  let stopped = false;
  let wake: () => void = () => undefined;
  let lastRecovery = 0;
  let generation = 0;
  const idleWaiters: { generation: number; resolve: () => void }[] = [];

  const nudge = () => wake();
  const onControl = (uuid: string) => running.get(uuid)?.check();
  jobEvents.on('enqueued', nudge);
  jobEvents.on('control', onControl);

  async function runJob(row: JobRow, entry: Running): Promise<void> {
    const definition = jobType(row.type);
    const { controller } = entry;
    const interrupt = (reason: InterruptReason) => {
      if (!controller.signal.aborted) controller.abort(new JobInterrupted(reason));
    };
    const react = (flags: ControlFlags | null) => {
      if (flags === null) interrupt('lease-lost');
      else if (flags.cancel_requested) interrupt('cancel');
      else if (flags.pause_requested) interrupt('pause');
    };
    const renew = async () => {
      try {
        react(await repo.renew(row.uuid, runnerId, leaseMs));
      } catch (error) {
        onError(error);
      }
    };
    const heartbeat = setInterval(() => void renew(), heartbeatMs);
    entry.check = () => void renew();

    const ctx: JobContext = {
      // What a job changes is audited as changed by the user who started it (server/audit).
      db: auditedDb,
      job: {
        uuid: row.uuid,
        type: row.type,
        organizationUuid: row.organization_uuid,
        payload: row.payload,
        createdByUuid: row.created_by_uuid,
        createdByName: row.created_by_name,
        taskSchedulerUuid: row.task_scheduler_uuid,
      },
      checkpointState: row.checkpoint ?? null,
      signal: controller.signal,
      async progress(fraction, text) {
        const bounded = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
        await repo.setProgress(row.uuid, runnerId, bounded, text ?? null);
      },
      async log(level, text) {
        await repo.log(row.uuid, level, text);
      },
      async checkpointWithin(tx, state) {
        if ((await jobsRepository(tx).saveCheckpoint(row.uuid, runnerId, state)) === null) throw new JobInterrupted('lease-lost');
      },
      async checkpoint(state) {
        react(await repo.saveCheckpoint(row.uuid, runnerId, state));
        const reason = controller.signal.reason;
        if (controller.signal.aborted) throw reason instanceof JobInterrupted ? reason : new JobInterrupted('shutdown');
      },
    };

    let outcome: RunOutcome | null;
    try {
      if (!definition) throw new Error(`job type ${row.type} is not registered on this server`);
      const actor = { userUuid: row.created_by_uuid, userName: row.created_by_name, organizationUuid: row.organization_uuid, reason: null };
      const result = await runAsActor(actor, () => definition.run(ctx));
      outcome = { state: 'done', result };
    } catch (error) {
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      if (reason instanceof JobInterrupted) {
        outcome = outcomeOfInterrupt(reason.reason, row.resumable);
      } else {
        outcome = { state: 'failed', error: message(error) };
      }
    } finally {
      clearInterval(heartbeat);
    }
    try {
      if (outcome) {
        if (outcome.state === 'failed') await repo.log(row.uuid, 'error', outcome.error);
        await repo.finish(row.uuid, runnerId, outcome);
      }
    } catch (error) {
      // The lease runs out and another runner's recovery settles the job.
      onError(error);
    }
  }

  function start(row: JobRow) {
    const entry: Running = { controller: new AbortController(), done: Promise.resolve(), check: () => undefined };
    running.set(row.uuid, entry);
    entry.done = runJob(row, entry).finally(() => {
      running.delete(row.uuid);
      wake();
    });
  }

  async function loop() {
    while (!stopped) {
      try {
        const now = Date.now();
        if (now - lastRecovery >= recoverEveryMs) {
          const all = lastRecovery === 0 && options.recoverAllAtStart === true;
          lastRecovery = now;
          await repo.recover(all);
        }
        const seen = generation;
        const free = concurrency - running.size;
        const claimed = free > 0 ? await repo.claim(runnerId, registeredJobTypes(), free, leaseMs) : [];
        if (stopped) {
          // Claimed in the instant stop() was called: hand them back untouched.
          for (const row of claimed) await repo.finish(row.uuid, runnerId, { state: 'pending' });
          break;
        }
        claimed.forEach(start);
        if (claimed.length === 0 && running.size === 0) {
          for (const waiter of idleWaiters.filter((w) => w.generation <= seen)) {
            idleWaiters.splice(idleWaiters.indexOf(waiter), 1);
            waiter.resolve();
          }
        }
        if (claimed.length > 0 && claimed.length === free) continue;
      } catch (error) {
        onError(error);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = () => undefined;
    }
  }

  const looping = loop();

  return {
    runnerId,
    async stop() {
      if (stopped) return looping;
      stopped = true;
      jobEvents.off('enqueued', nudge);
      jobEvents.off('control', onControl);
      wake();
      await looping;
      for (const entry of running.values()) entry.controller.abort(new JobInterrupted('shutdown'));
      // A job that ignores its signal is left to the lease: recovery settles it after a restart.
      let timer: NodeJS.Timeout | undefined;
      const givenUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, stopTimeoutMs)));
      await Promise.race([Promise.all([...running.values()].map((entry) => entry.done)), givenUp]);
      clearTimeout(timer);
    },
    idle() {
      generation += 1;
      const waiting = new Promise<void>((resolve) => idleWaiters.push({ generation, resolve }));
      wake();
      return waiting;
    },
  };
}

/** What a run stopped by `reason` becomes. */
function outcomeOfInterrupt(reason: InterruptReason, resumable: boolean): RunOutcome | null {
  switch (reason) {
    case 'cancel':
      return { state: 'canceled' };
    case 'pause':
      return { state: 'paused' };
    case 'shutdown':
      return resumable ? { state: 'pending' } : { state: 'failed', error: INTERRUPTED_ERROR };
    case 'lease-lost':
      // Another runner took the job over; it is no longer this one's to write.
      return null;
  }
}
