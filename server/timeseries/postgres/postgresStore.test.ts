import { Client } from 'pg';
import { DEFAULT_TIMESERIES_DATABASE_NAME } from '../../../domain/constants';
import type { Db } from '../../db/db';
import { openDatabase } from '../../db/open';
import { startPostgres } from '../../db/testing/postgresServer';
import type { PostgresServer } from '../../db/testing/postgresServer';
import { describeConnectionTest } from '../testing/connectionContract';
import type { DriverSettings } from '../testing/connectionContract';
import { describeBuiltinStore } from '../testing/builtinStoreContract';
import { describeTimeseriesStore } from '../testing/storeContract';
import type { TimeseriesDriver, TimeseriesStore } from '../types';
import { createPostgresDriver } from './driver';
import { poolClient, openPool } from './external';
import type { SqlClient } from './schema';

// The built-in store on a real PostgreSQL 15 started for this file: in the server's own database
// (builtin mode) and in another database reached with a user and password (external mode).
const START_TIMEOUT_MS = 180_000;
const ROLE = 'historian_ts';
const PASSWORD = 'Ts-S3cret-pass@/word';
let server: PostgresServer;
let serverDb: Db;
let driver: TimeseriesDriver;
let builtin: TimeseriesStore;
let external: TimeseriesStore;
let externalSql: SqlClient & { end(): Promise<void> };
let port: number;

const externalSettings = (overrides: Record<string, unknown> = {}, password = PASSWORD): DriverSettings => ({
  settings: { mode: 'external', host: '127.0.0.1', port, user: ROLE, ...overrides },
  secureSettings: { password },
});

/**
 * startPostgres() trusts every local connection; the external mode's authenticate step needs a
 * server that checks passwords. The superuser rewrites pg_hba.conf (only for this file's server)
 * so that every role but postgres signs in with SCRAM.
 */
async function requirePasswords(url: string): Promise<void> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE ROLE ${ROLE} LOGIN CREATEDB PASSWORD '${PASSWORD}'`);
    const { rows } = await admin.query<{ hba_file: string }>('SHOW hba_file');
    const lines = ['local all all trust', 'host all postgres 127.0.0.1/32 trust', 'host all all 127.0.0.1/32 scram-sha-256'];
    await admin.query(`COPY (SELECT unnest($1::text[])) TO '${rows[0].hba_file}'`.replace('$1::text[]', `ARRAY['${lines.join("','")}']`));
    await admin.query('SELECT pg_reload_conf()');
  } finally {
    await admin.end();
  }
  // The reload is asynchronous: wait until a wrong password is refused.
  for (let i = 0; i < 50; i += 1) {
    const probe = new Client({ host: '127.0.0.1', port, user: ROLE, password: 'wrong', database: 'postgres' });
    const refused = await probe.connect().then(() => false, () => true);
    await probe.end().catch(() => undefined);
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('pg_hba.conf reload did not take effect');
}

beforeAll(async () => {
  server = await startPostgres();
  port = Number(new URL(server.url).port);
  serverDb = await openDatabase({ dataDir: '/nonexistent-unused', databaseUrl: await server.createDatabase() }, { onWarning: () => undefined });
  driver = createPostgresDriver({ serverDb });
  builtin = await driver.open({ mode: 'builtin' }, {});
  await requirePasswords(server.url);
  // No database setting: the internal default name.
  await driver.createDatabase(externalSettings().settings, externalSettings().secureSettings);
  external = await driver.open(externalSettings().settings, externalSettings().secureSettings);
  const pool = openPool({ host: '127.0.0.1', port, user: ROLE, password: PASSWORD, database: DEFAULT_TIMESERIES_DATABASE_NAME, sslmode: 'disable' }, undefined, 1);
  externalSql = { ...poolClient(pool), end: () => pool.end() };
}, START_TIMEOUT_MS);

afterAll(async () => {
  await externalSql?.end();
  await external?.close();
  await builtin?.close();
  await serverDb?.close();
  await server?.stop();
});

describeTimeseriesStore('built-in store on PostgreSQL', () => builtin);
describeBuiltinStore('built-in store on PostgreSQL', () => ({ store: builtin, sql: serverDb }));
describeConnectionTest('built-in store on PostgreSQL', () => ({ driver, working: { settings: { mode: 'builtin' }, secureSettings: {} } }), []);

describeTimeseriesStore('external PostgreSQL', () => external);
describeConnectionTest(
  'external PostgreSQL',
  () => ({
    driver,
    working: externalSettings(),
    wrongPassword: externalSettings({}, 'Wrong-S3cret-pass'),
    unreachable: externalSettings({ port: 1 }),
    missingDatabase: externalSettings({ database: 'no_such_database' }),
  }),
  ['wrongPassword', 'unreachable', 'missingDatabase'],
);

describe('external PostgreSQL: creating the database', () => {
  it('really creates it, under the internal default name when none is given, with the store tables', async () => {
    const { rows } = await serverDb.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname = $1', [DEFAULT_TIMESERIES_DATABASE_NAME]);
    expect(rows).toHaveLength(1);
    const tables = await externalSql.query<{ found: boolean }>("SELECT to_regclass('timeseries_points') IS NOT NULL AS found");
    expect(tables.rows).toEqual([{ found: true }]);
  });

  it('is idempotent: a second call reports that the database existed', async () => {
    const { settings, secureSettings } = externalSettings();
    await expect(driver.createDatabase(settings, secureSettings)).resolves.toEqual({
      created: false,
      settings: { ...settings, database: DEFAULT_TIMESERIES_DATABASE_NAME },
    });
  });

  it('creates a database with a name that needs quoting', async () => {
    const { settings, secureSettings } = externalSettings({ database: 'Time "series" db' });
    await expect(driver.createDatabase(settings, secureSettings)).resolves.toMatchObject({ created: true });
    const result = await driver.test(settings, secureSettings);
    expect(result).toMatchObject({ Success: true });
  });
});
