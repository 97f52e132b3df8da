import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createTestOrganization, createTestUser, sessionHeaders } from '../auth/testing/testUsers';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { runMigrations } from '../db/migrate';
import { openDatabase } from '../db/open';
import { seedIfEmpty } from '../db/seed';
import { startPostgres, type PostgresServer } from '../db/testing/postgresServer';

// The measurements calls on a real PostgreSQL (measurements.test.ts runs them all on PGlite): the
// array parameters of the filters and bulk calls as node-postgres sends them, the trigram indexes
// of migration 066, and PostgreSQL's own verdict on a /regex/.

let server: PostgresServer;
let db: Db;
let app: FastifyInstance;
let headers: Record<string, string>;
let collector: string;
let database: string;

beforeAll(async () => {
  server = await startPostgres();
  db = await openDatabase({ dataDir: '/nonexistent-unused', databaseUrl: await server.createDatabase() });
  await runMigrations(db);
  await seedIfEmpty(db);
  const ctx: AppContext = { db, config: loadConfig({ NODE_ENV: 'test' }), version: '0.0.0-test' };
  app = await buildApp(ctx, { strictResponses: true, logLevel: 'silent' });
  const organization = await createTestOrganization(db);
  const user = await createTestUser(db, { privileges: { [organization]: ['READ_MEASUREMENTS', 'MANAGE_MEASUREMENTS'] } });
  headers = { ...(await sessionHeaders(ctx, user.uuid)), 'x-organization-uuid': organization };
  collector = (await db.query<{ uuid: string }>("INSERT INTO collectors (organization_uuid, name, collector_type) VALUES ($1, 'PLC', 'simulation') RETURNING uuid", [organization])).rows[0].uuid;
  database = (await db.query<{ uuid: string }>("INSERT INTO timeseries_databases (organization_uuid, name, type_uuid) VALUES ($1, 'Store', gen_random_uuid()) RETURNING uuid", [organization]))
    .rows[0].uuid;
}, 180_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
  await server?.stop();
});

const listed = async (query: string) => {
  const response = await app.inject({ method: 'GET', url: `/api/measurements?${query}`, headers });
  expect(response.statusCode).toBe(200);
  return { total: response.headers['x-total-count'], names: response.json().map((m: { Name: string }) => m.Name) };
};

describe('measurements on PostgreSQL', () => {
  let uuid: string;

  it('has the trigram indexes of migration 066', async () => {
    const { rows } = await db.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE tablename = 'measurements' AND indexname LIKE '%trgm' ORDER BY indexname");
    expect(rows.map((row) => row.indexname)).toEqual(['measurements_description_trgm', 'measurements_name_trgm']);
  });

  it('creates and filters by labels, keyword, regex, databases, statuses, datatypes and collectors', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/measurements',
      headers,
      payload: { Name: 'Pump 1', CollectorUUID: collector, DatabaseUUID: database, Datatype: 'number', Status: 'Active', Labels: ['a', 'b'], Attributes: { Tags: { line: '1' } } },
    });
    expect(created.statusCode).toBe(201);
    uuid = created.json().UUID;
    const one = { total: '1', names: ['Pump 1'] };
    expect(await listed('Labels[]=a&Labels[]=b')).toEqual(one);
    expect(await listed(`Keyword=${encodeURIComponent('/^Pump \\d$/')}`)).toEqual(one);
    expect(await listed('Keyword=UMP')).toEqual(one);
    expect(await listed(`DatabaseUUIDs[]=${database}&Statuses[]=Active&Datatypes[]=number&CollectorUUIDs[]=${collector}`)).toEqual(one);
    expect((await app.inject({ method: 'GET', url: `/api/measurements?Keyword=${encodeURIComponent('/(x/')}`, headers })).statusCode).toBe(400);
  });

  it('changes status and labels in bulk', async () => {
    const status = await app.inject({ method: 'PATCH', url: '/api/measurements/status', headers, payload: { UUIDs: [uuid], Status: 'Paused' } });
    expect(status.json().Results).toEqual([{ UUID: uuid, Ok: true }]);
    const labels = await app.inject({ method: 'PATCH', url: '/api/measurements/labels', headers, payload: { UUIDs: [uuid], Add: ['c'], Remove: ['a'] } });
    expect(labels.json().Results).toEqual([{ UUID: uuid, Ok: true }]);
    expect((await app.inject({ method: 'GET', url: `/api/measurements/${uuid}`, headers })).json()).toMatchObject({ Status: 'Paused', Labels: ['b', 'c'] });
    expect((await app.inject({ method: 'GET', url: '/api/measurement-labels', headers })).json()).toEqual([
      { Name: 'b', Count: 1 },
      { Name: 'c', Count: 1 },
    ]);
  });
});
