import { SETTING_NAMES } from '../../../domain/settingNames';
import { rootOrganizationUuid } from '../../auth/testing/testUsers';
import { openEntriesFixture, type EntriesFixture, type Operator } from './testFixture';

// An Events form in the operator grid, with a real server on PGlite (server/manual-entry/README.md,
// "Entries" and "Writes"): its columns and events, the values typed into an event with the edit
// age of each level, the editable properties, types and PossibleValues, conflicts, the reason,
// who may read and write, scoping, the licence and the audit trail in the ManualEntry area.

jest.setTimeout(60_000);

let f: EntriesFixture;
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

let form: string;
let run: { uuid: string; properties: Record<string, string> };
let batch: { uuid: string; properties: Record<string, string> };
let runs: string;
let ovenRuns: string;
let batches: string;
let unlisted: string;
const events: Record<string, string> = {};
let operator: Operator;
let elevated: Operator;
let manager: Operator;
let stranger: Operator;
let auditor: Operator;

beforeAll(async () => {
  f = await openEntriesFixture();
  const press = await f.asset('Press');
  const oven = await f.asset('Oven');
  run = await f.eventType('Run', [
    { name: 'Temp' },
    { name: 'Grade', datatype: 'string' },
    { name: 'Done', datatype: 'boolean' },
    { name: 'Curve', type: 'periodic' },
    { name: 'Hidden' },
  ]);
  batch = await f.eventType('Batch', [{ name: 'Weight' }]);
  runs = await f.configuration(press, run.uuid);
  ovenRuns = await f.configuration(oven, run.uuid);
  batches = await f.configuration(oven, batch.uuid);
  unlisted = await f.configuration(press, batch.uuid);
  await f.propertyConfiguration(runs, run.properties.Grade, {
    possibleValues: [
      { Label: 'Good', Value: 'A' },
      { Label: 'Fair', Value: 'B' },
    ],
  });
  const p = run.properties;
  form = await f.form(
    'Events',
    {
      EventConfigurations: [
        {
          EventConfigurationUUID: runs,
          AssetDisplayName: 'Press line',
          ColumnWidth: 140,
          Properties: [
            { EventTypePropertyUUID: p.Temp, Visible: true, Editable: true },
            { EventTypePropertyUUID: p.Grade, Visible: true, Editable: true },
            { EventTypePropertyUUID: p.Done, Visible: true, Editable: true },
            { EventTypePropertyUUID: p.Curve, Visible: true, Editable: false },
            { EventTypePropertyUUID: p.Hidden, Visible: false, Editable: false },
          ],
        },
        { EventConfigurationUUID: ovenRuns, Properties: [{ EventTypePropertyUUID: p.Temp, Visible: true, Editable: false }] },
        { EventConfigurationUUID: batches, Properties: [{ EventTypePropertyUUID: batch.properties.Weight, Visible: true, Editable: true }] },
      ],
    },
    { maxEditAge: '1h', maxElevatedEditAge: '48h' },
  );
  events.old = await f.event(runs, { start: ago(2 * HOUR), stop: ago(1.5 * HOUR), values: { Temp: 70, Curve: { series: { T: [0, 60], V: [1, 2] } }, Hidden: 5 } });
  events.recent = await f.event(runs, { start: ago(0.5 * HOUR), stop: ago(0.25 * HOUR), status: 'incomplete' });
  events.oven = await f.event(ovenRuns, { start: ago(3 * HOUR), values: { Temp: 180 } });
  events.longAgo = await f.event(batches, { start: ago(10 * 24 * HOUR), stop: ago(9 * 24 * HOUR) });
  events.unlisted = await f.event(unlisted, { start: ago(0.5 * HOUR), stop: ago(0.4 * HOUR) });
  operator = await f.operator(form, 'default');
  elevated = await f.operator(form, 'elevated');
  manager = await f.operator(null, null, ['READ_MANUAL_ENTRY_FORMS', 'MANAGE_MANUAL_ENTRY_FORMS', 'READ_EVENTS']);
  stranger = await f.operator(null, null, ['READ_MANUAL_ENTRY_FORMS']);
  auditor = await f.operator(null, null, ['READ_AUDIT_LOGS']);
});

afterAll(async () => {
  await f?.close();
});

const entries = (who: Operator, from = ago(6 * HOUR), to = ago(-HOUR), id = form) =>
  f.call('GET', `/manual-entry-forms/${id}/entries?From=${encodeURIComponent(from)}&To=${encodeURIComponent(to)}`, undefined, who.headers);
const write = (who: Operator, event: string, body: object, id = form) => f.call('PUT', `/manual-entry-forms/${id}/events/${event}`, body, who.headers);

interface Entries {
  Level: string;
  EditLimit: string | null;
  EditableFrom: string | null;
  Columns: { Key: string; Editable: boolean }[];
  Events: { UUID: string; AssetLabel: string; Status: string; Cells: Record<string, { Value: unknown; Manual: boolean; UpdatedBy?: string | null; Series?: unknown }> }[];
  Truncated: boolean;
}

describe('entries', () => {
  it('answers the columns in the form order, one per property, and the events overlapping the range, newest first', async () => {
    const response = await entries(operator);
    expect(response.statusCode).toBe(200);
    const body = response.json<Entries>();
    expect(body).toMatchObject({ Type: 'Events', Level: 'default', EditLimit: '1h', Truncated: false });
    expect(Math.abs(Date.parse(body.EditableFrom!) - (Date.now() - HOUR))).toBeLessThan(60_000);
    const p = run.properties;
    expect(body.Columns).toEqual([
      { Key: p.Temp, Name: 'Temp', Group: 'Run', EventTypeUUID: run.uuid, Datatype: 'number', Kind: 'simple', Editable: true, Width: 140 },
      {
        Key: p.Grade,
        Name: 'Grade',
        Group: 'Run',
        EventTypeUUID: run.uuid,
        Datatype: 'string',
        Kind: 'simple',
        Editable: true,
        Width: 140,
        PossibleValues: [
          { Label: 'Good', Value: 'A' },
          { Label: 'Fair', Value: 'B' },
        ],
      },
      { Key: p.Done, Name: 'Done', Group: 'Run', EventTypeUUID: run.uuid, Datatype: 'boolean', Kind: 'simple', Editable: true, Width: 140 },
      { Key: p.Curve, Name: 'Curve', Group: 'Run', EventTypeUUID: run.uuid, Datatype: 'number', Kind: 'periodic', Editable: false, Width: 140 },
      { Key: batch.properties.Weight, Name: 'Weight', Group: 'Batch', EventTypeUUID: batch.uuid, Datatype: 'number', Kind: 'simple', Editable: true },
    ]);
    expect(body.Events.map((event) => event.UUID)).toEqual([events.recent, events.old, events.oven]);
    const [, old, oven] = body.Events;
    expect(old).toMatchObject({ AssetLabel: 'Press line', EventConfigurationUUID: runs, Status: 'processed' });
    expect(old.Cells).toEqual({
      [p.Temp]: expect.objectContaining({ Value: 70, Manual: false, UpdatedBy: null }),
      [p.Curve]: expect.objectContaining({ Value: null, Manual: false, Series: { T: [0, 60], V: [1, 2] } }),
    });
    expect(oven).toMatchObject({ AssetLabel: 'Oven', StopTime: null, Cells: { [p.Temp]: { Value: 180, Manual: false } } });
  });

  it('gives an elevated user the elevated age, and a manager without a level the grid read-only', async () => {
    expect((await entries(elevated)).json<Entries>()).toMatchObject({ Level: 'elevated', EditLimit: '48h' });
    const read = (await entries(manager)).json<Entries>();
    expect(read).toMatchObject({ Level: 'disabled', EditLimit: null, EditableFrom: null });
    expect(read.Columns.every((column) => !column.Editable)).toBe(true);
    expect(read.Events).toHaveLength(3);
    // Without READ_EVENTS the form does not hand its values to whoever manages it.
    const formsOnly = await f.operator(null, null, ['READ_MANUAL_ENTRY_FORMS', 'MANAGE_MANUAL_ENTRY_FORMS']);
    expect((await entries(formsOnly)).json()).toMatchObject({ status: 403, code: 'manual_entry.errors.read_not_permitted' });
  });

  it('refuses a range backwards or longer than MaxTimeRange (params.limit)', async () => {
    expect((await entries(operator, ago(0), ago(HOUR))).statusCode).toBe(400);
    const long = await entries(operator, ago(8 * 24 * HOUR), ago(0));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'manual_entry.errors.range_too_long', params: { limit: '7d' } });
  });

  it('answers at most 2,000 events, saying it truncated them', async () => {
    const type = await f.eventType('Tick', [{ name: 'N' }]);
    const ticks = await f.configuration(await f.asset('Clock'), type.uuid);
    const busy = await f.form('Events', { EventConfigurations: [{ EventConfigurationUUID: ticks, Properties: [{ EventTypePropertyUUID: type.properties.N, Visible: true, Editable: true }] }] });
    await f.db.query(
      `INSERT INTO events (organization_uuid, configuration_uuid, asset_uuid, event_type_uuid, start_time, stop_time, status, source)
       SELECT c.organization_uuid, c.uuid, c.asset_uuid, c.event_type_uuid, now() - i * interval '1 minute', now() - i * interval '1 minute' + interval '30 seconds', 'processed', 'auto'
         FROM event_configurations c, generate_series(1, 2001) AS i WHERE c.uuid = $1`,
      [ticks],
    );
    const body = (await entries(await f.operator(busy, 'elevated'), ago(3 * 24 * HOUR), ago(0), busy)).json<Entries>();
    expect(body.Level).toBe('elevated');
    expect(body.Events).toHaveLength(2000);
    expect(body.Truncated).toBe(true);
  });
});

describe('writes', () => {
  it('types a first value without a reason, marks it manual with its author, and completes an incomplete event', async () => {
    const response = await write(operator, events.recent, { Properties: { [run.properties.Grade]: 'A' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ UUID: events.recent, Status: 'processed', Cells: { [run.properties.Grade]: { Value: 'A', Manual: true, UpdatedBy: operator.name } } });
  });

  it('measures the age from the start: past MaxEditAge for a default user (403 with params.limit), within MaxElevatedEditAge for an elevated one', async () => {
    const tooOld = await write(operator, events.old, { Properties: { [run.properties.Done]: true } });
    expect(tooOld.statusCode).toBe(403);
    expect(tooOld.json()).toMatchObject({ code: 'manual_entry.errors.edit_too_old', params: { limit: '1h' }, detail: expect.stringContaining('1h') });
    const allowed = await write(elevated, events.old, { Properties: { [run.properties.Done]: true } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toMatchObject({ Cells: { [run.properties.Done]: { Value: true, Manual: true, UpdatedBy: elevated.name } } });
  });

  it('refuses what the form does not make editable, for this event configuration too', async () => {
    const p = run.properties;
    for (const key of [p.Curve, p.Hidden]) {
      const response = await write(elevated, events.old, { Properties: { [key]: 1 } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'manual_entry.errors.not_editable', errors: { [`Properties.${key}`]: ['manual_entry.errors.not_editable'] } });
    }
    // Temp is editable in the press's runs, not in the oven's.
    const oven = await write(elevated, events.oven, { Properties: { [p.Temp]: 181 } });
    expect(oven.statusCode).toBe(400);
    expect(oven.json()).toMatchObject({ errors: { [`Properties.${p.Temp}`]: ['manual_entry.errors.not_editable'] } });
  });

  it('types values against the datatype and the PossibleValues', async () => {
    const p = run.properties;
    const wrongType = await write(elevated, events.recent, { Properties: { [p.Temp]: 'hot', [p.Done]: 1 } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json<{ errors: Record<string, string[]> }>().errors).toEqual({ [`Properties.${p.Temp}`]: ['must be a number'], [`Properties.${p.Done}`]: ['must be a boolean'] });
    const notPossible = await write(elevated, events.recent, { Properties: { [p.Grade]: 'Z' } });
    expect(notPossible.statusCode).toBe(400);
    expect(notPossible.json()).toMatchObject({ errors: { [`Properties.${p.Grade}`]: ['must be one of "A", "B"'] } });
  });

  it('needs a reason to replace a value, refuses a stale Expected with the conflicts, and takes it again with Expected = Current', async () => {
    const temp = run.properties.Temp;
    const noReason = await write(elevated, events.old, { Properties: { [temp]: 71 } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ code: 'manual_entry.errors.reason_required', errors: { Reason: ['manual_entry.errors.reason_required'] } });
    expect((await write(elevated, events.old, { Properties: { [temp]: 71 }, Expected: { [temp]: 70 }, Reason: 'Sensor drift' })).statusCode).toBe(200);

    const stale = await write(elevated, events.old, { Properties: { [temp]: 72 }, Expected: { [temp]: 70 }, Reason: 'Offline entry' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'manual_entry.errors.conflict',
      conflicts: [{ Key: temp, EventUUID: events.old, Expected: 70, Current: 71, UpdatedBy: elevated.name, UpdatedAt: expect.any(String) }],
    });
    const again = await write(elevated, events.old, { Properties: { [temp]: 72 }, Expected: { [temp]: 71 }, Reason: 'Offline entry' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ Cells: { [temp]: { Value: 72, Manual: true } } });
  });

  it('files each write in the ManualEntry area with the previous value and the reason', async () => {
    const response = await f.call('GET', '/audit-logs?Areas[]=ManualEntry&SubjectTypes[]=EventPropertyValue&Limit=100', undefined, auditor.headers);
    expect(response.statusCode).toBe(200);
    const logged = response.json<{ Action: string; Area: string; Reason: string | null; UserName: string; Before: { value?: unknown } | null; After: { value?: unknown } | null }[]>();
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Action: 'Update', Area: 'ManualEntry', Reason: 'Sensor drift', UserName: elevated.name, Before: expect.objectContaining({ value: 70 }), After: expect.objectContaining({ value: 71 }) }),
        expect.objectContaining({ Action: 'Update', Reason: 'Offline entry', Before: expect.objectContaining({ value: 71 }), After: expect.objectContaining({ value: 72 }) }),
        expect.objectContaining({ Action: 'Create', UserName: operator.name, After: expect.objectContaining({ value: 'A' }) }),
      ]),
    );
    const { rows } = await f.db.query("SELECT 1 FROM audit_logs WHERE area = 'Events' AND subject_type = 'EventPropertyValue' AND reason IN ('Sensor drift', 'Offline entry')");
    expect(rows).toHaveLength(0);
  });

  it('gives a value back to its configuration with null (a reason, as it replaces one)', async () => {
    const grade = run.properties.Grade;
    expect((await write(operator, events.recent, { Properties: { [grade]: null } })).statusCode).toBe(400);
    const cleared = await write(operator, events.recent, { Properties: { [grade]: null }, Reason: 'Typed by mistake' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<{ Cells: Record<string, unknown> }>().Cells[grade]).toBeUndefined();
    const { rows } = await f.db.query<{ evaluate_at: Date | null }>('SELECT evaluate_at FROM events WHERE uuid = $1', [events.recent]);
    expect(rows[0].evaluate_at).not.toBeNull();
  });
});

describe('who may read and write', () => {
  it('lets a manager without a level read but not write', async () => {
    expect((await entries(manager)).statusCode).toBe(200);
    const response = await write(manager, events.recent, { Properties: { [run.properties.Done]: true } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'manual_entry.errors.no_level' });
  });

  it('answers 404 to a user without a level, for an event not of the form, and across organizations', async () => {
    expect((await entries(stranger)).statusCode).toBe(404);
    expect((await write(stranger, events.recent, { Properties: { [run.properties.Done]: true } })).statusCode).toBe(404);
    expect((await write(elevated, events.unlisted, { Properties: { [batch.properties.Weight]: 1 } })).statusCode).toBe(404);
    const elsewhere = await f.form('Events', { EventConfigurations: [] }, { organization: f.otherOrganization });
    expect((await entries(elevated, undefined, undefined, elsewhere)).statusCode).toBe(404);
    const outsider = await f.call('GET', `/manual-entry-forms/${form}/entries?From=${encodeURIComponent(ago(HOUR))}&To=${encodeURIComponent(ago(0))}`, undefined, f.outsider, f.otherOrganization);
    expect(outsider.statusCode).toBe(404);
    const otherEvent = await f.configuration(await f.asset('Far', null, f.otherOrganization), (await f.eventType('Run', [], f.otherOrganization)).uuid, { organization: f.otherOrganization });
    const far = await f.event(otherEvent, { start: ago(0.2 * HOUR) });
    expect((await write(elevated, far, { Properties: {} })).statusCode).toBe(404);
  });

  it('answers 403 manual_entry.errors.unlicensed without the ManualEntry feature', async () => {
    await f.db.query('INSERT INTO settings (organization_uuid, name, value) VALUES ($1, $2, $3)', [await rootOrganizationUuid(f.db), SETTING_NAMES.trialMode, 'false']);
    for (const response of [await entries(elevated), await write(elevated, events.recent, { Properties: { [run.properties.Done]: true } })]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'manual_entry.errors.unlicensed' });
    }
  });
});
