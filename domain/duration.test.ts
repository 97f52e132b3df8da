import { isDurationText, parseDuration } from './duration';

describe('session inactive duration format (SPEC §5)', () => {
  it.each([
    ['1m', 60_000],
    ['8h', 8 * 3_600_000],
    ['1h30m', 5_400_000],
    ['1w2d3h4m5s', 604_800_000 + 2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5_000],
    ['1s', 1_000],
    ['90s', 90_000],
    ['1m1m', 120_000],
    ['0s', 0],
  ])('accepts %s as %d ms', (text, ms) => {
    expect(isDurationText(text)).toBe(true);
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', '1', 'm', '1x', '1 h', ' 1h', '1h ', '1H', '-1h', '1.5h', 'h1', '1h-', '1hm'])(
    'rejects %p: one or more groups of digits each followed by w, d, h, m or s',
    (text) => {
      expect(isDurationText(text)).toBe(false);
      expect(parseDuration(text)).toBeUndefined();
    },
  );

  it('rejects a value too large to count exactly instead of returning Infinity', () => {
    expect(parseDuration('99999999999999999999w')).toBeUndefined();
  });
});
