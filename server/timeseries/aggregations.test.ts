import { InvalidAggregationError, MAX_AGGREGATION_WINDOWS, fillWindows, planAggregation } from './aggregations';
import { AGGREGATIONS } from './types';

describe('aggregation plans', () => {
  it('aligns windows to the epoch and covers [from, to) with whole windows', () => {
    const plan = planAggregation('number', { from: 90_000, to: 200_000, windowMs: 60_000, aggregations: ['mean', 'mean', 'count'] });
    expect(plan).toMatchObject({ firstWindow: 60_000, windowCount: 3, aggregations: ['mean', 'count'] });
  });

  it('offers every aggregation for numbers and only count, first and last for slices and raw values', () => {
    const query = { from: 0, to: 60_000, windowMs: 60_000 };
    expect(() => planAggregation('number', { ...query, aggregations: AGGREGATIONS })).not.toThrow();
    expect(() => planAggregation('raw', { ...query, aggregations: ['count', 'first', 'last'] })).not.toThrow();
    expect(() => planAggregation('raw', { ...query, aggregations: ['mode'] })).toThrow(/mode cannot aggregate raw values/);
    expect(() => planAggregation('string', { ...query, aggregations: ['max'] })).toThrow(InvalidAggregationError);
  });

  it(`refuses no aggregation, a window under 1 ms and more than ${MAX_AGGREGATION_WINDOWS} windows`, () => {
    expect(() => planAggregation('number', { from: 0, to: 1, windowMs: 1, aggregations: [] })).toThrow(/at least one/);
    expect(() => planAggregation('number', { from: 0, to: 1, windowMs: 0.5, aggregations: ['count'] })).toThrow(/windowMs/);
    expect(() => planAggregation('number', { from: 0, to: MAX_AGGREGATION_WINDOWS + 1, windowMs: 1, aggregations: ['count'] })).toThrow(/windows asked/);
  });

  it('fills the windows a store found nothing in with count 0 and null', () => {
    const plan = planAggregation('number', { from: 0, to: 3000, windowMs: 1000, aggregations: ['count', 'max'] });
    const rows = fillWindows(plan, new Map([[1000, { count: 2, max: 5 }]]));
    expect(rows).toEqual([
      { time: new Date(0), count: 0, max: null },
      { time: new Date(1000), count: 2, max: 5 },
      { time: new Date(2000), count: 0, max: null },
    ]);
  });
});
