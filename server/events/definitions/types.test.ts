import { SETTING_NAMES } from '../../../domain/settingNames';
import { createTestOrganization, createTestUser, openTestApp, rootOrganizationUuid, sessionHeaders, type TestApp } from '../../auth/testing/testUsers';

// /event-types and /event-type-properties on PGlite (server/events/README.md, "Definitions"): names
// unique case aside (409 on Name), a parent type without a cycle (400 on ParentUUID), deletes
// refused while used, periodic properties are numbers, Datatype and Type fixed once events hold
// values, the lists with their filters and x-total-count, organization scoping, privileges and the
// Events licence feature.

const MANAGE = ['READ_EVENT_CONFIGURATIONS', 'MANAGE_EVENT_CONFIGURATIONS', 'READ_ASSETS', 'READ_MEASUREMENTS'];

let t: TestApp;
let organization: string;
let admin: Record<string, string>;
let reader: Record<string, string>;
let otherAdmin: Record<string, string>;

beforeAll(async () => {
  t = await openTestApp();
  organization = await createTestOrganization(t.db);
  const otherOrganization = await createTestOrganization(t.db);
  const as = async (org: string, privileges: string[]) => ({
    ...(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [org]: privileges } })).uuid)),
    'x-organization-uuid': org,
  });
  admin = await as(organization, MANAGE);
  reader = await as(organization, ['READ_EVENT_CONFIGURATIONS']);
  otherAdmin = await as(otherOrganization, MANAGE);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const call = (method: Method, url: string, headers = admin, payload?: object) => t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

interface TypeJson {
  UUID: string;
  Name: string;
  ParentUUID: string | null;
  Properties: { UUID: string; Name: string }[];
  ConfigurationCount: number;
}

async function createType(name: string, parent: string | null = null, headers = admin): Promise<TypeJson> {
  const response = await call('POST', '/event-types', headers, { Name: name, Description: `${name} type`, ParentUUID: parent });
  if (response.statusCode !== 201) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
  return response.json();
}
async function createProperty(type: string, name: string, extra: object = {}): Promise<{ UUID: string }> {
  const response = await call('POST', '/event-type-properties', admin, { EventTypeUUID: type, Name: name, Datatype: 'number', Type: 'simple', UoM: '°C', ...extra });
  if (response.statusCode !== 201) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
  return response.json();
}

describe('event types', () => {
  it('creates a type under a parent and answers it with its properties and counts', async () => {
    const batch = await createType('Batch');
    const phase = await createType('Phase', batch.UUID);
    await createProperty(phase.UUID, 'Temperature');
    await createProperty(phase.UUID, 'Operator', { Datatype: 'string', UoM: '' });
    const response = await call('GET', `/event-types/${phase.UUID}`, reader);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Name: 'Phase',
      Description: 'Phase type',
      ParentUUID: batch.UUID,
      ParentName: 'Batch',
      ConfigurationCount: 0,
      Properties: [
        { Name: 'Operator', Datatype: 'string', Type: 'simple', EventTypeUUID: phase.UUID },
        { Name: 'Temperature', Datatype: 'number', Type: 'simple', UoM: '°C' },
      ],
    });
  });

  it('refuses a name taken in the organization, case aside, with 409 on Name; another organization may use it', async () => {
    await createType('Downtime');
    const taken = await call('POST', '/event-types', admin, { Name: 'DOWNTIME', ParentUUID: null });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toHaveProperty('Name');
    const other = await createType('Cleaning');
    const renamed = await call('PUT', `/event-types/${other.UUID}`, admin, { Name: 'downtime', ParentUUID: null });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().errors).toHaveProperty('Name');
    await createType('Downtime', null, otherAdmin);
  });

  it('refuses a parent that makes a cycle or is not a type of the organization (400 on ParentUUID)', async () => {
    const a = await createType('Campaign');
    const b = await createType('Lot', a.UUID);
    const c = await createType('Step', b.UUID);
    for (const parent of [a.UUID, c.UUID]) {
      const cycle = await call('PUT', `/event-types/${a.UUID}`, admin, { Name: 'Campaign', ParentUUID: parent });
      expect(cycle.statusCode).toBe(400);
      expect(cycle.json()).toMatchObject({ code: 'events.errors.type_cycle', errors: { ParentUUID: expect.any(Array) } });
    }
    const foreign = await createType('Foreign parent', null, otherAdmin);
    const response = await call('POST', '/event-types', admin, { Name: 'Orphan', ParentUUID: foreign.UUID });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('ParentUUID');
    // A change that makes no cycle is fine.
    const moved = await call('PUT', `/event-types/${c.UUID}`, admin, { Name: 'Step', ParentUUID: a.UUID });
    expect(moved.json()).toMatchObject({ ParentUUID: a.UUID, ParentName: 'Campaign' });
  });

  it('refuses to delete a type with a child type or a configuration (409 type_in_use); its properties go with it', async () => {
    const parent = await createType('Shift');
    const child = await createType('Break', parent.UUID);
    const refused = await call('DELETE', `/event-types/${parent.UUID}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'events.errors.type_in_use' });

    const asset = (await t.db.query<{ uuid: string }>("INSERT INTO assets (organization_uuid, name, path, depth) VALUES ($1, 'Press', 'Press', 0) RETURNING uuid", [organization])).rows[0].uuid;
    await t.db.query("INSERT INTO event_configurations (organization_uuid, asset_uuid, event_type_uuid, start_source) VALUES ($1, $2, $3, 'manual')", [organization, asset, child.UUID]);
    expect((await call('GET', `/event-types/${child.UUID}`)).json()).toMatchObject({ ConfigurationCount: 1 });
    expect((await call('DELETE', `/event-types/${child.UUID}`)).json()).toMatchObject({ code: 'events.errors.type_in_use' });
    await t.db.query('DELETE FROM event_configurations WHERE event_type_uuid = $1', [child.UUID]);

    const property = await createProperty(child.UUID, 'Length');
    expect((await call('DELETE', `/event-types/${child.UUID}`)).statusCode).toBe(204);
    expect((await call('GET', `/event-type-properties/${property.UUID}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/event-types/${parent.UUID}`)).statusCode).toBe(204);
    expect((await call('GET', `/event-types/${parent.UUID}`)).statusCode).toBe(404);
  });

  it('lists by name with a keyword on name or description, paged with x-total-count', async () => {
    await createType('Kw Alpha');
    await createType('Kw Beta');
    await createType('Kw Gamma');
    const page = await call('GET', '/event-types?Keyword=kw%20&Limit=2&Page=2', reader);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().map((type: TypeJson) => type.Name)).toEqual(['Kw Gamma']);
    const byDescription = await call('GET', '/event-types?Keyword=beta%20type', reader);
    expect(byDescription.json().map((type: TypeJson) => type.Name)).toEqual(['Kw Beta']);
    // A keyword's LIKE wildcards match themselves.
    expect((await call('GET', '/event-types?Keyword=%25', reader)).headers['x-total-count']).toBe('0');
  });
});

describe('event type properties', () => {
  it('refuses a name taken on the type (409), a periodic property that is not a number (400)', async () => {
    const type = await createType('Brew');
    await createProperty(type.UUID, 'Volume');
    const taken = await call('POST', '/event-type-properties', admin, { EventTypeUUID: type.UUID, Name: 'volume', Datatype: 'number', Type: 'simple' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toHaveProperty('Name');
    for (const kind of ['periodic', 'periodic_with_dimension']) {
      const response = await call('POST', '/event-type-properties', admin, { EventTypeUUID: type.UUID, Name: `Curve ${kind}`, Datatype: 'boolean', Type: kind });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'events.errors.periodic_not_number', errors: { Datatype: expect.any(Array) } });
    }
    await createProperty(type.UUID, 'Curve', { Type: 'periodic' });
  });

  it('fixes Datatype and Type once an event holds a value of the property (409), the name stays free to change', async () => {
    const type = await createType('Filling');
    const property = await createProperty(type.UUID, 'Weight');
    const changed = await call('PUT', `/event-type-properties/${property.UUID}`, admin, { EventTypeUUID: type.UUID, Name: 'Weight', Datatype: 'string', Type: 'simple' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ Datatype: 'string', UoM: '' });

    const asset = (await t.db.query<{ uuid: string }>("INSERT INTO assets (organization_uuid, name, path, depth) VALUES ($1, 'Filler', 'Filler', 0) RETURNING uuid", [organization])).rows[0].uuid;
    const configuration = (
      await t.db.query<{ uuid: string }>("INSERT INTO event_configurations (organization_uuid, asset_uuid, event_type_uuid, start_source) VALUES ($1, $2, $3, 'manual') RETURNING uuid", [organization, asset, type.UUID])
    ).rows[0].uuid;
    const event = (
      await t.db.query<{ uuid: string }>(
        "INSERT INTO events (organization_uuid, configuration_uuid, asset_uuid, event_type_uuid, start_time, status, source) VALUES ($1, $2, $3, $4, now(), 'open', 'manual') RETURNING uuid",
        [organization, configuration, asset, type.UUID],
      )
    ).rows[0].uuid;
    await t.db.query('INSERT INTO event_property_values (event_uuid, event_type_property_uuid, value) VALUES ($1, $2, $3)', [event, property.UUID, JSON.stringify('12 kg')]);

    const refused = await call('PUT', `/event-type-properties/${property.UUID}`, admin, { EventTypeUUID: type.UUID, Name: 'Weight', Datatype: 'number', Type: 'simple' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'events.errors.property_has_values' });
    const renamed = await call('PUT', `/event-type-properties/${property.UUID}`, admin, { EventTypeUUID: type.UUID, Name: 'Net weight', Datatype: 'string', Type: 'simple', UoM: 'kg' });
    expect(renamed.json()).toMatchObject({ Name: 'Net weight', UoM: 'kg' });
    const moved = await call('PUT', `/event-type-properties/${property.UUID}`, admin, { EventTypeUUID: (await createType('Elsewhere')).UUID, Name: 'Net weight', Datatype: 'string', Type: 'simple' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toHaveProperty('EventTypeUUID');
  });

  it('refuses to delete a property a property configuration uses (409 property_in_use)', async () => {
    const type = await createType('Rinse');
    const property = await createProperty(type.UUID, 'Flow');
    const asset = (await t.db.query<{ uuid: string }>("INSERT INTO assets (organization_uuid, name, path, depth) VALUES ($1, 'Rinser', 'Rinser', 0) RETURNING uuid", [organization])).rows[0].uuid;
    const configuration = (
      await t.db.query<{ uuid: string }>("INSERT INTO event_configurations (organization_uuid, asset_uuid, event_type_uuid, start_source) VALUES ($1, $2, $3, 'manual') RETURNING uuid", [organization, asset, type.UUID])
    ).rows[0].uuid;
    await t.db.query("INSERT INTO event_property_configurations (configuration_uuid, event_type_property_uuid, mode) VALUES ($1, $2, 'manual')", [configuration, property.UUID]);
    const refused = await call('DELETE', `/event-type-properties/${property.UUID}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'events.errors.property_in_use' });
    await t.db.query('DELETE FROM event_property_configurations WHERE event_type_property_uuid = $1', [property.UUID]);
    expect((await call('DELETE', `/event-type-properties/${property.UUID}`)).statusCode).toBe(204);
  });

  it('lists properties by type and name, filtered by EventTypeUUIDs, with x-total-count', async () => {
    const first = await createType('List A');
    const second = await createType('List B');
    await createProperty(second.UUID, 'Zeta');
    await createProperty(first.UUID, 'Beta');
    await createProperty(first.UUID, 'Alpha');
    const response = await call('GET', `/event-type-properties?EventTypeUUIDs=${second.UUID}&EventTypeUUIDs=${first.UUID}`, reader);
    expect(response.headers['x-total-count']).toBe('3');
    expect(response.json().map((p: { Name: string }) => p.Name)).toEqual(['Alpha', 'Beta', 'Zeta']);
    const one = await call('GET', `/event-type-properties?EventTypeUUIDs=${second.UUID}`, reader);
    expect(one.json().map((p: { Name: string }) => p.Name)).toEqual(['Zeta']);
  });
});

describe('access', () => {
  it('answers 404 for another organization’s types and properties, and lists none of them', async () => {
    const foreign = await createType('Not yours', null, otherAdmin);
    const foreignProperty = (
      await call('POST', '/event-type-properties', otherAdmin, { EventTypeUUID: foreign.UUID, Name: 'Secret', Datatype: 'number', Type: 'simple' })
    ).json();
    expect((await call('GET', `/event-types/${foreign.UUID}`)).statusCode).toBe(404);
    expect((await call('PUT', `/event-types/${foreign.UUID}`, admin, { Name: 'Mine', ParentUUID: null })).statusCode).toBe(404);
    expect((await call('DELETE', `/event-types/${foreign.UUID}`)).statusCode).toBe(404);
    expect((await call('GET', `/event-type-properties/${foreignProperty.UUID}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/event-type-properties/${foreignProperty.UUID}`)).statusCode).toBe(404);
    const adding = await call('POST', '/event-type-properties', admin, { EventTypeUUID: foreign.UUID, Name: 'Sneaky', Datatype: 'number', Type: 'simple' });
    expect(adding.statusCode).toBe(404);
    expect(adding.json().errors).toHaveProperty('EventTypeUUID');
    expect((await call('GET', `/event-type-properties?EventTypeUUIDs=${foreign.UUID}`)).headers['x-total-count']).toBe('0');
    expect((await call('GET', '/event-types?Keyword=Not%20yours')).headers['x-total-count']).toBe('0');
  });

  it('lets READ_EVENT_CONFIGURATIONS read but not change (403)', async () => {
    const type = await createType('Read only');
    expect((await call('GET', '/event-types', reader)).statusCode).toBe(200);
    expect((await call('POST', '/event-types', reader, { Name: 'Nope', ParentUUID: null })).statusCode).toBe(403);
    expect((await call('PUT', `/event-types/${type.UUID}`, reader, { Name: 'Nope', ParentUUID: null })).statusCode).toBe(403);
    expect((await call('DELETE', `/event-types/${type.UUID}`, reader)).statusCode).toBe(403);
    expect((await call('POST', '/event-type-properties', reader, { EventTypeUUID: type.UUID, Name: 'Nope', Datatype: 'number', Type: 'simple' })).statusCode).toBe(403);
  });
});

// Last: it turns the trial off for the whole installation.
describe('the Events licence feature', () => {
  it('answers 403 events.errors.unlicensed on every call without it', async () => {
    const type = await createType('Before the licence ends');
    await t.db.query('INSERT INTO settings (organization_uuid, name, value) VALUES ($1, $2, $3)', [await rootOrganizationUuid(t.db), SETTING_NAMES.trialMode, 'false']);
    const responses = [
      await call('GET', '/event-types', reader),
      await call('GET', `/event-types/${type.UUID}`),
      await call('POST', '/event-types', admin, { Name: 'After', ParentUUID: null }),
      await call('PUT', `/event-types/${type.UUID}`, admin, { Name: 'After', ParentUUID: null }),
      await call('DELETE', `/event-types/${type.UUID}`),
      await call('GET', '/event-type-properties'),
      await call('POST', '/event-type-properties', admin, { EventTypeUUID: type.UUID, Name: 'X', Datatype: 'number', Type: 'simple' }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'events.errors.unlicensed' });
    }
  });
});
