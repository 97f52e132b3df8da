import { filterArgs, NO_FILTERS, presetFilters, readFilters, writeFilters } from './auditFilters';

describe('audit log filters in the address', () => {
  it('read back what they wrote: every filter survives a reload of the address', () => {
    const filters = {
      from: '2026-11-01T08:00:00.000Z',
      to: '2026-11-02T08:00:00.000Z',
      actions: ['Update' as const, 'Delete' as const],
      areas: ['Users', 'Collectors'],
      subjectTypes: ['User'],
      subject: 'pump 7',
      user: 'anna',
      order: 'asc' as const,
    };
    const address = writeFilters(new URLSearchParams(), filters).toString();
    expect(readFilters(new URLSearchParams(address))).toEqual(filters);
  });

  it('keep the open entry and drop what does not parse (an unknown action, a bad time)', () => {
    const params = new URLSearchParams('Entry=abc&Actions=Delete&Actions=Explode&From=yesterday&User=%20bo%20');
    expect(readFilters(params)).toEqual({ ...NO_FILTERS, actions: ['Delete'], user: 'bo' });
    expect(writeFilters(params, NO_FILTERS).toString()).toBe('Entry=abc');
  });

  it('send no empty filter to the server, and AllOrganizations only on the configuration page', () => {
    expect(JSON.parse(JSON.stringify(filterArgs(NO_FILTERS, false)))).toEqual({});
    expect(filterArgs({ ...NO_FILTERS, order: 'asc' }, false).order).toBe('asc');
    expect(JSON.parse(JSON.stringify(filterArgs({ ...NO_FILTERS, areas: ['Users'] }, true)))).toEqual({ areas: ['Users'], allOrganizations: true });
  });

  it('presets set From to so long before now and leave To open', () => {
    const now = Date.parse('2026-11-26T12:00:00.000Z');
    const filters = presetFilters({ ...NO_FILTERS, to: '2026-11-20T00:00:00.000Z' }, 'day', now);
    expect(filters).toEqual({ ...NO_FILTERS, from: '2026-11-25T12:00:00.000Z', to: '' });
    expect(presetFilters(NO_FILTERS, 'week', now).from).toBe('2026-11-19T12:00:00.000Z');
  });
});
