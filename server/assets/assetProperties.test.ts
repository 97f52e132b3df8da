import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type TestApp } from '../auth/testing/testUsers';
import { insertMeasurement, insertUnboundProperty } from './testing/assetFixtures';

// /asset-properties on PGlite (DOMAIN.md §3): an alias unique on its asset (409), the measurement
// one of the organization's (another organization's is a 404, like its assets and properties), the
// measurement's name, datatype and unit and the asset's path joined in, AssetUUIDs with Recursive,
// the Keyword over name, path and measurement name, an unbound property bound by an update, and
// READ_ASSETS alone refused every change.

const MANAGE = ['READ_ASSETS', 'MANAGE_ASSETS'];

let t: TestApp;
let organization: string;
let admin: Record<string, string>;
let reader: Record<string, string>;
let otherAdmin: Record<string, string>;
let site: string;
let line: string;
let machine: string;
let temperature: string;
let pressure: string;
let foreignMeasurement: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers = admin, payload?: object) => t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
const createAsset = async (name: string, parent: string | null, headers = admin): Promise<string> => (await call('POST', '/assets', headers, { Name: name, ParentUUID: parent, Metadata: {} })).json().UUID;

interface PropertyJson {
  UUID: string;
  Name: string;
  AssetPath: string;
  MeasurementName?: string;
}

async function createProperty(asset: string, name: string, measurement: string | null, extra: object = {}) {
  return call('POST', '/asset-properties', admin, { AssetUUID: asset, Name: name, MeasurementUUID: measurement, Metadata: {}, ...extra });
}

beforeAll(async () => {
  t = await openTestApp();
  organization = await createTestOrganization(t.db);
  const otherOrganization = await createTestOrganization(t.db);
  const as = async (org: string, privileges: string[]) => ({
    ...(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [org]: privileges } })).uuid)),
    'x-organization-uuid': org,
  });
  admin = await as(organization, MANAGE);
  reader = await as(organization, ['READ_ASSETS']);
  otherAdmin = await as(otherOrganization, MANAGE);
  site = await createAsset('Plant', null);
  line = await createAsset('Line 1', site);
  machine = await createAsset('Oven', line);
  temperature = await insertMeasurement(t.db, organization, 'oven.temp', { uom: '°C' });
  pressure = await insertMeasurement(t.db, organization, 'line.pressure', { uom: 'bar' });
  foreignMeasurement = await insertMeasurement(t.db, otherOrganization, 'elsewhere.temp');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('a property', () => {
  it('joins in the measurement and the asset path', async () => {
    const created = await createProperty(machine, 'Temperature', temperature, { Description: 'Core', Metadata: { Setpoint: 180 } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      AssetUUID: machine,
      AssetPath: 'Plant/Line 1/Oven',
      Name: 'Temperature',
      Description: 'Core',
      MeasurementUUID: temperature,
      MeasurementName: 'oven.temp',
      Datatype: 'number',
      UoM: '°C',
      Metadata: { Setpoint: 180 },
      PropertyPrototypeUUID: null,
      LinkStatus: 'NotLinked',
    });
    expect((await call('GET', `/asset-properties/${created.json().UUID}`)).json()).toMatchObject({ Name: 'Temperature' });
  });

  it('refuses an alias taken on its asset (409 on Name), not on another asset', async () => {
    await createProperty(line, 'Pressure', pressure);
    const taken = await createProperty(line, 'pressure', temperature);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toHaveProperty('Name');
    expect((await createProperty(machine, 'Pressure', pressure)).statusCode).toBe(201);
    const other = await createProperty(line, 'Spare', pressure);
    const renamed = await call('PUT', `/asset-properties/${other.json().UUID}`, admin, { AssetUUID: line, Name: 'PRESSURE', MeasurementUUID: pressure, Metadata: {} });
    expect(renamed.statusCode).toBe(409);
  });

  it('needs a measurement of the organization that is not deleted', async () => {
    expect((await createProperty(machine, 'Foreign', foreignMeasurement)).statusCode).toBe(404);
    expect((await createProperty(machine, 'Nothing', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await createProperty(machine, 'Unbound', null)).statusCode).toBe(400);
    const deleted = await insertMeasurement(t.db, organization, 'old.one', { status: 'Deleted' });
    expect((await createProperty(machine, 'Old', deleted)).json()).toMatchObject({ status: 400, errors: { MeasurementUUID: ['is deleted'] } });
  });

  it('lets an unbound property made from a prototype be bound by an update', async () => {
    const { propertyUuid } = await insertUnboundProperty(t.db, organization, machine, 'Running');
    const unbound = await call('GET', `/asset-properties/${propertyUuid}`);
    expect(unbound.json()).toMatchObject({ MeasurementUUID: null, Datatype: 'boolean', LinkStatus: 'Applied' });
    const running = await insertMeasurement(t.db, organization, 'oven.running', { datatype: 'boolean' });
    const bound = await call('PUT', `/asset-properties/${propertyUuid}`, admin, { AssetUUID: machine, Name: 'Running', MeasurementUUID: running, Metadata: {} });
    expect(bound.statusCode).toBe(200);
    expect(bound.json()).toMatchObject({ MeasurementUUID: running, MeasurementName: 'oven.running', PropertyPrototypeUUID: expect.any(String) });
  });

  it('stays on its asset and is removed without the measurement', async () => {
    const created = (await createProperty(site, 'Flow', pressure)).json() as PropertyJson;
    const moved = await call('PUT', `/asset-properties/${created.UUID}`, admin, { AssetUUID: line, Name: 'Flow', MeasurementUUID: pressure, Metadata: {} });
    expect(moved.statusCode).toBe(400);
    expect((await call('DELETE', `/asset-properties/${created.UUID}`)).statusCode).toBe(204);
    expect((await call('GET', `/asset-properties/${created.UUID}`)).statusCode).toBe(404);
    expect((await t.db.query('SELECT 1 FROM measurements WHERE uuid = $1', [pressure])).rowCount).toBe(1);
  });
});

describe('the list', () => {
  let org: string;
  let headers: Record<string, string>;
  const assets: Record<string, string> = {};
  const list = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/asset-properties?${query}`, headers });
    expect(response.statusCode).toBe(200);
    return { total: Number(response.headers['x-total-count']), names: (response.json() as PropertyJson[]).map((p) => `${p.AssetPath}:${p.Name}`) };
  };

  beforeAll(async () => {
    org = await createTestOrganization(t.db);
    headers = { ...(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [org]: MANAGE } })).uuid)), 'x-organization-uuid': org };
    assets.north = await createAsset('North', null, headers);
    assets.mixer = await createAsset('Mixer', assets.north, headers);
    assets.blade = await createAsset('Blade', assets.mixer, headers);
    assets.south = await createAsset('South', null, headers);
    const speed = await insertMeasurement(t.db, org, 'mixer.speed', { datatype: 'number' });
    const alarm = await insertMeasurement(t.db, org, 'blade.alarm', { datatype: 'boolean' });
    const post = (asset: string, name: string, measurement: string) =>
      t.app.inject({ method: 'POST', url: '/api/asset-properties', headers, payload: { AssetUUID: asset, Name: name, MeasurementUUID: measurement, Metadata: {} } });
    await post(assets.north, 'Power', speed);
    await post(assets.mixer, 'Speed', speed);
    await post(assets.blade, 'Alarm', alarm);
    await post(assets.south, 'Speed', speed);
  });

  it('answers flat across the tree by path and name, with x-total-count and paging', async () => {
    expect(await list('')).toEqual({ total: 4, names: ['North:Power', 'North/Mixer:Speed', 'North/Mixer/Blade:Alarm', 'South:Speed'] });
    expect(await list('Limit=1&Page=3')).toEqual({ total: 4, names: ['North/Mixer/Blade:Alarm'] });
  });

  it('answers some assets, Recursive with what is below them', async () => {
    expect(await list(`AssetUUIDs=${assets.mixer}`)).toEqual({ total: 1, names: ['North/Mixer:Speed'] });
    expect(await list(`AssetUUIDs=${assets.mixer}&Recursive=true`)).toEqual({ total: 2, names: ['North/Mixer:Speed', 'North/Mixer/Blade:Alarm'] });
    expect((await list(`AssetUUIDs=${assets.north}&AssetUUIDs=${assets.south}&Recursive=true`)).total).toBe(4);
  });

  it('searches the name, the asset path and the measurement name, and filters datatypes', async () => {
    expect((await list('Keyword=POWER')).names).toEqual(['North:Power']);
    expect((await list('Keyword=blade')).names).toEqual(['North/Mixer/Blade:Alarm']);
    expect((await list('Keyword=mixer.speed')).names).toEqual(['North:Power', 'North/Mixer:Speed', 'South:Speed']);
    expect((await list('Datatypes=boolean')).names).toEqual(['North/Mixer/Blade:Alarm']);
  });
});

describe('access', () => {
  it('answers 404 for another organization’s asset and property', async () => {
    const foreignAsset = await createAsset('Elsewhere', null, otherAdmin);
    const foreign = await call('POST', '/asset-properties', otherAdmin, { AssetUUID: foreignAsset, Name: 'T', MeasurementUUID: foreignMeasurement, Metadata: {} });
    expect(foreign.statusCode).toBe(201);
    expect((await createProperty(foreignAsset, 'Mine', temperature)).statusCode).toBe(404);
    expect((await call('GET', `/asset-properties/${foreign.json().UUID}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/asset-properties/${foreign.json().UUID}`)).statusCode).toBe(404);
    expect((await call('GET', `/asset-properties?AssetUUIDs=${foreignAsset}`)).json()).toEqual([]);
  });

  it('lets READ_ASSETS read but not change (403)', async () => {
    const property = (await createProperty(site, 'Readable', temperature)).json() as PropertyJson;
    expect((await call('GET', `/asset-properties/${property.UUID}`, reader)).statusCode).toBe(200);
    expect((await call('POST', '/asset-properties', reader, { AssetUUID: site, Name: 'No', MeasurementUUID: temperature, Metadata: {} })).statusCode).toBe(403);
    expect((await call('PUT', `/asset-properties/${property.UUID}`, reader, { AssetUUID: site, Name: 'No', MeasurementUUID: temperature, Metadata: {} })).statusCode).toBe(403);
    expect((await call('DELETE', `/asset-properties/${property.UUID}`, reader)).statusCode).toBe(403);
  });
});
