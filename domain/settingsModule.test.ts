import { mergeSecureSettings, presentSettings, redactSecureSettings, validateSettings } from './settingsModule';
import type { SettingsSchema } from './settingsSchema';

const schema: SettingsSchema = {
  type: 'object',
  required: ['host'],
  properties: {
    host: { type: 'string', order: 1 },
    port: { type: 'integer', minimum: 1, maximum: 65535, order: 2 },
    mode: { type: 'string', enum: ['builtin', 'external'], order: 3 },
    password: { type: 'string', secure: true, password: true, required: true, order: 4 },
  },
};

describe('the settings module: validation', () => {
  it('settings that fit the schema give no errors', () => {
    expect(validateSettings(schema, { Settings: { host: 'db', port: 5432 }, SecureSettings: { password: 'pw' } })).toEqual({});
  });

  it('names every error by its field path, Settings.<name> or SecureSettings.<name>', () => {
    const errors = validateSettings(schema, { Settings: { port: 70000, mode: 'other' }, SecureSettings: {} });
    expect(Object.keys(errors).sort()).toEqual(['SecureSettings.password', 'Settings.host', 'Settings.mode', 'Settings.port']);
    expect(errors['Settings.port']).toEqual([{ key: 'form.errors.maximum', values: { limit: 65535 }, message: expect.any(String) }]);
    expect(errors['Settings.host']).toEqual([{ key: 'general.required', values: {}, message: expect.any(String) }]);
  });

  it('a secure setting sent in Settings, or a plain one in SecureSettings, is refused on its field', () => {
    const errors = validateSettings(schema, { Settings: { host: 'db', password: 'leak' }, SecureSettings: { password: 'pw', host: 'x' } });
    expect(Object.keys(errors).sort()).toEqual(['SecureSettings.host', 'Settings.password']);
  });

  it('a required secure setting may be left out when the stored item keeps it', () => {
    expect(validateSettings(schema, { Settings: { host: 'db' }, SecureSettings: {} }, { secureOptional: true })).toEqual({});
  });

  it('only the secure keys sent now are checked for being declared secure', () => {
    const values = { Settings: { host: 'db' }, SecureSettings: { password: 'pw', LegacyKey: 'old' } };
    expect(validateSettings(schema, values, { sentSecure: ['password'] })).toEqual({});
    expect(Object.keys(validateSettings(schema, values))).toEqual(['SecureSettings.LegacyKey']);
  });

  it('unknown settings are refused where asked', () => {
    const values = { Settings: { host: 'db', colour: 'red' }, SecureSettings: { password: 'pw' } };
    expect(validateSettings(schema, values)).toEqual({});
    expect(Object.keys(validateSettings(schema, values, { refuseUnknown: true }))).toEqual(['Settings.colour']);
  });

  it('keywords beyond the contract’s (a pattern a collector registers) are not run', () => {
    const registered: SettingsSchema = { properties: { name: { type: 'string', ...{ pattern: '^(a+)+$' } } } };
    expect(validateSettings(registered, { Settings: { name: 'b' }, SecureSettings: {} })).toEqual({});
  });
});

describe('the settings module: the secure-value rule', () => {
  const stored = { password: 'first', token: 'kept' };

  it('a secure key absent from the change keeps its stored value', () => {
    expect(mergeSecureSettings(stored, undefined)).toEqual(stored);
    expect(mergeSecureSettings(stored, {})).toEqual(stored);
    expect(mergeSecureSettings(stored, { password: '' })).toEqual(stored);
  });

  it('a secure key sent as null clears the stored value', () => {
    expect(mergeSecureSettings(stored, { password: null })).toEqual({ token: 'kept' });
  });

  it('a secure key sent with a value replaces the stored value', () => {
    expect(mergeSecureSettings(stored, { password: 'second' })).toEqual({ password: 'second', token: 'kept' });
  });

  it('never answers a secure value, only which secure keys hold one', () => {
    expect(redactSecureSettings({ token: 'kept', password: 'first', cleared: '' })).toEqual(['password', 'token']);
    expect(redactSecureSettings(undefined)).toEqual([]);
  });

  it('empty text and null are "not set" among plain settings', () => {
    expect(presentSettings({ host: 'db', port: '', user: null, on: false })).toEqual({ host: 'db', on: false });
  });
});
