import type { EvaluationErrorCode, InputValue } from '../sandbox/sandbox';
import type { CalculationType } from '../calculationSettings';
import type { Aggregation, PointValue, ValueType } from '../../timeseries/types';

// The shared vocabulary of the calculation engine (DOMAIN.md §2): one evaluation core
// (evaluate.ts) that the test call, the live calculation collector (../live) and the backfill job
// (../backfill) all run, so a preview, a live value and a backfilled value of the same window are
// computed by the same code (the complaint of thingsboard#15114: reprocessing differs from live).

/** One input of a calculation, resolved to its measurement. */
export interface CalculationInputDef {
  alias: string;
  measurementUuid: string;
  /** Null for a Discovered measurement (it has no points). */
  databaseUuid: string | null;
  datatype: ValueType;
  /** Sampled calculations only. */
  aggregation?: Aggregation;
  /** Given to the script when the input has no value in a window (sampled, with EvaluateInsufficientData). */
  defaultValue?: InputValue;
}

/** A calculation as the engine runs it: a measurement of a calculation collector, or the settings of a test. */
export interface CalculationDefinition {
  /** Null for the test call's unsaved settings. */
  uuid: string | null;
  organizationUuid: string;
  name: string;
  datatype: ValueType;
  databaseUuid: string | null;
  /** Active, Paused, Deleted, …; the live engine runs Active ones with a database only. */
  status: string;
  /** The organization's calculation collector, which writes the results. */
  collectorUuid: string;
  type: CalculationType;
  /** Sampled and simulation: the window length; 0 for raw. */
  intervalMs: number;
  /** Sampled and simulation: windows start at k·intervalMs + offsetMs. */
  offsetMs: number;
  evaluateInsufficientData: boolean;
  inputs: CalculationInputDef[];
  script: string;
}

/** What a calculation carries from one evaluation to the next (persisted by the live engine). */
export interface CalculationState {
  local: Record<string, unknown>;
  previousResult: InputValue;
  previousTimestamp: number | null;
}

export const EMPTY_STATE: CalculationState = { local: {}, previousResult: null, previousTimestamp: null };

/**
 * The statuses a result can carry and the quality code each is stored with (OPC DA in the low
 * byte: 192 Good, 64 Uncertain, 0 Bad; the query API reads 192–255 as Good). A status the script
 * sets that is not here is stored as Bad (0) — the preview still shows its name.
 */
export const STATUS_QUALITY: Readonly<Record<string, number>> = {
  Good: 192,
  Uncertain: 64,
  Bad: 0,
  /** A sampled window where an input had no value and EvaluateInsufficientData is off (DOMAIN.md §2). */
  BadInsufficientData: 0x100,
};

/** One computed point. */
export interface CalculatedPoint {
  /** ms since the epoch: a sampled window's start t1, a raw input point's time, a simulation tick. */
  time: number;
  /** Of the calculation's Datatype; for an error point (BadInsufficientData) the type's zero value. */
  value: PointValue;
  status: string;
  quality: number;
  tags: Record<string, string>;
}

export type CalculationFailureCode = EvaluationErrorCode | 'datatype';

/** One evaluation that failed: it gives no point. */
export interface CalculationFailure {
  time: number;
  code: CalculationFailureCode;
  message: string;
  line?: number;
}

export interface RangeOutcome {
  points: CalculatedPoint[];
  errors: CalculationFailure[];
  evaluations: number;
  /** More evaluations were due than maxEvaluations allowed; `points` stop there. */
  truncated: boolean;
  /** The state after the last evaluation. */
  state: CalculationState;
}

/** Points given to an input instead of reading them from its store (a dry run's upstream results). */
export type InputOverrides = ReadonlyMap<string, readonly { time: number; value: PointValue; quality: number | null }[]>;

export interface RangeOptions {
  /** Where the previous evaluation left off; EMPTY_STATE when absent. */
  state?: CalculationState;
  /** Stop after this many evaluations (the test call: 10,000). */
  maxEvaluations?: number;
  overrides?: InputOverrides;
  signal?: AbortSignal;
  /** Wall clock (ms since the epoch): stop there as if maxEvaluations were reached (`truncated`). */
  stopAt?: number;
}
