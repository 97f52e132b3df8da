import { SETTING_NAMES } from '../../../domain/settingNames';
import { rootOrganizationUuid } from '../../auth/testing/testUsers';
import { openEntriesFixture, type EntriesFixture, type Operator } from './testFixture';

// An Asset Properties form in the operator grid, with a real server on PGlite and the built-in
// store (server/manual-entry/README.md, "Entries" and "Writes"): its columns and the timestamps of
// the measurements' points, values typed at timestamps (all or none, points of quality 192, the
// journal with the original value), edit ages, types, the future, conflicts, the reason, who may
// read and write, scoping, the licence and the audit trail in the ManualEntry area.

jest.setTimeout(60_000);

let f: EntriesFixture;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const now = Math.floor(Date.now() / 1000) * 1000;
const iso = (time: number) => new Date(time).toISOString();
const t1 = now - 2 * HOUR;
const t2 = now - 30 * MINUTE;
const t3 = now - 20 * MINUTE;

let form: string;
const m: Record<string, string> = {};
const p: Record<string, string> = {};
let operator: Operator;
let elevated: Operator;
let manager: Operator;
let stranger: Operator;
let auditor: Operator;

beforeAll(async () => {
  f = await openEntriesFixture();
  const tank = await f.asset('Tank', await f.asset('Plant'));
  m.level = await f.measurement('number');
  m.label = await f.measurement('string');
  m.ok = await f.measurement('boolean');
  m.profile = await f.measurement('[]number');
  m.outside = await f.measurement('number');
  await f.db.query("UPDATE measurements SET uom = 'm' WHERE uuid = $1", [m.level]);
  p.level = await f.assetProperty(tank, 'Level', m.level);
  p.label = await f.assetProperty(tank, 'Label', m.label);
  p.ok = await f.assetProperty(tank, 'OK', m.ok);
  p.profile = await f.assetProperty(tank, 'Profile', m.profile);
  p.unbound = await f.assetProperty(tank, 'Unbound', null);
  p.outside = await f.assetProperty(tank, 'Outside', m.outside);
  form = await f.form('Asset Properties', {
    Groups: [
      { Name: 'Tank', AssetPropertyUUIDs: [p.level, p.label, p.ok] },
      { Name: 'Extra', AssetPropertyUUIDs: [p.profile, p.unbound] },
    ],
  });
  await f.points(m.level, 'number', [
    [now - 10 * 24 * HOUR, 1],
    [t1, 5],
    [t2, 6],
  ]);
  await f.points(m.label, 'string', [[t2, 'x']]);
  await f.points(m.profile, '[]number', [[t2, [1, 2]]]);
  operator = await f.operator(form, 'default');
  elevated = await f.operator(form, 'elevated');
  manager = await f.operator(null, null, ['READ_MANUAL_ENTRY_FORMS', 'MANAGE_MANUAL_ENTRY_FORMS', 'READ_ASSETS', 'READ_MEASUREMENTS']);
  stranger = await f.operator(null, null, ['READ_MANUAL_ENTRY_FORMS']);
  auditor = await f.operator(null, null, ['READ_AUDIT_LOGS']);
});

afterAll(async () => {
  await f?.close();
});

const entries = (who: Operator, from = now - 6 * HOUR, to = now + HOUR, id = form) =>
  f.call('GET', `/manual-entry-forms/${id}/entries?From=${encodeURIComponent(iso(from))}&To=${encodeURIComponent(iso(to))}`, undefined, who.headers);
const write = (who: Operator, body: object, id = form) => f.call('POST', `/manual-entry-forms/${id}/values`, body, who.headers);
const value = (property: string, time: number, typed: unknown, expected?: unknown) => ({
  AssetPropertyUUID: property,
  Timestamp: iso(time),
  Value: typed,
  ...(expected === undefined ? {} : { Expected: expected }),
});
const journal = async (property: string, time: number) =>
  (
    await f.db.query<{ value: unknown; original: unknown; label: string; updated_by: string; form_uuid: string }>(
      'SELECT value, original, label, updated_by, form_uuid FROM manual_entry_values WHERE asset_property_uuid = $1 AND time = $2',
      [property, iso(time)],
    )
  ).rows[0];

describe('entries', () => {
  it('answers a column per property of the groups and the timestamps with points, newest first', async () => {
    const response = await entries(operator);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ Type: 'Asset Properties', Level: 'default', EditLimit: '1h', Truncated: false });
    expect(body.Columns).toEqual([
      { Key: p.level, Name: 'Level', Group: 'Tank', Datatype: 'number', Kind: 'simple', Editable: true, Unit: 'm' },
      { Key: p.label, Name: 'Label', Group: 'Tank', Datatype: 'string', Kind: 'simple', Editable: true },
      { Key: p.ok, Name: 'OK', Group: 'Tank', Datatype: 'boolean', Kind: 'simple', Editable: true },
      { Key: p.profile, Name: 'Profile', Group: 'Extra', Datatype: 'string', Kind: 'simple', Editable: false },
    ]);
    expect(body.Rows).toEqual([
      {
        Timestamp: iso(t2),
        Cells: {
          [p.level]: { Value: 6, Manual: false, UpdatedAt: null, UpdatedBy: null },
          [p.label]: { Value: 'x', Manual: false, UpdatedAt: null, UpdatedBy: null },
          [p.profile]: { Value: '[1,2]', Manual: false, UpdatedAt: null, UpdatedBy: null },
        },
      },
      { Timestamp: iso(t1), Cells: { [p.level]: { Value: 5, Manual: false, UpdatedAt: null, UpdatedBy: null } } },
    ]);
  });

  it('shows a manager without a level the grid read-only', async () => {
    const body = (await entries(manager)).json<{ Level: string; EditableFrom: string | null; Columns: { Editable: boolean }[]; Rows: unknown[] }>();
    expect(body).toMatchObject({ Level: 'disabled', EditableFrom: null });
    expect(body.Columns.every((column) => !column.Editable)).toBe(true);
    expect(body.Rows).toHaveLength(2);
  });

  it('refuses the grid to a manager without a level who may not read assets and measurements elsewhere', async () => {
    const formsOnly = await f.operator(null, null, ['READ_MANUAL_ENTRY_FORMS', 'MANAGE_MANUAL_ENTRY_FORMS', 'READ_ASSETS']);
    const response = await entries(formsOnly);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'manual_entry.errors.read_not_permitted', detail: expect.stringContaining('READ_MEASUREMENTS') });
  });
});

describe('writes', () => {
  it('writes first values without a reason: good points in the store, the journal, manual in the grid', async () => {
    const response = await write(operator, { Values: [value(p.level, t3, 7), value(p.ok, t3, true, null)] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      Written: 2,
      Rows: [
        {
          Timestamp: iso(t3),
          Cells: {
            [p.level]: { Value: 7, Manual: true, UpdatedAt: expect.any(String), UpdatedBy: operator.name },
            [p.ok]: { Value: true, Manual: true, UpdatedAt: expect.any(String), UpdatedBy: operator.name },
          },
        },
      ],
    });
    expect(await f.pointAt(m.level, 'number', t3)).toEqual({ time: new Date(t3), value: 7, quality: 192 });
    expect(await journal(p.level, t3)).toEqual({ value: 7, original: null, label: `Plant/Tank › Level @ ${iso(t3)}`, updated_by: operator.uuid, form_uuid: form });
    const grid = (await entries(operator)).json<{ Rows: { Timestamp: string; Cells: Record<string, { Manual: boolean }> }[] }>();
    expect(grid.Rows.map((row) => row.Timestamp)).toEqual([iso(t3), iso(t2), iso(t1)]);
    expect(grid.Rows[0].Cells[p.level].Manual).toBe(true);
  });

  it('does not write a value typed the same again', async () => {
    const response = await write(operator, { Values: [value(p.level, t3, 7)] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Written: 0, Rows: [{ Timestamp: iso(t3) }] });
  });

  it('measures the age from the Timestamp: refused past MaxEditAge (params.limit), allowed within MaxElevatedEditAge with a reason to replace', async () => {
    const tooOld = await write(operator, { Values: [value(p.level, t1, 8)], Reason: 'Calibrated' });
    expect(tooOld.statusCode).toBe(403);
    expect(tooOld.json()).toMatchObject({ code: 'manual_entry.errors.edit_too_old', params: { limit: '1h' }, detail: expect.stringContaining('1h') });
    const noReason = await write(elevated, { Values: [value(p.level, t1, 8)] });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ code: 'manual_entry.errors.reason_required', errors: { Reason: ['manual_entry.errors.reason_required'] } });
    const replaced = await write(elevated, { Values: [value(p.level, t1, 8, 5)], Reason: 'Calibrated' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ Written: 1 });
    expect(await journal(p.level, t1)).toMatchObject({ value: 8, original: 5 });
    expect((await f.pointAt(m.level, 'number', t1))?.value).toBe(8);
  });

  it('refuses a stale Expected with the conflicts and writes nothing of the batch; Expected = Current then overwrites', async () => {
    const stale = await write(elevated, { Values: [value(p.label, t3, 'fresh'), value(p.level, t1, 9, 5)], Reason: 'Offline entry' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'manual_entry.errors.conflict',
      conflicts: [{ Key: p.level, Timestamp: iso(t1), Expected: 5, Current: 8, UpdatedBy: elevated.name, UpdatedAt: expect.any(String) }],
    });
    expect(await f.pointAt(m.label, 'string', t3)).toBeUndefined();
    expect((await f.pointAt(m.level, 'number', t1))?.value).toBe(8);
    const again = await write(elevated, { Values: [value(p.label, t3, 'fresh'), value(p.level, t1, 9, 8)], Reason: 'Offline entry' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ Written: 2 });
    expect((await f.pointAt(m.level, 'number', t1))?.value).toBe(9);
    expect(await journal(p.level, t1)).toMatchObject({ value: 9, original: 5 });
  });

  it('files each write in the ManualEntry area with the previous value, the reason and the subject name', async () => {
    const response = await f.call('GET', '/audit-logs?Areas[]=ManualEntry&SubjectTypes[]=AssetPropertyValue&Limit=100', undefined, auditor.headers);
    expect(response.statusCode).toBe(200);
    const label = `Plant/Tank › Level @ ${iso(t1)}`;
    expect(response.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Action: 'Create', Area: 'ManualEntry', SubjectUUID: p.level, SubjectName: label, Reason: 'Calibrated', UserName: elevated.name, After: expect.objectContaining({ value: 8, original: 5 }) }),
        expect.objectContaining({ Action: 'Update', SubjectName: label, Reason: 'Offline entry', Before: expect.objectContaining({ value: 8 }), After: expect.objectContaining({ value: 9 }) }),
        expect.objectContaining({ Action: 'Create', SubjectName: `Plant/Tank › Level @ ${iso(t3)}`, UserName: operator.name, After: expect.objectContaining({ value: 7 }) }),
      ]),
    );
  });

  it('refuses, all or none, a property not in the form or not typed, a value of the wrong type and a time in the future', async () => {
    const cases: [object, string, string | undefined][] = [
      [value(p.outside, t3, 1), 'Values[1].AssetPropertyUUID', 'manual_entry.errors.not_editable'],
      [value(p.profile, t3, 1), 'Values[1].AssetPropertyUUID', 'manual_entry.errors.not_editable'],
      [value(p.level, t3 + 1, 'high'), 'Values[1].Value', undefined],
      [value(p.ok, t3 + 1, 1), 'Values[1].Value', undefined],
      [value(p.level, now + 10 * MINUTE, 1), 'Values[1].Timestamp', 'manual_entry.errors.future'],
    ];
    for (const [bad, field, code] of cases) {
      const response = await write(elevated, { Values: [value(p.label, t3 + 5, 'never'), bad] });
      expect(response.statusCode).toBe(400);
      const body = response.json<{ code?: string; errors: Record<string, string[]> }>();
      expect(Object.keys(body.errors)).toEqual([field]);
      expect(body.code).toBe(code);
    }
    expect(await f.pointAt(m.label, 'string', t3 + 5)).toBeUndefined();
    expect((await write(elevated, { Values: [] })).statusCode).toBe(400);
    expect((await write(elevated, { Values: Array.from({ length: 501 }, (_, i) => value(p.level, t3 - i * 1000, i)) })).statusCode).toBe(400);
    const soon = await write(elevated, { Values: [value(p.level, now + 2 * MINUTE, 3)] });
    expect(soon.statusCode).toBe(200);
  });
});

describe('who may read and write', () => {
  it('lets a manager without a level read but not write', async () => {
    expect((await entries(manager)).statusCode).toBe(200);
    const response = await write(manager, { Values: [value(p.level, t3, 1)] });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'manual_entry.errors.no_level' });
  });

  it('answers 404 to a user without a level and across organizations', async () => {
    expect((await entries(stranger)).statusCode).toBe(404);
    expect((await write(stranger, { Values: [value(p.level, t3, 1)] })).statusCode).toBe(404);
    const outsider = await f.call('POST', `/manual-entry-forms/${form}/values`, { Values: [value(p.level, t3, 1)] }, f.outsider, f.otherOrganization);
    expect(outsider.statusCode).toBe(404);
    const elsewhere = await f.form('Asset Properties', { Groups: [] }, { organization: f.otherOrganization });
    expect((await entries(elevated, undefined, undefined, elsewhere)).statusCode).toBe(404);
  });

  it('answers 403 manual_entry.errors.unlicensed without the ManualEntry feature', async () => {
    await f.db.query('INSERT INTO settings (organization_uuid, name, value) VALUES ($1, $2, $3)', [await rootOrganizationUuid(f.db), SETTING_NAMES.trialMode, 'false']);
    for (const response of [await entries(elevated), await write(elevated, { Values: [value(p.level, t3, 1)] })]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'manual_entry.errors.unlicensed' });
    }
  });
});
