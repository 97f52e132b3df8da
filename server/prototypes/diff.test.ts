import { assetFields, fieldState, propertyFields, stableJson, statusOfFields, worseStatus } from './diff';

// The three-way compare of README.md ("The link"), field by field and item by item.

describe('a field, three ways', () => {
  it('is same when the prototype and the instance agree, whatever the base', () => {
    expect(fieldState({ Base: 1, Prototype: 2, Instance: 2 })).toBe('same');
    expect(fieldState({ Base: null, Prototype: 'a', Instance: 'a' })).toBe('same');
  });
  it('is update when only the prototype changed since the base', () => {
    expect(fieldState({ Base: 1, Prototype: 2, Instance: 1 })).toBe('update');
  });
  it('is overridden when only the instance changed since the base', () => {
    expect(fieldState({ Base: 1, Prototype: 1, Instance: 3 })).toBe('overridden');
  });
  it('is a conflict when both changed, differently', () => {
    expect(fieldState({ Base: 1, Prototype: 2, Instance: 3 })).toBe('conflict');
  });
  it('compares objects by value, whatever the order of their keys', () => {
    expect(fieldState({ Base: null, Prototype: { a: 1, b: [1, { c: 2, d: 3 }] }, Instance: { b: [1, { d: 3, c: 2 }], a: 1 } })).toBe('same');
    expect(stableJson({ b: 1, a: undefined, c: null })).toBe('{"b":1,"c":null}');
  });
});

describe('the link status of an item', () => {
  it('is Applied when every field is same, Overridden with overrides only, NeedsUpdate with an update or conflict', () => {
    expect(statusOfFields([{ Base: 1, Prototype: 1, Instance: 1 }])).toBe('Applied');
    expect(statusOfFields([])).toBe('Applied');
    expect(statusOfFields([{ Base: 1, Prototype: 1, Instance: 2 }, { Base: 1, Prototype: 1, Instance: 1 }])).toBe('Overridden');
    expect(statusOfFields([{ Base: 1, Prototype: 1, Instance: 2 }, { Base: 1, Prototype: 2, Instance: 1 }])).toBe('NeedsUpdate');
    expect(statusOfFields([{ Base: 1, Prototype: 2, Instance: 3 }])).toBe('NeedsUpdate');
  });
  it('sums up as the worst of its parts', () => {
    expect(worseStatus('Applied', 'Overridden')).toBe('Overridden');
    expect(worseStatus('NeedsUpdate', 'Deleted')).toBe('NeedsUpdate');
    expect(worseStatus('Overridden', 'Applied')).toBe('Overridden');
  });
});

describe('the compared fields', () => {
  it('of an asset are the prototype metadata keys that are not null, a missing instance key read as null', () => {
    const fields = assetFields({ Vendor: 'ACME', Serial: null, Power: 5 }, { Vendor: 'Other', Serial: 'X1' }, { Metadata: { Vendor: 'ACME', Power: 4 } });
    expect(fields).toEqual([
      { Field: 'Metadata.Vendor', Base: 'ACME', Prototype: 'ACME', Instance: 'Other' },
      { Field: 'Metadata.Power', Base: 4, Prototype: 5, Instance: null },
    ]);
  });
  it('of an asset property are its Name and Description, the base null when never applied', () => {
    expect(propertyFields({ Name: 'Speed', Description: 'rpm' }, { Name: 'Speed', Description: '' }, null)).toEqual([
      { Field: 'Name', Base: null, Prototype: 'Speed', Instance: 'Speed' },
      { Field: 'Description', Base: null, Prototype: 'rpm', Instance: '' },
    ]);
  });
});
