import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApiToken } from '../auth/tokens';
import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type SessionHeaders, type TestApp } from '../auth/testing/testUsers';
import { storeBuild } from '../collectors/productUpdateFiles';
import { bearer, collectorWithToken, registration } from '../collectors/testing/collectorFixtures';

// The collector-facing calls (x-historian-access: collector): register, settings with
// secure values, health reports and the update a collector was told to install; and what a
// collector token cannot reach.

let t: TestApp;
let dataDir: string;
let plantA: string;
let plantB: string;
let adminA: SessionHeaders;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'historian-collector-api-'));
  t = await openTestApp({ HISTORIAN_DATA_DIR: dataDir });
  plantA = await createTestOrganization(t.db, 'Plant A');
  plantB = await createTestOrganization(t.db, 'Plant B');
  adminA = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [plantA]: ['READ_COLLECTORS', 'MANAGE_COLLECTORS'] } })).uuid);
}, 60_000);

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api/collector-api${url}`, headers, payload });

const row = async (uuid: string) =>
  (await t.db.query<Record<string, unknown>>('SELECT status, collector_type, build_version, health, update_version, applied_settings_version FROM collectors WHERE uuid = $1', [uuid])).rows[0];

describe('POST /collector-api/register', () => {
  it('moves an Initial collector to Active, stores type, build and schemas, and records Initializing collector', async () => {
    const agent = await collectorWithToken(t.db, plantA);
    const response = await call('POST', '/register', bearer(agent.token), registration());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expect.objectContaining({ UUID: agent.uuid, OrganizationUUID: plantA, Status: 'Active', SettingsVersion: 1 }));
    expect(await row(agent.uuid)).toEqual(expect.objectContaining({ status: 'Active', collector_type: 'simulation', build_version: '1.0.0', health: 'Initializing collector' }));
  });

  it('refuses another type than the one the collector has (409)', async () => {
    const agent = await collectorWithToken(t.db, plantA);
    await call('POST', '/register', bearer(agent.token), registration());
    expect((await call('POST', '/register', bearer(agent.token), registration({ CollectorType: 'opc-ua' }))).statusCode).toBe(409);
  });

  it('a paused collector stays paused when it registers again', async () => {
    const agent = await collectorWithToken(t.db, plantA);
    await t.db.query("UPDATE collectors SET status = 'Paused' WHERE uuid = $1", [agent.uuid]);
    expect((await call('POST', '/register', bearer(agent.token), registration())).json()).toEqual(expect.objectContaining({ Status: 'Paused' }));
  });
});

describe('POST /collector-api/health', () => {
  it('answers the status, the settings version and the pending update', async () => {
    const agent = await collectorWithToken(t.db, plantA);
    await call('POST', '/register', bearer(agent.token), registration());
    await t.db.query("UPDATE collectors SET status = 'Paused', settings_version = 4, update_version = '2.0.0' WHERE uuid = $1", [agent.uuid]);
    const response = await call('POST', '/health', bearer(agent.token), { Health: 'Paused', AppliedSettingsVersion: 4 });
    expect(response.json()).toEqual({ Status: 'Paused', SettingsVersion: 4, UpdateVersion: '2.0.0', MeasurementsVersion: '0.0' });
    expect(await row(agent.uuid)).toEqual(expect.objectContaining({ health: 'Paused', applied_settings_version: 4 }));
  });

  it('only the health values of SPEC §4 are accepted (Upgrading is the console’s own)', async () => {
    const agent = await collectorWithToken(t.db, plantA);
    expect((await call('POST', '/health', bearer(agent.token), { Health: 'Upgrading' })).statusCode).toBe(400);
    for (const health of ['Initializing collector', 'Collecting', 'Idle', 'Paused', 'Collector closed', 'Collector restarting', 'Unstable']) {
      expect((await call('POST', '/health', bearer(agent.token), { Health: health })).statusCode).toBe(200);
    }
  });

  it('FailedUpdateVersion drops the pending update so the collector stops asking for it', async () => {
    const agent = await collectorWithToken(t.db, plantA);
    await t.db.query("UPDATE collectors SET update_version = '2.0.0' WHERE uuid = $1", [agent.uuid]);
    const response = await call('POST', '/health', bearer(agent.token), { Health: 'Unstable', FailedUpdateVersion: '2.0.0' });
    expect(response.json()).not.toHaveProperty('UpdateVersion');
    expect((await row(agent.uuid)).update_version).toBeNull();
  });
});

describe('GET /collector-api/update and /update/download', () => {
  it('offer the build for the collector’s type, OS and architecture; the download matches the checksum', async () => {
    const agent = await collectorWithToken(t.db, plantA);
    await call('POST', '/register', bearer(agent.token), registration());
    expect((await call('GET', '/update', bearer(agent.token))).statusCode).toBe(204);
    const bytes = Buffer.from('export const version = "1.2.0";\n');
    const { checksum, size } = await storeBuild(dataDir, bytes);
    await t.db.query(
      `INSERT INTO product_updates (product_type, product, os, arch, version, checksum, size) VALUES ('simulation', 'Sim', 'linux', 'x64', '1.2.0', $1, $2)`,
      [checksum, size],
    );
    await t.app.inject({ method: 'POST', url: `/api/collectors/${agent.uuid}/start-update`, headers: { ...adminA, 'x-organization-uuid': plantA }, payload: { Version: '1.2.0' } });

    const offer = await call('GET', '/update', bearer(agent.token));
    expect(offer.json()).toEqual(expect.objectContaining({ Version: '1.2.0', Checksum: checksum, Size: bytes.length }));
    const download = await call('GET', '/update/download', bearer(agent.token));
    expect(download.headers['x-checksum-sha256']).toBe(checksum);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(checksum);

    // Registering with the new version completes the update.
    await call('POST', '/register', bearer(agent.token), registration({ BuildVersion: '1.2.0' }));
    expect(await row(agent.uuid)).toEqual(expect.objectContaining({ build_version: '1.2.0', update_version: null }));
    expect((await call('GET', '/update/download', bearer(agent.token))).statusCode).toBe(404);
  });
});

describe('what a collector token reaches', () => {
  it('a collector token of organization A gets nothing of organization B', async () => {
    const a = await collectorWithToken(t.db, plantA);
    const b = await collectorWithToken(t.db, plantB);
    const asA = { ...bearer(a.token), 'x-organization-uuid': plantB };
    expect((await t.app.inject({ method: 'GET', url: '/api/collectors', headers: asA })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/collectors/${b.uuid}/collector-health-history`, headers: asA })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/collectors/${b.uuid}/status`, headers: asA, payload: { Status: 'Paused' } })).statusCode).toBe(401);
    // The collector calls take no ids: whatever the headers say, A's token answers A's collector.
    const settings = await call('GET', '/settings', asA);
    expect(settings.json()).toEqual(expect.objectContaining({ UUID: a.uuid, OrganizationUUID: plantA }));
    expect(JSON.stringify(settings.json())).not.toContain(b.uuid);
  });

  it('a collector token is no user: even its own organization’s management calls answer 401', async () => {
    const a = await collectorWithToken(t.db, plantA);
    expect((await t.app.inject({ method: 'GET', url: '/api/collectors', headers: { ...bearer(a.token), 'x-organization-uuid': plantA } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/current-user', headers: bearer(a.token) })).statusCode).toBe(401);
  });

  it('the collector calls refuse a browser session, a user API token and no token at all (401)', async () => {
    const user = await createTestUser(t.db, { privileges: { [plantA]: ['MANAGE_COLLECTORS'] } });
    const { Token } = await createApiToken(t.db, user.uuid, 'script');
    expect((await call('GET', '/settings', await sessionHeaders(t.ctx, user.uuid))).statusCode).toBe(401);
    expect((await call('GET', '/settings', bearer(Token))).statusCode).toBe(401);
    expect((await call('GET', '/settings', {})).statusCode).toBe(401);
    expect((await call('GET', '/settings', bearer('historian_col_forged'))).statusCode).toBe(401);
  });
});
