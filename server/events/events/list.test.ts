import { SETTING_NAMES } from '../../../domain/settingNames';
import { rootOrganizationUuid } from '../../auth/testing/testUsers';
import { openEventsFixture, type EventsFixture } from './testFixture';

// GET /events on PGlite (server/events/README.md, "Events calls"): the SPEC sorts (StartTime,
// StopTime, ParentUUID, each both ways, ties by UUID, stable pages), the time overlap, every
// filter, property filters of each operator family joined left to right, the answer's labels,
// values and series, the distinct values, the organization scoping and the licence.

let f: EventsFixture;
const at = (hour: number, minute = 0) => new Date(Date.UTC(2026, 10, 1, hour, minute)).toISOString();

interface Known {
  uuid: string;
  start: string;
  stop: string | null;
  parent: string | null;
}
const known: Known[] = [];
const ids: Record<string, string> = {};
let site: string;
let line: string;
let filler: string;
let mixer: string;
let batch: { uuid: string; properties: Record<string, string> };
let shiftConfiguration: string;
let fillerBatches: string;
let mixerBatches: string;

beforeAll(async () => {
  f = await openEventsFixture();
  site = await f.asset('Ghent');
  line = await f.asset('Line 1', site);
  filler = await f.asset('Filler', line);
  mixer = await f.asset('Mixer');
  const shift = await f.eventType('Shift', [{ name: 'Crew', datatype: 'string' }]);
  batch = await f.eventType('Batch', [
    { name: 'Temp' },
    { name: 'Product', datatype: 'string' },
    { name: 'Ok', datatype: 'boolean' },
    { name: 'Profile', type: 'periodic' },
  ]);
  shiftConfiguration = await f.configuration(site, shift.uuid, { startSource: 'schedule' });
  fillerBatches = await f.configuration(filler, batch.uuid, { parent: shiftConfiguration });
  mixerBatches = await f.configuration(mixer, batch.uuid);
  ids.S1 = await f.event(shiftConfiguration, { start: at(0), stop: at(8), values: { Crew: 'A' } });
  ids.S2 = await f.event(shiftConfiguration, { start: at(8), stop: at(16), values: { Crew: 'B' } });
  const batchEvent = async (name: string, configuration: string, spec: Parameters<EventsFixture['event']>[1]) => {
    ids[name] = await f.event(configuration, spec);
    known.push({ uuid: ids[name], start: spec.start, stop: spec.stop ?? null, parent: spec.parent ?? null });
  };
  await batchEvent('e1', fillerBatches, { start: at(1), stop: at(2), parent: ids.S1, values: { Temp: 10, Product: 'milk', Ok: true, Profile: { series: { T: [0, 60], V: [1, 2] } } } });
  await batchEvent('e2', fillerBatches, { start: at(3), stop: at(4), status: 'incomplete', parent: ids.S1, values: { Temp: 20, Product: 'cream' } });
  await batchEvent('e3', fillerBatches, { start: at(9), stop: at(10), source: 'manual', parent: ids.S2, values: { Temp: 30, Product: 'milk', Ok: false } });
  await batchEvent('e4', fillerBatches, { start: at(11), parent: ids.S2 });
  await batchEvent('e5', mixerBatches, { start: at(2, 30), stop: at(5), status: 'pending', values: { Temp: 25 } });
  // The same start as e1: the UUID breaks the tie.
  await batchEvent('e6', mixerBatches, { start: at(1), stop: at(1, 30), values: { Temp: 10.5 } });
  await batchEvent('e7', fillerBatches, { start: at(12), stop: at(12, 30), status: 'processed' });
}, 60_000);

afterAll(async () => {
  await f?.close();
});

const batches = (query = '') => f.call('GET', `/events?EventTypeUUIDs=${batch.uuid}${query}`);
const uuidsOf = async (query = '') => {
  const response = await batches(query);
  expect(response.statusCode).toBe(200);
  return (response.json() as { UUID: string }[]).map((event) => event.UUID);
};
const namesOf = async (query: string) => {
  const names = Object.fromEntries(Object.entries(ids).map(([name, uuid]) => [uuid, name]));
  return (await uuidsOf(query)).map((uuid) => names[uuid]).sort();
};
const filtered = (filter: object[]) => namesOf(`&PropertyFilter=${encodeURIComponent(JSON.stringify(filter))}`);

const compare = (a: string | null, b: string | null, nullsLast = true) => (a === b ? 0 : a === null ? (nullsLast ? 1 : -1) : b === null ? (nullsLast ? -1 : 1) : a < b ? -1 : 1);
const expected = (compareFn: (a: Known, b: Known) => number) => [...known].sort(compareFn).map((event) => event.uuid);
const time = (value: string | null) => (value === null ? null : new Date(value).toISOString());

describe('sorting', () => {
  it('sorts by StartTime, newest first by default and oldest first with Ascending, ties by UUID', async () => {
    const ascending = expected((a, b) => compare(time(a.start), time(b.start)) || compare(a.uuid, b.uuid));
    expect(await uuidsOf()).toEqual([...ascending].reverse());
    expect(await uuidsOf('&Sort=StartTime&Ascending=true')).toEqual(ascending);
    // e1 and e6 start together: the UUID orders them.
    const tied = ascending.filter((uuid) => uuid === ids.e1 || uuid === ids.e6);
    expect(tied).toEqual([ids.e1, ids.e6].sort());
  });

  it('sorts by StopTime: open events first when descending, last when ascending', async () => {
    const ascending = expected((a, b) => compare(time(a.stop), time(b.stop)) || compare(a.uuid, b.uuid));
    const descending = await uuidsOf('&Sort=StopTime');
    expect(descending).toEqual([...ascending].reverse());
    expect(descending[0]).toBe(ids.e4);
    const rising = await uuidsOf('&Sort=StopTime&Ascending=true');
    expect(rising).toEqual(ascending);
    expect(rising[rising.length - 1]).toBe(ids.e4);
  });

  it('sorts by ParentUUID: grouped by parent, then by start, both ways (no parent last ascending, first descending)', async () => {
    const byParent = (direction: 1 | -1) => (a: Known, b: Known) =>
      direction * (compare(a.parent, b.parent) || compare(time(a.start), time(b.start)) || compare(a.uuid, b.uuid));
    const ascending = await uuidsOf('&Sort=ParentUUID&Ascending=true');
    expect(ascending).toEqual(expected(byParent(1)));
    expect(ascending.slice(-3).sort()).toEqual([ids.e5, ids.e6, ids.e7].sort());
    const descending = await uuidsOf('&Sort=ParentUUID');
    expect(descending).toEqual(expected(byParent(-1)));
    expect(descending.slice(0, 3).sort()).toEqual([ids.e5, ids.e6, ids.e7].sort());
  });

  it('pages without repeating or losing a row, with the total in x-total-count', async () => {
    for (const sort of ['StartTime', 'StopTime', 'ParentUUID']) {
      for (const ascending of [false, true]) {
        const query = `&Sort=${sort}&Ascending=${ascending}`;
        const all = await uuidsOf(query);
        const paged: string[] = [];
        for (let page = 1; page <= 4; page += 1) {
          const response = await batches(`${query}&Limit=2&Page=${page}`);
          expect(response.headers['x-total-count']).toBe(String(known.length));
          paged.push(...(response.json() as { UUID: string }[]).map((event) => event.UUID));
        }
        expect(paged).toEqual(all);
      }
    }
    const beyond = await batches('&Limit=5&Page=9');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe(String(known.length));
  });
});

describe('filters', () => {
  it('finds the events that overlap [StartTime, StopTime[ (a stop at StartTime counts, a start at StopTime does not)', async () => {
    expect(await namesOf(`&StartTime=${at(3, 30)}&StopTime=${at(9, 30)}`)).toEqual(['e2', 'e3', 'e5']);
    expect(await namesOf(`&StartTime=${at(2)}&StopTime=${at(3)}`)).toEqual(['e1', 'e5']);
    expect(await namesOf(`&StartTime=${at(9)}&StopTime=${at(9)}`)).toEqual([]);
    // An open event runs on.
    expect(await namesOf(`&StartTime=${at(20)}`)).toEqual(['e4']);
  });

  it('filters by assets with the assets below them, types, configurations, statuses and manual events', async () => {
    const all = await f.call('GET', `/events?AssetUUIDs=${site}`);
    expect((all.json() as { UUID: string }[]).map((event) => event.UUID).sort()).toEqual([ids.S1, ids.S2, ids.e1, ids.e2, ids.e3, ids.e4, ids.e7].sort());
    expect(await namesOf(`&AssetUUIDs=${line}`)).toEqual(['e1', 'e2', 'e3', 'e4', 'e7']);
    expect(await namesOf(`&AssetUUIDs=${mixer}&AssetUUIDs=${filler}`)).toHaveLength(7);
    expect(await namesOf(`&EventConfigurationUUIDs=${mixerBatches}`)).toEqual(['e5', 'e6']);
    expect(await namesOf('&Statuses=incomplete&Statuses=pending')).toEqual(['e2', 'e5']);
    expect(await namesOf('&Statuses=open')).toEqual(['e4']);
    expect(await namesOf('&ExcludeManualEvents=true')).not.toContain('e3');
    expect(await namesOf('&ExcludeManualEvents=true')).toHaveLength(6);
  });

  it('answers the labels, the duration and the parent state of each event', async () => {
    const events = (await batches()).json() as Record<string, unknown>[];
    const byUuid = new Map(events.map((event) => [event.UUID, event]));
    expect(byUuid.get(ids.e1)).toMatchObject({
      AssetUUID: filler,
      AssetPath: 'Ghent/Line 1/Filler',
      EventTypeName: 'Batch',
      EventConfigurationUUID: fillerBatches,
      ParentUUID: ids.S1,
      ParentState: 'found',
      Duration: 3600,
      Status: 'processed',
      Source: 'auto',
    });
    expect(byUuid.get(ids.e4)).toMatchObject({ StopTime: null, Duration: null, Status: 'open' });
    expect(byUuid.get(ids.e7)).toMatchObject({ ParentUUID: null, ParentState: 'missing' });
    expect(byUuid.get(ids.e5)).toMatchObject({ ParentUUID: null, ParentState: 'none', AssetPath: 'Mixer' });
  });

  it('sends simple values only, series with PreloadProperties, and always in GET /events/{id}', async () => {
    const list = (await batches()).json() as { UUID: string; Properties: Record<string, unknown> }[];
    const e1 = list.find((event) => event.UUID === ids.e1);
    expect(e1?.Properties).toEqual({
      Ok: expect.objectContaining({ Value: true, Manual: false, Defaulted: false }),
      Product: expect.objectContaining({ Value: 'milk' }),
      Temp: expect.objectContaining({ Value: 10 }),
    });
    const preloaded = (await batches('&PreloadProperties=true')).json() as { UUID: string; Properties: Record<string, unknown> }[];
    expect(preloaded.find((event) => event.UUID === ids.e1)?.Properties.Profile).toMatchObject({ Value: null, Series: { T: [0, 60], V: [1, 2] } });
    const one = await f.call('GET', `/events/${ids.e1}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().Properties.Profile).toMatchObject({ Series: { T: [0, 60], V: [1, 2] } });
  });
});

describe('property filters', () => {
  it('compares numbers, texts and booleans', async () => {
    expect(await filtered([{ Property: 'Temp', Operator: '=', Value: 10 }])).toEqual(['e1']);
    expect(await filtered([{ Property: 'Temp', Operator: '!=', Value: 10 }])).toEqual(['e2', 'e3', 'e5', 'e6']);
    expect(await filtered([{ Property: 'Temp', Operator: '>', Value: 20 }])).toEqual(['e3', 'e5']);
    expect(await filtered([{ Property: 'Temp', Operator: '>=', Value: 20 }])).toEqual(['e2', 'e3', 'e5']);
    expect(await filtered([{ Property: 'Temp', Operator: '<', Value: 10.5 }])).toEqual(['e1']);
    expect(await filtered([{ Property: 'temp', Operator: '<=', Value: 10.5 }])).toEqual(['e1', 'e6']);
    expect(await filtered([{ Property: 'Product', Operator: '=', Value: 'milk' }])).toEqual(['e1', 'e3']);
    expect(await filtered([{ Property: 'Product', Operator: '<', Value: 'd' }])).toEqual(['e2']);
    expect(await filtered([{ Property: 'Ok', Operator: '=', Value: false }])).toEqual(['e3']);
    // A number never equals a text.
    expect(await filtered([{ Property: 'Temp', Operator: '>', Value: 'a' }])).toEqual([]);
  });

  it('tests lists and presence', async () => {
    expect(await filtered([{ Property: 'Temp', Operator: 'IN', Value: [20, 25, 99] }])).toEqual(['e2', 'e5']);
    expect(await filtered([{ Property: 'Product', Operator: 'NOT IN', Value: ['milk'] }])).toEqual(['e2']);
    expect(await filtered([{ Property: 'Ok', Operator: 'EXISTS' }])).toEqual(['e1', 'e3']);
    expect(await filtered([{ Property: 'Ok', Operator: 'NOT EXISTS' }])).toEqual(['e2', 'e4', 'e5', 'e6', 'e7']);
    expect(await filtered([{ Property: 'Temp', Operator: 'IS NOT NULL' }])).toEqual(['e1', 'e2', 'e3', 'e5', 'e6']);
    expect(await filtered([{ Property: 'Product', Operator: 'IS NULL' }])).toEqual(['e4', 'e5', 'e6', 'e7']);
    expect(await filtered([{ Property: 'Profile', Operator: 'EXISTS' }])).toEqual(['e1']);
  });

  it('joins conditions left to right by each one’s Condition, and filters on the parent’s properties', async () => {
    // (Product = milk OR Temp = 20) AND Ok = true
    expect(
      await filtered([
        { Property: 'Product', Operator: '=', Value: 'milk' },
        { Property: 'Temp', Operator: '=', Value: 20, Condition: 'OR' },
        { Property: 'Ok', Operator: '=', Value: true, Condition: 'AND' },
      ]),
    ).toEqual(['e1']);
    // (Ok = true AND Temp = 20) OR Temp = 25
    expect(
      await filtered([
        { Property: 'Ok', Operator: '=', Value: true },
        { Property: 'Temp', Operator: '=', Value: 20 },
        { Property: 'Temp', Operator: '=', Value: 25, Condition: 'OR' },
      ]),
    ).toEqual(['e5']);
    // A negative condition in the chain: tested event by event rather than as sets of values.
    expect(await filtered([{ Property: 'Ok', Operator: 'NOT EXISTS' }, { Property: 'Temp', Operator: '=', Value: 10, Condition: 'OR' }])).toEqual(['e1', 'e2', 'e4', 'e5', 'e6', 'e7']);
    expect(await filtered([{ Property: 'Nope', Operator: '=', Value: 1 }, { Property: 'Temp', Operator: '=', Value: 10, Condition: 'OR' }])).toEqual(['e1']);
    expect(await filtered([{ Property: 'Nope', Operator: 'IS NULL' }, { Property: 'Temp', Operator: '=', Value: 10, Condition: 'OR' }])).toEqual(['e1']);
    expect(await filtered([{ Property: 'Crew', Operator: '=', Value: 'B', Parent: true }])).toEqual(['e3', 'e4']);
    expect(await filtered([{ Property: 'Crew', Operator: 'IN', Value: ['A', 'B'], Parent: true }, { Property: 'Temp', Operator: '>', Value: 15 }])).toEqual(['e2', 'e3']);
  });

  it('matches nothing on a property no type has, and refuses a bad filter naming its index and field', async () => {
    expect(await filtered([{ Property: 'Nope', Operator: 'NOT EXISTS' }])).toEqual([]);
    const cases: [string, string][] = [
      ['not json', 'is not JSON'],
      [JSON.stringify({ Property: 'Temp' }), 'is not an array'],
      [JSON.stringify([{ Property: 'Temp', Operator: '=', Value: 1 }, { Property: 'Temp', Operator: 'LIKE', Value: 1 }]), '[1].Operator'],
      [JSON.stringify([{ Property: 'Temp', Operator: 'IN', Value: 3 }]), '[0].Value'],
      [JSON.stringify([{ Property: 'Temp', Operator: '<', Value: true }]), '[0].Value'],
      [JSON.stringify([{ Operator: 'EXISTS' }]), '[0].Property'],
      [JSON.stringify([{ Property: 'Temp', Operator: 'EXISTS', Condition: 'XOR' }]), '[0].Condition'],
    ];
    for (const [filter, message] of cases) {
      const response = await batches(`&PropertyFilter=${encodeURIComponent(filter)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.PropertyFilter[0]).toContain(message);
    }
  });
});

describe('distinct values', () => {
  it('answers a property’s simple values, most frequent first', async () => {
    const response = await f.call('GET', `/event-type-properties/${batch.properties.Product}/values`, undefined, f.reader);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { Value: 'milk', Count: 2 },
      { Value: 'cream', Count: 1 },
    ]);
    expect((await f.call('GET', `/event-type-properties/${batch.properties.Temp}/values?Limit=1`)).json()).toHaveLength(1);
  });
});

describe('scoping, privileges and licence', () => {
  it('shows another organization nothing of this one (404 by UUID)', async () => {
    const list = await f.call('GET', `/events?EventConfigurationUUIDs=${fillerBatches}`, undefined, f.outsider, f.otherOrganization);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
    expect(list.headers['x-total-count']).toBe('0');
    expect((await f.call('GET', `/events/${ids.e1}`, undefined, f.outsider, f.otherOrganization)).statusCode).toBe(404);
    expect((await f.call('GET', `/event-type-properties/${batch.properties.Product}/values`, undefined, f.outsider, f.otherOrganization)).statusCode).toBe(404);
  });

  it('needs READ_EVENTS', async () => {
    const nobody = await f.user(['READ_ASSETS']);
    expect((await f.call('GET', '/events', undefined, nobody)).statusCode).toBe(403);
    expect((await f.call('GET', `/events/${ids.e1}`, undefined, nobody)).statusCode).toBe(403);
  });

  it('answers 403 events.errors.unlicensed without the Events feature', async () => {
    // No licence and no trial: no feature.
    await f.db.query('INSERT INTO settings (organization_uuid, name, value) VALUES ($1, $2, $3)', [await rootOrganizationUuid(f.db), SETTING_NAMES.trialMode, 'false']);
    for (const url of ['/events', `/events/${ids.e1}`, `/event-type-properties/${batch.properties.Product}/values`]) {
      const response = await f.call('GET', url, undefined, f.reader);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'events.errors.unlicensed' });
    }
  });
});
