// `npm run bench -- calculations`: evaluations per second of a simple calculation script
// (`_A.Value * 2 + _B.Value`) in the QuickJS sandbox, compiled once and evaluated N times with fresh
// input values; median of 5 runs, with the CPU time of this process beside the wall clock, and for
// comparison a script that also uses the helpers (a tag, the status and local state). Figures only,
// never pass/fail.
import { createSandbox, type Evaluation } from '../server/calculations/sandbox/sandbox';

const EVALUATIONS = Number(process.env.BENCH_CALC_EVALUATIONS ?? 20_000);
const RUNS = 5;
const T0 = Date.UTC(2026, 0, 1);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function evaluationAt(i: number, local: Record<string, unknown>): Evaluation {
  const timestamp = T0 + i * 1000;
  return {
    inputs: [
      { alias: 'A', value: i % 100, timestamp, tags: {}, status: 'Good' },
      { alias: 'B', value: (i * 7) % 13, timestamp, tags: {}, status: 'Good' },
    ],
    timestamp,
    previousTimestamp: timestamp - 1000,
    previousResult: null,
    intervalMs: 1000,
    offsetMs: 0,
    local,
  };
}

async function bench(label: string, script: string): Promise<void> {
  const sandbox = await createSandbox();
  try {
    const compiled = sandbox.compile(script);
    if (!compiled.ok) throw new Error(`${label}: ${compiled.error.message}`);
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      let local: Record<string, unknown> = {};
      const cpuStart = cpuMs();
      const started = performance.now();
      for (let i = 0; i < EVALUATIONS; i++) {
        const result = sandbox.evaluate(compiled.script, evaluationAt(run * EVALUATIONS + i, local));
        if (!result.ok) throw new Error(`${label}: ${result.error.code} ${result.error.message}`);
        local = result.local;
      }
      wall.push((EVALUATIONS / (performance.now() - started)) * 1000);
      cpu.push((EVALUATIONS / (cpuMs() - cpuStart)) * 1000);
    }
    console.log(
      `${label.padEnd(34)} ${fmt(median(wall)).padStart(9)} eval/s wall  ${fmt(median(cpu)).padStart(9)} eval/s CPU  (runs: ${wall.map(fmt).join(', ')})`,
    );
  } finally {
    sandbox.dispose();
  }
}

async function main(): Promise<void> {
  console.log(`${fmt(EVALUATIONS)} evaluations a run, median of ${RUNS} runs, script compiled once`);
  await bench('_A.Value * 2 + _B.Value', '_A.Value * 2 + _B.Value');
  await bench('with set_tag, set_status, local', 'const n = (local.get("n") ?? 0) + 1;\nlocal.set("n", n);\nset_tag("unit", "%");\nset_status("Good");\nreturn (_A.Value * 2 + _B.Value) / n;');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
