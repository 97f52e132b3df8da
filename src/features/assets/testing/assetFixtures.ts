import { http, HttpResponse } from 'msw';
import type { AssetPropertyRead, AssetRead, MeasurementRead, PrototypeRead } from '../../../api/generated/historian.gen';
import { noTranslationOverrides } from '../../../testing/licence';
import { server } from '../../../testing/server';

// Fixture factories (STYLE §16) and an in-memory assets server for the assets pages' tests: it
// answers the contract's calls over a tree it keeps, so creating, moving and deleting show in the
// lists the page asks for again.

let count = 0;
const nextUuid = (prefix: string) => {
  count += 1;
  return `${prefix}0000000-0000-4000-8000-${String(count).padStart(12, '0')}`;
};

export const anAsset = (overrides: Partial<AssetRead> = {}): AssetRead => ({
  UUID: nextUuid('a'),
  Name: `Asset ${count}`,
  ParentUUID: null,
  AssetPath: overrides.Name ?? `Asset ${count}`,
  Status: 'Active',
  Metadata: {},
  LinkStatus: 'NotLinked',
  ChildCount: 0,
  PrototypeUUID: null,
  PrototypeName: null,
  ...overrides,
});

export const aProperty = (overrides: Partial<AssetPropertyRead> & { AssetUUID: string }): AssetPropertyRead => ({
  UUID: nextUuid('b'),
  Name: `property_${count}`,
  MeasurementUUID: null,
  LinkStatus: 'NotLinked',
  ...overrides,
});

export const aMeasurement = (overrides: Partial<MeasurementRead> = {}): MeasurementRead => ({
  UUID: nextUuid('c'),
  Name: `measurement_${count}`,
  CollectorUUID: 'd0000000-0000-4000-8000-000000000001',
  DatabaseUUID: 'd0000000-0000-4000-8000-000000000002',
  Datatype: 'number',
  Status: 'Active',
  Quality: 'Good',
  Settings: {},
  Attributes: { Config: { UoM: '°C' }, Tags: {}, Metadata: {} },
  Labels: [],
  ...overrides,
});

export const aPrototype = (overrides: Partial<PrototypeRead> = {}): PrototypeRead => ({
  UUID: nextUuid('e'),
  Name: `Prototype ${count}`,
  Metadata: {},
  PropertyPrototypes: [],
  ...overrides,
});

export const problem = (status: number, detail: string, extra: Record<string, unknown> = {}) =>
  HttpResponse.json({ title: 'Problem', status, detail, ...extra }, { status, headers: { 'content-type': 'application/problem+json' } });

const member = (body: unknown, name: string): unknown => (typeof body === 'object' && body !== null ? Reflect.get(body, name) : undefined);
const text = (body: unknown, name: string) => {
  const value = member(body, name);
  return typeof value === 'string' ? value : undefined;
};

export interface AssetWorld {
  assets: AssetRead[];
  properties: AssetPropertyRead[];
  measurements: MeasurementRead[];
  prototypes: PrototypeRead[];
  /** The query of every GET /assets and GET /asset-properties. */
  assetLists: URLSearchParams[];
  propertyLists: URLSearchParams[];
  /** Bodies of the changes, by call. */
  calls: { method: string; path: string; body: unknown; query: URLSearchParams }[];
  /** Live values by measurement UUID (one point a minute over the last hour). */
  values: Map<string, number[]>;
}

/** A site, a line under it and two machines under the line; the first machine has two properties. */
export function plantWorld(): AssetWorld {
  const site = anAsset({ Name: 'Site A', AssetPath: 'Site A', ChildCount: 1 });
  const line = anAsset({ Name: 'Line 1', ParentUUID: site.UUID, AssetPath: 'Site A/Line 1', ChildCount: 2 });
  const press = anAsset({ Name: 'Press', ParentUUID: line.UUID, AssetPath: 'Site A/Line 1/Press', Metadata: { Capacity: 40, Vendor: 'Acme', Critical: true } });
  const oven = anAsset({ Name: 'Oven', ParentUUID: line.UUID, AssetPath: 'Site A/Line 1/Oven' });
  const other = anAsset({ Name: 'Site B', AssetPath: 'Site B' });
  const temperature = aMeasurement({ Name: 'press.temperature' });
  const state = aMeasurement({ Name: 'press.state', Datatype: 'boolean', Attributes: { Config: {}, Tags: {}, Metadata: {} } });
  const spare = aMeasurement({ Name: 'oven.temperature' });
  return {
    assets: [site, line, press, oven, other],
    properties: [
      aProperty({ AssetUUID: press.UUID, AssetPath: press.AssetPath, Name: 'Temperature', MeasurementUUID: temperature.UUID, MeasurementName: temperature.Name, Datatype: 'number', UoM: '°C' }),
      aProperty({ AssetUUID: press.UUID, AssetPath: press.AssetPath, Name: 'Pressure', MeasurementUUID: null, Datatype: 'number', UoM: 'bar', LinkStatus: 'Applied', PropertyPrototypeUUID: 'f0000000-0000-4000-8000-000000000001' }),
    ],
    measurements: [temperature, state, spare],
    prototypes: [],
    assetLists: [],
    propertyLists: [],
    calls: [],
    values: new Map([[temperature.UUID, Array.from({ length: 60 }, (_unused, index) => 20 + Math.sin(index / 6))]]),
  };
}

export const named = (world: AssetWorld, name: string) => {
  const found = world.assets.find((asset) => asset.Name === name);
  if (!found) throw new Error(`No asset ${name}`);
  return found;
};

function page<T>(items: readonly T[], query: URLSearchParams) {
  const size = Number(query.get('Limit') ?? 100);
  const number = Number(query.get('Page') ?? 1);
  return HttpResponse.json(items.slice((number - 1) * size, number * size), { headers: { 'x-total-count': String(items.length) } });
}

function recount(world: AssetWorld) {
  for (const asset of world.assets) asset.ChildCount = world.assets.filter((child) => child.ParentUUID === asset.UUID).length;
}

function repath(world: AssetWorld) {
  const byId = new Map(world.assets.map((asset) => [asset.UUID, asset]));
  const pathOf = (asset: AssetRead): string => {
    const parent = asset.ParentUUID ? byId.get(asset.ParentUUID) : undefined;
    return parent ? `${pathOf(parent)}/${asset.Name}` : asset.Name;
  };
  for (const asset of world.assets) asset.AssetPath = pathOf(asset);
}

/** The assets, properties, measurements, prototypes and time-series calls over `world`. */
export function assetServer(world: AssetWorld, options: { deleteAnswer?: (query: URLSearchParams) => Response | undefined } = {}) {
  const record = async (request: Request, path: string) => {
    const body: unknown = request.method === 'DELETE' ? undefined : await request.json();
    world.calls.push({ method: request.method, path, body, query: new URL(request.url).searchParams });
    return body;
  };
  server.use(
    noTranslationOverrides(),
    http.get('/api/table_setting/', () => HttpResponse.json(null)),
    http.get('/api/assets', ({ request }) => {
      const query = new URL(request.url).searchParams;
      world.assetLists.push(query);
      const keyword = query.get('Keyword')?.toLowerCase();
      const parents = query.getAll('ParentUUIDs[]');
      const found = world.assets.filter(
        (asset) =>
          (query.get('Roots') !== 'true' || asset.ParentUUID === null) &&
          (parents.length === 0 || (asset.ParentUUID !== null && parents.includes(asset.ParentUUID))) &&
          (!keyword || asset.AssetPath.toLowerCase().includes(keyword)),
      );
      return page([...found].sort((a, b) => a.AssetPath.localeCompare(b.AssetPath)), query);
    }),
    http.get('/api/assets/:id', ({ params }) => {
      const found = world.assets.find((asset) => asset.UUID === params.id);
      return found ? HttpResponse.json(found) : problem(404, 'No such asset');
    }),
    http.post('/api/assets', async ({ request }) => {
      const body = await record(request, '/assets');
      const name = text(body, 'Name') ?? '';
      const parent = member(body, 'ParentUUID');
      const parentUuid = typeof parent === 'string' ? parent : null;
      if (world.assets.some((asset) => asset.ParentUUID === parentUuid && asset.Name === name)) return problem(409, 'Taken', { errors: { Name: ['An asset of this name exists here.'] } });
      const created = anAsset({ Name: name, Description: text(body, 'Description'), ParentUUID: parentUuid });
      world.assets.push(created);
      repath(world);
      recount(world);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('/api/assets/:id', async ({ request, params }) => {
      const body = await record(request, `/assets/${String(params.id)}`);
      const found = world.assets.find((asset) => asset.UUID === params.id);
      if (!found) return problem(404, 'No such asset');
      found.Name = text(body, 'Name') ?? found.Name;
      found.Description = text(body, 'Description');
      const metadata = member(body, 'Metadata');
      if (typeof metadata === 'object' && metadata !== null) found.Metadata = Object.fromEntries(Object.entries(metadata).filter((entry): entry is [string, string | number | boolean] => ['string', 'number', 'boolean'].includes(typeof entry[1])));
      repath(world);
      return HttpResponse.json(found);
    }),
    http.patch('/api/assets/:id/parent', async ({ request, params }) => {
      const body = await record(request, `/assets/${String(params.id)}/parent`);
      const found = world.assets.find((asset) => asset.UUID === params.id);
      if (!found) return problem(404, 'No such asset');
      const parent = member(body, 'ParentUUID');
      found.ParentUUID = typeof parent === 'string' ? parent : null;
      repath(world);
      recount(world);
      return HttpResponse.json(found);
    }),
    http.delete('/api/assets/:id', async ({ request, params }) => {
      await record(request, `/assets/${String(params.id)}`);
      const query = new URL(request.url).searchParams;
      const answer = options.deleteAnswer?.(query);
      if (answer) return answer;
      const found = world.assets.find((asset) => asset.UUID === params.id);
      if (!found) return problem(404, 'No such asset');
      const below = world.assets.filter((asset) => asset.AssetPath.startsWith(`${found.AssetPath}/`));
      const properties = world.properties.filter((property) => property.AssetUUID === found.UUID);
      if ((below.length > 0 || properties.length > 0) && query.get('Cascade') !== 'true') {
        return HttpResponse.json(
          { title: 'In use', status: 409, Dependants: { Children: below.length, Properties: properties.length, EventConfigurations: 0 } },
          { status: 409, headers: { 'content-type': 'application/problem+json' } },
        );
      }
      const gone = new Set([found.UUID, ...below.map((asset) => asset.UUID)]);
      world.assets = world.assets.filter((asset) => !gone.has(asset.UUID));
      world.properties = world.properties.filter((property) => !gone.has(property.AssetUUID));
      recount(world);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/api/asset-properties', ({ request }) => {
      const query = new URL(request.url).searchParams;
      world.propertyLists.push(query);
      const assets = query.getAll('AssetUUIDs[]');
      const datatypes = query.getAll('Datatypes[]');
      const statuses = query.getAll('LinkStatuses[]');
      const keyword = query.get('Keyword')?.toLowerCase();
      const found = world.properties.filter(
        (property) =>
          (assets.length === 0 || assets.includes(property.AssetUUID)) &&
          (datatypes.length === 0 || datatypes.includes(property.Datatype ?? '')) &&
          (statuses.length === 0 || statuses.includes(property.LinkStatus)) &&
          (!keyword || `${property.Name} ${property.AssetPath ?? ''} ${property.MeasurementName ?? ''}`.toLowerCase().includes(keyword)),
      );
      return page(found, query);
    }),
    http.post('/api/asset-properties', async ({ request }) => {
      const body = await record(request, '/asset-properties');
      const measurement = world.measurements.find((item) => item.UUID === member(body, 'MeasurementUUID'));
      const asset = world.assets.find((item) => item.UUID === member(body, 'AssetUUID'));
      const created = aProperty({ AssetUUID: asset?.UUID ?? '', AssetPath: asset?.AssetPath, Name: text(body, 'Name') ?? '', MeasurementUUID: measurement?.UUID ?? null, MeasurementName: measurement?.Name, Datatype: measurement?.Datatype, UoM: measurement?.Attributes?.Config?.UoM });
      world.properties.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('/api/asset-properties/:id', async ({ request, params }) => {
      const body = await record(request, `/asset-properties/${String(params.id)}`);
      const found = world.properties.find((property) => property.UUID === params.id);
      if (!found) return problem(404, 'No such property');
      const measurement = world.measurements.find((item) => item.UUID === member(body, 'MeasurementUUID'));
      Object.assign(found, { Name: text(body, 'Name') ?? found.Name, MeasurementUUID: measurement?.UUID ?? null, MeasurementName: measurement?.Name });
      return HttpResponse.json(found);
    }),
    http.delete('/api/asset-properties/:id', async ({ request, params }) => {
      await record(request, `/asset-properties/${String(params.id)}`);
      world.properties = world.properties.filter((property) => property.UUID !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/api/measurements', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const keyword = query.get('Keyword')?.toLowerCase();
      const datatypes = query.getAll('Datatypes[]');
      return page(
        world.measurements.filter((item) => (!keyword || item.Name.toLowerCase().includes(keyword)) && (datatypes.length === 0 || datatypes.includes(item.Datatype))),
        query,
      );
    }),
    http.get('/api/measurements/:id', ({ params }) => {
      const found = world.measurements.find((item) => item.UUID === params.id);
      return found ? HttpResponse.json(found) : problem(404, 'No such measurement');
    }),
    http.get('/api/prototypes', ({ request }) => page(world.prototypes, new URL(request.url).searchParams)),
    http.get('/api/prototypes/:id', ({ params }) => {
      const found = world.prototypes.find((item) => item.UUID === params.id);
      return found ? HttpResponse.json(found) : problem(404, 'No such prototype');
    }),
    http.post('/api/prototypes/:id/links', async ({ request, params }) => {
      const body = await record(request, `/prototypes/${String(params.id)}/links`);
      const asset = world.assets.find((item) => item.UUID === member(body, 'AssetUUID'));
      const prototype = world.prototypes.find((item) => item.UUID === params.id);
      if (!asset || !prototype) return problem(404, 'Not found');
      Object.assign(asset, { PrototypeUUID: prototype.UUID, PrototypeName: prototype.Name, LinkStatus: 'Applied' });
      return HttpResponse.json(asset);
    }),
    http.delete('/api/prototypes/:id/links/:assetId', async ({ request, params }) => {
      await record(request, `/prototypes/${String(params.id)}/links/${String(params.assetId)}`);
      const asset = world.assets.find((item) => item.UUID === params.assetId);
      if (asset) Object.assign(asset, { PrototypeUUID: null, PrototypeName: null, LinkStatus: 'NotLinked' });
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/timeseries/query', async ({ request }) => {
      const body: unknown = await request.json();
      const uuids = member(body, 'MeasurementUUIDs');
      const end = Number(member(body, 'End'));
      const series = (Array.isArray(uuids) ? uuids : []).map((uuid: unknown) => {
        const values = typeof uuid === 'string' ? (world.values.get(uuid) ?? []) : [];
        return { MeasurementUUID: uuid, Measurement: '', Database: '', Datatype: 'number', UoM: '', Fields: ['time', 'last'], DataPoints: values.map((value, index) => [end - (values.length - index) * 60_000, value]), LastKnownPoint: null, Truncated: false };
      });
      return HttpResponse.json({ Series: series });
    }),
  );
}
