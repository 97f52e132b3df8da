import { DEFAULT_TIMESERIES_BUCKET } from '../../../domain/constants';
import { runConnectionTest, untilFirstWrite, writeReadSteps } from '../connectionTest';
import type { ConnectionStep } from '../connectionTest';
import { optionalString, requiredString } from '../settings';
import type { ConnectionTestResult, CreatedDatabase, SettingsMap, SettingsSchema, TimeseriesDriver } from '../types';
import { InfluxClient } from './client';
import type { InfluxConfig } from './client';
import { quoteIdentifier } from './influxql';
import { InfluxTimeseriesStore } from './store';

export const INFLUXDB_TIMESERIES_TYPE_UUID = '5a096da6-f23e-4424-ba24-87bf35125f51';

export const INFLUXDB_SETTINGS_SCHEMA: SettingsSchema = {
  type: 'object',
  'x-i18n': 'schemas.timeseries_influxdb',
  properties: {
    url: {
      title: 'URL',
      description: 'Address of the InfluxDB 1.x HTTP API.',
      type: 'string',
      default: 'http://127.0.0.1:8086',
      examples: ['http://influxdb.example.com:8086'],
      required: true,
      order: 1,
    },
    database: {
      title: 'Database',
      description: `Created if missing. Default: ${DEFAULT_TIMESERIES_BUCKET}.`,
      type: 'string',
      default: DEFAULT_TIMESERIES_BUCKET,
      order: 2,
    },
    user: { title: 'User', description: 'Empty when the server has authentication off.', type: 'string', order: 3 },
    password: { title: 'Password', type: 'string', secure: true, password: true, order: 4 },
    retentionPolicy: {
      title: 'Retention policy',
      description: "Empty: the database's default policy. It must exist already.",
      type: 'string',
      order: 5,
    },
  },
  required: ['url'],
};

export function influxConfig(settings: SettingsMap, secureSettings: SettingsMap): InfluxConfig {
  return {
    url: requiredString(settings, 'url'),
    database: optionalString(settings, 'database') ?? DEFAULT_TIMESERIES_BUCKET,
    user: optionalString(settings, 'user'),
    password: optionalString(secureSettings, 'password'),
    retentionPolicy: optionalString(settings, 'retentionPolicy'),
  };
}

/** First column of every row: SHOW DATABASES and SHOW RETENTION POLICIES list names there. */
async function names(client: InfluxClient, statement: string): Promise<string[]> {
  const series = await client.query(statement, { database: false });
  return series.flatMap((s) => s.values.map((row) => String(row[0])));
}

function steps(client: InfluxClient): ConnectionStep[] {
  const { database, retentionPolicy } = client.config;
  let databases: string[] = [];
  return [
    { name: 'connect', run: async () => `InfluxDB ${await client.ping()}` },
    {
      name: 'authenticate',
      run: async () => {
        // Lists only the databases this user may use, so it also tells the next step the answer.
        databases = await names(client, 'SHOW DATABASES');
        return client.config.user ? `signed in as ${client.config.user}` : 'no credentials given';
      },
    },
    {
      name: 'database',
      run: async () => {
        if (!databases.includes(database)) throw new Error(`database "${database}" does not exist or this user has no access to it: create it first`);
        if (retentionPolicy && !(await names(client, `SHOW RETENTION POLICIES ON ${quoteIdentifier(database)}`)).includes(retentionPolicy)) {
          throw new Error(`retention policy "${retentionPolicy}" does not exist on database "${database}"`);
        }
      },
    },
    ...writeReadSteps(() => new InfluxTimeseriesStore(client)),
  ];
}

export function createInfluxDriver(): TimeseriesDriver {
  return {
    typeUuid: INFLUXDB_TIMESERIES_TYPE_UUID,
    typeName: 'InfluxDB',
    settingsSchema: INFLUXDB_SETTINGS_SCHEMA,

    async open(settings, secureSettings) {
      return new InfluxTimeseriesStore(new InfluxClient(influxConfig(settings, secureSettings)));
    },

    async createDatabase(settings, secureSettings): Promise<CreatedDatabase> {
      const client = new InfluxClient(influxConfig(settings, secureSettings));
      const { database } = client.config;
      const existed = (await names(client, 'SHOW DATABASES')).includes(database);
      // CREATE DATABASE is idempotent in 1.x; it needs an admin user when authentication is on.
      if (!existed) await client.query(`CREATE DATABASE ${quoteIdentifier(database)}`, { write: true, database: false });
      return { created: !existed, settings: { ...settings, database } };
    },

    async test(settings, secureSettings, options): Promise<ConnectionTestResult> {
      const password = secureSettings.password;
      const secrets = typeof password === 'string' ? [password] : [];
      let client: InfluxClient;
      try {
        client = new InfluxClient(influxConfig(settings, secureSettings));
      } catch (error) {
        return runConnectionTest([{ name: 'settings', run: () => Promise.reject(error) }], secrets);
      }
      return runConnectionTest(options?.readOnly ? untilFirstWrite(steps(client)) : steps(client), secrets);
    },
  };
}
