import type { Write } from '../../../domain/contract';
import { parseDuration } from '../../../domain/duration';
import { MAX_AGGREGATION_WINDOWS } from '../aggregations';
import { MAX_RAW_LIMIT, MAX_TIME_MS, MIN_TIME_MS } from '../points';
import type { Aggregation } from '../types';

// The body of POST /timeseries/query (DOMAIN.md §1 "Data query API") turned into a plan, every
// rule checked at once. The contract checks the shapes; the rules here answer field errors whose
// messages are translation keys (timeseries.errors.* in locales/*/general.json), so the client
// can show them in the user's language.

export type QueryBody = Write<'TimeseriesQuery'>;
export type FillMode = 'none' | 'null' | 'previous' | 'linear' | '0';
export type FilterOperator = '=' | '!=' | '>' | '<' | '>=' | '<=';

/** Points a raw query reads per measurement at most: the trend's raw mode stays under it. */
export const RAW_POINT_BUDGET = MAX_RAW_LIMIT;
/** A raw query spans at most this; longer ranges are asked for aggregated. */
export const MAX_RAW_SPAN_MS = 366 * 86_400_000;

export interface ValueFilter {
  value: number | string | boolean;
  operator: FilterOperator;
  /** How it joins the filters before it; the first filter's is ignored. */
  condition: 'AND' | 'OR';
}

export interface AggregationPlan {
  name: Aggregation;
  windowMs: number;
  fill: FillMode;
  withMinMax: boolean;
}

export interface QueryPlan {
  measurementUuids: string[];
  from: number;
  to: number;
  /** Rows per series: the asked limit, or the budget (raw) / the window cap (aggregated) for 0. */
  limit: number;
  offset: number;
  desc: boolean;
  aggregation: AggregationPlan | null;
  filters: ValueFilter[];
  includeLastKnown: boolean;
  changesOnly: boolean;
}

export const QUERY_ERRORS = {
  time: 'timeseries.errors.time',
  timeRange: 'timeseries.errors.time_range',
  endBeforeStart: 'timeseries.errors.end_before_start',
  rawSpan: 'timeseries.errors.raw_span',
  period: 'timeseries.errors.period',
  tooManyWindows: 'timeseries.errors.too_many_windows',
  duplicate: 'timeseries.errors.duplicate_measurement',
  changesOnlyAggregated: 'timeseries.errors.changes_only_aggregated',
} as const;

export class QueryBodyError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super(`The query is not valid: ${Object.keys(errors).join(', ')}`);
    this.name = 'QueryBodyError';
  }
}

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

function instantOf(value: string | number, field: string, errors: Record<string, string[]>): number | undefined {
  let ms: number;
  if (typeof value === 'number') {
    ms = value;
  } else {
    // A date-time without a zone would be read in the server's zone: refused rather than guessed.
    ms = ISO_WITH_ZONE.test(value.trim()) ? Date.parse(value.trim()) : NaN;
    if (Number.isNaN(ms)) {
      errors[field] = [QUERY_ERRORS.time];
      return undefined;
    }
    ms = Math.floor(ms);
  }
  if (!Number.isSafeInteger(ms) || ms < MIN_TIME_MS || ms >= MAX_TIME_MS) {
    errors[field] = [QUERY_ERRORS.timeRange];
    return undefined;
  }
  return ms;
}

function periodOf(value: string | number): number | undefined {
  const ms = typeof value === 'number' ? value : parseDuration(value.trim());
  return ms !== undefined && Number.isSafeInteger(ms) && ms >= 1 ? ms : undefined;
}

/** @throws QueryBodyError with every field that breaks a rule. */
export function planQuery(body: QueryBody): QueryPlan {
  const errors: Record<string, string[]> = {};
  const uuids = body.MeasurementUUIDs.map((uuid) => uuid.toLowerCase());
  if (new Set(uuids).size !== uuids.length) errors.MeasurementUUIDs = [QUERY_ERRORS.duplicate];
  const from = instantOf(body.Start, 'Start', errors);
  const to = instantOf(body.End, 'End', errors);
  if (from !== undefined && to !== undefined && to <= from) errors.End = [QUERY_ERRORS.endBeforeStart];

  let aggregation: AggregationPlan | null = null;
  if (body.Aggregation) {
    const windowMs = periodOf(body.Aggregation.Period);
    if (windowMs === undefined) {
      errors['Aggregation.Period'] = [QUERY_ERRORS.period];
    } else {
      aggregation = { name: body.Aggregation.Name, windowMs, fill: body.Aggregation.Fill ?? 'null', withMinMax: body.Aggregation.WithMinMax === true };
      if (from !== undefined && to !== undefined && to > from) {
        const windows = Math.ceil((to - Math.floor(from / windowMs) * windowMs) / windowMs);
        if (windows > MAX_AGGREGATION_WINDOWS) errors['Aggregation.Period'] = [QUERY_ERRORS.tooManyWindows];
      }
    }
    if (body.ChangesOnly) errors.ChangesOnly = [QUERY_ERRORS.changesOnlyAggregated];
  } else if (from !== undefined && to !== undefined && to - from > MAX_RAW_SPAN_MS) {
    errors.End = [QUERY_ERRORS.rawSpan];
  }

  if (Object.keys(errors).length > 0 || from === undefined || to === undefined) throw new QueryBodyError(errors);
  const cap = body.Aggregation ? MAX_AGGREGATION_WINDOWS : RAW_POINT_BUDGET;
  const asked = body.Limit ?? 0;
  return {
    measurementUuids: uuids,
    from,
    to,
    limit: asked === 0 ? cap : Math.min(asked, cap),
    offset: body.Offset ?? 0,
    desc: body.Desc === true,
    aggregation,
    filters: (body.ValueFilters ?? []).map((filter) => ({ value: filter.Value, operator: filter.Operator, condition: filter.Condition ?? 'AND' })),
    includeLastKnown: body.IncludeLastKnownPoint === true,
    changesOnly: body.ChangesOnly === true,
  };
}
