import { formatDuration, formatTrendAddress, isLiveRange, parseDuration, parseTimeBound, parseTrendAddress, resolveRange, trendHref } from './trendAddress';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);

describe('the shareable address of the trend', () => {
  it('reads the measurements, the range and raw mode', () => {
    const address = parseTrendAddress(new URLSearchParams('trend=a,b&from=now-6h&to=now&raw=1'));
    expect(address).toEqual({ measurementUuids: ['a', 'b'], from: 'now-6h', to: 'now', raw: true });
  });

  it('defaults to the last hour, drops empty and repeated measurements', () => {
    expect(parseTrendAddress(new URLSearchParams('trend=a,,a,b'))).toEqual({ measurementUuids: ['a', 'b'], from: 'now-1h', to: 'now', raw: false });
  });

  it('writes the trend keys and keeps the other keys of the page', () => {
    const params = formatTrendAddress({ measurementUuids: ['a', 'b'], from: '2026-11-26T10:00:00.000Z', to: '2026-11-26T11:00:00.000Z', raw: false }, new URLSearchParams('q=pump&raw=1'));
    expect(params.get('q')).toBe('pump');
    expect(params.get('trend')).toBe('a,b');
    expect(params.get('from')).toBe('2026-11-26T10:00:00.000Z');
    expect(params.has('raw')).toBe(false);
  });

  it('formats and parses back to the same address', () => {
    const address = { measurementUuids: ['x', 'y'], from: 'now-7d', to: 'now', raw: true };
    expect(parseTrendAddress(formatTrendAddress(address))).toEqual(address);
  });

  it('links to the full trend with readable commas', () => {
    expect(trendHref(['a', 'b'])).toBe('/measurements?trend=a,b&from=now-1h&to=now');
  });
});

describe('time bounds', () => {
  it('resolves relative bounds against now', () => {
    expect(resolveRange('now-15m', 'now', NOW)).toEqual({ start: NOW - 15 * 60_000, end: NOW });
    expect(resolveRange('now-30d', 'now-1d', NOW)).toEqual({ start: NOW - 30 * 86_400_000, end: NOW - 86_400_000 });
  });

  it('resolves absolute ISO bounds', () => {
    expect(resolveRange('2026-11-26T10:00:00Z', '2026-11-26T11:00:00.000Z', NOW)).toEqual({ start: Date.UTC(2026, 10, 26, 10), end: Date.UTC(2026, 10, 26, 11) });
  });

  it('rejects invalid bounds and ranges that do not go forward', () => {
    expect(parseTimeBound('yesterday')).toBeNull();
    expect(parseTimeBound('now-5x')).toBeNull();
    expect(parseTimeBound('12')).toBeNull();
    expect(resolveRange('now', 'now-1h', NOW)).toBeNull();
    expect(resolveRange('now-1h', 'bogus', NOW)).toBeNull();
  });

  it('parses and formats durations', () => {
    expect(parseDuration('15m')).toBe(900_000);
    expect(parseDuration('0h')).toBeNull();
    expect(formatDuration(3_600_000)).toBe('1h');
    expect(formatDuration(90_000)).toBe('90s');
    expect(formatDuration(7 * 86_400_000)).toBe('7d');
  });

  it('is live only when the range ends now', () => {
    expect(isLiveRange('now')).toBe(true);
    expect(isLiveRange('now-1h')).toBe(false);
    expect(isLiveRange('2026-11-26T10:00:00Z')).toBe(false);
  });
});
