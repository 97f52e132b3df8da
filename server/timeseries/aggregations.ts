import { checkRange } from './points';
import { AGGREGATIONS_BY_VALUE_TYPE as BY_VALUE_TYPE } from '../../domain/valueAggregations';
import type { AggregateQuery, AggregateValue, AggregatedRow, Aggregation, ValueType } from './types';

// Which aggregation applies to which value type (the table is in domain/valueAggregations.ts, as
// the console offers it too), and the windows a query answers with. Both stores check a query
// here first, so an aggregation one of them cannot compute is refused the same way by the other.

export const AGGREGATIONS_BY_VALUE_TYPE: Readonly<Record<ValueType, readonly Aggregation[]>> = BY_VALUE_TYPE;

/** More windows than this in one query is almost surely a unit mistake (seconds for ms). */
export const MAX_AGGREGATION_WINDOWS = 200_000;

export class InvalidAggregationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidAggregationError';
  }
}

export interface AggregatePlan {
  from: number;
  to: number;
  windowMs: number;
  /** Start of the window holding `from`, aligned to the Unix epoch as InfluxDB's GROUP BY time(). */
  firstWindow: number;
  windowCount: number;
  aggregations: Aggregation[];
}

/** @throws InvalidAggregationError, InvalidTimeRangeError */
export function planAggregation(valueType: ValueType, query: AggregateQuery): AggregatePlan {
  const { from, to } = checkRange(query.from, query.to);
  const { windowMs } = query;
  if (!Number.isInteger(windowMs) || windowMs < 1) throw new InvalidAggregationError('windowMs must be a whole number of milliseconds, at least 1');
  const aggregations = [...new Set(query.aggregations)];
  if (aggregations.length === 0) throw new InvalidAggregationError('at least one aggregation is needed');
  const allowed = AGGREGATIONS_BY_VALUE_TYPE[valueType];
  const refused = aggregations.filter((a) => !allowed.includes(a));
  if (refused.length > 0) {
    throw new InvalidAggregationError(`${refused.join(', ')} cannot aggregate ${valueType} values; allowed: ${allowed.join(', ')}`);
  }
  const firstWindow = Math.floor(from / windowMs) * windowMs;
  const windowCount = Math.ceil((to - firstWindow) / windowMs);
  if (windowCount > MAX_AGGREGATION_WINDOWS) {
    throw new InvalidAggregationError(`${windowCount} windows asked; at most ${MAX_AGGREGATION_WINDOWS} per query`);
  }
  return { from, to, windowMs, firstWindow, windowCount, aggregations };
}

export type WindowValues = Partial<Record<Aggregation, AggregateValue>>;

/**
 * Every window of the plan, in time order, with the values a store found; windows it found
 * nothing for get count 0 and null for the rest. Keeping this here gives both stores the same
 * empty windows (InfluxDB returns no series at all when the range holds no point).
 */
export function fillWindows(plan: AggregatePlan, found: ReadonlyMap<number, WindowValues>): AggregatedRow[] {
  const rows: AggregatedRow[] = [];
  for (let i = 0; i < plan.windowCount; i += 1) {
    const start = plan.firstWindow + i * plan.windowMs;
    const values = found.get(start);
    const row: AggregatedRow = { time: new Date(start) };
    for (const aggregation of plan.aggregations) {
      const value = values?.[aggregation] ?? null;
      row[aggregation] = aggregation === 'count' ? (value ?? 0) : value;
    }
    rows.push(row);
  }
  return rows;
}
