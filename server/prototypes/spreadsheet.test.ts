import ExcelJS from 'exceljs';
import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type TestApp } from '../auth/testing/testUsers';
import { multipart } from '../collectors/testing/collectorFixtures';
import { PLAN_COLUMNS, readPlanChoices, type PlanRow } from './spreadsheet';

// The plan's spreadsheet (README.md, "The spreadsheet") on PGlite, with a plan inserted directly:
// the export's Plan sheet (one line per field, the row repeated), a round trip that fills the
// Choice column with exceljs and reads it back, the 400 naming each bad line, a file that is not
// an .xlsx, the size cap, the organization scoping and the privileges.

const ASSET = '11111111-1111-4111-8111-111111111111';
const row = (id: string, action: PlanRow['Action'], conflict: boolean, fields: PlanRow['Fields']): PlanRow => ({
  RowID: id,
  EntityKind: 'asset_property',
  AssetUUID: ASSET,
  AssetPath: 'Plant/Line 1/Filler',
  InstanceUUID: null,
  Name: id.split(':')[2],
  Action: action,
  Conflict: conflict,
  DefaultChoice: conflict ? null : action === 'Overridden' ? 'keep' : action === 'Update' ? 'update' : null,
  Problem: null,
  Fields: fields,
});
const ROWS: PlanRow[] = [
  row(`asset_property:${ASSET}:Speed`, 'Update', true, [
    { Field: 'Name', Base: 'Speed', Prototype: 'Speed', Instance: 'Speed' },
    { Field: 'Description', Base: 'rpm', Prototype: 'Rotations', Instance: 'Turns' },
  ]),
  row(`asset_property:${ASSET}:Torque`, 'Overridden', false, [{ Field: 'Description', Base: 'Nm', Prototype: 'Nm', Instance: 'newton metre' }]),
  row(`asset_property:${ASSET}:Power`, 'New', false, []),
  { ...row(`asset:${ASSET}:Filler`, 'Update', false, [{ Field: 'Metadata.Capacity', Base: 10, Prototype: 12, Instance: 10 }]), EntityKind: 'asset' },
];
const [CONFLICT, OVERRIDDEN, NEW, UPDATE] = ROWS.map((r) => r.RowID);

let t: TestApp;
let organization: string;
let plan: string;
let manager: Record<string, string>;
let reviewer: Record<string, string>;
let prototypesOnly: Record<string, string>;
let outsider: Record<string, string>;

beforeAll(async () => {
  t = await openTestApp();
  organization = await createTestOrganization(t.db);
  const other = await createTestOrganization(t.db);
  const as = async (org: string, privileges: string[]) => ({
    ...(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [org]: privileges } })).uuid)),
    'x-organization-uuid': org,
  });
  manager = await as(organization, ['READ_PROTOTYPES', 'READ_ASSETS', 'MANAGE_ASSETS']);
  reviewer = await as(organization, ['READ_PROTOTYPES', 'READ_ASSETS']);
  prototypesOnly = await as(organization, ['READ_PROTOTYPES']);
  outsider = await as(other, ['READ_PROTOTYPES', 'READ_ASSETS', 'MANAGE_ASSETS']);
  const prototype = (await t.db.query<{ uuid: string }>("INSERT INTO prototypes (organization_uuid, name) VALUES ($1, 'Filler type') RETURNING uuid", [organization])).rows[0].uuid;
  plan = (
    await t.db.query<{ uuid: string }>("INSERT INTO prototype_plans (organization_uuid, prototype_uuid, rows, expires_at) VALUES ($1, $2, $3, now() + interval '1 day') RETURNING uuid", [
      organization,
      prototype,
      JSON.stringify(ROWS),
    ])
  ).rows[0].uuid;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const download = async (headers = manager) => t.app.inject({ method: 'GET', url: `/api/prototype-plans/${plan}/spreadsheet`, headers });
const upload = (bytes: Buffer, headers = manager) => {
  const body = multipart({}, { name: 'File', bytes, filename: 'plan.xlsx' });
  return t.app.inject({ method: 'POST', url: `/api/prototype-plans/${plan}/spreadsheet`, headers: { ...headers, ...body.headers }, payload: body.payload });
};

async function exported(): Promise<ExcelJS.Worksheet> {
  const response = await download();
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('spreadsheetml.sheet');
  expect(response.headers['content-disposition']).toContain('Filler type plan.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload.buffer.slice(response.rawPayload.byteOffset, response.rawPayload.byteOffset + response.rawPayload.byteLength) as ArrayBuffer);
  const sheet = workbook.getWorksheet('Plan');
  if (!sheet) throw new Error('no Plan sheet');
  return sheet;
}

/** The sheet with `choose(rowId, line)` written in its Choice column. */
async function filled(choose: (rowId: string, line: number) => string | null): Promise<Buffer> {
  const sheet = await exported();
  const choice = PLAN_COLUMNS.indexOf('Choice') + 1;
  sheet.eachRow((line, number) => {
    if (number === 1) return;
    const value = choose(String(line.getCell(1).value), number);
    if (value !== null) line.getCell(choice).value = value;
  });
  return Buffer.from(await sheet.workbook.xlsx.writeBuffer());
}

describe('the export', () => {
  it('writes one line per field with the row repeated, and a line for a row without fields', async () => {
    const sheet = await exported();
    expect(sheet.getRow(1).values).toEqual([undefined, ...PLAN_COLUMNS]);
    const lines: unknown[][] = [];
    sheet.eachRow((line, number) => {
      if (number > 1) lines.push((line.values as unknown[]).slice(1));
    });
    expect(lines).toHaveLength(5);
    expect(lines[0]).toEqual([CONFLICT, 'asset_property', 'Plant/Line 1/Filler', 'Speed', 'Update', 'yes', '', '', 'Name', 'Speed', 'Speed', 'Speed']);
    expect(lines[1].slice(8)).toEqual(['Description', 'rpm', 'Rotations', 'Turns']);
    expect(lines[3].slice(0, 6)).toEqual([NEW, 'asset_property', 'Plant/Line 1/Filler', 'Power', 'New', 'no']);
    expect(lines[4].slice(8)).toEqual(['Metadata.Capacity', 10, 12, 10]);
  });
});

describe('the import', () => {
  it('reads the choices back (case aside), naming conflicts left without one', async () => {
    const both = await upload(await filled((rowId) => (rowId === CONFLICT ? 'keep' : rowId === OVERRIDDEN ? 'UPDATE' : null)));
    expect(both.statusCode).toBe(200);
    expect(both.json()).toEqual({ Choices: { [CONFLICT]: 'keep', [OVERRIDDEN]: 'update' }, Unresolved: [] });

    const partial = await upload(await filled((rowId) => (rowId === UPDATE ? 'keep' : null)));
    expect(partial.json()).toEqual({ Choices: { [UPDATE]: 'keep' }, Unresolved: [CONFLICT] });
    // A choice on one of the row's lines is the row's; a choice on a row with nothing to choose is not read.
    const oneLine = await upload(await filled((rowId, line) => (rowId === CONFLICT && line === 3 ? 'update' : rowId === NEW ? 'keep' : null)));
    expect(oneLine.json()).toEqual({ Choices: { [CONFLICT]: 'update' }, Unresolved: [] });
  });

  it('answers 400 naming each bad line: an unknown RowID, a choice that is not keep or update, a contradiction', async () => {
    const response = await upload(
      await filled((rowId, line) => {
        if (line === 2) return 'keep';
        if (line === 3) return 'update';
        if (rowId === OVERRIDDEN) return 'maybe';
        return null;
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ 'Line 3': [expect.stringContaining('contradicts line 2')], 'Line 4': [expect.stringContaining('"maybe"')] });

    const sheet = await exported();
    sheet.addRow(['asset_property:nobody:Ghost', '', '', '', '', '', '', 'keep']);
    const unknown = await upload(Buffer.from(await sheet.workbook.xlsx.writeBuffer()));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ 'Line 7': ['RowID asset_property:nobody:Ghost is not a row of this plan'] });
  });

  it('answers 400 for a file that is not an .xlsx or has no Plan sheet, and 413 above the cap', async () => {
    const text = await upload(Buffer.from('RowID,Choice\n'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'prototype_plan.spreadsheet.not_xlsx' });
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Other').addRow(['RowID', 'Choice']);
    const other = await upload(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(other.json()).toMatchObject({ status: 400, code: 'prototype_plan.spreadsheet.no_sheet' });
    await expect(readPlanChoices(new Uint8Array(2048), ROWS, 1024)).rejects.toMatchObject({ status: 413 });
  });
});

describe('access', () => {
  it('answers 404 for a plan of another organization or none', async () => {
    expect((await download(outsider)).statusCode).toBe(404);
    expect((await upload(await filled(() => null), outsider)).statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'GET', url: '/api/prototype-plans/00000000-0000-4000-8000-000000000000/spreadsheet', headers: manager });
    expect(missing.statusCode).toBe(404);
  });

  it('lets READ_PROTOTYPES with READ_ASSETS export but not import (MANAGE_ASSETS); the plan holds assets, so READ_PROTOTYPES alone may not read it', async () => {
    expect((await download(reviewer)).statusCode).toBe(200);
    expect((await download(prototypesOnly)).statusCode).toBe(403);
    expect((await upload(await filled(() => null), reviewer)).statusCode).toBe(403);
  });
});
