import { openEventsFixture, type EventsFixture } from './testFixture';

// The events a person changes, on PGlite (server/events/README.md, "Events calls"): manual create
// with its value checks (400 on Properties.<name>), StopTime and overlap (409) refusals; edit of
// start, stop and values (null gives a value back; a changed time makes the event dirty); delete
// (children lose their parent); merge with the previous event and split at a time with their
// rules and refusals; the audit entries with the reason and the previous value; scoping.

let f: EventsFixture;
const at = (hour: number, minute = 0) => new Date(Date.UTC(2026, 10, 2, hour, minute)).toISOString();

let press: string;
let run: { uuid: string; properties: Record<string, string> };
let runs: string;
let steps: string;
let otherRuns: string;

beforeAll(async () => {
  f = await openEventsFixture();
  press = await f.asset('Press');
  run = await f.eventType('Run', [{ name: 'Temp' }, { name: 'Grade', datatype: 'string' }, { name: 'Done', datatype: 'boolean' }, { name: 'Curve', type: 'periodic' }]);
  runs = await f.configuration(press, run.uuid, { startSource: 'manual' });
  await f.propertyConfiguration(runs, run.properties.Grade, {
    possibleValues: [
      { Label: 'Good', Value: 'A' },
      { Label: 'Fair', Value: 'B' },
    ],
  });
  await f.propertyConfiguration(runs, run.properties.Temp, { mode: 'historian' });
  const step = await f.eventType('Step', [{ name: 'Speed' }]);
  steps = await f.configuration(press, step.uuid, { parent: runs });
  const elsewhere = await f.asset('Press', null, f.otherOrganization);
  const otherRun = await f.eventType('Run', [], f.otherOrganization);
  otherRuns = await f.configuration(elsewhere, otherRun.uuid, { organization: f.otherOrganization });
}, 60_000);

afterAll(async () => {
  await f?.close();
});

interface EventJson {
  UUID: string;
  StartTime: string;
  StopTime: string | null;
  Status: string;
  Source: string;
  ParentUUID: string | null;
  ParentState: string;
  Properties: Record<string, { Value: unknown; Manual: boolean }>;
}

const row = async (uuid: string) =>
  (await f.db.query<{ evaluate_at: Date | null; status: string; parent_uuid: string | null }>('SELECT evaluate_at, status, parent_uuid FROM events WHERE uuid = $1', [uuid])).rows[0];
const valuesOf = async (uuid: string) =>
  Object.fromEntries(
    (
      await f.db.query<{ name: string; value: unknown; manual: boolean }>(
        'SELECT p.name, v.value, v.manual FROM event_property_values v JOIN event_type_properties p ON p.uuid = v.event_type_property_uuid WHERE v.event_uuid = $1',
        [uuid],
      )
    ).rows.map((value) => [value.name, { value: value.value, manual: value.manual }]),
  );
const audit = async (uuid: string) =>
  (
    await f.db.query<{ action: string; subject_type: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null; reason: string | null; user_name: string }>(
      "SELECT action, subject_type, before, after, reason, user_name FROM audit_logs WHERE area = 'Events' AND subject_uuid = $1 ORDER BY created_at, sequence",
      [uuid],
    )
  ).rows;

async function create(body: object, headers = f.admin): Promise<EventJson> {
  const response = await f.call('POST', '/events', { EventConfigurationUUID: runs, ...body }, headers);
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json();
}

describe('POST /events (manual)', () => {
  it('records a manual event whose typed values are manual and that the processor computes (dirty)', async () => {
    const event = await create({ StartTime: at(1), StopTime: at(2), Properties: { Grade: 'A', Done: true }, Reason: 'Paper log of the night shift' });
    expect(event).toMatchObject({ StartTime: at(1), StopTime: at(2), Status: 'pending', Source: 'manual', Properties: { Grade: { Value: 'A', Manual: true }, Done: { Value: true, Manual: true } } });
    expect((await row(event.UUID)).evaluate_at).not.toBeNull();
    const entries = await audit(event.UUID);
    expect(entries.map((entry) => [entry.action, entry.subject_type, entry.reason]).sort()).toEqual([
      ['Create', 'Event', 'Paper log of the night shift'],
      ['Create', 'EventPropertyValue', 'Paper log of the night shift'],
      ['Create', 'EventPropertyValue', 'Paper log of the night shift'],
    ]);
    const open = await create({ StartTime: at(3) });
    expect(open).toMatchObject({ StopTime: null, Status: 'open', Duration: null });
    await f.call('DELETE', `/events/${open.UUID}`);
  });

  it('refuses values that do not fit the property (400 on Properties.<name>) and a stop before the start (400 on StopTime)', async () => {
    const refused = async (body: object, field: string) => {
      const response = await f.call('POST', '/events', { EventConfigurationUUID: runs, StartTime: at(5), StopTime: at(6), ...body });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    };
    await refused({ Properties: { Temp: 'hot' } }, 'Properties.Temp');
    await refused({ Properties: { Done: 1 } }, 'Properties.Done');
    await refused({ Properties: { Grade: 'C' } }, 'Properties.Grade');
    await refused({ Properties: { Curve: 3 } }, 'Properties.Curve');
    await refused({ Properties: { Nope: 3 } }, 'Properties.Nope');
    await refused({ StopTime: at(5) }, 'StopTime');
    await refused({ StopTime: at(4) }, 'StopTime');
    expect((await f.call('GET', `/events?EventConfigurationUUIDs=${runs}&StartTime=${at(5)}&StopTime=${at(6)}`)).json()).toEqual([]);
  });

  it('refuses an event that overlaps another of the configuration (409 events.errors.overlap); touching is no overlap', async () => {
    await create({ StartTime: at(10), StopTime: at(11) });
    for (const [start, stop] of [
      [at(10, 30), at(12)],
      [at(9), at(10, 1)],
      [at(9), null],
      [at(10), at(11)],
    ]) {
      const response = await f.call('POST', '/events', { EventConfigurationUUID: runs, StartTime: start, StopTime: stop });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'events.errors.overlap' });
    }
    await create({ StartTime: at(11), StopTime: at(11, 30) });
    await create({ StartTime: at(9), StopTime: at(10) });
  });

  it('answers 404 for a configuration of another organization and 403 without MANAGE_EVENTS', async () => {
    const other = await f.call('POST', '/events', { EventConfigurationUUID: otherRuns, StartTime: at(20) });
    expect(other.statusCode).toBe(404);
    expect(other.json().errors).toHaveProperty('EventConfigurationUUID');
    expect((await f.call('POST', '/events', { EventConfigurationUUID: runs, StartTime: at(20) }, f.reader)).statusCode).toBe(403);
  });
});

describe('PUT /events/{id}', () => {
  it('changes the values by hand, audited with the reason and the previous value; null gives one back to its configuration', async () => {
    const uuid = await f.event(runs, { start: at(13), stop: at(14), status: 'incomplete', values: { Temp: 71.5 } });
    expect((await row(uuid)).evaluate_at).toBeNull();
    const response = await f.call('PUT', `/events/${uuid}`, { EventConfigurationUUID: runs, StartTime: at(13), StopTime: at(14), Properties: { Temp: 70, Grade: 'B' }, Reason: 'Sensor drift' });
    expect(response.statusCode).toBe(200);
    // Every configured property holds a value now: the incomplete event is processed.
    expect(response.json()).toMatchObject({ Status: 'processed', Properties: { Temp: { Value: 70, Manual: true }, Grade: { Value: 'B', Manual: true } } });
    // Only the values changed: the event is not dirty.
    expect((await row(uuid)).evaluate_at).toBeNull();
    const entries = await audit(uuid);
    const temp = entries.find((entry) => entry.subject_type === 'EventPropertyValue' && entry.action === 'Update');
    expect(temp).toMatchObject({ reason: 'Sensor drift', before: { value: 71.5, manual: false }, after: { value: 70, manual: true } });

    const again = await f.call('PUT', `/events/${uuid}`, { EventConfigurationUUID: runs, StartTime: at(13), Properties: { Temp: null } }, { ...f.admin, 'x-audit-reason': 'Back to the sensor' });
    expect(again.statusCode).toBe(200);
    expect(again.json().Properties.Temp).toBeUndefined();
    expect(again.json().StopTime).toBe(at(14));
    expect((await row(uuid)).evaluate_at).not.toBeNull();
    expect((await audit(uuid)).at(-1)).toMatchObject({ action: 'Delete', subject_type: 'EventPropertyValue', reason: 'Back to the sensor', before: { value: 70, manual: true } });
  });

  it('moves start and stop (dirty, audited with the previous times), refusing an overlap, a stop before the start and another configuration', async () => {
    const uuid = await f.event(runs, { start: at(15), stop: at(16), status: 'processed' });
    const moved = await f.call('PUT', `/events/${uuid}`, { EventConfigurationUUID: runs, StartTime: at(15, 10), StopTime: at(16, 30), Reason: 'Started late' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ StartTime: at(15, 10), StopTime: at(16, 30) });
    expect((await row(uuid)).evaluate_at).not.toBeNull();
    const update = (await audit(uuid)).find((entry) => entry.action === 'Update');
    expect(update?.reason).toBe('Started late');
    expect(new Date(String(update?.before?.start_time)).toISOString()).toBe(at(15));

    await f.event(runs, { start: at(17), stop: at(18) });
    const overlap = await f.call('PUT', `/events/${uuid}`, { EventConfigurationUUID: runs, StartTime: at(15, 10), StopTime: at(17, 30) });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ code: 'events.errors.overlap' });
    expect((await f.call('PUT', `/events/${uuid}`, { EventConfigurationUUID: runs, StartTime: at(16), StopTime: at(15, 30) })).statusCode).toBe(400);
    const otherConfiguration = await f.call('PUT', `/events/${uuid}`, { EventConfigurationUUID: steps, StartTime: at(15, 10) });
    expect(otherConfiguration.statusCode).toBe(400);
    expect(otherConfiguration.json().errors).toHaveProperty('EventConfigurationUUID');
    expect((await f.call('PUT', `/events/${uuid}`, { EventConfigurationUUID: runs, StartTime: at(15) }, f.outsider, f.otherOrganization)).statusCode).toBe(404);
  });
});

describe('DELETE /events/{id}', () => {
  it('deletes the event; its children lose their parent', async () => {
    const parent = await f.event(runs, { start: at(19), stop: at(20) });
    const child = await f.event(steps, { start: at(19, 10), stop: at(19, 20), parent });
    expect((await f.call('GET', `/events/${child}`)).json()).toMatchObject({ ParentUUID: parent, ParentState: 'found' });
    expect((await f.call('DELETE', `/events/${parent}`, undefined, f.outsider, f.otherOrganization)).statusCode).toBe(404);
    expect((await f.call('DELETE', `/events/${parent}`, undefined, f.reader)).statusCode).toBe(403);
    expect((await f.call('DELETE', `/events/${parent}`)).statusCode).toBe(204);
    expect((await f.call('GET', `/events/${parent}`)).statusCode).toBe(404);
    expect((await f.call('GET', `/events/${child}`)).json()).toMatchObject({ ParentUUID: null, ParentState: 'missing' });
    expect((await audit(parent)).map((entry) => entry.action)).toEqual(['Delete']);
  });
});

describe('POST /events/{id}/merge', () => {
  it('merges into the previous event of the configuration: its stop, its children and the manual values by the rules', async () => {
    const day = (hour: number, minute = 0) => new Date(Date.UTC(2026, 10, 3, hour, minute)).toISOString();
    const previous = await f.event(runs, { start: day(1), stop: day(2), values: { Temp: 50, Grade: 'A', Done: false }, manual: ['Grade'] });
    const current = await f.event(runs, { start: day(3), stop: day(4), values: { Temp: 60, Grade: 'B', Done: true }, manual: ['Grade', 'Done'] });
    const child = await f.event(steps, { start: day(3, 30), stop: day(3, 40), parent: current });
    const response = await f.call('POST', `/events/${current}/merge`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ UUID: previous, StartTime: day(1), StopTime: day(4) });
    expect((await f.call('GET', `/events/${current}`)).statusCode).toBe(404);
    expect((await row(child)).parent_uuid).toBe(previous);
    // Grade: the previous one's manual value stays; Done: this one's manual value moves; Temp: computed, recomputed later.
    expect(await valuesOf(previous)).toEqual({ Temp: { value: 50, manual: false }, Grade: { value: 'A', manual: true }, Done: { value: true, manual: true } });
    expect(await row(previous)).toMatchObject({ status: 'pending', evaluate_at: expect.any(Date) });
  });

  it('makes the previous event open when this one is open, and refuses without a previous event (409)', async () => {
    const day = (hour: number) => new Date(Date.UTC(2026, 10, 4, hour)).toISOString();
    const first = await f.event(runs, { start: day(1), stop: day(2) });
    const open = await f.event(runs, { start: day(3) });
    expect((await f.call('POST', `/events/${open}/merge`)).json()).toMatchObject({ UUID: first, StopTime: null, Status: 'open', Duration: null });
    const lonely = await f.configuration(await f.asset('Lonely'), run.uuid);
    const only = await f.event(lonely, { start: day(1), stop: day(2) });
    const refused = await f.call('POST', `/events/${only}/merge`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'events.errors.no_previous_event' });
    expect((await f.call('POST', `/events/${only}/merge`, undefined, f.outsider, f.otherOrganization)).statusCode).toBe(404);
  });
});

describe('POST /events/{id}/split', () => {
  const day = (hour: number, minute = 0) => new Date(Date.UTC(2026, 10, 5, hour, minute)).toISOString();

  it('splits at a time inside the event: the second runs to the old stop, manual values stay on the first, both dirty', async () => {
    const uuid = await f.event(runs, { start: day(1), stop: day(3), source: 'manual', values: { Temp: 40, Grade: 'A' }, manual: ['Grade'] });
    const response = await f.call('POST', `/events/${uuid}/split`, { At: day(2) });
    expect(response.statusCode).toBe(200);
    const [first, second] = response.json() as EventJson[];
    expect(first).toMatchObject({ UUID: uuid, StartTime: day(1), StopTime: day(2), Status: 'pending', Properties: { Grade: { Value: 'A', Manual: true } } });
    expect(second).toMatchObject({ StartTime: day(2), StopTime: day(3), Status: 'pending', Source: 'manual', Properties: {}, EventConfigurationUUID: runs, AssetUUID: press });
    expect((await row(uuid)).evaluate_at).not.toBeNull();
    expect((await row(second.UUID)).evaluate_at).not.toBeNull();
  });

  it('splits an open event before now into a stopped one and an open one', async () => {
    // The merge above left an open event on `runs`: at most one is open per configuration.
    const splitter = await f.configuration(await f.asset('Splitter'), run.uuid);
    const uuid = await f.event(splitter, { start: day(5) });
    const response = await f.call('POST', `/events/${uuid}/split`, { At: day(6) });
    expect(response.statusCode).toBe(200);
    const [first, second] = response.json() as EventJson[];
    expect(first).toMatchObject({ StopTime: day(6), Status: 'pending' });
    expect(second).toMatchObject({ StartTime: day(6), StopTime: null, Status: 'open' });
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const refused = await f.call('POST', `/events/${second.UUID}/split`, { At: future });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'events.errors.split_outside', errors: { At: ['events.errors.split_outside'] } });
  });

  it('refuses a time at or outside the event’s bounds (400 on At)', async () => {
    const uuid = await f.event(runs, { start: day(8), stop: day(9) });
    for (const time of [day(8), day(9), day(7), day(10)]) {
      const response = await f.call('POST', `/events/${uuid}/split`, { At: time });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ At: ['events.errors.split_outside'] });
    }
    expect((await f.call('POST', `/events/${uuid}/split`, { At: day(8, 30) }, f.reader)).statusCode).toBe(403);
  });
});
