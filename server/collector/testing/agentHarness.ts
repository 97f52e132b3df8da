import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestOrganization, createTestUser, openTestApp, rootOrganizationUuid, sessionHeaders, type TestApp } from '../../auth/testing/testUsers';
import { collectorWithToken, multipart } from '../../collectors/testing/collectorFixtures';

// A real server listening on a loopback port for the reference collector's tests, with an
// administrator's headers to drive it through the management API as the console would.

export interface AgentHarness {
  t: TestApp;
  url: string;
  dataDir: string;
  plant: string;
  /** Session headers in the plant, with MANAGE_COLLECTORS there and at root (product updates). */
  admin: Record<string, string>;
  newCollector(name?: string): Promise<{ uuid: string; token: string }>;
  collectorRow(uuid: string): Promise<Record<string, unknown>>;
  healthHistory(uuid: string): Promise<string[]>;
  uploadBuild(version: string, bytes: Buffer): Promise<{ Checksum: string }>;
  close(): Promise<void>;
}

export async function openAgentHarness(): Promise<AgentHarness> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'historian-agent-'));
  const t = await openTestApp({ HISTORIAN_DATA_DIR: dataDir });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const plant = await createTestOrganization(t.db);
  const root = await rootOrganizationUuid(t.db);
  const manage = ['READ_COLLECTORS', 'MANAGE_COLLECTORS'];
  const user = await createTestUser(t.db, { privileges: { [plant]: manage, [root]: manage } });
  const admin = { ...(await sessionHeaders(t.ctx, user.uuid)), 'x-organization-uuid': plant };
  return {
    t,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    plant,
    admin,
    newCollector: (name) => collectorWithToken(t.db, plant, name),
    async collectorRow(uuid) {
      const { rows } = await t.db.query<Record<string, unknown>>(
        'SELECT status, health, build_version, update_version, settings_version, applied_settings_version, registered_at FROM collectors WHERE uuid = $1',
        [uuid],
      );
      return rows[0];
    },
    async healthHistory(uuid) {
      const { rows } = await t.db.query<{ health: string }>('SELECT health FROM collector_health WHERE collector_uuid = $1 ORDER BY id', [uuid]);
      return rows.map((row) => row.health);
    },
    async uploadBuild(version, bytes) {
      const fields = { ProductType: 'simulation', Product: 'Historian simulation collector', OS: process.platform, Arch: process.arch, Version: version };
      const body = multipart(fields, { name: 'File', bytes, filename: `build-${version}.js` });
      const response = await t.app.inject({ method: 'POST', url: '/api/product-updates', headers: { ...admin, ...body.headers }, payload: body.payload });
      if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
      return response.json<{ Checksum: string }>();
    },
    async close() {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls until `check` holds; the last value is in the failure message. */
export async function waitFor<T>(read: () => Promise<T> | T, check: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}
