import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type TestApp } from '../auth/testing/testUsers';
import { insertMeasurement } from './testing/assetFixtures';

// /assets on PGlite (server/prototypes/README.md, "The tree"): paths and depths kept on create,
// rename and move for the whole subtree, names unique among active siblings (409 on Name), no `/`,
// no move under itself or below itself, the list's filters with x-total-count, the soft delete
// refused with its dependants unless Cascade, the organization scoping and READ_ASSETS alone.

const MANAGE = ['READ_ASSETS', 'MANAGE_ASSETS'];

let t: TestApp;
let organization: string;
let otherOrganization: string;
let admin: Record<string, string>;
let reader: Record<string, string>;
let otherAdmin: Record<string, string>;

beforeAll(async () => {
  t = await openTestApp();
  organization = await createTestOrganization(t.db);
  otherOrganization = await createTestOrganization(t.db);
  const as = async (org: string, privileges: string[]) => ({
    ...(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [org]: privileges } })).uuid)),
    'x-organization-uuid': org,
  });
  admin = await as(organization, MANAGE);
  reader = await as(organization, ['READ_ASSETS']);
  otherAdmin = await as(otherOrganization, MANAGE);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const call = (method: Method, url: string, headers = admin, payload?: object) => t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

interface AssetJson {
  UUID: string;
  Name: string;
  AssetPath: string;
  ParentUUID: string | null;
  ChildCount: number;
  Status: string;
  Metadata: Record<string, unknown>;
  LinkStatus: string;
}

async function create(name: string, parent: string | null = null, headers = admin, extra: object = {}): Promise<AssetJson> {
  const response = await call('POST', '/assets', headers, { Name: name, ParentUUID: parent, Metadata: {}, ...extra });
  if (response.statusCode !== 201) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
  return response.json();
}
const get = async (uuid: string): Promise<AssetJson> => (await call('GET', `/assets/${uuid}`)).json();
const depthOf = async (uuid: string) => (await t.db.query<{ depth: number }>('SELECT depth FROM assets WHERE uuid = $1', [uuid])).rows[0].depth;

describe('the tree', () => {
  it('keeps the path and depth, counts active children and answers the link', async () => {
    const site = await create('Ghent', null, admin, { Description: 'The plant', Metadata: { Capacity: 12.5, Owner: 'ops', Critical: true } });
    const line = await create('Line 1', site.UUID);
    const machine = await create('Filler', line.UUID);
    expect(machine).toMatchObject({ AssetPath: 'Ghent/Line 1/Filler', ParentUUID: line.UUID, Status: 'Active', ChildCount: 0, LinkStatus: 'NotLinked' });
    expect(await depthOf(machine.UUID)).toBe(2);
    expect(await get(site.UUID)).toMatchObject({ ChildCount: 1, Metadata: { Capacity: 12.5, Owner: 'ops', Critical: true }, PrototypeUUID: null });
  });

  it('refuses a name taken among active siblings (case aside) with 409 on Name, and a name with a slash', async () => {
    const site = await create('Antwerp');
    await create('Line A', site.UUID);
    const taken = await call('POST', '/assets', admin, { Name: 'line a', ParentUUID: site.UUID, Metadata: {} });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toHaveProperty('Name');
    // The same name elsewhere in the tree is another asset.
    await create('Line A');
    const slash = await call('POST', '/assets', admin, { Name: 'A/B', ParentUUID: null, Metadata: {} });
    expect(slash.statusCode).toBe(400);
    const renamed = await create('Line B', site.UUID);
    const clash = await call('PUT', `/assets/${renamed.UUID}`, admin, { Name: 'LINE A', ParentUUID: site.UUID, Metadata: {} });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toHaveProperty('Name');
  });

  it('refuses metadata values other than numbers, texts and booleans', async () => {
    const response = await call('POST', '/assets', admin, { Name: 'Odd', ParentUUID: null, Metadata: { Nested: { a: 1 } } });
    expect(response.statusCode).toBe(400);
  });

  it('rewrites the paths below on a rename', async () => {
    const site = await create('Brugge');
    const line = await create('L1', site.UUID);
    const machine = await create('Press', line.UUID);
    const response = await call('PUT', `/assets/${site.UUID}`, admin, { Name: 'Bruges', Description: 'renamed', ParentUUID: null, Metadata: { City: 'Bruges' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ AssetPath: 'Bruges', Description: 'renamed', Metadata: { City: 'Bruges' } });
    expect((await get(line.UUID)).AssetPath).toBe('Bruges/L1');
    expect((await get(machine.UUID)).AssetPath).toBe('Bruges/L1/Press');
  });

  it('moves a subtree with its paths and depths, never under itself or below itself', async () => {
    const north = await create('North');
    const south = await create('South');
    const line = await create('Line 9', north.UUID);
    const cell = await create('Cell', line.UUID);
    const robot = await create('Robot', cell.UUID);
    const moved = await call('PATCH', `/assets/${line.UUID}/parent`, admin, { ParentUUID: south.UUID });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ AssetPath: 'South/Line 9', ParentUUID: south.UUID });
    expect((await get(robot.UUID)).AssetPath).toBe('South/Line 9/Cell/Robot');
    expect(await depthOf(robot.UUID)).toBe(3);
    expect((await get(north.UUID)).ChildCount).toBe(0);

    const top = await call('PATCH', `/assets/${cell.UUID}/parent`, admin, { ParentUUID: null });
    expect(top.json()).toMatchObject({ AssetPath: 'Cell', ParentUUID: null });
    expect((await get(robot.UUID)).AssetPath).toBe('Cell/Robot');
    expect(await depthOf(robot.UUID)).toBe(1);

    for (const target of [cell.UUID, robot.UUID]) {
      const cycle = await call('PATCH', `/assets/${cell.UUID}/parent`, admin, { ParentUUID: target });
      expect(cycle.statusCode).toBe(400);
      expect(cycle.json()).toMatchObject({ code: 'assets.errors.cycle' });
    }
    await create('Robot', south.UUID);
    const clash = await call('PATCH', `/assets/${robot.UUID}/parent`, admin, { ParentUUID: south.UUID });
    expect(clash.statusCode).toBe(409);
  });

  it('files a change under the area Assets, one entry for a rename however large the subtree', async () => {
    const site = await create('Audited');
    const line = await create('Audited line', site.UUID);
    await call('PUT', `/assets/${site.UUID}`, admin, { Name: 'Audited site', ParentUUID: null, Metadata: {} });
    const { rows } = await t.db.query<{ action: string; area: string; subject_type: string; subject_uuid: string; subject_name: string }>(
      'SELECT action, area, subject_type, subject_uuid, subject_name FROM audit_logs WHERE subject_uuid = ANY($1) ORDER BY sequence',
      [[site.UUID, line.UUID]],
    );
    expect(rows).toEqual([
      { action: 'Create', area: 'Assets', subject_type: 'Asset', subject_uuid: site.UUID, subject_name: 'Audited' },
      { action: 'Create', area: 'Assets', subject_type: 'Asset', subject_uuid: line.UUID, subject_name: 'Audited line' },
      { action: 'Update', area: 'Assets', subject_type: 'Asset', subject_uuid: site.UUID, subject_name: 'Audited site' },
    ]);
  });

  it('does not rewrite a sibling whose name starts alike, nor names with LIKE wildcards', async () => {
    const a = await create('W_1');
    const b = await create('WX1');
    const child = await create('Kid', b.UUID);
    await call('PUT', `/assets/${a.UUID}`, admin, { Name: 'W_2', ParentUUID: null, Metadata: {} });
    expect((await get(child.UUID)).AssetPath).toBe('WX1/Kid');
  });
});

describe('the list', () => {
  let org: string;
  let headers: Record<string, string>;
  const uuids: Record<string, string> = {};
  const list = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/assets?${query}`, headers });
    expect(response.statusCode).toBe(200);
    return { total: Number(response.headers['x-total-count']), paths: (response.json() as AssetJson[]).map((asset) => asset.AssetPath) };
  };

  beforeAll(async () => {
    org = await createTestOrganization(t.db);
    headers = { ...(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [org]: MANAGE } })).uuid)), 'x-organization-uuid': org };
    for (const site of ['Site B', 'Site A']) {
      uuids[site] = (await create(site, null, headers)).UUID;
      for (const line of ['Line 2', 'Line 1']) {
        uuids[`${site}/${line}`] = (await create(line, uuids[site], headers, { Description: line === 'Line 1' ? 'Bottling hall' : '' })).UUID;
      }
    }
  });

  it('answers the top level by path with ChildCount and x-total-count', async () => {
    expect(await list('Roots=true')).toEqual({ total: 2, paths: ['Site A', 'Site B'] });
    const response = await t.app.inject({ method: 'GET', url: '/api/assets?Roots=true', headers });
    expect((response.json() as AssetJson[]).map((asset) => asset.ChildCount)).toEqual([2, 2]);
  });

  it('answers one level, some UUIDs, a path and a keyword, with paging', async () => {
    expect(await list(`ParentUUIDs=${uuids['Site A']}`)).toEqual({ total: 2, paths: ['Site A/Line 1', 'Site A/Line 2'] });
    expect(await list(`UUIDs=${uuids['Site B/Line 2']}&UUIDs=${uuids['Site A']}`)).toEqual({ total: 2, paths: ['Site A', 'Site B/Line 2'] });
    expect(await list('Path=Site%20B')).toEqual({ total: 3, paths: ['Site B', 'Site B/Line 1', 'Site B/Line 2'] });
    expect(await list('Path=Site%20B%2F')).toEqual({ total: 3, paths: ['Site B', 'Site B/Line 1', 'Site B/Line 2'] });
    expect(await list('Keyword=line%202')).toEqual({ total: 2, paths: ['Site A/Line 2', 'Site B/Line 2'] });
    expect(await list('Keyword=BOTTLING')).toEqual({ total: 2, paths: ['Site A/Line 1', 'Site B/Line 1'] });
    expect(await list('Keyword=site%20a')).toEqual({ total: 3, paths: ['Site A', 'Site A/Line 1', 'Site A/Line 2'] });
    expect(await list('Limit=2&Page=2')).toEqual({ total: 6, paths: ['Site A/Line 2', 'Site B'] });
    expect(await list('LinkStatuses=Applied')).toEqual({ total: 0, paths: [] });
  });

  it('leaves deleted assets out unless Statuses names Deleted', async () => {
    const gone = await create('Gone', null, headers);
    await t.app.inject({ method: 'DELETE', url: `/api/assets/${gone.UUID}`, headers });
    expect((await list('Roots=true')).paths).not.toContain('Gone');
    expect(await list('Roots=true&Statuses=Deleted')).toEqual({ total: 1, paths: ['Gone'] });
  });
});

describe('delete', () => {
  it('answers 409 AssetInUse with the dependants, event configurations below included, then deletes the subtree with Cascade (measurements stay)', async () => {
    const site = await create('Doomed');
    const line = await create('Line', site.UUID);
    const measurement = await insertMeasurement(t.db, organization, 'Speed');
    const property = await call('POST', '/asset-properties', admin, { AssetUUID: line.UUID, Name: 'Speed', MeasurementUUID: measurement, Metadata: {} });
    expect(property.statusCode).toBe(201);

    // An event configuration on the line, with an event: counted on the line and on the site above it.
    const type = (await t.db.query<{ uuid: string }>('INSERT INTO event_types (organization_uuid, name) VALUES ($1, $2) RETURNING uuid', [organization, `Batch ${site.UUID}`])).rows[0].uuid;
    const configuration = (
      await t.db.query<{ uuid: string }>("INSERT INTO event_configurations (organization_uuid, asset_uuid, event_type_uuid, start_source) VALUES ($1, $2, $3, 'manual') RETURNING uuid", [
        organization,
        line.UUID,
        type,
      ])
    ).rows[0].uuid;
    await t.db.query("INSERT INTO events (organization_uuid, configuration_uuid, asset_uuid, event_type_uuid, start_time, status, source) VALUES ($1, $2, $3, $4, now(), 'open', 'manual')", [
      organization,
      configuration,
      line.UUID,
      type,
    ]);

    const refused = await call('DELETE', `/assets/${site.UUID}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 409, Dependants: { Children: 1, Properties: 0, EventConfigurations: 1 } });
    expect((await call('DELETE', `/assets/${line.UUID}`)).json()).toMatchObject({ Dependants: { Children: 0, Properties: 1, EventConfigurations: 1 } });

    expect((await call('DELETE', `/assets/${site.UUID}?Cascade=true`)).statusCode).toBe(204);
    expect(await get(site.UUID)).toMatchObject({ Status: 'Deleted' });
    expect(await get(line.UUID)).toMatchObject({ Status: 'Deleted' });
    expect((await call('GET', `/asset-properties/${property.json().UUID}`)).statusCode).toBe(404);
    expect((await t.db.query('SELECT 1 FROM asset_properties WHERE asset_uuid = $1', [line.UUID])).rowCount).toBe(0);
    expect((await t.db.query('SELECT 1 FROM measurements WHERE uuid = $1', [measurement])).rowCount).toBe(1);
    // The event configuration went with it, and its events.
    expect((await t.db.query('SELECT 1 FROM event_configurations WHERE uuid = $1', [configuration])).rowCount).toBe(0);
    expect((await t.db.query('SELECT 1 FROM events WHERE configuration_uuid = $1', [configuration])).rowCount).toBe(0);
    // Its name is free again among the active siblings.
    await create('Doomed');
  });

  it('deletes a leaf without Cascade; a deleted asset cannot change', async () => {
    const leaf = await create('Leaf');
    expect((await call('DELETE', `/assets/${leaf.UUID}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/assets/${leaf.UUID}`)).statusCode).toBe(404);
    expect((await call('PUT', `/assets/${leaf.UUID}`, admin, { Name: 'Back', ParentUUID: null, Metadata: {} })).statusCode).toBe(409);
    expect((await call('POST', '/assets', admin, { Name: 'Under', ParentUUID: leaf.UUID, Metadata: {} })).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('answers 404 for another organization’s asset, as a parent too', async () => {
    const foreign = await create('Foreign', null, otherAdmin);
    expect((await call('GET', `/assets/${foreign.UUID}`)).statusCode).toBe(404);
    expect((await call('PUT', `/assets/${foreign.UUID}`, admin, { Name: 'Mine', ParentUUID: null, Metadata: {} })).statusCode).toBe(404);
    expect((await call('DELETE', `/assets/${foreign.UUID}?Cascade=true`)).statusCode).toBe(404);
    expect((await call('POST', '/assets', admin, { Name: 'Child', ParentUUID: foreign.UUID, Metadata: {} })).statusCode).toBe(404);
    const mine = await create('Mine');
    expect((await call('PATCH', `/assets/${mine.UUID}/parent`, admin, { ParentUUID: foreign.UUID })).statusCode).toBe(404);
    expect((await call('PATCH', `/assets/${foreign.UUID}/parent`, admin, { ParentUUID: null })).statusCode).toBe(404);
    const list = await call('GET', `/assets?UUIDs=${foreign.UUID}`);
    expect(list.json()).toEqual([]);
  });

  it('lets READ_ASSETS read but not change (403)', async () => {
    const asset = await create('Readable');
    expect((await call('GET', `/assets/${asset.UUID}`, reader)).statusCode).toBe(200);
    expect((await call('GET', '/assets?Roots=true', reader)).statusCode).toBe(200);
    expect((await call('POST', '/assets', reader, { Name: 'No', ParentUUID: null, Metadata: {} })).statusCode).toBe(403);
    expect((await call('PUT', `/assets/${asset.UUID}`, reader, { Name: 'No', ParentUUID: null, Metadata: {} })).statusCode).toBe(403);
    expect((await call('PATCH', `/assets/${asset.UUID}/parent`, reader, { ParentUUID: null })).statusCode).toBe(403);
    expect((await call('DELETE', `/assets/${asset.UUID}`, reader)).statusCode).toBe(403);
  });
});
