import { compareValues } from './sorting';

describe('table sorting comparator', () => {
  it('compares text case-insensitively with digits by value', () => {
    expect(['pump 10', 'Pump 2', 'alpha'].sort(compareValues)).toEqual(['alpha', 'Pump 2', 'pump 10']);
  });

  it('compares numbers and dates by value, booleans false first, empty values last', () => {
    expect([10, null, 2, undefined, 1].sort(compareValues)).toEqual([1, 2, 10, null, undefined]);
    expect([new Date(2000, 1), new Date(1999, 1)].sort(compareValues)[0].getFullYear()).toBe(1999);
    expect([true, false].sort(compareValues)).toEqual([false, true]);
  });
});
