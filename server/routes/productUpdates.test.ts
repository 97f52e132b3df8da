import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestOrganization, createTestUser, openTestApp, rootOrganizationUuid, sessionHeaders, type SessionHeaders, type TestApp } from '../auth/testing/testUsers';
import { bearer, collectorWithToken, multipart, registration } from '../collectors/testing/collectorFixtures';

// Product updates (SPEC §3, §4): GET, POST (multipart, size limit, SHA-256 stored, file under the data
// dir) and DELETE /product-updates.

const LIMIT = 64 * 1024;
let t: TestApp;
let dataDir: string;
let admin: SessionHeaders;
let reader: SessionHeaders;
let plant: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'historian-updates-'));
  t = await openTestApp({ HISTORIAN_DATA_DIR: dataDir, HISTORIAN_UPLOAD_LIMIT_BYTES: String(LIMIT) });
  const root = await rootOrganizationUuid(t.db);
  plant = await createTestOrganization(t.db);
  admin = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [root]: ['MANAGE_COLLECTORS', 'READ_COLLECTORS'], [plant]: ['READ_COLLECTORS'] } })).uuid);
  reader = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [plant]: ['READ_COLLECTORS', 'MANAGE_COLLECTORS'] } })).uuid);
}, 60_000);

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

const fields = (version: string, overrides: Record<string, string> = {}) => ({
  ProductType: 'simulation',
  Product: 'Simulation collector',
  OS: 'linux',
  Arch: 'x64',
  Version: version,
  ...overrides,
});

const upload = (headers: Record<string, string>, version: string, bytes: Buffer, overrides: Record<string, string> = {}) => {
  const body = multipart(fields(version, overrides), { name: 'File', bytes });
  return t.app.inject({ method: 'POST', url: '/api/product-updates', headers: { ...headers, ...body.headers }, payload: body.payload });
};

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('POST /product-updates', () => {
  it('stores the build under <data dir>/product-updates/<sha256> and answers its checksum and size', async () => {
    const bytes = Buffer.from('export const version = "2.0.0";\n');
    const response = await upload(admin, '2.0.0', bytes);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual(
      expect.objectContaining({ ProductType: 'simulation', OS: 'linux', Arch: 'x64', Version: '2.0.0', Checksum: sha(bytes), Size: bytes.length }),
    );
    expect(readFileSync(path.join(dataDir, 'product-updates', sha(bytes)))).toEqual(bytes);
  });

  it('the same version for the same type, OS and architecture twice answers 409', async () => {
    await upload(admin, '2.1.0', Buffer.from('a'));
    const again = await upload(admin, '2.1.0', Buffer.from('b'));
    expect(again.statusCode).toBe(409);
    expect(existsSync(path.join(dataDir, 'product-updates', sha(Buffer.from('b'))))).toBe(false);
  });

  it('a version uploaded already for the type, OS and architecture is named as the Version field of the 409', async () => {
    await upload(admin, '2.2.0', Buffer.from('c'));
    const again = await upload(admin, '2.2.0', Buffer.from('d'));
    expect(again.statusCode).toBe(409);
    expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(again.json()).toEqual(expect.objectContaining({ errors: { Version: ['is uploaded already for this type, OS and architecture'] } }));
  });

  it('a file over HISTORIAN_UPLOAD_LIMIT_BYTES answers 413 and stores nothing', async () => {
    const response = await upload(admin, '9.9.9', Buffer.alloc(LIMIT + 1, 1));
    expect(response.statusCode).toBe(413);
    const list = await t.app.inject({ method: 'GET', url: '/api/product-updates', headers: { ...admin, 'x-organization-uuid': plant } });
    expect(list.json<Array<{ Version: string }>>().map((u) => u.Version)).not.toContain('9.9.9');
  });

  it('a missing file or a version in an unsafe form answers 400', async () => {
    const noFile = multipart(fields('3.0.0'));
    const response = await t.app.inject({ method: 'POST', url: '/api/product-updates', headers: { ...admin, ...noFile.headers }, payload: noFile.payload });
    expect(response.statusCode).toBe(400);
    expect((await upload(admin, '../../etc', Buffer.from('x'))).statusCode).toBe(400);
  });

  it('needs MANAGE_COLLECTORS at root: an organization administrator is refused', async () => {
    expect((await upload({ ...reader, 'x-organization-uuid': plant }, '4.0.0', Buffer.from('x'))).statusCode).toBe(403);
  });

  it('a JSON body is refused with 415: the contract declares multipart only', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/product-updates', headers: admin, payload: fields('5.0.0') });
    expect(response.statusCode).toBe(415);
  });
});

describe('GET and DELETE /product-updates', () => {
  it('lists the builds to readers of collectors in any organization', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/product-updates', headers: { ...reader, 'x-organization-uuid': plant } });
    expect(response.statusCode).toBe(200);
    expect(response.json<Array<{ Version: string }>>().map((u) => u.Version)).toEqual(expect.arrayContaining(['2.0.0', '2.1.0']));
  });

  it('delete removes the row, the file once no build uses it, and the pending update of collectors', async () => {
    const bytes = Buffer.from('export const version = "6.0.0";\n');
    const created = (await upload(admin, '6.0.0', bytes)).json<{ UUID: string }>();
    const agent = await collectorWithToken(t.db, plant);
    await t.app.inject({ method: 'POST', url: '/api/collector-api/register', headers: bearer(agent.token), payload: registration() });
    await t.db.query("UPDATE collectors SET update_version = '6.0.0' WHERE uuid = $1", [agent.uuid]);

    const response = await t.app.inject({ method: 'DELETE', url: `/api/product-updates/${created.UUID}`, headers: admin });
    expect(response.statusCode).toBe(204);
    expect(existsSync(path.join(dataDir, 'product-updates', sha(bytes)))).toBe(false);
    const offer = await t.app.inject({ method: 'GET', url: '/api/collector-api/update', headers: bearer(agent.token) });
    expect(offer.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/product-updates/${created.UUID}`, headers: admin })).statusCode).toBe(404);
  });
});
