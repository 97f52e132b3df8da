import { durationParts, durationProblems, emptyDraft } from './formDraft';

// The rulebook's duration rules ("Forms"), checked by the page before the server checks them again.

describe('manual entry form durations', () => {
  it('the defaults of DOMAIN.md §5 pass', () => {
    expect(durationProblems(emptyDraft())).toEqual({});
  });

  it('MaxTimeRange is more than 0 and at most 366d', () => {
    expect(durationProblems({ ...emptyDraft(), MaxTimeRange: '0s' }).MaxTimeRange?.key).toBe('manual_entry.errors.max_time_range');
    expect(durationProblems({ ...emptyDraft(), MaxTimeRange: '367d', DefaultTimeRange: '1d' }).MaxTimeRange?.key).toBe('manual_entry.errors.max_time_range');
    expect(durationProblems({ ...emptyDraft(), MaxTimeRange: '366d' }).MaxTimeRange).toBeUndefined();
  });

  it('DefaultTimeRange is more than 0 and at most MaxTimeRange', () => {
    expect(durationProblems({ ...emptyDraft(), DefaultTimeRange: '8d' }).DefaultTimeRange?.key).toBe('manual_entry.errors.default_above_max');
    expect(durationProblems({ ...emptyDraft(), DefaultTimeRange: '0h' }).DefaultTimeRange?.key).toBe('manual_entry.errors.default_above_max');
  });

  it('AutoRefreshInterval is 0s (never) or at least 5s', () => {
    expect(durationProblems({ ...emptyDraft(), AutoRefreshInterval: '0s' }).AutoRefreshInterval).toBeUndefined();
    expect(durationProblems({ ...emptyDraft(), AutoRefreshInterval: '4s' }).AutoRefreshInterval?.key).toBe('manual_entry.errors.refresh_interval');
    expect(durationProblems({ ...emptyDraft(), AutoRefreshInterval: '5s' }).AutoRefreshInterval).toBeUndefined();
  });

  it('MaxElevatedEditAge below MaxEditAge is refused', () => {
    expect(durationProblems({ ...emptyDraft(), MaxEditAge: '2d', MaxElevatedEditAge: '1d' }).MaxElevatedEditAge?.key).toBe('manual_entry.errors.elevated_below_default');
    expect(durationProblems({ ...emptyDraft(), MaxEditAge: '1d', MaxElevatedEditAge: '24h' }).MaxElevatedEditAge).toBeUndefined();
  });

  it('texts outside the w d h m s format are refused', () => {
    expect(durationProblems({ ...emptyDraft(), MaxEditAge: '1 day' }).MaxEditAge?.key).toBe('manual_entry.errors.duration');
    expect(durationProblems({ ...emptyDraft(), MaxEditAge: '' }).MaxEditAge?.key).toBe('manual_entry.errors.duration');
  });

  it('a duration reads in whole units, largest first', () => {
    expect(durationParts('24h')).toEqual([{ unit: 'day', count: 1 }]);
    expect(durationParts('36h')).toEqual([
      { unit: 'day', count: 1 },
      { unit: 'hour', count: 12 },
    ]);
    expect(durationParts('90s')).toEqual([
      { unit: 'minute', count: 1 },
      { unit: 'second', count: 30 },
    ]);
    expect(durationParts('0s')).toEqual([]);
    expect(durationParts('soon')).toBeUndefined();
  });
});
