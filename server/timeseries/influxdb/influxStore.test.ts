import { createServer } from 'node:net';
import { DEFAULT_TIMESERIES_BUCKET } from '../../../domain/constants';
import { describeConnectionTest } from '../testing/connectionContract';
import type { DriverSettings } from '../testing/connectionContract';
import { startInfluxDb } from '../testing/influxServer';
import type { InfluxServer } from '../testing/influxServer';
import { describeTimeseriesStore } from '../testing/storeContract';
import type { TimeseriesStore } from '../types';
import { InfluxClient } from './client';
import { createInfluxDriver } from './driver';

// The InfluxDB store against a real InfluxDB 1.6 (Debian's influxd) started for this file, with
// authentication on.
const START_TIMEOUT_MS = 120_000;
const driver = createInfluxDriver();
let server: InfluxServer;
let store: TimeseriesStore;
let closedPort: number;

const settingsFor = (overrides: Record<string, unknown> = {}, password?: string): DriverSettings => ({
  settings: { url: server.url, user: server.adminUser, ...overrides },
  secureSettings: { password: password ?? server.adminPassword },
});

/** A port nothing listens on: bound, noted, released. */
function unusedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 1));
    });
  });
}

beforeAll(async () => {
  server = await startInfluxDb();
  closedPort = await unusedPort();
  // No database setting: the internal default name.
  await driver.createDatabase(settingsFor().settings, settingsFor().secureSettings);
  store = await driver.open(settingsFor().settings, settingsFor().secureSettings);
}, START_TIMEOUT_MS);

afterAll(async () => {
  await store?.close();
  await server?.stop();
});

describeTimeseriesStore('InfluxDB 1.6', () => store);
describeConnectionTest(
  'InfluxDB 1.6',
  () => ({
    driver,
    working: settingsFor(),
    wrongPassword: settingsFor({}, 'Wrong-S3cret-pass'),
    unreachable: settingsFor({ url: `http://127.0.0.1:${closedPort}` }),
    missingDatabase: settingsFor({ database: 'no_such_database' }),
  }),
  ['wrongPassword', 'unreachable', 'missingDatabase'],
);

describe('InfluxDB 1.6: creating the database', () => {
  const databases = async () => {
    const client = new InfluxClient({ url: server.url, database: '', user: server.adminUser, password: server.adminPassword });
    const series = await client.query('SHOW DATABASES', { database: false });
    return series.flatMap((s) => s.values.map((row) => row[0]));
  };

  it('really creates it, under the internal default name when none is given', async () => {
    expect(await databases()).toContain(DEFAULT_TIMESERIES_BUCKET);
  });

  it('is idempotent: a second call reports that the database existed', async () => {
    const { settings, secureSettings } = settingsFor();
    await expect(driver.createDatabase(settings, secureSettings)).resolves.toEqual({
      created: false,
      settings: { ...settings, database: DEFAULT_TIMESERIES_BUCKET },
    });
  });

  it('creates a database with a name that needs quoting, then writes through a named retention policy', async () => {
    const { settings, secureSettings } = settingsFor({ database: 'time "series" db', retentionPolicy: 'autogen' });
    await expect(driver.createDatabase(settings, secureSettings)).resolves.toMatchObject({ created: true });
    expect(await databases()).toContain('time "series" db');
    await expect(driver.test(settings, secureSettings)).resolves.toMatchObject({ Success: true });
  });

  it('names the database step when the retention policy does not exist', async () => {
    const { settings, secureSettings } = settingsFor({ retentionPolicy: 'no_such_policy' });
    await expect(driver.test(settings, secureSettings)).resolves.toMatchObject({ Success: false, FailedStep: 'database' });
  });

  it('refuses to create a database with a wrong password, without showing it', async () => {
    const { settings, secureSettings } = settingsFor({ database: 'never' }, 'Wrong-S3cret-pass');
    const error: unknown = await driver.createDatabase(settings, secureSettings).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toMatch(/401/);
    expect(String(error)).not.toContain('Wrong-S3cret-pass');
  });
});
