import { Client } from 'pg';
import { startPasswordPostgres, type PasswordPostgres } from '../../db/testing/passwordPostgres';
import { BATCH_COUNT, realServerCases } from './testing/serverCases';

// An external PostgreSQL (started for this file) that checks passwords: the driver `pg` through
// the routes (testing/serverCases.ts).

let postgres: PasswordPostgres;
let admin: Client;

beforeAll(async () => {
  postgres = await startPasswordPostgres('plant_reader', 'Pg-S3cret/pass@word');
  admin = new Client({ connectionString: postgres.server.url });
  await admin.connect();
  await admin.query('CREATE TABLE batches (id integer PRIMARY KEY, name text, started timestamptz)');
  await admin.query(
    "INSERT INTO batches SELECT i, 'B-' || i, timestamptz '2026-01-01 00:00Z' + make_interval(hours => i) FROM generate_series(1, $1::int) AS i",
    [BATCH_COUNT],
  );
  // The role may write: only the read-only transaction stops it.
  await admin.query('GRANT SELECT, INSERT, UPDATE, DELETE ON batches TO plant_reader');
  await admin.query('GRANT CREATE ON SCHEMA public TO plant_reader');
}, 180_000);

afterAll(async () => {
  await admin?.end();
  await postgres?.stop();
});

realServerCases(() => ({
  kind: 'postgres',
  host: postgres.host,
  port: postgres.port,
  database: 'postgres',
  user: postgres.role,
  password: postgres.password,
  sleep: (seconds) => `SELECT pg_sleep(${seconds})`,
  batches: async () => (await admin.query<{ id: number; name: string }>('SELECT id, name FROM batches ORDER BY id')).rows,
  tableExists: async (name) => ((await admin.query('SELECT 1 FROM pg_tables WHERE tablename = $1', [name])).rowCount ?? 0) > 0,
}));
