import { escapeKey, escapeMeasurement, fieldValue, quoteString, toLine } from './lineProtocol';

describe('InfluxDB line protocol', () => {
  it('escapes commas and spaces in measurement names, and also = in keys', () => {
    expect(escapeMeasurement('a,b c=d')).toBe('a\\,b\\ c=d');
    expect(escapeKey('a,b c=d')).toBe('a\\,b\\ c\\=d');
  });

  it('refuses a line break in a name or key, which would end the line', () => {
    expect(() => escapeMeasurement('a\nb')).toThrow(/line break/);
    expect(() => escapeKey('a\rb')).toThrow(/line break/);
  });

  it('quotes strings, escaping double quotes and backslashes only', () => {
    expect(quoteString('say "hi" \\ bye\nnext')).toBe('"say \\"hi\\" \\\\ bye\nnext"');
  });

  it('writes numbers as floats, booleans as true/false, slices as JSON text and raw values as base64 text', () => {
    expect(fieldValue('number', 5)).toBe('5');
    expect(fieldValue('number', 1e-7)).toBe('1e-7');
    expect(fieldValue('boolean', false)).toBe('false');
    expect(fieldValue('[]string', ['a"b'])).toBe('"[\\"a\\\\\\"b\\"]"');
    expect(fieldValue('raw', new Uint8Array([0, 1, 2, 255]))).toBe('"AAEC/w=="');
  });

  it('puts the value in its family field, the quality as an integer and the time in milliseconds', () => {
    expect(toLine('m-1', 'number', { time: 1700000000123, value: 1.5, quality: 192 })).toBe('m-1 value_number=1.5,quality=192i 1700000000123');
    expect(toLine('m-1', 'string', { time: 0, value: 'x', quality: null })).toBe('m-1 value_text="x" 0');
  });
});
