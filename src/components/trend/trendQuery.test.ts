import { choosePeriodMs, planTrendQuery, RAW_POINT_LIMIT, trendQueryBody } from './trendQuery';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const range = (ms: number) => ({ start: Date.UTC(2026, 0, 1), end: Date.UTC(2026, 0, 1) + ms });

describe('the aggregation period of the trend', () => {
  it('gives about one bucket per pixel, rounded up to a nice period', () => {
    // 24 h over 1,440 px is exactly one minute a pixel.
    expect(choosePeriodMs(DAY, 1440)).toBe(60_000);
    // 24 h over 1,500 px is 57.6 s a pixel: the next nice period is one minute.
    expect(choosePeriodMs(DAY, 1500)).toBe(60_000);
    // 1 h over 1,000 px is 3.6 s: 5 s.
    expect(choosePeriodMs(HOUR, 1000)).toBe(5_000);
    // 30 days over 800 px is 54 min: 1 h.
    expect(choosePeriodMs(30 * DAY, 800)).toBe(HOUR);
  });

  it('never gives more buckets than pixels', () => {
    for (const width of [300, 777, 1024, 1500, 2560]) {
      for (const ms of [15 * 60_000, HOUR, 6 * HOUR, DAY, 7 * DAY, 30 * DAY]) {
        expect(ms / choosePeriodMs(ms, width)).toBeLessThanOrEqual(width);
      }
    }
  });

  it('goes past the longest nice period in whole days for very long ranges', () => {
    expect(choosePeriodMs(3650 * DAY, 100)).toBe(37 * DAY);
  });
});

describe('raw mode under a point budget', () => {
  it('asks for raw points when the range is expected to hold fewer points than the budget', () => {
    // 1 h of 1 s data is 3,600 points, under the default budget of 5,000.
    expect(planTrendQuery({ range: range(HOUR), widthPx: 1000 })).toEqual({ mode: 'raw', limit: RAW_POINT_LIMIT });
  });

  it('aggregates with min and max when the range holds more points than the budget', () => {
    expect(planTrendQuery({ range: range(DAY), widthPx: 1440 })).toEqual({ mode: 'aggregated', periodMs: 60_000, period: '1m' });
  });

  it('uses the sampling interval when known', () => {
    expect(planTrendQuery({ range: range(DAY), widthPx: 1440, sampleIntervalMs: 60_000 }).mode).toBe('raw');
    expect(planTrendQuery({ range: range(HOUR), widthPx: 1440, sampleIntervalMs: 100 }).mode).toBe('aggregated');
  });

  it('asks for raw points when the user asks for raw, whatever the range', () => {
    expect(planTrendQuery({ range: range(30 * DAY), widthPx: 1440, rawRequested: true })).toEqual({ mode: 'raw', limit: RAW_POINT_LIMIT });
  });
});

describe('the query body of the trend', () => {
  it('asks for the mean with min and max, null fill and the last known point when aggregated', () => {
    const body = trendQueryBody(['a', 'b'], range(DAY), { mode: 'aggregated', periodMs: 60_000, period: '1m' });
    expect(body).toEqual({
      MeasurementUUIDs: ['a', 'b'],
      Start: '2026-01-01T00:00:00.000Z',
      End: '2026-01-02T00:00:00.000Z',
      IncludeLastKnownPoint: true,
      Limit: 0,
      Aggregation: { Name: 'mean', Period: '1m', Fill: 'null', WithMinMax: true },
    });
  });

  it('asks for raw points under the limit without aggregation', () => {
    const body = trendQueryBody(['a'], range(HOUR), { mode: 'raw', limit: 1000 });
    expect(body).toEqual({ MeasurementUUIDs: ['a'], Start: '2026-01-01T00:00:00.000Z', End: '2026-01-01T01:00:00.000Z', IncludeLastKnownPoint: true, Limit: 1000 });
  });
});
