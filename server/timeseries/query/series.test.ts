import type { AggregatedRow } from '../types';
import { planQuery, RAW_POINT_BUDGET, type QueryPlan } from './request';
import { aggregatedSeries, matchesFilters, rawSeries } from './series';

// The query's work on columns after the store read them: the point budget, fills of values
// that do not interpolate, and how filters treat missing values and other types.

const plan = (overrides: Partial<QueryPlan> = {}): QueryPlan => ({ ...planQuery({ MeasurementUUIDs: ['m'], Start: 0, End: 10_000 }), ...overrides });

describe('the query on columns', () => {
  it('a raw query reads at most the point budget and says Truncated when the range holds more', () => {
    expect(plan().limit).toBe(RAW_POINT_BUDGET);
    // The store was asked for one point more than the budget (here 3) and found it.
    const read = { times: new Float64Array([1, 2, 3, 4]), values: new Float64Array([5, 6, 7, 8]), lastGood: null };
    const series = rawSeries('number', read, 3, plan({ limit: 3 }));
    expect(Array.from(series.times)).toEqual([1, 2, 3]);
    expect(series.truncated).toBe(true);
    const whole = rawSeries('number', { ...read, times: read.times.subarray(0, 3) }, 3, plan({ limit: 3 }));
    expect(whole.truncated).toBe(false);
  });

  it('fill linear holds the previous value of booleans and strings (a state lasts until it changes), fill 0 leaves them null', () => {
    const rows: AggregatedRow[] = [
      { time: new Date(0), last: 'run', count: 1 },
      { time: new Date(10), last: null, count: 0 },
      { time: new Date(20), last: 'stop', count: 1 },
    ];
    const aggregation = { name: 'last' as const, windowMs: 10, fill: 'linear' as const, withMinMax: false };
    expect(aggregatedSeries('string', rows, aggregation, plan()).columns[0].values).toEqual(['run', 'run', 'stop']);
    expect(aggregatedSeries('string', rows, { ...aggregation, fill: '0' }, plan()).columns[0].values).toEqual(['run', null, 'stop']);
  });

  it('filters: a missing value passes no comparison, a value of another type only "!="', () => {
    expect(matchesFilters(null, [{ value: 1, operator: '!=', condition: 'AND' }])).toBe(false);
    expect(matchesFilters('run', [{ value: 1, operator: '!=', condition: 'AND' }])).toBe(true);
    expect(matchesFilters('run', [{ value: 1, operator: '<', condition: 'AND' }])).toBe(false);
    // Read left to right: (x > 5 OR x < 1) AND x != 0.
    const filters = [
      { value: 5, operator: '>' as const, condition: 'AND' as const },
      { value: 1, operator: '<' as const, condition: 'OR' as const },
      { value: 0, operator: '!=' as const, condition: 'AND' as const },
    ];
    expect([6, 3, 0.5, 0].map((x) => matchesFilters(x, filters))).toEqual([true, false, true, false]);
  });
});
