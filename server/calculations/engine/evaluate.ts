import { setImmediate as nextTurn } from 'node:timers/promises';
import { AGGREGATIONS_BY_VALUE_TYPE } from '../../timeseries/aggregations';
import type { TimeseriesStores } from '../../timeseries/stores';
import type { PointValue, ValueType } from '../../timeseries/types';
import type { CompiledScript, EvaluationInput, InputValue, Sandbox } from '../sandbox/sandbox';
import {
  EMPTY_STATE,
  STATUS_QUALITY,
  type CalculatedPoint,
  type CalculationDefinition,
  type CalculationFailure,
  type CalculationInputDef,
  type CalculationState,
  type RangeOptions,
  type RangeOutcome,
} from './types';
import { CHUNK_POINTS, PointCursor, WindowAggregator, inputValueOf, type PointSource } from './windows';

// The one evaluation core (README.md): the test call, the live calculation collector and the
// backfill all run a calculation over a range through evaluateRange, so a window gives the same
// value whichever of them computes it.

export interface EngineDeps {
  timeseries: TimeseriesStores;
  sandbox: Sandbox;
}

/** Evaluations between two turns of the event loop at most; a slow evaluation yields at once. */
const YIELD_EVERY = 500;
const YIELD_AFTER_MS = 20;
const SCRIPT_ALIAS = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Sampled and simulation: every t1 = k·interval + offset with from ≤ t1 and t1 + interval ≤ to. */
export function windowStarts(calc: CalculationDefinition, from: number, to: number): number[] {
  return [...windowsOf(calc, from, to)];
}

function* windowsOf(calc: CalculationDefinition, from: number, to: number): Generator<number> {
  const { intervalMs, offsetMs } = calc;
  if (calc.type === 'raw' || !(intervalMs > 0)) return;
  for (let t1 = Math.ceil((from - offsetMs) / intervalMs) * intervalMs + offsetMs; t1 + intervalMs <= to; t1 += intervalMs) yield t1;
}

/** The status of a stored quality: none or 192–255 Good, 64–127 Uncertain, anything else Bad. */
export function statusOfQuality(quality: number | null): string {
  if (quality === null || (quality >= 192 && quality <= 255)) return 'Good';
  return quality >= 64 && quality <= 127 ? 'Uncertain' : 'Bad';
}

/** The value of an error point (BadInsufficientData): the datatype's zero. */
export function zeroOf(datatype: ValueType): PointValue {
  switch (datatype) {
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'string':
      return '';
    case 'raw':
      return new Uint8Array();
    default:
      return [];
  }
}

/** A result the calculation's Datatype can hold: strictly a number, boolean or string of its own type. */
function fits(datatype: ValueType, value: Exclude<InputValue, null>): boolean {
  return typeof value === datatype;
}

function sourceOf(deps: EngineDeps, input: CalculationInputDef, options: RangeOptions): PointSource {
  const override = options.overrides?.get(input.measurementUuid);
  if (override) {
    const sorted = [...override].sort((a, b) => a.time - b.time);
    return async (from, to, limit) => sorted.filter((p) => p.time >= from && p.time < to).slice(0, limit);
  }
  const databaseUuid = input.databaseUuid;
  if (databaseUuid === null) return async () => [];
  return async (from, to, limit) => {
    const store = await deps.timeseries.forDatabase(databaseUuid);
    const points = await store.readRaw(input.measurementUuid, input.datatype, { from, to, limit, order: 'asc' });
    return points.map((p) => ({ time: p.time.getTime(), value: p.value, quality: p.quality ?? null }));
  };
}

/** One instant to evaluate: the inputs the script sees, or a window with an input missing. */
type Tick = { time: number; inputs: EvaluationInput[] } | { time: number; missing: true };

async function* rawTicks(deps: EngineDeps, calc: CalculationDefinition, from: number, to: number, options: RangeOptions): AsyncGenerator<Tick> {
  const input = calc.inputs[0];
  if (!input) return;
  const cursor = new PointCursor(sourceOf(deps, input, options), from, to, CHUNK_POINTS);
  for (let point = await cursor.next(); point; point = await cursor.next()) {
    const status = statusOfQuality(point.quality);
    yield { time: point.time, inputs: [{ alias: input.alias, value: inputValueOf(point.value), timestamp: point.time, tags: {}, status }] };
  }
}

async function* sampledTicks(deps: EngineDeps, calc: CalculationDefinition, from: number, to: number, options: RangeOptions): AsyncGenerator<Tick> {
  const starts = windowsOf(calc, from, to);
  const first = starts.next();
  if (first.done) return;
  const spanFrom = first.value;
  const spanTo = to - ((((to - calc.offsetMs) % calc.intervalMs) + calc.intervalMs) % calc.intervalMs);
  const readers = calc.inputs.map((input) => ({
    input,
    windows: new WindowAggregator(sourceOf(deps, input, options), spanFrom, spanTo, input.aggregation ?? 'count', calc.intervalMs, calc.offsetMs),
  }));
  for (let t1: number | undefined = spanFrom; t1 !== undefined; ) {
    const inputs: EvaluationInput[] = [];
    let missing = false;
    for (const { input, windows } of readers) {
      const window = await windows.window(t1);
      if (window.count > 0) inputs.push({ alias: input.alias, value: window.value, timestamp: t1, tags: {}, status: 'Good' });
      else if (calc.evaluateInsufficientData) inputs.push({ alias: input.alias, value: input.defaultValue ?? null, timestamp: null, tags: {}, status: 'BadInsufficientData' });
      else missing = true;
    }
    yield missing ? { time: t1, missing: true } : { time: t1, inputs };
    const next = starts.next();
    t1 = next.done ? undefined : next.value;
  }
}

async function* simulationTicks(calc: CalculationDefinition, from: number, to: number): AsyncGenerator<Tick> {
  for (const t1 of windowsOf(calc, from, to)) yield { time: t1, inputs: [] };
}

/** A mistake of the definition that would fail every evaluation the same way, or null. */
function definitionFailure(calc: CalculationDefinition): Omit<CalculationFailure, 'time'> | null {
  if (calc.type !== 'raw' && !(calc.intervalMs > 0)) return { code: 'script', message: 'The calculation has no interval' };
  for (const input of calc.inputs) {
    // The sandbox names an input _<alias>, so an alias must start with a letter there.
    if (!SCRIPT_ALIAS.test(input.alias)) return { code: 'script', message: `Input alias ${input.alias} is not a name the script can read: start it with a letter` };
    if (calc.type !== 'sampled') continue;
    if (!input.aggregation) return { code: 'datatype', message: `Input ${input.alias} has no aggregation` };
    if (!AGGREGATIONS_BY_VALUE_TYPE[input.datatype].includes(input.aggregation)) {
      const allowed = AGGREGATIONS_BY_VALUE_TYPE[input.datatype].join(', ');
      return { code: 'datatype', message: `Input ${input.alias}: ${input.aggregation} cannot aggregate ${input.datatype} values; allowed: ${allowed}` };
    }
  }
  return null;
}

/**
 * Runs the calculation once per instant of [from, to[ (raw: each input point; sampled and
 * simulation: each complete window) and returns the points, the failed evaluations and the state
 * after the last evaluation. Writes nothing. @throws the signal's reason when it aborts.
 */
export async function evaluateRange(deps: EngineDeps, calc: CalculationDefinition, range: { from: number; to: number }, options: RangeOptions = {}): Promise<RangeOutcome> {
  let state: CalculationState = options.state ?? EMPTY_STATE;
  const points: CalculatedPoint[] = [];
  const errors: CalculationFailure[] = [];
  const outcome = (evaluations: number, truncated: boolean): RangeOutcome => ({ points, errors, evaluations, truncated, state });

  const mistake = definitionFailure(calc);
  if (mistake) return { ...outcome(0, false), errors: [{ time: range.from, ...mistake }] };
  const compiled = deps.sandbox.compile(calc.script);
  if (!compiled.ok) return { ...outcome(0, false), errors: [{ time: range.from, ...compiled.error }] };

  const ticks =
    calc.type === 'raw'
      ? rawTicks(deps, calc, range.from, range.to, options)
      : calc.type === 'sampled'
        ? sampledTicks(deps, calc, range.from, range.to, options)
        : simulationTicks(calc, range.from, range.to);
  let evaluations = 0;
  let truncated = false;
  let lastYield = Date.now();
  try {
    for await (const tick of ticks) {
      if (options.maxEvaluations !== undefined && evaluations >= options.maxEvaluations) {
        truncated = true;
        break;
      }
      if (options.stopAt !== undefined && Date.now() >= options.stopAt) {
        truncated = true;
        break;
      }
      options.signal?.throwIfAborted();
      evaluations += 1;
      if ('missing' in tick) {
        points.push({ time: tick.time, value: zeroOf(calc.datatype), status: 'BadInsufficientData', quality: STATUS_QUALITY.BadInsufficientData, tags: {} });
      } else {
        state = evaluateOnce(deps.sandbox, compiled.script, calc, tick, state, points, errors);
      }
      if (evaluations % YIELD_EVERY === 0 || Date.now() - lastYield >= YIELD_AFTER_MS) {
        // A long range, or a script that runs into its time limit, must not starve the server.
        await nextTurn();
        lastYield = Date.now();
      }
    }
  } finally {
    deps.sandbox.release(compiled.script);
  }
  return outcome(evaluations, truncated);
}

/** One evaluation: a point, nothing (a null result) or a failure; the state after it. */
function evaluateOnce(
  sandbox: Sandbox,
  script: CompiledScript,
  calc: CalculationDefinition,
  tick: { time: number; inputs: EvaluationInput[] },
  state: CalculationState,
  points: CalculatedPoint[],
  errors: CalculationFailure[],
): CalculationState {
  const result = sandbox.evaluate(script, {
    inputs: tick.inputs,
    timestamp: tick.time,
    previousTimestamp: state.previousTimestamp,
    previousResult: state.previousResult,
    intervalMs: calc.intervalMs,
    offsetMs: calc.offsetMs,
    local: state.local,
  });
  if (!result.ok) {
    errors.push({ time: tick.time, ...result.error });
    return state;
  }
  const { value } = result;
  if (value === null) return { ...state, local: result.local };
  if (!fits(calc.datatype, value)) {
    errors.push({ time: tick.time, code: 'datatype', message: `The result ${JSON.stringify(value)} is not a ${calc.datatype}: the calculation's Datatype cannot hold it` });
    return state;
  }
  points.push({ time: tick.time, value, status: result.status, quality: Object.hasOwn(STATUS_QUALITY, result.status) ? STATUS_QUALITY[result.status] : 0, tags: result.tags });
  return { local: result.local, previousResult: value, previousTimestamp: tick.time };
}
