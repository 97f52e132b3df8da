import { appendFileSync } from 'node:fs';
import { registerJobType, type JobContext } from './registry';

// Job types for tests that drive a real server process (HISTORIAN_TEST_JOB_TYPES=1, never set in
// production): each counts its runs and steps in a file named by its payload, so a test can see
// a job resumed, failed or run twice after the process was killed.

interface CountingPayload {
  /** File that gets one line per start ("start <uuid> <from>") and per step ("step <uuid> <n>"). */
  file: string;
  steps: number;
  stepMs: number;
}

function payloadOf(value: unknown): CountingPayload {
  const read = (key: string): unknown => (typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined);
  return { file: String(read('file') ?? ''), steps: Number(read('steps') ?? 1), stepMs: Number(read('stepMs') ?? 10) };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

function countingType(resumable: boolean) {
  return {
    resumable,
    async run(ctx: JobContext) {
      const payload = payloadOf(ctx.job.payload);
      const checkpoint = ctx.checkpointState;
      const from = typeof checkpoint === 'object' && checkpoint !== null ? Number(Reflect.get(checkpoint, 'next') ?? 0) : 0;
      if (payload.file) appendFileSync(payload.file, `start ${ctx.job.uuid} ${from}\n`);
      for (let step = from; step < payload.steps; step += 1) {
        await sleep(payload.stepMs, ctx.signal);
        if (payload.file) appendFileSync(payload.file, `step ${ctx.job.uuid} ${step}\n`);
        await ctx.progress((step + 1) / payload.steps, `step ${step + 1} of ${payload.steps}`);
        await ctx.checkpoint({ next: step + 1 });
      }
      await ctx.log('info', `counted ${payload.steps} steps`);
      // Past the last point where a pause, cancel or shutdown could interrupt it.
      if (payload.file) appendFileSync(payload.file, `end ${ctx.job.uuid}\n`);
      return { steps: payload.steps };
    },
  };
}

export const TEST_JOB_TYPES = { resumable: 'test.count_resumable', once: 'test.count_once' } as const;

export function registerTestJobTypes(): void {
  registerJobType(TEST_JOB_TYPES.resumable, countingTypeResumable);
  registerJobType(TEST_JOB_TYPES.once, countingTypeOnce);
}

const countingTypeResumable = countingType(true);
const countingTypeOnce = countingType(false);
