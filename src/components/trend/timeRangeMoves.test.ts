import { matchRelativeRange, stepRange, zoomedRange, zoomOutRange } from './timeRangeMoves';

const NOW = Date.UTC(2026, 10, 26, 12);
const HOUR = 3_600_000;
const iso = (time: number) => new Date(time).toISOString();

describe('moves of the time-range picker', () => {
  it('steps a relative range back into an absolute one of the same length', () => {
    expect(stepRange({ from: 'now-1h', to: 'now' }, -1, NOW)).toEqual({ from: iso(NOW - 2 * HOUR), to: iso(NOW - HOUR) });
  });

  it('steps forward up to now at most, and back to a relative range when it reaches now', () => {
    expect(stepRange({ from: iso(NOW - 2 * HOUR), to: iso(NOW - HOUR) }, 1, NOW)).toEqual({ from: 'now-1h', to: 'now' });
    expect(stepRange({ from: iso(NOW - 5 * HOUR), to: iso(NOW - 4 * HOUR) }, 1, NOW)).toEqual({ from: iso(NOW - 4 * HOUR), to: iso(NOW - 3 * HOUR) });
  });

  it('zooms out to twice the length: a live range grows into the past, an absolute one around its middle', () => {
    expect(zoomOutRange({ from: 'now-6h', to: 'now' }, NOW)).toEqual({ from: 'now-12h', to: 'now' });
    expect(zoomOutRange({ from: iso(NOW - 10 * HOUR), to: iso(NOW - 8 * HOUR) }, NOW)).toEqual({ from: iso(NOW - 11 * HOUR), to: iso(NOW - 7 * HOUR) });
  });

  it('leaves invalid bounds alone', () => {
    expect(stepRange({ from: 'nonsense', to: 'now' }, -1, NOW)).toBeNull();
    expect(zoomOutRange({ from: 'now', to: 'now-1h' }, NOW)).toBeNull();
  });

  it('makes a dragged zoom absolute', () => {
    expect(zoomedRange(NOW - HOUR, NOW)).toEqual({ from: iso(NOW - HOUR), to: iso(NOW) });
  });

  it('recognises the quick choices, also when written differently', () => {
    expect(matchRelativeRange({ from: 'now-24h', to: 'now' })).toBe('24h');
    expect(matchRelativeRange({ from: 'now-1d', to: 'now' })).toBe('24h');
    expect(matchRelativeRange({ from: 'now-60m', to: 'now' })).toBe('1h');
    expect(matchRelativeRange({ from: 'now-2h', to: 'now' })).toBeNull();
    expect(matchRelativeRange({ from: 'now-1h', to: 'now-5m' })).toBeNull();
  });
});
