import { createTestOrganization, createTestUser, openTestApp, rootOrganizationUuid, sessionHeaders, type SessionHeaders, type TestApp } from '../auth/testing/testUsers';

// GET /audit-logs (filters, paging, organization scope, AllOrganizations at root), one entry, the
// CSV export and the chain check, through HTTP with the real triggers behind them.

let t: TestApp;
let root: string;
let plant: string;
let rootAuditor: SessionHeaders;
let plantAuditor: SessionHeaders;
let plantManager: SessionHeaders;
let plantManagerName: string;

interface Entry {
  UUID: string;
  Sequence: number;
  Action: string;
  Area: string;
  SubjectType: string;
  SubjectName: string;
  SubjectUUID: string;
  UserName: string;
  OrganizationUUID: string | null;
  Reason: string | null;
  Before: Record<string, unknown> | null;
  After: Record<string, unknown> | null;
}

beforeAll(async () => {
  t = await openTestApp();
  root = await rootOrganizationUuid(t.db);
  plant = await createTestOrganization(t.db, 'Audit plant');
  rootAuditor = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [root]: ['READ_AUDIT_LOGS'] } })).uuid);
  plantAuditor = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [plant]: ['READ_AUDIT_LOGS'] } })).uuid);
  const manager = await createTestUser(t.db, { privileges: { [plant]: ['READ_USER_GROUPS', 'MANAGE_USER_GROUPS', 'READ_AUDIT_LOGS'] } });
  plantManagerName = manager.name;
  plantManager = await sessionHeaders(t.ctx, manager.uuid);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const inOrg = (headers: SessionHeaders, organization: string, extra: Record<string, string> = {}) => ({ ...headers, 'x-organization-uuid': organization, ...extra });
const getLogs = (headers: Record<string, string>, query = '') => t.app.inject({ method: 'GET', url: `/api/audit-logs${query}`, headers });

async function createGroup(name: string, reason?: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user-groups',
    headers: inOrg(plantManager, plant, reason ? { 'x-audit-reason': encodeURIComponent(reason) } : {}),
    payload: { Name: name, Description: 'made for the audit test' },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ UUID: string }>().UUID;
}

describe('GET /audit-logs', () => {
  it('lists a change made through the API with its author, reason and after', async () => {
    const uuid = await createGroup('Audited operators', 'Shift change für Linie 2');
    const response = await getLogs(inOrg(plantAuditor, plant), `?Subject=${uuid}`);
    expect(response.statusCode).toBe(200);
    const entries = response.json<Entry[]>();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      Action: 'Create', Area: 'UserGroups', SubjectType: 'UserGroup', SubjectUUID: uuid, SubjectName: 'Audited operators',
      UserName: plantManagerName, OrganizationUUID: plant, Reason: 'Shift change für Linie 2',
      Before: null, After: expect.objectContaining({ name: 'Audited operators', description: 'made for the audit test' }),
    });
    expect(response.headers['x-total-count']).toBe('1');
  });

  it('filters by action, area, subject type, subject name, user and time, and pages with x-total-count', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    for (const n of [1, 2, 3]) await createGroup(`Filter group ${n}`);
    const headers = inOrg(plantAuditor, plant);
    const page = await getLogs(headers, `?Subject=Filter%20group&Actions[0]=Create&Areas[0]=UserGroups&SubjectTypes[0]=UserGroup&User=${encodeURIComponent(plantManagerName.slice(0, 6))}&From=${encodeURIComponent(before)}&Limit=2&Page=1&Order=asc`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json<Entry[]>().map((e) => e.SubjectName)).toEqual(['Filter group 1', 'Filter group 2']);
    const second = await getLogs(headers, '?Subject=Filter%20group&Limit=2&Page=2&Order=asc');
    expect(second.json<Entry[]>().map((e) => e.SubjectName)).toEqual(['Filter group 3']);
    expect((await getLogs(headers, '?Subject=Filter%20group&Actions[0]=Delete')).json()).toEqual([]);
    expect((await getLogs(headers, `?Subject=Filter%20group&To=${encodeURIComponent(before)}`)).json()).toEqual([]);
  });

  it('shows an organization only its own entries; AllOrganizations needs READ_AUDIT_LOGS at root', async () => {
    await createGroup('Only in the plant');
    expect((await getLogs(inOrg(rootAuditor, root), '?Subject=Only%20in%20the%20plant')).json()).toEqual([]);
    const all = await getLogs(inOrg(rootAuditor, root), '?Subject=Only%20in%20the%20plant&AllOrganizations=true');
    expect(all.json<Entry[]>()).toHaveLength(1);
    expect((await getLogs(inOrg(plantAuditor, plant), '?AllOrganizations=true')).statusCode).toBe(403);
    expect((await getLogs(inOrg(plantManager, root))).statusCode).toBe(403);
  });

  it('one entry: 404 from another organization', async () => {
    const uuid = await createGroup('One entry');
    const [entry] = (await getLogs(inOrg(plantAuditor, plant), `?Subject=${uuid}`)).json<Entry[]>();
    const own = await t.app.inject({ method: 'GET', url: `/api/audit-logs/${entry.UUID}`, headers: inOrg(plantAuditor, plant) });
    expect(own.json<Entry>()).toMatchObject({ UUID: entry.UUID, SubjectName: 'One entry' });
    const other = await createTestOrganization(t.db);
    const outsider = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [other]: ['READ_AUDIT_LOGS'] } })).uuid);
    expect((await t.app.inject({ method: 'GET', url: `/api/audit-logs/${entry.UUID}`, headers: inOrg(outsider, other) })).statusCode).toBe(404);
  });

  it('has no call that changes or deletes an entry', async () => {
    const [entry] = (await getLogs(inOrg(plantAuditor, plant), '?Limit=1')).json<Entry[]>();
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: `/api/audit-logs/${entry.UUID}`, headers: inOrg(rootAuditor, root), payload: method === 'DELETE' ? undefined : {} });
      expect([404, 405]).toContain(response.statusCode);
    }
  });
});

describe('GET /audit-logs/export', () => {
  it('streams the filtered entries as CSV with a header row, quoting and formula guard', async () => {
    await createGroup('=HYPERLINK("x"), "quoted"');
    const response = await t.app.inject({ method: 'GET', url: '/api/audit-logs/export?Subject=HYPERLINK', headers: inOrg(plantAuditor, plant) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="audit-log-/);
    const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('CreatedAt,Sequence,Organization,User,Action,Area,SubjectType,Subject id,Subject name,Reason,Before,After,Hash');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x""), ""quoted"""`);
    expect(lines[1]).toMatch(/,[0-9a-f]{64}$/);
  });
});

describe('GET /audit-logs/verification', () => {
  it('reports the chain intact, then names an edited entry to those who may read it', async () => {
    const intact = await t.app.inject({ method: 'GET', url: '/api/audit-logs/verification', headers: inOrg(plantAuditor, plant) });
    expect(intact.json()).toMatchObject({ Intact: true, FirstBroken: null });
    expect(intact.json<{ CheckedEntries: number }>().CheckedEntries).toBeGreaterThan(5);

    const uuid = await createGroup('To be tampered with');
    const [entry] = (await getLogs(inOrg(plantAuditor, plant), `?Subject=${uuid}`)).json<Entry[]>();
    await t.db.transaction(async (tx) => {
      await tx.query('ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_immutable');
      await tx.query("UPDATE audit_logs SET after = jsonb_set(after, '{name}', '\"Innocent\"') WHERE uuid = $1", [entry.UUID]);
      await tx.query('ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_immutable');
    });
    const broken = await t.app.inject({ method: 'GET', url: '/api/audit-logs/verification', headers: inOrg(plantAuditor, plant) });
    expect(broken.json()).toMatchObject({ Intact: false, FirstBroken: { Sequence: entry.Sequence, UUID: entry.UUID, Problem: 'content_changed' } });
    const other = await createTestOrganization(t.db);
    const outsider = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [other]: ['READ_AUDIT_LOGS'] } })).uuid);
    const seenFromElsewhere = await t.app.inject({ method: 'GET', url: '/api/audit-logs/verification', headers: inOrg(outsider, other) });
    expect(seenFromElsewhere.json()).toMatchObject({ Intact: false, FirstBroken: { Sequence: entry.Sequence, UUID: null, CreatedAt: null } });
  });
});
