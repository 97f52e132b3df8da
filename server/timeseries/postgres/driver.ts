import type { Pool } from 'pg';
import { DEFAULT_TIMESERIES_DATABASE_NAME } from '../../../domain/constants';
import { runConnectionTest, tcpConnect, untilFirstWrite, writeReadSteps } from '../connectionTest';
import type { ConnectionStep } from '../connectionTest';
import { enumSetting } from '../settings';
import type { ConnectionTestResult, CreatedDatabase, SettingsMap, SettingsSchema, TimeseriesDriver, TimeseriesStore } from '../types';
import { SSL_MODES, connectionErrorStep, createExternalDatabase, externalConfig, openPool, poolClient, secretsOf } from './external';
import type { ExternalPostgresConfig } from './external';
import { ensureSchema, schemaExists } from './schema';
import type { SqlClient } from './schema';
import { PostgresTimeseriesStore } from './store';

export const POSTGRES_TIMESERIES_TYPE_UUID = '64ef84a8-d87b-4b36-860a-9cc32d1b79e9';
export const POSTGRES_MODES = ['builtin', 'external'] as const;

export const POSTGRES_SETTINGS_SCHEMA: SettingsSchema = {
  type: 'object',
  'x-i18n': 'schemas.timeseries_postgres',
  properties: {
    mode: {
      title: 'Storage',
      description: "builtin: in the historian server's own database. external: in another PostgreSQL database.",
      type: 'string',
      enum: [...POSTGRES_MODES],
      default: 'builtin',
      required: true,
      order: 1,
    },
    host: { title: 'Host', description: 'External mode only.', type: 'string', examples: ['db.example.com'], order: 2 },
    port: { title: 'Port', type: 'integer', minimum: 1, maximum: 65535, default: 5432, order: 3 },
    database: {
      title: 'Database',
      description: `Created if missing. Default: ${DEFAULT_TIMESERIES_DATABASE_NAME}.`,
      type: 'string',
      default: DEFAULT_TIMESERIES_DATABASE_NAME,
      order: 4,
    },
    user: { title: 'User', type: 'string', order: 5 },
    password: { title: 'Password', type: 'string', secure: true, password: true, order: 6 },
    sslmode: {
      title: 'TLS',
      description: 'disable, require (encrypt, do not check the certificate) or verify-full.',
      type: 'string',
      enum: [...SSL_MODES],
      default: 'disable',
      order: 7,
    },
  },
  required: ['mode'],
};

const isBuiltin = (settings: SettingsMap) => enumSetting(settings, 'mode', POSTGRES_MODES, 'builtin') === 'builtin';

function secureSecrets(secureSettings: SettingsMap): string[] {
  const password = secureSettings.password;
  return typeof password === 'string' ? [password] : [];
}

async function openExternal(config: ExternalPostgresConfig): Promise<TimeseriesStore> {
  const pool = openPool(config);
  const client = poolClient(pool, secretsOf(config));
  try {
    await ensureSchema(client);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return new PostgresTimeseriesStore(client, { onClose: () => pool.end() });
}

function builtinSteps(serverDb: SqlClient, store: TimeseriesStore): ConnectionStep[] {
  return [
    { name: 'connect', run: async () => void (await serverDb.query('SELECT 1')) },
    {
      name: 'schema',
      run: async () => {
        if (!(await schemaExists(serverDb))) throw new Error('the timeseries_points table is missing: the server migrations have not run');
      },
    },
    ...writeReadSteps(() => store),
  ];
}

function externalSteps(config: ExternalPostgresConfig, state: { pool?: Pool; store?: TimeseriesStore }): ConnectionStep[] {
  let missingDatabase = false;
  const pool = () => (state.pool ??= openPool(config, config.database, 1));
  const client = () => poolClient(pool(), secretsOf(config));
  const store = () => (state.store ??= new PostgresTimeseriesStore(client()));
  return [
    { name: 'connect', run: () => tcpConnect(config.host, config.port) },
    {
      name: 'authenticate',
      run: async () => {
        try {
          (await pool().connect()).release();
        } catch (error) {
          if (connectionErrorStep(error) !== 'database') throw error;
          missingDatabase = true;
        }
        return `signed in as ${config.user}`;
      },
    },
    {
      name: 'database',
      run: async () => {
        if (missingDatabase) throw new Error(`database "${config.database}" does not exist: create it first`);
        const { rows } = await client().query<{ version: string }>("SELECT current_setting('server_version') AS version");
        return `database ${config.database} on PostgreSQL ${rows[0]?.version ?? '?'}`;
      },
    },
    { name: 'schema', writes: true, run: () => ensureSchema(client()) },
    ...writeReadSteps(store),
  ];
}

export interface PostgresDriverOptions {
  /** The server's own database, for the builtin mode (migrated: it has the tables already). */
  serverDb: SqlClient;
}

export function createPostgresDriver({ serverDb }: PostgresDriverOptions): TimeseriesDriver {
  return {
    typeUuid: POSTGRES_TIMESERIES_TYPE_UUID,
    typeName: 'PostgreSQL',
    settingsSchema: POSTGRES_SETTINGS_SCHEMA,

    async open(settings, secureSettings) {
      if (isBuiltin(settings)) return new PostgresTimeseriesStore(serverDb);
      return openExternal(externalConfig(settings, secureSettings));
    },

    async createDatabase(settings, secureSettings): Promise<CreatedDatabase> {
      if (isBuiltin(settings)) {
        // Nothing to create: the server's migrations made the table (made here only for a Db without them).
        if (!(await schemaExists(serverDb))) await ensureSchema(serverDb);
        return { created: false, settings: { ...settings, mode: 'builtin' } };
      }
      const config = externalConfig(settings, secureSettings);
      const created = await createExternalDatabase(config);
      await (await openExternal(config)).close();
      return { created, settings: { ...settings, database: config.database } };
    },

    async test(settings, secureSettings, options): Promise<ConnectionTestResult> {
      const secrets = secureSecrets(secureSettings);
      const state: { pool?: Pool; store?: TimeseriesStore } = {};
      let steps: ConnectionStep[];
      try {
        steps = isBuiltin(settings)
          ? builtinSteps(serverDb, new PostgresTimeseriesStore(serverDb))
          : externalSteps(externalConfig(settings, secureSettings), state);
      } catch (error) {
        return runConnectionTest([{ name: 'settings', run: () => Promise.reject(error) }], secrets);
      }
      try {
        return await runConnectionTest(options?.readOnly ? untilFirstWrite(steps) : steps, secrets);
      } finally {
        await state.pool?.end();
      }
    },
  };
}
