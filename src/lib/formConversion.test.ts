import {
  convertFormFields,
  DELETION_MARKER,
  parseDecimal,
  parseInteger,
  sanitizeText,
  setPath,
  shouldSanitize,
  type RawField,
} from './formConversion';

const text = (name: string, value: string, extra: Partial<RawField> = {}): RawField => ({ name, control: 'text', value, ...extra });

describe('form submit conversion (SPEC §5)', () => {
  it('collects named fields and skips unnamed ones', () => {
    const { values } = convertFormFields([text('Name', 'Pump'), text('', 'ignored'), text('Description', '')]);
    expect(values).toEqual({ Name: 'Pump', Description: '' });
  });

  it('nests dotted names into objects', () => {
    const { values } = convertFormFields([text('Settings.host', 'plc-1'), text('Settings.port', '502', { type: 'int' })]);
    expect(values).toEqual({ Settings: { host: 'plc-1', port: 502 } });
  });

  describe('int, float and number accept a comma as decimal separator', () => {
    it.each([
      ['float', '3,25', 3.25],
      ['number', '-0,5', -0.5],
      ['float', '1.5', 1.5],
      ['int', '42', 42],
      ['int', '3,7', 3],
      ['int', '-3,7', -3],
    ] as const)('%s "%s" gives %s', (type, value, expected) => {
      expect(convertFormFields([text('X', value, { type })]).values.X).toBe(expected);
    });

    it('an empty number field sends nothing', () => {
      expect(convertFormFields([text('X', '  ', { type: 'float' })]).values).toEqual({});
    });

    it('text that is no number is kept, so validation can report it', () => {
      expect(parseDecimal('abc')).toBe('abc');
      expect(parseInteger('1.234,5')).toBe('1.234,5');
    });
  });

  describe('bool reads a checkbox or a hidden true', () => {
    it('a checked checkbox is true, an unchecked one false', () => {
      const { values } = convertFormFields([
        { name: 'A', control: 'checkbox', type: 'bool', value: 'on', checked: true },
        { name: 'B', control: 'checkbox', type: 'bool', value: 'on', checked: false },
      ]);
      expect(values).toEqual({ A: true, B: false });
    });

    it("a hidden field is true only when its value is 'true'", () => {
      const { values } = convertFormFields([
        { name: 'A', control: 'hidden', type: 'bool', value: 'true' },
        { name: 'B', control: 'hidden', type: 'bool', value: 'false' },
        { name: 'C', control: 'hidden', type: 'bool', value: '' },
      ]);
      expect(values).toEqual({ A: true, B: false, C: false });
    });

    it('a checkbox without a declared type is a bool', () => {
      expect(convertFormFields([{ name: 'A', control: 'checkbox', value: 'on', checked: true }]).values).toEqual({ A: true });
    });
  });

  describe('object parses JSON and falls back to the raw text', () => {
    it('parses JSON', () => {
      expect(convertFormFields([text('O', '{"a":[1,2]}', { type: 'object' })]).values.O).toEqual({ a: [1, 2] });
    });
    it('keeps text that is no JSON', () => {
      expect(convertFormFields([text('O', '{not json', { type: 'object' })]).values.O).toBe('{not json');
    });
  });

  it("the 'deleted' type sends the deletion marker", () => {
    const { values } = convertFormFields([text('Settings.old', 'whatever', { type: 'deleted' })]);
    expect(values).toEqual({ Settings: { old: DELETION_MARKER } });
    expect(DELETION_MARKER).toBeNull();
  });

  it('a radio group sends only the chosen value', () => {
    const { values } = convertFormFields([
      { name: 'Mode', control: 'radio', value: 'raw', checked: false },
      { name: 'Mode', control: 'radio', value: 'sampled', checked: true },
    ]);
    expect(values).toEqual({ Mode: 'sampled' });
  });

  it('a multiple select sends the chosen options', () => {
    const { values } = convertFormFields([{ name: 'Tags', control: 'select-multiple', value: 'a', values: ['a', 'c'] }]);
    expect(values).toEqual({ Tags: ['a', 'c'] });
  });

  describe('sanitizing: marked fields and required text fields named ID', () => {
    it('replaces whitespace and line breaks by spaces and double quotes by single quotes', () => {
      expect(sanitizeText('a\tb\r\nc\nd "e"')).toBe("a b c d 'e'");
    });

    it('sanitizes a required ID and tells which fields changed', () => {
      const result = convertFormFields([text('ID', 'my\n"id"', { required: true })]);
      expect(result.values.ID).toBe("my 'id'");
      expect(result.sanitized).toEqual(['ID']);
      expect(result.sanitizedValues).toEqual({ ID: "my 'id'" });
    });

    it('sanitizes fields marked for it', () => {
      const result = convertFormFields([text('Tag', 'a\tb', { sanitize: true })]);
      expect(result.values.Tag).toBe('a b');
      expect(result.sanitized).toEqual(['Tag']);
    });

    it('leaves an optional ID, other names and clean values alone', () => {
      expect(shouldSanitize(text('ID', 'x'))).toBe(false);
      expect(shouldSanitize(text('Name', 'x', { required: true }))).toBe(false);
      expect(shouldSanitize(text('Settings.ID', 'x', { required: true }))).toBe(true);
      expect(convertFormFields([text('ID', 'clean', { required: true })]).sanitized).toEqual([]);
    });
  });

  it('setPath replaces a non-object on the way', () => {
    const target: Record<string, unknown> = { a: 'text' };
    setPath(target, 'a.b', 1);
    expect(target).toEqual({ a: { b: 1 } });
  });
});
