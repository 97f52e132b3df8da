import { openPrototypeFixture, type PrototypeFixture } from './testFixture';

// The prototype definitions, instances, links and link statuses (README.md) through the HTTP API.

let f: PrototypeFixture;
let speedOf: (name: string) => Promise<string>;

beforeAll(async () => {
  f = await openPrototypeFixture();
  speedOf = (name) => f.measurement(`${name}.speed`);
}, 60_000);

afterAll(async () => {
  await f?.close();
});

type Json = Record<string, unknown> & { UUID: string };
const asJson = (value: unknown) => value as Json;

const pump = (name: string, extra: object = {}) => ({
  Name: name,
  Description: 'A pump',
  Metadata: { Vendor: 'ACME', Serial: null },
  PropertyPrototypes: [
    { Name: 'Speed', Kind: 'measurement', Datatype: 'number', NameTemplate: '{{asset.Name}}.speed' },
    { Name: 'Temperature', Kind: 'measurement', Datatype: 'number', NameTemplate: '{{asset.Name}}.temp' },
  ],
  ...extra,
});

async function create(name: string, extra: object = {}): Promise<Json> {
  const response = await f.call('POST', '/prototypes', pump(name, extra));
  expect(response.statusCode).toBe(201);
  return asJson(response.json());
}

async function instantiate(prototype: string, names: string[], parent: string | null = null): Promise<Json[]> {
  const response = await f.call('POST', `/prototypes/${prototype}/instances`, { ParentUUID: parent, Instances: names.map((name) => ({ Name: name, Metadata: { Serial: `S-${name}` } })) });
  expect([response.statusCode, response.statusCode === 201 ? '' : response.body]).toEqual([201, '']);
  return (response.json() as Json[]).map(asJson);
}

const statusesOf = async (asset: string) => ({
  asset: (await f.ctx.db.query<{ link_status: string }>('SELECT link_status FROM assets WHERE uuid = $1', [asset])).rows[0].link_status,
  properties: Object.fromEntries(
    (await f.ctx.db.query<{ name: string; link_status: string }>('SELECT name, link_status FROM asset_properties WHERE asset_uuid = $1', [asset])).rows.map((row) => [row.name, row.link_status]),
  ),
});

describe('prototype definitions', () => {
  it('creates a prototype with its property prototypes and reads it back; a second of the same name is a 409', async () => {
    const created = await create('Pump A');
    expect(created).toMatchObject({ Name: 'Pump A', Metadata: { Vendor: 'ACME', Serial: null }, InstanceCounts: {} });
    expect((created.PropertyPrototypes as Json[]).map((item) => item.Name)).toEqual(['Speed', 'Temperature']);
    expect((await f.call('GET', `/prototypes/${created.UUID}`)).json()).toMatchObject({ Name: 'Pump A' });
    expect((await f.call('POST', '/prototypes', pump('pump a'))).statusCode).toBe(409);
  });

  it('refuses duplicate property names, a calculation without a template and inputs naming no property (400)', async () => {
    const response = await f.call('POST', '/prototypes', {
      ...pump('Broken'),
      PropertyPrototypes: [
        { Name: 'Speed', Kind: 'measurement', Datatype: 'number' },
        { Name: 'speed', Kind: 'measurement', Datatype: 'number' },
        { Name: 'Calc', Kind: 'calculation', Datatype: 'number' },
        { Name: 'Calc2', Kind: 'calculation', Datatype: 'number', CalculationTemplate: { Type: 'raw', Script: 'return 1', Inputs: [{ Alias: 'a', Property: 'Nope' }] } },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys((response.json() as { errors: object }).errors)).toEqual(
      expect.arrayContaining(['PropertyPrototypes.1.Name', 'PropertyPrototypes.2.CalculationTemplate', 'PropertyPrototypes.3.CalculationTemplate.Inputs.0.Property']),
    );
  });

  it('lists by name with a keyword and x-total-count', async () => {
    await create('Valve Z');
    const response = await f.call('GET', '/prototypes?Keyword=valve');
    expect(response.headers['x-total-count']).toBe('1');
    expect((response.json() as Json[]).map((item) => item.Name)).toEqual(['Valve Z']);
  });

  it('replaces the property prototypes as a list: a known UUID is updated, a missing one marked deleted, a new one inserted', async () => {
    const created = await create('Pump B');
    const [speed] = created.PropertyPrototypes as Json[];
    const response = await f.call('PUT', `/prototypes/${created.UUID}`, {
      ...pump('Pump B'),
      PropertyPrototypes: [
        { UUID: speed.UUID, Name: 'Rotation', Kind: 'measurement', Datatype: 'number' },
        { Name: 'Flow', Kind: 'measurement', Datatype: 'number' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const items = (response.json() as Json).PropertyPrototypes as Json[];
    expect(items.map((item) => [item.Name, item.UUID === speed.UUID])).toEqual([
      ['Rotation', true],
      ['Flow', false],
    ]);
    const { rows } = await f.ctx.db.query<{ name: string; deleted: boolean }>('SELECT name, deleted FROM property_prototypes WHERE prototype_uuid = $1 ORDER BY name', [created.UUID]);
    expect(rows).toEqual([
      { name: 'Flow', deleted: false },
      { name: 'Rotation', deleted: false },
      { name: 'Temperature', deleted: true },
    ]);
  });
});

describe('instances and link statuses', () => {
  it('makes instances with metadata filled, properties bound by Bindings or by the NameTemplate, else unbound; every item Applied', async () => {
    const prototype = await create('Pump C');
    const boundByName = await speedOf('C1');
    const given = await f.measurement('given.temp');
    const response = await f.call('POST', `/prototypes/${prototype.UUID}/instances`, {
      ParentUUID: null,
      Instances: [
        { Name: 'C1', Metadata: { Serial: 'S1' }, Bindings: { Temperature: given } },
        { Name: 'C2', Metadata: { Serial: 'S2' } },
      ],
    });
    expect(response.statusCode).toBe(201);
    const [c1, c2] = (response.json() as Json[]).map(asJson);
    expect(c1).toMatchObject({ Name: 'C1', AssetPath: 'C1', Metadata: { Vendor: 'ACME', Serial: 'S1' }, PrototypeUUID: prototype.UUID, PrototypeName: 'Pump C', LinkStatus: 'Applied' });
    const { rows } = await f.ctx.db.query<{ asset_uuid: string; name: string; measurement_uuid: string | null; link_status: string }>(
      'SELECT asset_uuid, name, measurement_uuid, link_status FROM asset_properties WHERE asset_uuid = ANY($1::uuid[]) ORDER BY name, asset_uuid = $2 DESC',
      [[c1.UUID, c2.UUID], c1.UUID],
    );
    expect(rows.map((row) => [row.asset_uuid === c1.UUID ? 'C1' : 'C2', row.name, row.measurement_uuid, row.link_status])).toEqual([
      ['C1', 'Speed', boundByName, 'Applied'],
      ['C2', 'Speed', null, 'Applied'],
      ['C1', 'Temperature', given, 'Applied'],
      ['C2', 'Temperature', null, 'Applied'],
    ]);
    expect((await f.call('GET', `/prototypes/${prototype.UUID}`)).json()).toMatchObject({ InstanceCounts: { Applied: 2 } });
  });

  it('refuses an instance without a required metadata value (400 naming the key and the instance) and a sibling name taken (409)', async () => {
    const prototype = await create('Pump D');
    const missing = await f.call('POST', `/prototypes/${prototype.UUID}/instances`, { ParentUUID: null, Instances: [{ Name: 'D1' }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: { 'Instances.0.Metadata.Serial': [expect.stringContaining('D1')] } });
    await instantiate(prototype.UUID, ['D2']);
    expect((await f.call('POST', `/prototypes/${prototype.UUID}/instances`, { ParentUUID: null, Instances: [{ Name: 'd2', Metadata: { Serial: 'x' } }] })).statusCode).toBe(409);
  });

  it('places instances under a parent with their path and depth', async () => {
    const prototype = await create('Pump E');
    const [site] = await instantiate(prototype.UUID, ['Site E']);
    const [machine] = await instantiate(prototype.UUID, ['E1'], site.UUID);
    expect(machine).toMatchObject({ AssetPath: 'Site E/E1', ParentUUID: site.UUID });
    const { rows } = await f.ctx.db.query<{ depth: number }>('SELECT depth FROM assets WHERE uuid = $1', [machine.UUID]);
    expect(rows[0].depth).toBe(1);
  });

  it('keeps each link status: Applied, Overridden (the instance changed), NeedsUpdate (the prototype changed), Deleted (a property prototype removed), NotLinked (unlinked)', async () => {
    const prototype = await create('Pump F');
    const [f1, f2] = await instantiate(prototype.UUID, ['F1', 'F2']);
    expect(await statusesOf(f1.UUID)).toEqual({ asset: 'Applied', properties: { Speed: 'Applied', Temperature: 'Applied' } });

    // The instance changes: Overridden (only when something recomputes; the prototype's update does).
    await f.ctx.db.query(`UPDATE assets SET metadata = metadata || '{"Vendor":"Local"}' WHERE uuid = $1`, [f1.UUID]);
    await f.ctx.db.query("UPDATE asset_properties SET description = 'mine' WHERE asset_uuid = $1 AND name = 'Speed'", [f1.UUID]);
    const current = asJson((await f.call('GET', `/prototypes/${prototype.UUID}`)).json());
    const [speedItem] = current.PropertyPrototypes as Json[];
    const update = await f.call('PUT', `/prototypes/${prototype.UUID}`, {
      ...pump('Pump F'),
      Metadata: { Vendor: 'ACME', Serial: null, Power: 5 },
      PropertyPrototypes: [{ UUID: speedItem.UUID, Name: 'Speed', Kind: 'measurement', Datatype: 'number' }],
    });
    expect(update.statusCode).toBe(200);
    expect(await statusesOf(f1.UUID)).toEqual({ asset: 'NeedsUpdate', properties: { Speed: 'Overridden', Temperature: 'Deleted' } });
    expect(await statusesOf(f2.UUID)).toEqual({ asset: 'NeedsUpdate', properties: { Speed: 'Applied', Temperature: 'Deleted' } });
    expect(asJson(update.json()).InstanceCounts).toEqual({ NeedsUpdate: 2 });

    expect((await f.call('DELETE', `/prototypes/${prototype.UUID}/links/${f2.UUID}`)).statusCode).toBe(204);
    expect(await statusesOf(f2.UUID)).toEqual({ asset: 'NotLinked', properties: { Speed: 'NotLinked', Temperature: 'NotLinked' } });
  });

  it('links an existing asset with its properties unlinked, and deleting the prototype leaves its instances NotLinked', async () => {
    const prototype = await create('Pump G');
    const other = await create('Other G', { Metadata: {} });
    const [g1] = await instantiate(other.UUID, ['G1']);
    expect((await f.call('POST', `/prototypes/${prototype.UUID}/links`, { AssetUUID: g1.UUID })).statusCode).toBe(409);
    await f.call('DELETE', `/prototypes/${other.UUID}/links/${g1.UUID}`);
    const linked = await f.call('POST', `/prototypes/${prototype.UUID}/links`, { AssetUUID: g1.UUID });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ PrototypeUUID: prototype.UUID, LinkStatus: 'NeedsUpdate' });
    expect((await statusesOf(g1.UUID)).properties).toEqual({ Speed: 'NotLinked', Temperature: 'NotLinked' });

    expect((await f.call('DELETE', `/prototypes/${prototype.UUID}`)).statusCode).toBe(204);
    const { rows } = await f.ctx.db.query<{ prototype_uuid: string | null; link_status: string }>('SELECT prototype_uuid, link_status FROM assets WHERE uuid = $1', [g1.UUID]);
    expect(rows[0]).toEqual({ prototype_uuid: null, link_status: 'NotLinked' });
  });
});

describe('privileges and organizations', () => {
  it('needs MANAGE_PROTOTYPES to define and MANAGE_ASSETS with READ_PROTOTYPES to instantiate', async () => {
    const prototype = await create('Pump H');
    const reader = await f.user(['READ_PROTOTYPES', 'READ_ASSETS']);
    expect((await f.call('GET', `/prototypes/${prototype.UUID}`, undefined, reader)).statusCode).toBe(200);
    expect((await f.call('POST', '/prototypes', pump('Pump H2'), reader)).statusCode).toBe(403);
    expect((await f.call('PUT', `/prototypes/${prototype.UUID}`, pump('Pump H'), reader)).statusCode).toBe(403);
    expect((await f.call('POST', `/prototypes/${prototype.UUID}/instances`, { ParentUUID: null, Instances: [{ Name: 'H1', Metadata: { Serial: 'x' } }] }, reader)).statusCode).toBe(403);
    const assetsOnly = await f.user(['MANAGE_ASSETS', 'READ_ASSETS']);
    expect((await f.call('POST', `/prototypes/${prototype.UUID}/instances`, { ParentUUID: null, Instances: [{ Name: 'H1', Metadata: { Serial: 'x' } }] }, assetsOnly)).statusCode).toBe(403);
  });

  it("answers 404 for another organization's prototype, and lists none of them", async () => {
    const prototype = await create('Pump I');
    const elsewhere = (method: string, url: string, body?: unknown) => f.call(method, url, body, f.outsider, f.otherOrganization);
    expect((await elsewhere('GET', `/prototypes/${prototype.UUID}`)).statusCode).toBe(404);
    expect((await elsewhere('PUT', `/prototypes/${prototype.UUID}`, pump('Pump I'))).statusCode).toBe(404);
    expect((await elsewhere('DELETE', `/prototypes/${prototype.UUID}`)).statusCode).toBe(404);
    expect((await elsewhere('POST', `/prototypes/${prototype.UUID}/instances`, { ParentUUID: null, Instances: [{ Name: 'I1', Metadata: { Serial: 'x' } }] })).statusCode).toBe(404);
    expect(((await elsewhere('GET', '/prototypes')).json() as Json[]).map((item) => item.Name)).not.toContain('Pump I');
  });
});
