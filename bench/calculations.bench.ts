// `npm run bench -- calculations`: evaluations per second of a simple calculation script
// (`_A.Value * 2 + _B.Value`) in the QuickJS sandbox the server uses (in a worker thread), and in
// the calling thread for comparison, compiled once and evaluated N times with fresh
// input values; median of 5 runs, with the CPU time of this process beside the wall clock, and for
// comparison a script that also uses the helpers (a tag, the status and local state). Then the
// backfill's throughput: one sampled calculation (1 minute, the mean of each of two inputs) over
// BENCH_CALC_BACKFILL_SECONDS (a day) of 1-s data per input on PGlite, run as the
// calculation_backfill job runs it (apply: reads, evaluates, compares with the stored values,
// writes); points per second counted as input points read plus results written. Figures only,
// never pass/fail.
import { rootOrganizationUuid } from '../server/auth/testing/testUsers';
import { runCalculationBackfill } from '../server/calculations/backfill/backfillJob';
import { CALCULATION_COLLECTOR_TYPE, createDefaultCollectors } from '../server/collectors/defaults';
import { insertCollector } from '../server/collectors/testing/collectorFixtures';
import { openTestDatabase } from '../server/db/testing/testDatabase';
import { insertBuiltinDatabase, insertMeasurement } from '../server/ingestion/testing/fixtures';
import type { JobContext } from '../server/jobs/registry';
import { createTimeseriesStores } from '../server/timeseries/stores';
import { createLocalSandbox, createSandbox, type Evaluation, type Sandbox } from '../server/calculations/sandbox/sandbox';

const EVALUATIONS = Number(process.env.BENCH_CALC_EVALUATIONS ?? 20_000);
const RUNS = 5;
const BACKFILL_SECONDS = Number(process.env.BENCH_CALC_BACKFILL_SECONDS ?? 86_400);
const BACKFILL_RUNS = 3;
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

async function bench(label: string, script: string, create: () => Promise<Sandbox> = createSandbox): Promise<void> {
  const sandbox = await create();
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

async function benchBackfill(): Promise<void> {
  const database = await openTestDatabase();
  const db = database.db;
  const timeseries = createTimeseriesStores(db);
  const sandbox = await createSandbox();
  try {
    const organizationUuid = await rootOrganizationUuid(db);
    await createDefaultCollectors(db, organizationUuid);
    const calculations = (await db.query<{ uuid: string }>('SELECT uuid FROM collectors WHERE organization_uuid = $1 AND collector_type = $2', [organizationUuid, CALCULATION_COLLECTOR_TYPE])).rows[0].uuid;
    const plc = await insertCollector(db, organizationUuid, { name: 'PLC' });
    const databaseUuid = await insertBuiltinDatabase(db, organizationUuid);
    const store = await timeseries.forDatabase(databaseUuid);
    const inputs: string[] = [];
    for (const name of ['A', 'B']) {
      const uuid = await insertMeasurement(db, { organizationUuid, collectorUuid: plc, databaseUuid, name });
      await store.writePoints(uuid, 'number', Array.from({ length: BACKFILL_SECONDS }, (_, i) => ({ time: T0 + i * 1000, value: (i % 100) + name.length, quality: 192 })));
      inputs.push(uuid);
    }
    const settings = {
      Type: 'sampled',
      Interval: '1m',
      IntervalOffset: 0,
      EvaluateInsufficientData: false,
      Inputs: inputs.map((uuid, i) => ({ Alias: ['A', 'B'][i], MeasurementUUID: uuid, Aggregation: 'mean' })),
      Script: '_A.Value * 2 + _B.Value',
    };
    const calculation = await insertMeasurement(db, { organizationUuid, collectorUuid: calculations, databaseUuid, name: 'Sum', settings });
    const context: JobContext = {
      db,
      job: {
        uuid: '00000000-0000-4000-8000-000000000000',
        type: 'calculation_backfill',
        organizationUuid,
        payload: { CalculationUUID: calculation, From: new Date(T0).toISOString(), To: new Date(T0 + BACKFILL_SECONDS * 1000).toISOString(), DryRun: false },
        createdByUuid: null,
        createdByName: 'bench',
        taskSchedulerUuid: null,
      },
      checkpointState: null,
      signal: new AbortController().signal,
      progress: async () => {},
      log: async () => {},
      checkpoint: async () => {},
      checkpointWithin: async () => {},
    };
    const wall: number[] = [];
    const cpu: number[] = [];
    let written = 0;
    for (let run = 0; run < BACKFILL_RUNS; run++) {
      const cpuStart = cpuMs();
      const started = performance.now();
      const result = await runCalculationBackfill(context, { timeseries, sandbox });
      const elapsed = performance.now() - started;
      written = result.Calculations[0].Written;
      const points = 2 * BACKFILL_SECONDS + written;
      wall.push((points / elapsed) * 1000);
      cpu.push((points / (cpuMs() - cpuStart)) * 1000);
    }
    console.log(
      `backfill, ${fmt(BACKFILL_SECONDS)} s of 1-s data x 2 inputs, 1m windows: ${fmt(2 * BACKFILL_SECONDS)} points read + ${fmt(written)} written a run, median of ${BACKFILL_RUNS}`,
    );
    console.log(`${'backfill (read + written)'.padEnd(34)} ${fmt(median(wall)).padStart(9)} points/s wall  ${fmt(median(cpu)).padStart(9)} points/s CPU  (runs: ${wall.map(fmt).join(', ')})`);
  } finally {
    sandbox.dispose();
    await timeseries.close();
    await database.cleanup();
  }
}

async function main(): Promise<void> {
  console.log(`${fmt(EVALUATIONS)} evaluations a run, median of ${RUNS} runs, script compiled once`);
  // The server's sandbox runs in a worker thread (isolated.ts); the calling thread's, for the cost of the hop.
  await bench('_A.Value * 2 + _B.Value', '_A.Value * 2 + _B.Value');
  await bench('the same, in the calling thread', '_A.Value * 2 + _B.Value', createLocalSandbox);
  await bench('with set_tag, set_status, local', 'const n = (local.get("n") ?? 0) + 1;\nlocal.set("n", n);\nset_tag("unit", "%");\nset_status("Good");\nreturn (_A.Value * 2 + _B.Value) / n;');
  await benchBackfill();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
