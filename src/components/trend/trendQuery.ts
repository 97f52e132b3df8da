// What the trend asks the server for: about one bucket per pixel of the plot (min and max kept per
// bucket so spikes survive), rounded to a period people read, or the raw points when the range is
// expected to hold fewer of them than the point budget, or when the user asks for raw.
import type { TimeseriesAggregation, TimeseriesQuery } from '../../api/generated/historian.gen';
import { formatDuration, type TimeRange } from './trendAddress';

const S = 1_000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

/** Periods a bucket may take, ascending. */
export const NICE_PERIODS_MS = [
  S, 2 * S, 5 * S, 10 * S, 15 * S, 30 * S,
  M, 2 * M, 5 * M, 10 * M, 15 * M, 30 * M,
  H, 2 * H, 3 * H, 6 * H, 12 * H,
  D, 2 * D, 7 * D, 30 * D,
];

/** Up to this many expected points per measurement, the trend asks for raw points by itself. */
export const DEFAULT_POINT_BUDGET = 5_000;
/** Raw points per measurement the trend draws at most when the user asks for raw (bench: 1M in one paint). */
export const RAW_POINT_LIMIT = 1_000_000;
/** Without a known sampling interval, a measurement is expected to carry a point a second. */
export const DEFAULT_SAMPLE_INTERVAL_MS = S;

export interface TrendPlanInput {
  range: TimeRange;
  /** Width of the plot area in CSS pixels. */
  widthPx: number;
  rawRequested?: boolean;
  pointBudget?: number;
  /** The measurements' sampling interval when known (the smallest one of the chart). */
  sampleIntervalMs?: number;
}

export type TrendPlan = { mode: 'raw'; limit: number } | { mode: 'aggregated'; periodMs: number; period: string };

/** The smallest nice period that gives at most one bucket per pixel. */
export function choosePeriodMs(rangeMs: number, widthPx: number): number {
  const target = rangeMs / Math.max(1, Math.floor(widthPx));
  return NICE_PERIODS_MS.find((period) => period >= target) ?? Math.ceil(target / D) * D;
}

export function planTrendQuery({ range, widthPx, rawRequested = false, pointBudget = DEFAULT_POINT_BUDGET, sampleIntervalMs = DEFAULT_SAMPLE_INTERVAL_MS }: TrendPlanInput): TrendPlan {
  const rangeMs = range.end - range.start;
  const expectedPoints = rangeMs / Math.max(1, sampleIntervalMs);
  // Raw when asked, or when the range holds few enough points that aggregating gains nothing.
  if (rawRequested || expectedPoints <= pointBudget) return { mode: 'raw', limit: RAW_POINT_LIMIT };
  const periodMs = choosePeriodMs(rangeMs, widthPx);
  return { mode: 'aggregated', periodMs, period: formatDuration(periodMs) };
}

/** The body of `POST /timeseries/query` for a plan; strings cannot be averaged and take `last`. */
export function trendQueryBody(measurementUuids: string[], range: TimeRange, plan: TrendPlan, aggregation: TimeseriesAggregation['Name'] = 'mean'): TimeseriesQuery {
  const common = {
    MeasurementUUIDs: measurementUuids,
    Start: new Date(range.start).toISOString(),
    End: new Date(range.end).toISOString(),
    IncludeLastKnownPoint: true,
  };
  if (plan.mode === 'raw') return { ...common, Limit: plan.limit };
  return { ...common, Limit: 0, Aggregation: { Name: aggregation, Period: plan.period, Fill: 'null', WithMinMax: true } };
}
