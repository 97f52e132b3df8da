import { aTimeseriesDatabase, postgresType } from './testing/timeseriesFixtures';
import { KEY_SETTINGS_SHOWN, keySettings } from './timeseriesRules';

describe('key settings of a time-series database', () => {
  it('are the first stored settings in the type’s order, titled by the schema', () => {
    const database = aTimeseriesDatabase({ Settings: { user: 'u', port: 5432, mode: 'external', host: 'h', database: 'd' } });
    expect(keySettings(database, postgresType())).toEqual([
      { name: 'Storage', value: 'external' },
      { name: 'Host', value: 'h' },
      { name: 'Port', value: '5432' },
      { name: 'Database', value: 'd' },
    ]);
    expect(keySettings(database, postgresType())).toHaveLength(KEY_SETTINGS_SHOWN);
  });

  it('never show a secure setting, even one stored by mistake among the settings', () => {
    const database = aTimeseriesDatabase({ Settings: { mode: 'builtin', password: 'leaked' } });
    expect(keySettings(database, postgresType())).toEqual([{ name: 'Storage', value: 'builtin' }]);
  });

  it('of an unknown type are the stored settings by name', () => {
    const database = aTimeseriesDatabase({ Settings: { url: 'http://x', empty: '' } });
    expect(keySettings(database, undefined)).toEqual([{ name: 'url', value: 'http://x' }]);
  });
});
