import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import initSqlJs from 'sql.js';
import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type SessionHeaders, type TestApp } from '../../auth/testing/testUsers';
import { openSecretTrap, type SecretTrap } from '../../testing/secretTrap';
import { freePort } from '../../testing/services';
import { maskMessage } from './drivers/common';
import { bindNamedParameters } from './drivers/sql';
import { externalDatabaseConnection, runReadOnlyQuery } from './query';

// /external-databases on the server's own database (PGlite), with SQLite files for queries
// (server/integrations/README.md, "External databases" and "Secrets"): kinds, the entries of an
// organization, privileges, the stored-secret rule, the SQLite folder, in-use refusals and the
// preview of a SQLite file. PostgreSQL and MariaDB are in postgres.test.ts and mariadb.test.ts.

let t: TestApp;
let sqliteDir: string;
let organization: string;
let otherOrganization: string;
let manager: SessionHeaders;
let reader: SessionHeaders;
let otherManager: SessionHeaders;
let trap: SecretTrap;

const READ = ['READ_EXTERNAL_DATABASES'];
const MANAGE = ['READ_EXTERNAL_DATABASES', 'MANAGE_EXTERNAL_DATABASES'];

beforeAll(async () => {
  sqliteDir = await mkdtemp(path.join(tmpdir(), 'historian-sqlite-'));
  t = await openTestApp({ HISTORIAN_SQLITE_DIR: sqliteDir });
  organization = await createTestOrganization(t.db);
  otherOrganization = await createTestOrganization(t.db);
  manager = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: MANAGE } })).uuid);
  reader = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: READ } })).uuid);
  otherManager = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [otherOrganization]: MANAGE } })).uuid);
  trap = await openSecretTrap();
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run('CREATE TABLE batches (id INTEGER PRIMARY KEY, name TEXT, started TEXT, weight REAL, data BLOB)');
  for (let i = 1; i <= 30; i += 1) {
    db.run('INSERT INTO batches VALUES (?, ?, ?, ?, ?)', [i, `B-${i}`, new Date(Date.UTC(2026, 0, 1, i)).toISOString(), i * 1.5, i === 1 ? new Uint8Array([1, 2]) : null]);
  }
  await writeFile(path.join(sqliteDir, 'mes.sqlite'), db.export());
  db.close();
}, 60_000);

afterAll(async () => {
  await trap?.close();
  await t?.close();
  await rm(sqliteDir, { recursive: true, force: true });
});

const call = (headers: SessionHeaders, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, org = organization) =>
  t.app.inject({ method, url: `/api${url}`, headers: { ...headers, 'x-organization-uuid': org }, payload });

const postgresAt = (port: number, extra: Record<string, unknown> = {}) => ({ Kind: 'postgres', Settings: { Host: '127.0.0.1', Port: port, Database: 'mes', Username: 'historian', ...extra } });

async function create(payload: object): Promise<string> {
  const response = await call(manager, 'POST', '/external-databases', payload);
  expect(response.statusCode).toBe(201);
  return response.json().UUID;
}

async function storedSecrets(id: string): Promise<Record<string, unknown>> {
  const { rows } = await t.db.query<{ secure_settings: Record<string, unknown> }>('SELECT secure_settings FROM external_databases WHERE uuid = $1', [id]);
  return rows[0].secure_settings;
}

describe('the kinds', () => {
  it('lists the seven kinds with their driver, default port and settings', async () => {
    const response = await call(reader, 'GET', '/external-database-kinds');
    expect(response.statusCode).toBe(200);
    const kinds = response.json() as { Kind: string; Available: boolean; Driver?: string; SettingsSchema: { 'x-i18n': string; properties: Record<string, { default?: unknown; secure?: boolean }> } }[];
    expect(kinds.map((kind) => [kind.Kind, kind.Available, kind.Driver ?? null])).toEqual([
      ['postgres', true, 'pg'],
      ['mysql', true, 'mysql2'],
      ['oracle', false, null],
      ['sqlserver', true, 'mssql'],
      ['sqlite', true, 'sql.js'],
      ['hdb', false, null],
      ['ase', false, null],
    ]);
    const ports = Object.fromEntries(kinds.filter((kind) => kind.Kind !== 'sqlite').map((kind) => [kind.Kind, kind.SettingsSchema.properties.Port.default]));
    expect(ports).toEqual({ postgres: 5432, mysql: 3306, sqlserver: 1433, oracle: 1521, hdb: 30015, ase: 5000 });
    const postgres = kinds[0].SettingsSchema;
    expect(postgres['x-i18n']).toBe('external_databases.settings');
    expect(Object.keys(postgres.properties)).toEqual(['Host', 'Port', 'Database', 'Username', 'Password', 'TLSMode', 'CACertificate', 'Options']);
    expect(postgres.properties.Password.secure).toBe(true);
    expect(Object.keys(kinds[4].SettingsSchema.properties)).toEqual(['File']);
  });

  it('needs READ_EXTERNAL_DATABASES', async () => {
    const nobody = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: ['READ_EVENTS'] } })).uuid);
    expect((await call(nobody, 'GET', '/external-database-kinds')).statusCode).toBe(403);
    expect((await call(nobody, 'GET', '/external-databases')).statusCode).toBe(403);
  });
});

describe('external databases of an organization', () => {
  it('creates one, never answering the password, and lists it for a reader', async () => {
    const created = await call(manager, 'POST', '/external-databases', { Name: 'MES', Description: 'batches', ...postgresAt(5432), SecureSettings: { Password: 'Never-Answered-1' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ Name: 'MES', Kind: 'postgres', Settings: { Host: '127.0.0.1', Port: 5432 }, StoredSecureSettings: ['Password'], UsedBy: 0 });
    expect(created.json()).not.toHaveProperty('SecureSettings');
    expect(created.body).not.toContain('Never-Answered-1');
    const list = await call(reader, 'GET', '/external-databases');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ UUID: created.json().UUID, Name: 'MES', StoredSecureSettings: ['Password'] })]);
    expect(list.body).not.toContain('Never-Answered-1');
    const one = await call(reader, 'GET', `/external-databases/${created.json().UUID}`);
    expect(one.json()).toMatchObject({ Name: 'MES', Description: 'batches' });
    expect(one.body).not.toContain('Never-Answered-1');
    // The audit trail masks it too.
    const { rows } = await t.db.query<{ text: string }>("SELECT row_to_json(a)::text AS text FROM audit_logs a WHERE a.area = 'ExternalDatabases'");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.text).join('\n')).not.toContain('Never-Answered-1');
  });

  it('a reader may not create, change, delete, test or preview', async () => {
    const id = await create({ Name: 'read only', ...postgresAt(5432) });
    expect((await call(reader, 'POST', '/external-databases', { Name: 'x', ...postgresAt(5432) })).statusCode).toBe(403);
    expect((await call(reader, 'PUT', `/external-databases/${id}`, { Name: 'x', ...postgresAt(5432) })).statusCode).toBe(403);
    expect((await call(reader, 'DELETE', `/external-databases/${id}`)).statusCode).toBe(403);
    expect((await call(reader, 'POST', '/external-databases/test', postgresAt(5432))).statusCode).toBe(403);
    expect((await call(reader, 'POST', `/external-databases/${id}/preview`, { Query: 'SELECT 1' })).statusCode).toBe(403);
  });

  it('names are unique in the organization (409), not across organizations', async () => {
    await create({ Name: 'Unique', ...postgresAt(5432) });
    const again = await call(manager, 'POST', '/external-databases', { Name: 'unique', ...postgresAt(5432) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'external_databases.errors.name_taken', errors: { Name: [expect.any(String)] } });
    expect((await call(otherManager, 'POST', '/external-databases', { Name: 'Unique', ...postgresAt(5432) }, otherOrganization)).statusCode).toBe(201);
  });

  it('validates the settings against the kind (400 by field)', async () => {
    const missing = await call(manager, 'POST', '/external-databases', { Name: 'bad', Kind: 'postgres', Settings: { Port: 70000 } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty(['Settings.Host']);
    expect(missing.json().errors).toHaveProperty(['Settings.Port']);
    const misplaced = await call(manager, 'POST', '/external-databases', { Name: 'bad', ...postgresAt(5432, { Password: 'in the open' }) });
    expect(misplaced.statusCode).toBe(400);
    expect(misplaced.json().errors).toHaveProperty(['Settings.Password']);
    const unknown = await call(manager, 'POST', '/external-databases', { Name: 'bad', ...postgresAt(5432, { Colour: 'red' }) });
    expect(unknown.json().errors).toHaveProperty(['Settings.Colour']);
    const options = await call(manager, 'POST', '/external-databases', { Name: 'bad', ...postgresAt(5432, { Options: 'sslkey=/etc/shadow' }) });
    expect(options.statusCode).toBe(400);
    expect(options.json().errors).toHaveProperty(['Settings.Options']);
    const tls = await call(manager, 'POST', '/external-databases', { Name: 'bad', ...postgresAt(5432, { TLSMode: 'sometimes' }) });
    expect(tls.json().errors).toHaveProperty(['Settings.TLSMode']);
  });

  it('kinds without a driver are refused with 409 driver_unavailable', async () => {
    for (const kind of ['oracle', 'hdb', 'ase']) {
      const created = await call(manager, 'POST', '/external-databases', { Name: `no ${kind}`, Kind: kind, Settings: { Host: 'db', Username: 'u' } });
      expect(created.statusCode).toBe(409);
      expect(created.json().code).toBe('external_databases.errors.driver_unavailable');
      const tested = await call(manager, 'POST', '/external-databases/test', { Kind: kind, Settings: { Host: 'db', Username: 'u' } });
      expect(tested.statusCode).toBe(409);
      expect(tested.json().code).toBe('external_databases.errors.driver_unavailable');
    }
    // One stored before (e.g. by an older server) cannot be previewed either.
    const { rows } = await t.db.query<{ uuid: string }>("INSERT INTO external_databases (organization_uuid, name, kind, settings) VALUES ($1, 'legacy', 'oracle', '{}') RETURNING uuid", [organization]);
    const preview = await call(manager, 'POST', `/external-databases/${rows[0].uuid}/preview`, { Query: 'SELECT 1 FROM dual' });
    expect(preview.statusCode).toBe(409);
    expect(preview.json().code).toBe('external_databases.errors.driver_unavailable');
    expect((await call(manager, 'DELETE', `/external-databases/${rows[0].uuid}`)).statusCode).toBe(204);
  });

  it('ids of another organization are 404, as if absent', async () => {
    const id = await create({ Name: 'ours', ...postgresAt(5432), SecureSettings: { Password: 'Ours-Secret-9' } });
    expect((await call(otherManager, 'GET', `/external-databases/${id}`, undefined, otherOrganization)).statusCode).toBe(404);
    expect((await call(otherManager, 'PUT', `/external-databases/${id}`, { Name: 'theirs', ...postgresAt(5432) }, otherOrganization)).statusCode).toBe(404);
    expect((await call(otherManager, 'DELETE', `/external-databases/${id}`, undefined, otherOrganization)).statusCode).toBe(404);
    expect((await call(otherManager, 'POST', `/external-databases/${id}/preview`, { Query: 'SELECT 1' }, otherOrganization)).statusCode).toBe(404);
    const test = await call(otherManager, 'POST', '/external-databases/test', { UUID: id, ...postgresAt(trap.port) }, otherOrganization);
    expect(test.statusCode).toBe(404);
    expect(trap.received()).not.toContain('Ours-Secret-9');
    expect((await call(otherManager, 'GET', '/external-databases', undefined, otherOrganization)).json().map((d: { UUID: string }) => d.UUID)).not.toContain(id);
  });
});

describe('the stored password', () => {
  it('is kept when absent or empty, replaced when sent, cleared by null', async () => {
    const id = await create({ Name: 'secrets', ...postgresAt(5432), SecureSettings: { Password: 'first' } });
    const put = (secure?: object) => call(manager, 'PUT', `/external-databases/${id}`, { Name: 'secrets', ...postgresAt(5432), ...(secure ? { SecureSettings: secure } : {}) });
    expect((await put()).statusCode).toBe(200);
    expect(await storedSecrets(id)).toEqual({ Password: 'first' });
    expect((await put({ Password: '' })).statusCode).toBe(200);
    expect(await storedSecrets(id)).toEqual({ Password: 'first' });
    expect((await put({ Password: 'second' })).statusCode).toBe(200);
    expect(await storedSecrets(id)).toEqual({ Password: 'second' });
    const cleared = await put({ Password: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().StoredSecureSettings).toEqual([]);
    expect(await storedSecrets(id)).toEqual({});
  });

  it('must be entered again when the host, port, database or user changes (save and test), and never reaches another host', async () => {
    const id = await create({ Name: 'bound', ...postgresAt(5432), SecureSettings: { Password: 'Bound-Secret-7' } });
    for (const change of [{ Host: 'localhost' }, { Port: trap.port }, { Database: 'other' }, { Username: 'someone' }]) {
      const saved = await call(manager, 'PUT', `/external-databases/${id}`, { Name: 'bound', ...postgresAt(5432, change) });
      expect(saved.statusCode).toBe(400);
      expect(saved.json()).toMatchObject({ code: 'form.errors.secret_reentry', errors: { 'SecureSettings.Password': [expect.any(String)] } });
      const tested = await call(manager, 'POST', '/external-databases/test', { UUID: id, ...postgresAt(5432, change) });
      expect(tested.statusCode).toBe(400);
      expect(tested.json().code).toBe('form.errors.secret_reentry');
    }
    const toTrap = await call(manager, 'POST', '/external-databases/test', { UUID: id, ...postgresAt(trap.port) });
    expect(toTrap.statusCode).toBe(400);
    expect(trap.connections).toBe(0);
    expect(await storedSecrets(id)).toEqual({ Password: 'Bound-Secret-7' });
    // Unchanged binding settings (the port written as text by a form): the stored password goes along.
    const same = await call(manager, 'PUT', `/external-databases/${id}`, { Name: 'bound', ...postgresAt(5432, { TLSMode: 'require' }) });
    expect(same.statusCode).toBe(200);
    expect(await storedSecrets(id)).toEqual({ Password: 'Bound-Secret-7' });
    // Sent again with the change: accepted.
    const resent = await call(manager, 'PUT', `/external-databases/${id}`, { Name: 'bound', ...postgresAt(5433), SecureSettings: { Password: 'New-Secret-8' } });
    expect(resent.statusCode).toBe(200);
    expect(await storedSecrets(id)).toEqual({ Password: 'New-Secret-8' });
  });
});

describe('SQLite files', () => {
  it('must lie inside HISTORIAN_SQLITE_DIR (400 naming Settings.File)', async () => {
    // A link inside the folder to a file outside it is outside too.
    await symlink('/etc/passwd', path.join(sqliteDir, 'link.sqlite'));
    for (const file of ['/etc/passwd', '../outside.sqlite', path.join(sqliteDir, '..', 'x.sqlite'), sqliteDir, 'link.sqlite']) {
      const response = await call(manager, 'POST', '/external-databases', { Name: 'outside', Kind: 'sqlite', Settings: { File: file } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'external_databases.errors.file_outside', errors: { 'Settings.File': [expect.any(String)] } });
      const tested = await call(manager, 'POST', '/external-databases/test', { Kind: 'sqlite', Settings: { File: file } });
      expect(tested.statusCode).toBe(400);
    }
  });

  it('tests and previews a file read-only, binding :StartTime and :StopTime', async () => {
    const tested = await call(manager, 'POST', '/external-databases/test', { Kind: 'sqlite', Settings: { File: 'mes.sqlite' } });
    expect(tested.json()).toMatchObject({ Success: true, Steps: [{ Name: 'reach', Success: true }, { Name: 'query', Success: true }] });
    const id = await create({ Name: 'sqlite', Kind: 'sqlite', Settings: { File: path.join(sqliteDir, 'mes.sqlite') } });
    const preview = await call(manager, 'POST', `/external-databases/${id}/preview`, {
      Query: "SELECT id, name, weight, data, ':StartTime' AS literal FROM batches WHERE started >= :StartTime AND started < :StopTime ORDER BY id",
      StartTime: '2026-01-01T02:00:00Z',
      StopTime: '2026-01-01T05:00:00Z',
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      Columns: [{ Name: 'id' }, { Name: 'name' }, { Name: 'weight' }, { Name: 'data' }, { Name: 'literal' }],
      Rows: [
        [2, 'B-2', 3, null, ':StartTime'],
        [3, 'B-3', 4.5, null, ':StartTime'],
        [4, 'B-4', 6, null, ':StartTime'],
      ],
      Truncated: false,
    });
    expect(preview.json()).not.toHaveProperty('Error');
    const limited = await call(manager, 'POST', `/external-databases/${id}/preview`, { Query: 'SELECT id, data FROM batches ORDER BY id', Limit: 5 });
    expect(limited.json()).toMatchObject({ Rows: [[1, 'AQI='], [2, null], [3, null], [4, null], [5, null]], Truncated: true });
    const all = await call(manager, 'POST', `/external-databases/${id}/preview`, { Query: 'SELECT id FROM batches', Limit: 30 });
    expect(all.json()).toMatchObject({ Truncated: false });
    expect(all.json().Rows).toHaveLength(30);
  });

  it('refuses writes: the query fails at the query step and the file is unchanged', async () => {
    const id = await create({ Name: 'sqlite writes', Kind: 'sqlite', Settings: { File: 'mes.sqlite' } });
    for (const query of ["INSERT INTO batches (id, name) VALUES (99, 'x')", 'DELETE FROM batches', 'CREATE TABLE t (a)']) {
      const response = await call(manager, 'POST', `/external-databases/${id}/preview`, { Query: query });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ Columns: [], Rows: [], Error: { Step: 'query', Code: 'external_databases.errors.read_only' } });
    }
    const count = await call(manager, 'POST', `/external-databases/${id}/preview`, { Query: 'SELECT count(*) AS n FROM batches' });
    expect(count.json().Rows).toEqual([[30]]);
  });

  it('the seam (runReadOnlyQuery) binds :EventUUID and dates as the event processor passes them', async () => {
    const id = await create({ Name: 'sqlite seam', Kind: 'sqlite', Settings: { File: 'mes.sqlite' } });
    expect(await externalDatabaseConnection(t.db, otherOrganization, id)).toBeUndefined();
    const connection = await externalDatabaseConnection(t.db, organization, id);
    if (!connection) throw new Error('the stored database was not found');
    const result = await runReadOnlyQuery(connection, 'SELECT :EventUUID AS event, count(*) AS n FROM batches WHERE started >= :StartTime AND started < :StopTime', {
      params: { EventUUID: '5f0c1d2e-0000-4000-8000-000000000001', StartTime: new Date('2026-01-01T10:00:00Z'), StopTime: new Date('2026-01-01T12:00:00Z') },
      limit: 1,
      timeoutMs: 5000,
    });
    expect(result).toMatchObject({ columns: [{ Name: 'event' }, { Name: 'n' }], rows: [['5f0c1d2e-0000-4000-8000-000000000001', 2]], truncated: false });
  });

  it('a missing file fails at reach; bad SQL at query', async () => {
    const tested = await call(manager, 'POST', '/external-databases/test', { Kind: 'sqlite', Settings: { File: 'absent.sqlite' } });
    expect(tested.json()).toMatchObject({ Success: false, FailedStep: 'reach' });
    const id = await create({ Name: 'sqlite bad', Kind: 'sqlite', Settings: { File: 'mes.sqlite' } });
    const bad = await call(manager, 'POST', `/external-databases/${id}/preview`, { Query: 'SELEC 1' });
    expect(bad.json()).toMatchObject({ Error: { Step: 'query', Code: 'external_databases.errors.query', Message: expect.stringContaining('syntax') } });
  });

  it('checks the preview request: Limit at most 100, TimeoutSeconds at most 30, StartTime not after StopTime', async () => {
    const id = await create({ Name: 'sqlite limits', Kind: 'sqlite', Settings: { File: 'mes.sqlite' } });
    expect((await call(manager, 'POST', `/external-databases/${id}/preview`, { Query: 'SELECT 1', Limit: 101 })).statusCode).toBe(400);
    expect((await call(manager, 'POST', `/external-databases/${id}/preview`, { Query: 'SELECT 1', TimeoutSeconds: 31 })).statusCode).toBe(400);
    const reversed = await call(manager, 'POST', `/external-databases/${id}/preview`, { Query: 'SELECT 1', StartTime: '2026-01-02T00:00:00Z', StopTime: '2026-01-01T00:00:00Z' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ code: 'external_databases.errors.time_range', errors: { StartTime: [expect.any(String)] } });
  });
});

describe('in use', () => {
  it('counts the event configurations that read from it and refuses to delete it (409 in_use)', async () => {
    const id = await create({ Name: 'used', ...postgresAt(5432) });
    const one = async (sql: string, params: unknown[]) => (await t.db.query<{ uuid: string }>(sql, params)).rows[0].uuid;
    const asset = await one("INSERT INTO assets (organization_uuid, name, path, depth) VALUES ($1, 'Line', 'Line', 0) RETURNING uuid", [organization]);
    const type = await one("INSERT INTO event_types (organization_uuid, name) VALUES ($1, 'Batch') RETURNING uuid", [organization]);
    const configuration = await one(
      "INSERT INTO event_configurations (organization_uuid, asset_uuid, event_type_uuid, start_source, settings) VALUES ($1, $2, $3, 'external_database', $4) RETURNING uuid",
      [organization, asset, type, JSON.stringify({ ExternalSource: { ExternalDatabaseUUID: id, Query: 'SELECT 1' } })],
    );
    expect((await call(reader, 'GET', `/external-databases/${id}`)).json().UsedBy).toBe(1);
    const refused = await call(manager, 'DELETE', `/external-databases/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('external_databases.errors.in_use');
    // Property configurations count too, once their table names the database (another part adds the column).
    await t.db.query('ALTER TABLE event_property_configurations ADD COLUMN IF NOT EXISTS external_database_uuid uuid');
    const property = await one("INSERT INTO event_type_properties (event_type_uuid, name, datatype, type) VALUES ($1, 'Recipe', 'string', 'simple') RETURNING uuid", [type]);
    await t.db.query("INSERT INTO event_property_configurations (configuration_uuid, event_type_property_uuid, mode, external_database_uuid) VALUES ($1, $2, 'external_database', $3)", [configuration, property, id]);
    expect((await call(reader, 'GET', '/external-databases')).json().find((d: { UUID: string }) => d.UUID === id).UsedBy).toBe(2);
    await t.db.query("UPDATE event_configurations SET settings = '{}', start_source = 'manual' WHERE uuid = $1", [configuration]);
    expect((await call(manager, 'DELETE', `/external-databases/${id}`)).statusCode).toBe(409);
    await t.db.query('DELETE FROM event_property_configurations WHERE configuration_uuid = $1', [configuration]);
    expect((await call(manager, 'DELETE', `/external-databases/${id}`)).statusCode).toBe(204);
    expect((await call(reader, 'GET', `/external-databases/${id}`)).statusCode).toBe(404);
  });
});

describe('SQL Server', () => {
  it('is wired: a closed port fails at reach, quickly', async () => {
    const port = await freePort();
    const started = Date.now();
    const response = await call(manager, 'POST', '/external-databases/test', { Kind: 'sqlserver', Settings: { Host: '127.0.0.1', Port: port, Username: 'sa' }, SecureSettings: { Password: 'x' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Success: false, FailedStep: 'reach' });
    expect(Date.now() - started).toBeLessThan(5000);
    const id = await create({ Name: 'mssql', Kind: 'sqlserver', Settings: { Host: '127.0.0.1', Port: port, Username: 'sa' }, SecureSettings: { Password: 'Mssql-Secret-3' } });
    const preview = await call(manager, 'POST', `/external-databases/${id}/preview`, { Query: 'SELECT 1' });
    expect(preview.json()).toMatchObject({ Error: { Step: 'reach', Code: 'external_databases.errors.unreachable' } });
    expect(preview.body).not.toContain('Mssql-Secret-3');
  });
});

describe('named parameters', () => {
  const params = { StartTime: 'a', StopTime: 'b' };
  it('become each driver’s placeholders, the same name the same value', () => {
    expect(bindNamedParameters('SELECT * FROM t WHERE x >= :StartTime AND x < :StopTime OR y = :StartTime', params, 'dollar')).toMatchObject({
      text: 'SELECT * FROM t WHERE x >= $1 AND x < $2 OR y = $1',
      values: ['a', 'b'],
    });
    expect(bindNamedParameters('SELECT :StartTime, :StopTime, :StartTime', params, 'question')).toMatchObject({ text: 'SELECT ?, ?, ?', values: ['a', 'b', 'a'] });
    expect(bindNamedParameters('SELECT :StopTime, :StartTime', params, 'at')).toMatchObject({
      text: 'SELECT @p1, @p2',
      named: [
        { name: 'p1', value: 'b' },
        { name: 'p2', value: 'a' },
      ],
    });
    expect(bindNamedParameters('SELECT :EventUUID', {}, 'dollar')).toMatchObject({ text: 'SELECT $1', values: [null] });
  });

  it('leave literals, quoted names, comments, casts and other words alone', () => {
    const query = `SELECT ':StartTime', "a:StopTime", \`:StartTime\`, x::timestamp, $q$ :StartTime $q$, :Other -- :StartTime
/* :StopTime */ FROM t WHERE a = 'it''s :StopTime' AND b = :StopTime`;
    const bound = bindNamedParameters(query, params, 'dollar');
    expect(bound.values).toEqual(['b']);
    expect(bound.text).toBe(query.replace(/b = :StopTime$/, 'b = $1'));
    expect(bindNamedParameters("SELECT 'a\\':StartTime', :StartTime", params, 'question', { backslashEscapes: true })).toMatchObject({ text: "SELECT 'a\\':StartTime', ?", values: ['a'] });
    expect(bindNamedParameters('SELECT [:StartTime], :StartTime', params, 'at', { brackets: true }).text).toBe('SELECT [:StartTime], @p1');
  });
});

describe('driver messages', () => {
  it('lose userinfo of URLs, password=… pairs and every secret, also URL-encoded', () => {
    const message = 'connect postgres://plant:S3cret@pw@db:5432/x failed; Server=db;Password=S3cret@pw;User=u; echo S3cret@pw and S3cret%40pw';
    const masked = maskMessage(message, ['S3cret@pw']);
    expect(masked).not.toContain('S3cret');
    expect(masked).toContain('postgres://***@');
    expect(masked).toContain('Password=***');
  });
});
