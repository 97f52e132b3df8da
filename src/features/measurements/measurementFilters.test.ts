import { filterArgs, keywordIsValidRegex, NO_FILTERS, readFilters, readPage, withTrend, writeFilters } from './measurementFilters';

describe('measurement filters in the address', () => {
  it('reads what it writes, keeps the open measurement and starts again at the first page', () => {
    const filters = { ...NO_FILTERS, keyword: '/^line_\\d+$/', statuses: ['Paused' as const], labels: ['a b', 'c'], databases: ['d1'], collectors: ['c1'], datatypes: ['boolean'], quality: 'Bad' as const };
    const address = writeFilters(new URLSearchParams('Measurement=m1&Page=4'), filters);
    expect(readFilters(address)).toEqual(filters);
    expect(address.get('Measurement')).toBe('m1');
    expect(readPage(address)).toBe(1);
  });

  it('leaves out what does not parse: an unknown status or quality, blanks and repeats', () => {
    expect(readFilters(new URLSearchParams('Statuses=Sleeping&Statuses=Active&Statuses=Active&Labels=%20&Quality=Great'))).toEqual({ ...NO_FILTERS, statuses: ['Active'] });
    expect(readPage(new URLSearchParams('Page=-3'))).toBe(1);
    expect(readPage(new URLSearchParams('Page=7'))).toBe(7);
  });

  it('sends no empty filter, and only datatypes the contract knows', () => {
    expect(filterArgs(NO_FILTERS)).toEqual({ keyword: undefined, statuses: undefined, labels: undefined, databaseUuiDs: undefined, collectorUuiDs: undefined, datatypes: undefined, quality: undefined });
    expect(filterArgs({ ...NO_FILTERS, datatypes: ['float', 'number'] }).datatypes).toEqual(['number']);
  });

  it('tells an invalid regular expression from plain text', () => {
    expect(keywordIsValidRegex('/[oven/')).toBe(false);
    expect(keywordIsValidRegex('/^oven/')).toBe(true);
    expect(keywordIsValidRegex('[oven')).toBe(true);
  });

  it('the trend address names the measurements and closes the drawer', () => {
    const address = withTrend(new URLSearchParams('Labels=x&Measurement=m1'), ['u1', 'u2']);
    expect(address.get('trend')).toBe('u1,u2');
    expect(address.get('Measurement')).toBeNull();
    expect(address.getAll('Labels')).toEqual(['x']);
  });
});
