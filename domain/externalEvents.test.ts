import { externalTime, externalValue, extractExternalEvents } from './externalEvents';

// What the processor and the editor's preview take from an external query's rows
// (server/events/README.md, "external_database").

describe('externalValue', () => {
  it('types database values as a property datatype, or refuses them', () => {
    expect(externalValue('12.5', 'number')).toEqual({ value: 12.5 });
    expect(externalValue(7, 'number')).toEqual({ value: 7 });
    expect(externalValue('warm', 'number')).toBeUndefined();
    expect(externalValue('', 'number')).toBeUndefined();
    expect(externalValue(1, 'boolean')).toEqual({ value: true });
    expect(externalValue('F', 'boolean')).toEqual({ value: false });
    expect(externalValue(2, 'boolean')).toBeUndefined();
    expect(externalValue(new Date(Date.UTC(2026, 0, 1)), 'string')).toEqual({ value: '2026-01-01T00:00:00.000Z' });
    expect(externalValue(42, 'string')).toEqual({ value: '42' });
    expect(externalValue({ a: 1 }, 'string')).toBeUndefined();
    expect(externalValue(null, 'number')).toEqual({ value: null });
  });

  it('reads times from Dates and ISO text only', () => {
    expect(externalTime('2026-11-27T05:00:00.000Z')).toBe(Date.UTC(2026, 10, 27, 5));
    expect(externalTime(new Date(5))).toBe(5);
    expect(externalTime(1_700_000_000_000)).toBeUndefined();
    expect(externalTime('soon')).toBeUndefined();
  });
});

describe('extractExternalEvents', () => {
  const properties = [
    { name: 'Quantity', datatype: 'number' as const },
    { name: 'Product', datatype: 'string' as const },
  ];

  it('names the columns case aside, keeps rows with a StartTime in time order, and fills properties', () => {
    const extraction = extractExternalEvents(
      [{ Name: 'EXTERNALID' }, { Name: 'starttime' }, { Name: 'StopTime' }, { Name: 'quantity' }, { Name: 'Operator' }, { Name: 'StartTime' }],
      [
        ['B2', '2026-11-27T06:00:00Z', '2026-11-27T05:00:00Z', 'x', 'Bob', null],
        ['B1', '2026-11-27T05:00:00Z', '2026-11-27T05:30:00Z', '12', 'Ann', null],
        ['B3', null, null, 1, 'Cy', null],
        [null, 'later', null, 1, 'Cy', null],
      ],
      properties,
    );
    expect(extraction.columns.map((column) => column.role)).toEqual(['external_id', 'start', 'stop', 'property', 'ignored', 'ignored']);
    expect(extraction.columns[3].property).toBe('Quantity');
    expect(extraction.events).toEqual([
      { row: 1, externalId: 'B1', start: Date.UTC(2026, 10, 27, 5), stop: Date.UTC(2026, 10, 27, 5, 30), values: { Quantity: 12 } },
      // A StopTime not after the start leaves the event open.
      { row: 0, externalId: 'B2', start: Date.UTC(2026, 10, 27, 6), stop: null, values: {} },
    ]);
    expect(extraction.skipped).toEqual([
      { row: 2, reason: 'no_start' },
      { row: 3, reason: 'bad_start' },
    ]);
    expect(extraction.badValues).toEqual([{ row: 0, property: 'Quantity' }]);
  });

  it('identifies a row without ExternalID by its StartTime, and says when no StartTime column comes back', () => {
    expect(extractExternalEvents([{ Name: 'StartTime' }], [['2026-11-27T05:00:00Z']], []).events[0].externalId).toBe('start:2026-11-27T05:00:00.000Z');
    const none = extractExternalEvents([{ Name: 'n' }], [[1]], properties);
    expect(none.missingStart).toBe(true);
    expect(none.events).toEqual([]);
  });
});
