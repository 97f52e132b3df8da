import { DEFAULT_TIMESERIES_BUCKET, DEFAULT_TIMESERIES_DATABASE_NAME } from '../../domain/constants';
import { INFLUXDB_TIMESERIES_TYPE_UUID, POSTGRES_TIMESERIES_TYPE_UUID, TIMESERIES_DATABASE_TYPES, createTimeseriesDrivers } from './registry';

const CONTRACT_KEYS = ['title', 'description', 'type', 'enum', 'secure', 'password', 'minimum', 'maximum', 'default', 'examples', 'required', 'isMultiLine', 'order'];

describe('time-series database types', () => {
  it('offers PostgreSQL and InfluxDB under stable UUIDs', () => {
    expect(TIMESERIES_DATABASE_TYPES.map((t) => [t.Name, t.UUID])).toEqual([
      ['PostgreSQL', '64ef84a8-d87b-4b36-860a-9cc32d1b79e9'],
      ['InfluxDB', '5a096da6-f23e-4424-ba24-87bf35125f51'],
    ]);
    const drivers = createTimeseriesDrivers({ serverDb: { query: async () => ({ rows: [] }), exec: async () => undefined } });
    expect(drivers.byTypeUuid(POSTGRES_TIMESERIES_TYPE_UUID)?.typeName).toBe('PostgreSQL');
    expect(drivers.byTypeUuid(INFLUXDB_TIMESERIES_TYPE_UUID)?.typeName).toBe('InfluxDB');
    expect(drivers.byTypeUuid('00000000-0000-0000-0000-000000000000')).toBeUndefined();
  });

  it('describes settings with the properties of the contract SettingsSchema only', () => {
    for (const type of TIMESERIES_DATABASE_TYPES) {
      expect(type.SettingsSchema.type).toBe('object');
      for (const property of Object.values(type.SettingsSchema.properties ?? {})) {
        expect(Object.keys(property).filter((key) => !CONTRACT_KEYS.includes(key))).toEqual([]);
      }
    }
  });

  it('marks the password of each type secure and as a password field, and nothing else secure', () => {
    for (const type of TIMESERIES_DATABASE_TYPES) {
      const secure = Object.entries(type.SettingsSchema.properties ?? {}).filter(([, p]) => p.secure);
      expect(secure.map(([name, p]) => [name, p.password])).toEqual([['password', true]]);
    }
  });

  it('defaults the database name to the internal defaults', () => {
    const [postgres, influx] = TIMESERIES_DATABASE_TYPES;
    expect(postgres.SettingsSchema.properties?.database.default).toBe(DEFAULT_TIMESERIES_DATABASE_NAME);
    expect(influx.SettingsSchema.properties?.database.default).toBe(DEFAULT_TIMESERIES_BUCKET);
  });
});
