import { defaultLayout, resolveLayout, sameLayout, toStoredLayout } from './tableLayout';

const columns = [{ id: 'name' }, { id: 'status' }, { id: 'type', defaultHidden: true }, { id: 'health' }];

describe('table columns: order and visibility (SPEC §4)', () => {
  it('without a stored layout the columns show in their own order, minus default-hidden ones', () => {
    expect(resolveLayout(columns, undefined)).toEqual({ order: ['name', 'status', 'type', 'health'], shown: ['name', 'status', 'health'] });
  });

  it('applies the stored order and visibility', () => {
    const layout = resolveLayout(columns, { columnsShown: ['health', 'name'], columnsOrder: ['health', 'name', 'status', 'type'] });
    expect(layout).toEqual({ order: ['health', 'name', 'status', 'type'], shown: ['health', 'name'] });
  });

  it('drops unknown ids and appends new columns with their default visibility', () => {
    const layout = resolveLayout(columns, { columnsShown: ['gone', 'status'], columnsOrder: ['gone', 'status', 'name'] });
    expect(layout).toEqual({ order: ['status', 'name', 'type', 'health'], shown: ['status', 'health'] });
  });

  it('minimum one shown: a layout that shows nothing falls back to the defaults', () => {
    expect(resolveLayout(columns, { columnsShown: ['gone'], columnsOrder: ['type', 'health', 'name', 'status'] }).shown).toEqual([
      'name',
      'status',
      'health',
    ]);
    expect(defaultLayout([{ id: 'a', defaultHidden: true }]).shown).toEqual(['a']);
  });

  it('stores shown columns first in ColumnsOrder', () => {
    expect(toStoredLayout({ order: ['a', 'b', 'c'], shown: ['c', 'a'] })).toEqual({ columnsShown: ['c', 'a'], columnsOrder: ['c', 'a', 'b'] });
    expect(sameLayout({ columnsShown: ['a'], columnsOrder: ['a', 'b'] }, { columnsShown: ['a'], columnsOrder: ['b', 'a'] })).toBe(false);
  });
});
