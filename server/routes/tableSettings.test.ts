import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type SessionHeaders, type TestApp } from '../auth/testing/testUsers';

// SPEC §4 "Table columns" on the server: GET /table_setting/?id=, POST /table_settings and
// PUT /table_settings/{PK}. A user's own layout needs only a session; the organization default
// needs P-ADM-SD there; reading gives the user's own before the default.

let t: TestApp;
let plant: string;
let other: string;
let admin: SessionHeaders;
let operator: SessionHeaders;
let colleague: SessionHeaders;

interface TableSettingJson {
  PK: number;
  ID: string;
  ColumnsShown: string[];
  ColumnsOrder: string[];
  IsDefault: boolean;
}

beforeAll(async () => {
  t = await openTestApp();
  plant = await createTestOrganization(t.db);
  other = await createTestOrganization(t.db);
  admin = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [plant]: ['P-ADM-SD', 'READ_COLLECTORS'] } })).uuid);
  operator = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [plant]: ['READ_COLLECTORS'], [other]: ['READ_COLLECTORS'] } })).uuid);
  colleague = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [plant]: ['READ_COLLECTORS'] } })).uuid);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const inOrg = (headers: SessionHeaders, organization = plant) => ({ ...headers, 'x-organization-uuid': organization });
const layout = (ID: string, ColumnsShown: string[], extra: object = {}) => ({ ID, ColumnsShown, ColumnsOrder: [...ColumnsShown, 'hidden'], ...extra });

const read = (headers: Record<string, string>, id: string) => t.app.inject({ method: 'GET', url: `/api/table_setting/?id=${encodeURIComponent(id)}`, headers });
const create = (headers: Record<string, string>, body: object) => t.app.inject({ method: 'POST', url: '/api/table_settings', headers, payload: body });
const update = (headers: Record<string, string>, pk: number, body: object) => t.app.inject({ method: 'PUT', url: `/api/table_settings/${pk}`, headers, payload: body });

describe('table settings (SPEC §4)', () => {
  it('a table nobody configured has no settings', async () => {
    const response = await read(inOrg(operator), 'empty-table');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it("a signed-in user stores their own layout and reads it back", async () => {
    const created = await create(inOrg(operator), layout('collectors', ['Name', 'Status']));
    expect(created.statusCode).toBe(201);
    const stored = created.json<TableSettingJson>();
    expect(stored).toMatchObject({ ID: 'collectors', ColumnsShown: ['Name', 'Status'], ColumnsOrder: ['Name', 'Status', 'hidden'], IsDefault: false });
    expect((await read(inOrg(operator), 'collectors')).json()).toEqual([stored]);
  });

  it('POST again replaces the same row instead of adding one', async () => {
    const first = (await create(inOrg(operator), layout('measurements', ['Name']))).json<TableSettingJson>();
    const second = (await create(inOrg(operator), layout('measurements', ['Unit', 'Name']))).json<TableSettingJson>();
    expect(second.PK).toBe(first.PK);
    expect((await read(inOrg(operator), 'measurements')).json<TableSettingJson[]>()[0].ColumnsShown).toEqual(['Unit', 'Name']);
  });

  it('PUT /table_settings/{PK} replaces the stored layout', async () => {
    const { PK } = (await create(inOrg(operator), layout('assets', ['Name']))).json<TableSettingJson>();
    const response = await update(inOrg(operator), PK, layout('assets', ['Path', 'Name']));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ PK, ColumnsShown: ['Path', 'Name'] });
  });

  it("saving as default needs P-ADM-SD in the organization", async () => {
    const refused = await create(inOrg(operator), layout('events', ['Start'], { IsDefault: true }));
    expect(refused.statusCode).toBe(403);
    const saved = await create(inOrg(admin), layout('events', ['Start', 'Stop'], { IsDefault: true }));
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ IsDefault: true, ColumnsShown: ['Start', 'Stop'] });
  });

  it("the default applies to users without their own layout; a user's own layout wins over it", async () => {
    await create(inOrg(admin), layout('users', ['Name', 'Provider'], { IsDefault: true }));
    expect((await read(inOrg(colleague), 'users')).json()).toEqual([expect.objectContaining({ ColumnsShown: ['Name', 'Provider'], IsDefault: true })]);
    await create(inOrg(colleague), layout('users', ['Provider']));
    expect((await read(inOrg(colleague), 'users')).json()).toEqual([expect.objectContaining({ ColumnsShown: ['Provider'], IsDefault: false })]);
    expect((await read(inOrg(operator), 'users')).json()).toEqual([expect.objectContaining({ IsDefault: true })]);
  });

  it('the default can be updated by PUT only with P-ADM-SD', async () => {
    const { PK } = (await create(inOrg(admin), layout('groups', ['Name'], { IsDefault: true }))).json<TableSettingJson>();
    expect((await update(inOrg(colleague), PK, layout('groups', ['Other']))).statusCode).toBe(403);
    expect((await update(inOrg(admin), PK, layout('groups', ['Name', 'Other']))).statusCode).toBe(200);
  });

  it("another user's layout and layouts of other organizations answer 404", async () => {
    const { PK } = (await create(inOrg(colleague), layout('sinks', ['Name']))).json<TableSettingJson>();
    expect((await update(inOrg(operator), PK, layout('sinks', ['Name']))).statusCode).toBe(404);
    const mine = (await create(inOrg(operator), layout('sinks', ['Name']))).json<TableSettingJson>();
    expect((await update(inOrg(operator, other), mine.PK, layout('sinks', ['Name']))).statusCode).toBe(404);
    expect((await update(inOrg(operator), 999999, layout('sinks', ['Name']))).statusCode).toBe(404);
  });

  it('layouts are kept per organization', async () => {
    await create(inOrg(operator), layout('forwarders', ['Name']));
    expect((await read(inOrg(operator, other), 'forwarders')).json()).toEqual([]);
  });

  it("minimum one shown: an empty ColumnsShown is refused", async () => {
    const response = await create(inOrg(operator), { ID: 'collectors', ColumnsShown: [], ColumnsOrder: ['Name'] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty(['errors', 'ColumnsShown']);
  });

  it('refuses repeated columns, shown columns missing from the order and a changed table id', async () => {
    const repeated = await create(inOrg(operator), { ID: 't', ColumnsShown: ['a', 'a'], ColumnsOrder: ['a'] });
    expect(repeated.statusCode).toBe(400);
    const missing = await create(inOrg(operator), { ID: 't', ColumnsShown: ['b'], ColumnsOrder: ['a'] });
    expect(missing.json()).toHaveProperty(['errors', 'ColumnsShown']);
    const { PK } = (await create(inOrg(operator), layout('tasks', ['Name']))).json<TableSettingJson>();
    const renamed = await update(inOrg(operator), PK, layout('other-table', ['Name']));
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toHaveProperty(['errors', 'ID']);
  });

  it('needs a session and an organization of the user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/table_setting/?id=x', headers: { 'x-organization-uuid': plant } })).statusCode).toBe(401);
    expect((await read(inOrg(colleague, other), 'x')).statusCode).toBe(403);
  });
});
