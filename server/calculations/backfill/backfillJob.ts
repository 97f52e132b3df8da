import type { BackfillCalculationResult, BackfillResult } from '../../../domain/calculationBackfill';
import type { JobContext, JobTypeDefinition } from '../../jobs/registry';
import { createTimeseriesStores } from '../../timeseries/stores';
import { MAX_RAW_LIMIT } from '../../timeseries/points';
import type { PointValue, StoredPoint } from '../../timeseries/types';
import { downstreamOrder, loadCalculationGraph } from '../dependencies';
import { loadCalculations } from '../engine/definition';
import { evaluateRange, windowStarts, type EngineDeps } from '../engine/evaluate';
import { EMPTY_STATE, type CalculationDefinition, type CalculationState, type InputOverrides } from '../engine/types';
import { createSandbox } from '../sandbox/sandbox';
import { chunkBounds, chunkLengthOf, diffChunk, FIRST_ERRORS_SIZE, SAMPLE_SIZE } from './chunks';

// The calculation_backfill job (DOMAIN.md §2, README.md): recomputes a calculation over a past
// range and then every calculation downstream of it, chunk by chunk; inside a chunk each
// calculation runs after everything it reads. A dry run writes nothing and compares; an apply
// writes each chunk's points straight to the calculation's store (not through collector
// ingestion, which skips paused measurements: pause, fix, backfill, resume must work).

export const CALCULATION_BACKFILL = 'calculation_backfill';

export interface CalculationBackfillPayload {
  CalculationUUID: string;
  /** ISO 8601, inclusive. */
  From: string;
  /** ISO 8601, exclusive. */
  To: string;
  DryRun: boolean;
}

const isPayload = (value: unknown): value is CalculationBackfillPayload =>
  typeof value === 'object' &&
  value !== null &&
  typeof Reflect.get(value, 'CalculationUUID') === 'string' &&
  typeof Reflect.get(value, 'From') === 'string' &&
  typeof Reflect.get(value, 'To') === 'string' &&
  typeof Reflect.get(value, 'DryRun') === 'boolean';

/** One calculation's part of the result. */
type CalculationReport = BackfillCalculationResult;

interface CalculationProgress {
  report: CalculationReport;
  state: CalculationState;
  /** Sampled and simulation: the start of the first window not evaluated yet. */
  next: number;
}

interface Checkpoint {
  chunkMs: number;
  /** The index of the next chunk to run. */
  chunk: number;
  calculations: CalculationProgress[];
}

const isCheckpoint = (value: unknown): value is Checkpoint =>
  typeof value === 'object' && value !== null && typeof Reflect.get(value, 'chunkMs') === 'number' && typeof Reflect.get(value, 'chunk') === 'number' && Array.isArray(Reflect.get(value, 'calculations'));

export interface BackfillJobResult extends BackfillResult {
  From: string;
  To: string;
}

type OverridePoint = { time: number; value: PointValue; quality: number | null };

const iso = (ms: number) => new Date(ms).toISOString();
/** For log lines and progress messages: without milliseconds when there are none. */
const when = (ms: number) => iso(ms).replace('.000Z', 'Z');
const fmt = (n: number) => n.toLocaleString('en-US');

function freshProgress(calc: CalculationDefinition & { uuid: string }, from: number): CalculationProgress {
  return {
    report: { UUID: calc.uuid, Name: calc.name, Evaluations: 0, Errors: 0, Added: 0, Changed: 0, Unchanged: 0, OnlyOld: 0, Written: 0, Sample: [], FirstErrors: [] },
    state: EMPTY_STATE,
    next: from,
  };
}

/** The calculation and those downstream of it, in dependency order, as they are now (not Deleted). */
async function calculationsInOrder(ctx: JobContext, startUuid: string): Promise<(CalculationDefinition & { uuid: string })[]> {
  const graph = await loadCalculationGraph(ctx.db, ctx.job.organizationUuid);
  // A start inside a cycle is downstream of itself; it runs first, once.
  const order = [startUuid, ...downstreamOrder(graph, [startUuid]).filter((uuid) => uuid !== startUuid)];
  const loaded = await loadCalculations(ctx.db, { organizationUuid: ctx.job.organizationUuid, uuids: order });
  const byUuid = new Map(loaded.flatMap((calc) => (calc.uuid !== null && calc.status !== 'Deleted' ? [[calc.uuid, { ...calc, uuid: calc.uuid }]] : [])));
  if (!byUuid.has(startUuid)) throw new Error('The calculation no longer exists');
  return order.flatMap((uuid) => byUuid.get(uuid) ?? []);
}

/** Runs a backfill with the given engine (the job type makes its own; the bench passes one). */
export async function runCalculationBackfill(ctx: JobContext, deps: EngineDeps): Promise<BackfillJobResult> {
  if (!isPayload(ctx.job.payload)) throw new Error('The job has no valid backfill payload');
  const payload = ctx.job.payload;
  const from = Date.parse(payload.From);
  const to = Date.parse(payload.To);
  const dryRun = payload.DryRun;
  const calculations = await calculationsInOrder(ctx, payload.CalculationUUID);

  const saved = isCheckpoint(ctx.checkpointState) ? ctx.checkpointState : null;
  const chunkMs = saved?.chunkMs ?? chunkLengthOf(calculations);
  const bounds = chunkBounds(from, to, chunkMs);
  const chunkCount = bounds.length - 1;
  const savedByUuid = new Map((saved?.calculations ?? []).map((progress) => [progress.report.UUID, progress]));
  // A calculation added downstream since the pause starts where the job stands, with a fresh state.
  const progress = calculations.map((calc) => savedByUuid.get(calc.uuid) ?? freshProgress(calc, bounds[saved?.chunk ?? 0]));
  const names = calculations.length > 1 ? `${calculations[0].name} and ${calculations.length - 1} downstream` : calculations[0].name;
  if (!saved) {
    const downstream = calculations.slice(1).map((calc) => calc.name);
    await ctx.log('info', `${dryRun ? 'Dry run' : 'Backfill'} of ${calculations[0].name} from ${when(from)} to ${when(to)}${downstream.length ? `, then ${downstream.join(', ')}` : ''}`);
  }

  // A dry run's new values of each calculation, read by those downstream instead of its store.
  const overrides = new Map<string, OverridePoint[]>();
  const previousChunk = new Map<string, OverridePoint[]>();
  for (let chunk = saved?.chunk ?? 0; chunk < chunkCount; chunk++) {
    const [chunkFrom, chunkTo] = [bounds[chunk], bounds[chunk + 1]];
    for (const [i, calc] of calculations.entries()) {
      const done = progress[i];
      const windowed = calc.type !== 'raw';
      const windows = windowed ? windowStarts(calc, done.next, chunkTo) : [];
      if (windowed && windows.length === 0) continue;
      const range = windowed ? { from: done.next, to: chunkTo } : { from: chunkFrom, to: chunkTo };
      const inputOverrides: InputOverrides | undefined = dryRun ? overrides : undefined;
      const outcome = await evaluateRange(deps, calc, range, { state: done.state, overrides: inputOverrides, signal: ctx.signal });
      done.state = outcome.state;
      if (windowed) done.next = windows[windows.length - 1] + calc.intervalMs;

      const store = calc.databaseUuid ? await deps.timeseries.forDatabase(calc.databaseUuid) : null;
      const stored: StoredPoint[] = store ? await store.readRaw(calc.uuid, calc.datatype, { from: range.from, to: range.to, limit: MAX_RAW_LIMIT }) : [];
      const diff = diffChunk(outcome.points, stored);
      const report = done.report;
      report.Evaluations += outcome.evaluations;
      report.Errors += outcome.errors.length;
      report.Added += diff.added;
      report.Changed += diff.changed;
      report.Unchanged += diff.unchanged;
      report.OnlyOld += diff.onlyOld;
      report.Sample.push(...diff.differences.slice(0, SAMPLE_SIZE - report.Sample.length));
      for (const error of outcome.errors.slice(0, FIRST_ERRORS_SIZE - report.FirstErrors.length)) {
        report.FirstErrors.push({ T: error.time, Code: error.code, Message: error.message, ...(error.line !== undefined ? { Line: error.line } : {}) });
      }
      if (dryRun) {
        // The previous chunk's points too: a window of a calculation downstream may start there.
        const fresh = outcome.points.map((point) => ({ time: point.time, value: point.value, quality: point.quality }));
        overrides.set(calc.uuid, [...(previousChunk.get(calc.uuid) ?? []), ...fresh]);
        previousChunk.set(calc.uuid, fresh);
      } else if (store && outcome.points.length > 0) {
        report.Written += await store.writePoints(
          calc.uuid,
          calc.datatype,
          outcome.points.map((point) => ({ time: point.time, value: point.value, quality: point.quality })),
        );
      }
    }
    await ctx.progress((chunk + 1) / chunkCount, `${names}: ${when(from)} – ${when(chunkTo)} done`);
    await ctx.checkpoint({ chunkMs, chunk: chunk + 1, calculations: progress } satisfies Checkpoint);
  }

  for (const { report } of progress) {
    await ctx.log(
      report.Errors > 0 ? 'warn' : 'info',
      `${report.Name}: ${fmt(report.Evaluations)} evaluations, ${fmt(report.Errors)} failed, ${fmt(report.Added)} added, ${fmt(report.Changed)} changed, ${fmt(report.Unchanged)} unchanged, ${fmt(report.OnlyOld)} only in the stored values${dryRun ? '' : `, ${fmt(report.Written)} written`}`,
    );
  }
  return { DryRun: dryRun, From: iso(from), To: iso(to), Calculations: progress.map((done) => done.report) };
}

export const calculationBackfillJobType: JobTypeDefinition = {
  resumable: true,
  managePrivilege: 'MANAGE_MEASUREMENTS',
  async run(ctx) {
    // The job has the app's Db only: it opens its own stores and sandbox, and closes them.
    const timeseries = createTimeseriesStores(ctx.db);
    const sandbox = await createSandbox();
    try {
      return await runCalculationBackfill(ctx, { timeseries, sandbox });
    } finally {
      sandbox.dispose();
      await timeseries.close();
    }
  },
};
