// `npm run bench -- ingestionCrash`: the long version of server/ingestion/crash.test.ts. A real
// server process takes batches from concurrent writers and is killed with SIGKILL at a random
// moment BENCH_CRASH_ROUNDS times (default 10), restarted on the same data directory each time;
// then a clean start sends what was never acknowledged. Prints batches sent and acknowledged,
// points stored, lost, doubled and wrong, and the time of each start. Figures only, never pass/fail.
import { runCrashRounds } from '../server/ingestion/testing/crashRounds';

const ROUNDS = Number(process.env.BENCH_CRASH_ROUNDS ?? 10);

async function main() {
  const began = Date.now();
  const r = await runCrashRounds({ rounds: ROUNDS });
  const expected = r.acknowledged * r.pointsPerSeries;
  console.log(`${ROUNDS} SIGKILL rounds + 1 clean start in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  console.log(`batches sent ${r.sent}, acknowledged ${r.acknowledged}, never acknowledged ${r.unacknowledged.length}, batch keys stored ${r.batchKeys}`);
  console.log(`answers other than 200: ${r.unexpectedStatuses.length ? r.unexpectedStatuses.join(', ') : 'none'}`);
  for (const [m, s] of r.series.entries()) {
    console.log(
      `measurement ${m + 1}: ${s.points} points stored of ${expected} acknowledged (lost ${Math.max(0, expected - s.times)}, doubled ${s.points - s.times}, wrong value ${s.wrong})`,
    );
  }
  const sorted = [...r.startMs].sort((a, b) => a - b);
  console.log(`server start to listening: median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted[sorted.length - 1]} ms over ${sorted.length} starts`);
}

void main();
