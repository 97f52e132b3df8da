import { orderedProperties, requiredNames, type SettingsSchema } from './settingsSchema';

const schema: SettingsSchema = {
  type: 'object',
  required: ['host'],
  properties: {
    password: { type: 'string', secure: true, password: true, required: true, order: 3 },
    host: { type: 'string', title: 'Host', order: 1 },
    notes: { type: 'string', isMultiLine: true },
    port: { type: 'integer', minimum: 1, maximum: 65535, order: 2 },
  },
};

describe('SettingsSchema (SPEC §3)', () => {
  it('orders properties by order, unordered ones after in schema order', () => {
    expect(orderedProperties(schema).map((p) => p.name)).toEqual(['host', 'port', 'password', 'notes']);
  });

  it('a property is required by the list or by its own flag', () => {
    expect([...requiredNames(schema)].sort()).toEqual(['host', 'password']);
  });
});
