import type { ReliabilityFigure, ReliabilitySuite } from '../../server/reliability/suite';
import { CALL_CLASSES, runSoak } from '../../server/reliability/soak';

// `npm run bench -- reliability soak [--scale=0.1]`: ten minutes (scale 1; one at 0.1) of mixed
// traffic against a real server process on loopback (server/reliability/soak.ts): 3 users
// browsing pages, 2 running trend queries, a collector writing 50 measurements × 10 points every
// second, sign-ins now and then; after a day of history and a warm-up of at most 30 s. PGlite
// by default; SOAK_DATABASE_URL=postgres://… runs it on that PostgreSQL (a database of its own:
// the soak seeds it and leaves its rows). The smoke in npm test: server/reliability/soak.test.ts.

const round = (value: number) => Math.round(value * 10) / 10;

export const suite: ReliabilitySuite = {
  name: 'soak',
  description: 'ten minutes of browsing, ingestion and queries from concurrent users: latencies per call class, no 5xx, bounded memory',
  async run({ scale, log }) {
    const seconds = Math.max(10, Math.round(600 * scale));
    const result = await runSoak({
      seconds,
      warmUpSeconds: Math.min(30, seconds / 5),
      measurements: 50,
      historyHours: 24,
      browsers: 3,
      queriers: 2,
      ingestIntervalMs: 1000,
      pointsPerBatch: 10,
      databaseUrl: process.env.SOAK_DATABASE_URL || undefined,
      log,
    });
    for (const problem of result.problems) log(`problem: ${problem}`);
    const { beforeTraffic, afterWarmUp, end } = result.memory;
    const figures: ReliabilityFigure[] = [
      { label: 'measured time', value: round(result.seconds), unit: 's' },
      { label: 'requests', value: result.requests },
      { label: 'requests per second', value: round(result.requestsPerSecond), unit: 'req/s' },
      { label: 'points written', value: result.pointsWritten },
    ];
    for (const callClass of CALL_CLASSES) {
      const c = result.classes[callClass];
      figures.push({ label: `${callClass} p50 / p95 / p99 / max (${c.count} calls)`, value: `${round(c.p50)} / ${round(c.p95)} / ${round(c.p99)} / ${round(c.max)}`, unit: 'ms' });
    }
    const heap = (mib: number | undefined) => (mib === undefined ? '?' : String(round(mib)));
    figures.push(
      { label: '5xx', value: result.serverErrors, goal: 0 },
      { label: 'failed (no answer)', value: result.failures, goal: 0 },
      { label: 'refused (4xx to a right call)', value: result.refused, goal: 0 },
      { label: 'server RSS before / after warm-up / end', value: `${round(beforeTraffic.rssMiB)} / ${round(afterWarmUp.rssMiB)} / ${round(end.rssMiB)}`, unit: 'MiB' },
      { label: 'server RSS growth after warm-up', value: round(end.rssMiB - afterWarmUp.rssMiB), unit: 'MiB' },
      { label: 'server RSS peak', value: round(result.memory.peakRssMiB), unit: 'MiB' },
      { label: 'server RSS trend while measured', value: round(result.memory.rssSlopeMiBPerMinute), unit: `MiB/min (${result.memory.samples} samples)` },
      { label: 'server heap trend while measured', value: round(result.memory.heapSlopeMiBPerMinute), unit: 'MiB/min' },
      { label: 'server heap used before / after warm-up / end', value: `${heap(beforeTraffic.heapUsedMiB)} / ${heap(afterWarmUp.heapUsedMiB)} / ${heap(end.heapUsedMiB)}`, unit: 'MiB' },
    );
    for (const route of result.routes.slice(0, 3)) {
      figures.push({ label: `slow route: ${route.route} p50 / p99 (${route.count} calls)`, value: `${round(route.p50)} / ${round(route.p99)}`, unit: 'ms' });
    }
    for (const route of result.routes) log(`route ${route.route}: ${route.count} calls, p50 ${round(route.p50)} ms, p99 ${round(route.p99)} ms, max ${round(route.max)} ms`);
    return figures;
  },
};
