import { fieldPathOf, validateWithSchema } from './schemaValidation';

const schema = {
  type: 'object',
  required: ['Name'],
  properties: {
    Name: { type: 'string', minLength: 2 },
    Settings: {
      type: 'object',
      required: ['host'],
      properties: { host: { type: 'string', format: 'hostname' }, port: { type: 'integer', minimum: 1, maximum: 65535 } },
    },
  },
};

describe('validation against a JSON schema with ajv (SPEC §5)', () => {
  it('valid values give no errors', () => {
    expect(validateWithSchema(schema, { Name: 'ok', Settings: { host: 'plc', port: 502 } })).toEqual({});
  });

  it('maps errors per field path, every error at once', () => {
    const errors = validateWithSchema(schema, { Name: 'x', Settings: { port: 70000 } });
    expect(errors).toEqual({
      Name: [{ key: 'form.errors.min_length', values: { count: 2 } }],
      'Settings.host': [{ key: 'general.required', values: {} }],
      'Settings.port': [{ key: 'form.errors.maximum', values: { limit: 65535 } }],
    });
  });

  it('reports a wrong type with the expected type', () => {
    expect(validateWithSchema(schema, { Name: 'ok', Settings: { host: 'a', port: 'abc' } })['Settings.port']).toEqual([
      { key: 'form.errors.type', values: { type: 'integer' } },
    ]);
  });

  it('names errors about the whole value (root)', () => {
    expect(fieldPathOf({ instancePath: '', params: {} })).toBe('(root)');
    expect(fieldPathOf({ instancePath: '/a~1b/c', params: {} })).toBe('a/b.c');
  });
});
