import { startMariadb, type MariadbServer } from '../../testing/mariadbServer';
import { BATCH_COUNT, realServerCases } from './testing/serverCases';

// An external MariaDB (started for this file) with grants on: the driver `mysql2` through the
// routes (testing/serverCases.ts).

let mariadb: MariadbServer;
const PASSWORD = 'Maria-S3cret/pass@word';

beforeAll(async () => {
  mariadb = await startMariadb();
  await mariadb.createUser('plant_reader', PASSWORD, 'mes');
  await mariadb.query('CREATE TABLE mes.batches (id int PRIMARY KEY, name varchar(40), started datetime(3))');
  for (let id = 1; id <= BATCH_COUNT; id += 1) {
    await mariadb.query('INSERT INTO mes.batches VALUES (?, ?, ?)', [id, `B-${id}`, new Date(Date.UTC(2026, 0, 1, id)).toISOString().replace('T', ' ').replace('Z', '')]);
  }
}, 180_000);

afterAll(async () => {
  await mariadb?.stop();
});

realServerCases(() => ({
  kind: 'mysql',
  host: mariadb.host,
  port: mariadb.port,
  database: 'mes',
  user: 'plant_reader',
  password: PASSWORD,
  sleep: (seconds) => `SELECT SLEEP(${seconds})`,
  batches: async () => (await mariadb.query('SELECT id, name FROM mes.batches ORDER BY id')) as { id: number; name: string }[],
  tableExists: async (name) => ((await mariadb.query('SELECT 1 FROM information_schema.tables WHERE table_schema = ? AND table_name = ?', ['mes', name])) as unknown[]).length > 0,
}));
