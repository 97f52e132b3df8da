import { InvalidPointError, InvalidTimeRangeError, MAX_RAW_LIMIT, checkRawRead, chunks, normalizePoints } from './points';

describe('points', () => {
  it('keeps the last point of each time, in the order times first appear', () => {
    const out = normalizePoints('number', [{ time: 2, value: 1 }, { time: new Date(1), value: 2 }, { time: 2, value: 3, quality: 7 }]);
    expect(out).toEqual([{ time: 2, value: 3, quality: 7 }, { time: 1, value: 2, quality: null }]);
  });

  it('takes raw values as bytes or base64 and gives bytes', () => {
    const [a, b] = normalizePoints('raw', [{ time: 1, value: 'AAEC/w==' }, { time: 2, value: new Uint8Array([9]) }]);
    expect([...(a.value as Uint8Array)]).toEqual([0, 1, 2, 255]);
    expect([...(b.value as Uint8Array)]).toEqual([9]);
  });

  it.each([
    ['number', Number.POSITIVE_INFINITY, /finite/],
    ['number', '1', /finite/],
    ['boolean', 1, /true or false/],
    ['string', 'nul\u0000inside', /U\+0000/],
    ['[]number', [1, Number.NaN], /finite/],
    ['[]boolean', [true, 'false'], /true or false/],
    ['[]string', 'abc', /array of strings/],
    ['raw', 'no base64', /base64/],
  ] as const)('refuses a %s point that does not fit (case %#), naming the point', (valueType, value, reason) => {
    const valid = { number: 1, boolean: true, string: 'x', '[]number': [1], '[]boolean': [false], '[]string': ['x'], raw: 'AA==' }[valueType];
    const points = [{ time: 1, value: valid }, { time: 2, value }];
    const attempt = () => normalizePoints(valueType, points as never);
    expect(attempt).toThrow(InvalidPointError);
    expect(attempt).toThrow(reason);
    expect(attempt).toThrow(/^Point 1:/);
  });

  it('refuses times outside 1678..2262 or with fractions of a millisecond, and qualities outside int32', () => {
    expect(() => normalizePoints('number', [{ time: Date.UTC(2300, 0, 1), value: 1 }])).toThrow(/time/);
    expect(() => normalizePoints('number', [{ time: 1.5, value: 1 }])).toThrow(/time/);
    expect(() => normalizePoints('number', [{ time: 1, value: 1, quality: 2 ** 31 }])).toThrow(/quality/);
    expect(() => normalizePoints('number', [{ time: 1, value: 1, quality: 1.5 }])).toThrow(/quality/);
  });

  it('reads raw points of [from, to) ascending, at most 10,000 unless told', () => {
    expect(checkRawRead({ from: 0, to: new Date(5) })).toEqual({ from: 0, to: 5, limit: 10_000, order: 'asc' });
    expect(() => checkRawRead({ from: 5, to: 5 })).toThrow(InvalidTimeRangeError);
    expect(() => checkRawRead({ from: 0, to: 5, limit: MAX_RAW_LIMIT + 1 })).toThrow(/limit/);
    expect(() => checkRawRead({ from: 0, to: 5, limit: 0 })).toThrow(/limit/);
  });

  it('splits writes into chunks of 5,000', () => {
    expect(chunks(Array.from({ length: 12_001 }, (_, i) => i)).map((c) => c.length)).toEqual([5000, 5000, 2001]);
  });
});
