import { createHash } from 'node:crypto';
import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type SessionHeaders, type TestApp } from '../auth/testing/testUsers';
import { consoleCollectorJson } from '../collectors/collectorJson';
import { createDefaultCollectors } from '../collectors/defaults';
import { bearer, collectorWithToken, insertCollector, registration } from '../collectors/testing/collectorFixtures';
import { collectorsRepository } from '../repositories/collectors';

// The management calls of SPEC §7 for collectors: list (SPEC §4 order), create, update
// (secure settings replaced only when sent), PATCH status, DELETE (refused while measurements are
// in use), tokens, health history and starting an update; always inside the caller's organization.

let t: TestApp;
let plant: string;
let otherPlant: string;
let admin: SessionHeaders;
let reader: SessionHeaders;
let otherAdmin: SessionHeaders;

interface CollectorJson {
  UUID: string;
  Name: string;
  Status: string;
  CollectorType: string;
  Settings: Record<string, unknown>;
  SecureSettings?: unknown;
  SettingsVersion: number;
  IsSystem: boolean;
  UpdateVersion?: string;
}

beforeAll(async () => {
  t = await openTestApp();
  plant = await createTestOrganization(t.db, 'Plant A');
  otherPlant = await createTestOrganization(t.db, 'Plant B');
  await createDefaultCollectors(t.db, plant);
  const manage = ['READ_COLLECTORS', 'MANAGE_COLLECTORS'];
  admin = { ...(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [plant]: manage } })).uuid)), 'x-organization-uuid': plant };
  reader = { ...(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [plant]: ['READ_COLLECTORS'] } })).uuid)), 'x-organization-uuid': plant };
  otherAdmin = {
    ...(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [otherPlant]: manage } })).uuid)),
    'x-organization-uuid': otherPlant,
  };
}, 60_000);

afterAll(async () => {
  await t?.close();
}, 30_000);

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload });

const create = async (name: string, extra: object = {}) => {
  const response = await api('POST', '/collectors', admin, { Name: name, ...extra });
  expect(response.statusCode).toBe(201);
  return response.json<CollectorJson>();
};

/** A collector that registered the simulation schema through its own token. */
const registered = async (name: string) => {
  const created = await create(name);
  const token = (await api('GET', `/collectors/${created.UUID}/token`, admin)).json<{ Token: string }>().Token;
  await api('POST', '/collector-api/register', bearer(token), registration());
  return { ...created, token };
};

describe('GET /collectors', () => {
  it('each organization has its internal and calculation collectors', async () => {
    const list = (await api('GET', '/collectors', reader)).json<CollectorJson[]>();
    expect(list.filter((c) => c.IsSystem).map((c) => c.CollectorType).sort()).toEqual(['calculation', 'internal']);
  });

  it('sorts Initial, Paused, Active, Deleted, then by name case-insensitively, with the total in x-total-count', async () => {
    const ids = {
      b: await insertCollector(t.db, plant, { name: 'beta', status: 'Active' }),
      a: await insertCollector(t.db, plant, { name: 'Alpha', status: 'Active' }),
      p: await insertCollector(t.db, plant, { name: 'zulu', status: 'Paused' }),
      i: await insertCollector(t.db, plant, { name: 'Young', status: 'Initial' }),
      d: await insertCollector(t.db, plant, { name: 'aardvark', status: 'Deleted' }),
    };
    const response = await api('GET', '/collectors', reader);
    const order = response.json<CollectorJson[]>().map((c) => c.UUID).filter((id) => Object.values(ids).includes(id));
    expect(order).toEqual([ids.i, ids.p, ids.a, ids.b, ids.d]);
    expect(Number(response.headers['x-total-count'])).toBeGreaterThanOrEqual(7);
  });

  it('an administrator of another organization does not see them, and gets 404 for their ids', async () => {
    const mine = await create('Only in A');
    const theirs = (await api('GET', '/collectors', otherAdmin)).json<CollectorJson[]>();
    expect(theirs.map((c) => c.UUID)).not.toContain(mine.UUID);
    expect((await api('PUT', `/collectors/${mine.UUID}`, otherAdmin, { Name: 'taken over' })).statusCode).toBe(404);
    expect((await api('GET', `/collectors/${mine.UUID}/token`, otherAdmin)).statusCode).toBe(404);
    expect((await api('GET', `/collectors/${mine.UUID}/collector-health-history`, otherAdmin)).statusCode).toBe(404);
    expect((await api('DELETE', `/collectors/${mine.UUID}`, otherAdmin)).statusCode).toBe(404);
  });

  it('lists each collector exactly as its own answer writes it, quotes, line breaks and non-Latin text included', async () => {
    const tricky = await create('Quote " back\\slash\nline 炉', { Description: 'Tab\there </script> ☃', Settings: { Note: 'a "b" \u2028 c', Nested: { List: [1, 2.5, null, true] } } });
    const reporting = await registered('Reporting');
    expect((await api('POST', '/collector-api/health', bearer(reporting.token), { Health: 'Collecting' })).statusCode).toBeLessThan(300);
    const gone = await registered('Gone');
    expect((await api('POST', '/collector-api/health', bearer(gone.token), { Health: 'Idle' })).statusCode).toBeLessThan(300);
    expect((await api('PATCH', `/collectors/${gone.UUID}/status`, admin, { Status: 'Deleted' })).statusCode).toBe(200);
    await t.db.query('UPDATE collectors SET update_version = $1 WHERE uuid = $2', ['2.0.0', reporting.UUID]);
    const listed = (await api('GET', '/collectors?Limit=500', reader)).json<Array<Record<string, unknown>>>();
    for (const uuid of [tricky.UUID, reporting.UUID, gone.UUID]) {
      const row = await collectorsRepository(t.db).byUuid(uuid);
      const expected = row && consoleCollectorJson(row);
      const item = listed.find((c) => c.UUID === uuid);
      expect(item).toEqual(expected);
      expect(Object.keys(item ?? {})).toEqual(Object.keys(expected ?? {}));
    }
    expect(listed.find((c) => c.UUID === reporting.UUID)).toMatchObject({ UpdateVersion: '2.0.0', Health: 'Collecting', HealthUpdatedAt: expect.any(String) });
  });

  it('needs READ_COLLECTORS', async () => {
    const nobody = { ...(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [plant]: [] } })).uuid)), 'x-organization-uuid': plant };
    expect((await api('GET', '/collectors', nobody)).statusCode).toBe(403);
  });
});

describe('POST and PUT /collectors', () => {
  it('creates an Initial collector and never answers its secure settings', async () => {
    const created = await create('Boiler house', { Settings: { Site: 'north' }, SecureSettings: { ApiKey: 's3cret' } });
    expect(created).toEqual(expect.objectContaining({ Name: 'Boiler house', Status: 'Initial', Settings: { Site: 'north' } }));
    expect(JSON.stringify(created)).not.toContain('s3cret');
  });

  it('a name used in the organization answers 409 naming the field; a reader may not create', async () => {
    await create('Twin');
    const twin = await api('POST', '/collectors', admin, { Name: 'twin' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toEqual(expect.objectContaining({ errors: { Name: ['is already in use'] } }));
    expect((await api('POST', '/collectors', reader, { Name: 'x' })).statusCode).toBe(403);
  });

  it('the internal and calculation types are reserved for the organization’s own collectors', async () => {
    expect((await api('POST', '/collectors', admin, { Name: 'Calc 2', CollectorType: 'calculation' })).statusCode).toBe(400);
  });

  it('secure settings are replaced only when sent, and every settings change raises SettingsVersion', async () => {
    const collector = await registered('Press line');
    const first = await api('PUT', `/collectors/${collector.UUID}`, admin, { Name: 'Press line', Settings: { SampleIntervalMs: 500 }, SecureSettings: { ApiKey: 'k1' } });
    expect(first.statusCode).toBe(200);
    const v1 = first.json<CollectorJson>().SettingsVersion;
    const second = await api('PUT', `/collectors/${collector.UUID}`, admin, { Name: 'Press line', Settings: { SampleIntervalMs: 750 } });
    expect(second.json<CollectorJson>().SettingsVersion).toBe(v1 + 1);
    const assignment = await api('GET', '/collector-api/settings', bearer(collector.token));
    expect(assignment.json()).toEqual(expect.objectContaining({ Settings: { SampleIntervalMs: 750 }, SecureSettings: { ApiKey: 'k1' }, SettingsVersion: v1 + 1 }));
    const unchanged = await api('PUT', `/collectors/${collector.UUID}`, admin, { Name: 'Press line renamed', Settings: { SampleIntervalMs: 750 } });
    expect(unchanged.json<CollectorJson>().SettingsVersion).toBe(v1 + 1);
  });

  it('a secure setting sent empty keeps the stored value, and sent as null clears it', async () => {
    const collector = await registered('Oven');
    const settingsOf = async () => (await api('GET', '/collector-api/settings', bearer(collector.token))).json<{ SecureSettings: object }>().SecureSettings;
    await api('PUT', `/collectors/${collector.UUID}`, admin, { Name: 'Oven', Settings: { SampleIntervalMs: 500 }, SecureSettings: { ApiKey: 'k1' } });
    expect((await api('PUT', `/collectors/${collector.UUID}`, admin, { Name: 'Oven', Settings: { SampleIntervalMs: 500 }, SecureSettings: { ApiKey: '' } })).statusCode).toBe(200);
    expect(await settingsOf()).toEqual({ ApiKey: 'k1' });
    const cleared = await api('PUT', `/collectors/${collector.UUID}`, admin, { Name: 'Oven', Settings: { SampleIntervalMs: 500 }, SecureSettings: { ApiKey: null } });
    expect(cleared.statusCode).toBe(200);
    expect(await settingsOf()).toEqual({});
  });

  it('settings that break the registered schema answer 400 by field, and a secret is refused in Settings', async () => {
    const collector = await registered('Kiln');
    const response = await api('PUT', `/collectors/${collector.UUID}`, admin, { Name: 'Kiln', Settings: { SampleIntervalMs: 5, Signal: 'square', ApiKey: 'leak' } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors).sort()).toEqual(['Settings.ApiKey', 'Settings.SampleIntervalMs', 'Settings.Signal']);
    const missing = await api('PUT', `/collectors/${collector.UUID}`, admin, { Name: 'Kiln', Settings: {} });
    expect(missing.json<{ errors: object }>().errors).toEqual({ 'Settings.SampleIntervalMs': [expect.any(String)] });
  });
});

describe('settings stored before the collector registered', () => {
  it('a secret stored before the schema was known does not block later changes, and stays', async () => {
    const created = await create('Early bird', { SecureSettings: { LegacyKey: 'old' } });
    const token = (await api('GET', `/collectors/${created.UUID}/token`, admin)).json<{ Token: string }>().Token;
    await api('POST', '/collector-api/register', bearer(token), registration());
    const response = await api('PUT', `/collectors/${created.UUID}`, admin, { Name: 'Early bird', Settings: { SampleIntervalMs: 500 } });
    expect(response.statusCode).toBe(200);
    const assignment = (await api('GET', '/collector-api/settings', bearer(token))).json<{ SecureSettings: object }>();
    expect(assignment.SecureSettings).toEqual({ LegacyKey: 'old' });
  });
});

describe('status and delete', () => {
  it('PATCH /collectors/{id}/status changes the status', async () => {
    const collector = await create('Chiller');
    const response = await api('PATCH', `/collectors/${collector.UUID}/status`, admin, { Status: 'Paused' });
    expect(response.statusCode).toBe(200);
    expect(response.json<CollectorJson>().Status).toBe('Paused');
  });

  it('delete is refused with a clear message while the collector still has active measurements', async () => {
    const collector = await create('Feeder');
    // A measurement that is not Discovered has a time-series database (migration 065).
    const database = await t.db.query<{ uuid: string }>("INSERT INTO timeseries_databases (organization_uuid, name, type_uuid) VALUES ($1, 'Feeder data', gen_random_uuid()) RETURNING uuid", [plant]);
    await t.db.query("INSERT INTO measurements (organization_uuid, collector_uuid, database_uuid, name, status) VALUES ($1, $2, $3, 'Feeder.flow', 'Active')", [
      plant,
      collector.UUID,
      database.rows[0].uuid,
    ]);
    const refused = await api('DELETE', `/collectors/${collector.UUID}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toBe('Feeder still has 1 active measurement. Delete them or move them to another collector first.');
    expect((await api('PATCH', `/collectors/${collector.UUID}/status`, admin, { Status: 'Deleted' })).statusCode).toBe(409);
    await t.db.query("UPDATE measurements SET status = 'Deleted' WHERE collector_uuid = $1", [collector.UUID]);
    expect((await api('DELETE', `/collectors/${collector.UUID}`, admin)).statusCode).toBe(204);
  });

  it('a deleted collector stays listed as Deleted and its token stops working', async () => {
    const collector = await registered('Dryer');
    expect((await api('DELETE', `/collectors/${collector.UUID}`, admin)).statusCode).toBe(204);
    const listed = (await api('GET', '/collectors', reader)).json<CollectorJson[]>().find((c) => c.UUID === collector.UUID);
    expect(listed?.Status).toBe('Deleted');
    expect((await api('GET', '/collector-api/settings', bearer(collector.token))).statusCode).toBe(401);
    expect((await api('GET', `/collectors/${collector.UUID}/token`, admin)).statusCode).toBe(409);
  });

  it('a deleted collector has no live health: the list and the status answer show none', async () => {
    const collector = await registered('Furnace');
    expect((await api('POST', '/collector-api/health', bearer(collector.token), { Health: 'Collecting' })).statusCode).toBeLessThan(300);
    const health = async () => (await api('GET', '/collectors', reader)).json<Array<CollectorJson & { Health: string; HealthUpdatedAt: string | null }>>().find((c) => c.UUID === collector.UUID);
    expect(await health()).toMatchObject({ Health: 'Collecting', HealthUpdatedAt: expect.any(String) });
    const deleted = await api('PATCH', `/collectors/${collector.UUID}/status`, admin, { Status: 'Deleted' });
    expect(deleted.json()).toMatchObject({ Status: 'Deleted', Health: '', HealthUpdatedAt: null });
    expect(await health()).toMatchObject({ Status: 'Deleted', Health: '', HealthUpdatedAt: null });
  });

  it('the organization’s internal and calculation collectors cannot be deleted', async () => {
    const system = (await api('GET', '/collectors', reader)).json<CollectorJson[]>().find((c) => c.CollectorType === 'internal');
    expect((await api('DELETE', `/collectors/${system?.UUID}`, admin)).statusCode).toBe(409);
  });
});

describe('GET /collectors/{id}/token', () => {
  it('issues a historian_col_ token bound to the collector; a new one revokes the old', async () => {
    const collector = await create('Mixer');
    const first = (await api('GET', `/collectors/${collector.UUID}/token`, admin)).json<{ Token: string }>().Token;
    expect(first).toMatch(/^historian_col_/);
    expect((await api('GET', '/collector-api/settings', bearer(first))).json()).toEqual(expect.objectContaining({ UUID: collector.UUID }));
    const second = (await api('GET', `/collectors/${collector.UUID}/token`, admin)).json<{ Token: string }>().Token;
    expect((await api('GET', '/collector-api/settings', bearer(first))).statusCode).toBe(401);
    expect((await api('GET', '/collector-api/settings', bearer(second))).statusCode).toBe(200);
  });

  it('stores only the token’s hash', async () => {
    const collector = await create('Hashed');
    const token = (await api('GET', `/collectors/${collector.UUID}/token`, admin)).json<{ Token: string }>().Token;
    const { rows } = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM collectors WHERE uuid = $1', [collector.UUID]);
    expect(rows[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token.slice('historian_col_'.length));
  });

  it('a reader cannot issue tokens', async () => {
    const collector = await create('Reader token');
    expect((await api('GET', `/collectors/${collector.UUID}/token`, reader)).statusCode).toBe(403);
  });
});

describe('health history and updates', () => {
  it('GET /collectors/{id}/collector-health-history lists the health changes, newest first', async () => {
    const agent = await collectorWithToken(t.db, plant);
    await api('POST', '/collector-api/register', bearer(agent.token), registration());
    for (const health of ['Collecting', 'Collecting', 'Paused', 'Collecting']) {
      await api('POST', '/collector-api/health', bearer(agent.token), { Health: health });
    }
    const response = await api('GET', `/collectors/${agent.uuid}/collector-health-history`, reader);
    expect(response.json<Array<{ Health: string }>>().map((r) => r.Health)).toEqual(['Collecting', 'Paused', 'Collecting', 'Initializing collector']);
    expect(response.headers['x-total-count']).toBe('4');
  });

  it('POST /collectors/{id}/start-update needs a product update for the collector’s type, OS and architecture', async () => {
    const collector = await registered('Updater');
    const missing = await api('POST', `/collectors/${collector.UUID}/start-update`, admin, { Version: '1.1.0' });
    expect(missing.statusCode).toBe(400);
    await t.db.query(
      `INSERT INTO product_updates (product_type, product, os, arch, version, checksum, size)
       VALUES ('simulation', 'Simulation collector', 'linux', 'x64', '1.1.0', repeat('a', 64), 1)`,
    );
    expect((await api('POST', `/collectors/${collector.UUID}/start-update`, admin, { Version: '1.1.0' })).statusCode).toBe(204);
    const listed = (await api('GET', '/collectors', reader)).json<CollectorJson[]>().find((c) => c.UUID === collector.UUID);
    expect(listed?.UpdateVersion).toBe('1.1.0');
    expect((await api('POST', `/collectors/${collector.UUID}/start-update`, admin, { Version: '1.0.0' })).statusCode).toBe(409);
  });
});
