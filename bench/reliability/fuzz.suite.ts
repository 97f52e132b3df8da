import { openFuzzTarget, runFuzz } from '../../server/reliability/fuzz';
import type { ReliabilitySuite } from '../../server/reliability/suite';

// `npm run bench -- reliability fuzz [--scale=0.1]`: every operation of openapi/historian.yaml,
// 200 fast-check cases each at scale 1 (server/reliability/fuzz.ts; fuzz.test.ts runs a few).
// FUZZ_SEED replays a run; a failure is logged with its seed and fast-check's replay path.

export const suite: ReliabilitySuite = {
  name: 'fuzz',
  description: 'every operation of the contract with near-valid and hostile values from its schemas: no 5xx, no hang',
  async run({ log, scale }) {
    const casesPerOperation = Math.max(1, Math.round(200 * scale));
    const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
    log(`seed ${seed}, ${casesPerOperation} cases per operation`);
    const target = await openFuzzTarget();
    try {
      const result = await runFuzz(target, { casesPerOperation, seed, deadlineMs: 10_000, log });
      for (const failure of result.failures) log(`failure: ${JSON.stringify(failure)}`);
      return [
        { label: 'operations', value: result.operations.length },
        { label: 'cases', value: result.cases },
        { label: 'cases answered 2xx', value: result.statusClasses['2xx'] ?? 0 },
        { label: 'cases answered 4xx', value: result.statusClasses['4xx'] ?? 0 },
        { label: 'operations with a failing case', value: result.failures.length, goal: 0 },
        { label: '5xx', value: result.serverErrors, goal: 0 },
        { label: 'hangs (no answer in 10 s)', value: result.hangs, goal: 0 },
        { label: 'admin sessions lost and signed in again', value: result.reSignIns },
        { label: `slowest answer (${result.slowestOperation || '-'})`, value: Math.round(result.slowestMs), unit: 'ms' },
      ];
    } finally {
      await target.close();
    }
  },
};
