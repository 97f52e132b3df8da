import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { buildApp } from '../app';
import { createTestUser, rootOrganizationUuid, sessionHeaders } from '../auth/testing/testUsers';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { openDatabase } from '../db/open';
import { startPostgres, type PostgresServer } from '../db/testing/postgresServer';
import { schemaNameOf } from './organizationRole';
import { verifierMatches } from './scramVerifier';

// The organization's read-only role (SPEC §3 Organization: PostgresUser, PostgresPassword) on a
// real PostgreSQL: creating an organization creates its read-only role with the given
// password (stored only as a SCRAM verifier), able to read that organization's views and nothing
// else; deleting the organization drops both.

// Sign-ins hash with scrypt and PGlite shares two cores with the other test files: generous limits.
jest.setTimeout(30_000);

let server: PostgresServer;
let db: Db;
let app: FastifyInstance;
let databaseUrl: string;
let headers: Record<string, string>;

beforeAll(async () => {
  server = await startPostgres();
  databaseUrl = await server.createDatabase();
  db = await openDatabase({ dataDir: '/nonexistent-unused', databaseUrl });
  const ctx: AppContext = { db, config: loadConfig({ NODE_ENV: 'test' }), version: '0.0.0-test' };
  app = await buildApp(ctx, { strictResponses: true, logLevel: 'silent' });
  const root = await rootOrganizationUuid(db);
  const admin = await createTestUser(db, { privileges: { [root]: ['READ_ORGANIZATIONS', 'MANAGE_ORGANIZATIONS'] } });
  headers = await sessionHeaders(ctx, admin.uuid);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
  await server?.stop();
});

async function createOrganization(name: string, role: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/organizations',
    headers,
    payload: { Name: name, PostgresUser: role, PostgresPassword: `${role}-password`, PostgresPasswordConfirm: `${role}-password` },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ UUID: string }>().UUID;
}

/** The test cluster trusts local connections, so this logs in as the role without checking its password. */
async function asRole<T>(role: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl.replace('postgres@', `${role}@`) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const errorCode = (promise: Promise<unknown>) => promise.then(() => 'no error', (error: { code?: string }) => error.code);

describe('the read-only PostgreSQL role of an organization', () => {
  let north: string;
  let south: string;

  beforeAll(async () => {
    north = await createOrganization('North', 'north_ro');
    south = await createOrganization('South', 'south_ro');
    await db.query(`INSERT INTO settings (organization_uuid, name, value) VALUES ($1, 'api.url', 'north.example'), ($2, 'api.url', 'south.example')`, [north, south]);
  });

  it('is created with the given password, kept only as a SCRAM-SHA-256 verifier', async () => {
    const { rows } = await db.query<{ rolpassword: string; rolsuper: boolean; rolcanlogin: boolean }>(
      `SELECT rolpassword, rolsuper, rolcanlogin FROM pg_authid WHERE rolname = 'north_ro'`,
    );
    expect(rows[0]).toMatchObject({ rolsuper: false, rolcanlogin: true });
    expect(rows[0].rolpassword).toMatch(/^SCRAM-SHA-256\$4096:/);
    expect(verifierMatches(rows[0].rolpassword, 'north_ro-password')).toBe(true);
    expect(verifierMatches(rows[0].rolpassword, 'another-password')).toBe(false);
  });

  it('reads its organization’s views, found on its search path', async () => {
    const settings = await asRole('north_ro', (client) => client.query<{ value: string }>('SELECT value FROM settings'));
    expect(settings.rows.map((row) => row.value)).toEqual(['north.example']);
    const organization = await asRole('north_ro', (client) => client.query<{ name: string }>('SELECT name FROM organization'));
    expect(organization.rows).toEqual([{ name: 'North' }]);
    const points = await asRole('north_ro', (client) => client.query<{ n: string }>('SELECT count(*) AS n FROM timeseries_points'));
    expect(points.rows[0].n).toBe('0');
  });

  it('reads nothing else: not the tables, not another organization’s views, and writes nothing', async () => {
    expect(await asRole('north_ro', (client) => errorCode(client.query('SELECT * FROM public.users')))).toBe('42501');
    expect(await asRole('north_ro', (client) => errorCode(client.query('SELECT * FROM public.settings')))).toBe('42501');
    expect(await asRole('north_ro', (client) => errorCode(client.query(`SELECT * FROM ${schemaNameOf(south)}.settings`)))).toBe('42501');
    expect(await asRole('north_ro', (client) => errorCode(client.query(`UPDATE settings SET value = 'x'`)))).toBe('42501');
    const readOnly = await asRole('north_ro', (client) => client.query<{ default_transaction_read_only: string }>('SHOW default_transaction_read_only'));
    expect(readOnly.rows[0].default_transaction_read_only).toBe('on');
  });

  it('refuses a PostgresUser that is a role of the cluster already', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers,
      payload: { Name: 'Sneaky', PostgresUser: 'postgres', PostgresPassword: 'whatever-1', PostgresPasswordConfirm: 'whatever-1' },
    });
    expect(response.json()).toMatchObject({ status: 409, errors: { PostgresUser: ['is already in use'] } });
  });

  it('goes with the organization: deleting it drops the schema and the role', async () => {
    expect((await app.inject({ method: 'DELETE', url: `/api/organizations/${south}?confirm=true`, headers })).statusCode).toBe(204);
    expect((await db.query(`SELECT 1 FROM pg_roles WHERE rolname = 'south_ro'`)).rowCount).toBe(0);
    expect((await db.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schemaNameOf(south)])).rowCount).toBe(0);
  });
});
