import { openTestDatabase } from '../../db/testing/testDatabase';
import type { TestDatabase } from '../../db/testing/testDatabase';
import { describeConnectionTest } from '../testing/connectionContract';
import { describeBuiltinStore } from '../testing/builtinStoreContract';
import { describeTimeseriesStore } from '../testing/storeContract';
import type { TimeseriesDriver, TimeseriesStore } from '../types';
import { createPostgresDriver } from './driver';

// The built-in store in the server's own database on PGlite (the default set-up): one database
// for the whole file, migrated like the server's, so migration 010 made the table.
const START_TIMEOUT_MS = 60_000;
let database: TestDatabase;
let driver: TimeseriesDriver;
let store: TimeseriesStore;

beforeAll(async () => {
  database = await openTestDatabase();
  driver = createPostgresDriver({ serverDb: database.db });
  store = await driver.open({ mode: 'builtin' }, {});
}, START_TIMEOUT_MS);

afterAll(async () => {
  await store?.close();
  await database?.cleanup();
});

describeTimeseriesStore('built-in store on PGlite', () => store);
describeBuiltinStore('built-in store on PGlite', () => ({ store, sql: database.db }));
describeConnectionTest('built-in store on PGlite', () => ({ driver, working: { settings: { mode: 'builtin' }, secureSettings: {} } }), []);

describe('built-in store on PGlite: database', () => {
  it('has nothing to create in builtin mode: the server migrations made the table', async () => {
    await expect(driver.createDatabase({ mode: 'builtin' }, {})).resolves.toEqual({ created: false, settings: { mode: 'builtin' } });
  });

  it('leaves the server database open when the store closes', async () => {
    const other = await driver.open({ mode: 'builtin' }, {});
    await other.close();
    await expect(database.db.query('SELECT 1 AS one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });
});
