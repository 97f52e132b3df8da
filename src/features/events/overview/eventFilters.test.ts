import { filterArgs, NO_FILTERS, readFilters, readPropertyFilter, writeFilters } from './eventFilters';

describe('event filters in the address', () => {
  it('read back what they wrote, keeping the other keys of the address', () => {
    const filters = {
      ...NO_FILTERS,
      from: 'now-24h',
      types: ['t-1'],
      statuses: ['open', 'incomplete'] as const,
      assets: ['a-1', 'a-2'],
      excludeManual: true,
      properties: [{ Property: 'Temperature', Operator: '>' as const, Value: 80 }, { Property: 'Grade', Operator: '=' as const, Value: 'A', Condition: 'OR' as const }],
      sort: 'StopTime' as const,
      ascending: true,
    };
    const address = writeFilters(new URLSearchParams('View=timeline&Page=3'), filters);
    expect(address.get('View')).toBe('timeline');
    expect(address.has('Page')).toBe(false);
    expect(readFilters(address)).toEqual(filters);
  });

  it('leave out what does not parse: an unknown status, sort or operator, a broken property filter', () => {
    const read = readFilters(new URLSearchParams('Statuses=open&Statuses=closed&Sort=Name&PropertyFilter=%5B%7B%22Property%22%3A%22x%22%2C%22Operator%22%3A%22LIKE%22%7D%5D'));
    expect(read.statuses).toEqual(['open']);
    expect(read.sort).toBe('StartTime');
    expect(read.properties).toEqual([]);
    expect(readPropertyFilter('{not json')).toEqual([]);
  });

  it('a range that ends now sends a start and no stop, so events starting later come in too', () => {
    const now = Date.parse('2026-11-20T12:00:00Z');
    expect(filterArgs({ ...NO_FILTERS, from: 'now-1h' }, now)).toMatchObject({ startTime: '2026-11-20T11:00:00.000Z', stopTime: undefined, sort: 'StartTime', ascending: undefined });
    const absolute = filterArgs({ ...NO_FILTERS, from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' }, now);
    expect(absolute).toMatchObject({ startTime: '2026-11-01T00:00:00.000Z', stopTime: '2026-11-02T00:00:00.000Z' });
  });
});
