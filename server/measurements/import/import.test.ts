import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type TestApp } from '../../auth/testing/testUsers';
import { BASE_COLUMNS, MEASUREMENTS_SHEET } from '../../collectors/template';
import { insertCollector, multipart } from '../../collectors/testing/collectorFixtures';
import { JobInterrupted, type JobContext } from '../../jobs/registry';
import { IMPORT_CHUNK_ROWS, MEASUREMENT_IMPORT, measurementImportJobType } from './importJob';

// POST /measurements/import/dry-run and /measurements/import (DOMAIN.md §1): a filled-in collector
// template is planned row by row (New, Update, No change, Error with its cell), kept under a token
// of the user and organization, and applied by the measurement_import job.

const SCHEMA = {
  type: 'object',
  required: ['Address'],
  properties: {
    Address: { type: 'string', title: 'Address', order: 1 },
    Scale: { type: 'number', title: 'Scale', minimum: 0, order: 2 },
  },
};
const HEADER = [...BASE_COLUMNS, 'Address', 'Scale'];

let t: TestApp;
let runner: FastifyInstance;
let plant: string;
let otherOrganization: string;
let collectorUuid: string;
let databaseUuid: string;
let headers: Record<string, string>;
let colleagueHeaders: Record<string, string>;
let otherOrganizationHeaders: Record<string, string>;

let importerUuid: string;

async function userHeaders(organization: string) {
  const user = await createTestUser(t.db, { privileges: { [organization]: ['MANAGE_MEASUREMENTS', 'READ_MEASUREMENTS'] } });
  importerUuid ??= user.uuid;
  return { ...(await sessionHeaders(t.ctx, user.uuid)), 'x-organization-uuid': organization };
}

beforeAll(async () => {
  t = await openTestApp();
  // A second app on the same database runs the jobs, as the server's own runner would.
  runner = await buildApp(t.ctx, { logLevel: 'silent', jobRunner: { pollMs: 50, recoverEveryMs: 60_000 } });
  plant = await createTestOrganization(t.db);
  otherOrganization = await createTestOrganization(t.db);
  collectorUuid = await insertCollector(t.db, plant, { name: 'Simulator' });
  await t.db.query('UPDATE collectors SET measurement_settings_schema = $2::jsonb WHERE uuid = $1', [collectorUuid, JSON.stringify(SCHEMA)]);
  databaseUuid = (
    await t.db.query<{ uuid: string }>("INSERT INTO timeseries_databases (organization_uuid, name, type_uuid) VALUES ($1, 'Line 1', gen_random_uuid()) RETURNING uuid", [plant])
  ).rows[0].uuid;
  headers = await userHeaders(plant);
  colleagueHeaders = await userHeaders(plant);
  otherOrganizationHeaders = await userHeaders(otherOrganization);
}, 60_000);

afterAll(async () => {
  await runner?.close();
  await t?.close();
}, 30_000);

type Row = Partial<Record<(typeof HEADER)[number], string | number>>;

async function workbookBytes(rows: Row[], header: readonly string[] = HEADER, sheetName = MEASUREMENTS_SHEET): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow([...header]);
  for (const row of rows) sheet.addRow(header.map((column) => (row as Record<string, unknown>)[column] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function dryRun(bytes: Buffer, as = headers, collector = collectorUuid) {
  const body = multipart({ CollectorUUID: collector }, { name: 'File', bytes, filename: 'measurements.xlsx' });
  return t.app.inject({ method: 'POST', url: '/api/measurements/import/dry-run', headers: { ...as, ...body.headers }, payload: body.payload });
}

async function apply(token: string, as = headers) {
  return t.app.inject({ method: 'POST', url: '/api/measurements/import', headers: as, payload: { Token: token } });
}

async function finished(jobUuid: string, as = headers) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const job = (await t.app.inject({ method: 'GET', url: `/api/jobs/${jobUuid}`, headers: as })).json<{ State: string; Result: Record<string, number> | null }>();
    if (['done', 'failed', 'canceled'].includes(job.State)) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobUuid} still ${job.State}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function measurement(name: string) {
  const { rows } = await t.db.query<{ status: string; uom: string; labels: string[]; settings: Record<string, unknown>; updated_by: string | null }>(
    'SELECT status, uom, labels, settings, updated_by FROM measurements WHERE database_uuid = $1 AND name = $2',
    [databaseUuid, name],
  );
  return rows[0];
}

describe('dry run', () => {
  it('plans New, Update, No change and Error with the cell, and a Deleted measurement revives as Update', async () => {
    const seed = await dryRun(
      await workbookBytes([
        { Name: 'Same', Database: 'Line 1', Address: 'a1', UoM: 'bar' },
        { Name: 'Changed', Database: 'Line 1', Address: 'a2', UoM: 'bar' },
        { Name: 'Gone', Database: 'Line 1', Address: 'a3' },
      ]),
    );
    expect(seed.statusCode).toBe(200);
    expect((await finished((await apply(seed.json<{ Token: string }>().Token)).json<{ JobUUID: string }>().JobUUID)).State).toBe('done');
    await t.db.query("UPDATE measurements SET status = 'Deleted' WHERE database_uuid = $1 AND name = 'Gone'", [databaseUuid]);

    const response = await dryRun(
      await workbookBytes([
        { Name: 'Same', Database: 'Line 1', Address: 'a1', UoM: 'bar' },
        { Name: 'Changed', Database: 'Line 1', Address: 'a2', UoM: 'mbar', Labels: 'b, a' },
        { Name: 'Gone', Database: 'Line 1', Address: 'a3' },
        { Name: 'Fresh', Database: 'line 1', Address: 'a4', Scale: '2.5' },
        { Name: 'Broken', Database: 'Line 9', Scale: 'lots', ValueMin: 10, ValueMax: 1 },
      ]),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      Rows: Array<{ Row: number; Name: string; Action: string; Changes: Array<{ Field: string; Old: string; New: string }>; Errors: Array<{ Cell: string; Column: string; Message: string }> }>;
      Summary: Record<string, number>;
    }>();
    const byName = Object.fromEntries(body.Rows.map((row) => [row.Name, row]));
    expect(byName.Same).toMatchObject({ Row: 2, Action: 'No change', Changes: [] });
    expect(byName.Changed.Action).toBe('Update');
    expect(byName.Changed.Changes).toEqual(
      expect.arrayContaining([
        { Field: 'UoM', Old: 'bar', New: 'mbar' },
        { Field: 'Labels', Old: '', New: 'a, b' },
      ]),
    );
    expect(byName.Gone).toMatchObject({ Action: 'Update', Changes: [{ Field: 'Status', Old: 'Deleted', New: 'Active' }] });
    expect(byName.Fresh).toMatchObject({ Row: 5, Action: 'New' });
    expect(byName.Broken.Action).toBe('Error');
    // Database is column C, ValueMax G, Address L, Scale M; the row is the sheet's 6th.
    expect(byName.Broken.Errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Cell: 'C6', Column: 'Database', Message: 'measurements.import.errors.database' }),
        expect.objectContaining({ Cell: 'M6', Column: 'Scale', Message: 'measurements.import.errors.number' }),
        expect.objectContaining({ Cell: 'G6', Column: 'ValueMax', Message: 'measurements.import.errors.below' }),
      ]),
    );
    expect(body.Summary).toEqual({ New: 1, Update: 2, NoChange: 1, Error: 1 });
  }, 60_000);

  it('reports a duplicate name, a missing required setting and unknown columns', async () => {
    const response = await dryRun(
      await workbookBytes(
        [
          { Name: 'Twin', Database: 'Line 1', Address: 'x' },
          { Name: 'Twin', Database: 'Line 1', Address: 'y' },
          { Name: 'NoAddress', Database: 'Line 1' },
        ],
        [...HEADER, 'Colour'],
      ),
    );
    const body = response.json<{ Rows: Array<{ Action: string; Errors: Array<{ Cell: string; Message: string }> }>; UnknownColumns: string[] }>();
    expect(body.UnknownColumns).toEqual(['Colour']);
    expect(body.Rows[0].Action).toBe('New');
    expect(body.Rows[1].Errors).toEqual([expect.objectContaining({ Cell: 'A3', Message: 'measurements.import.errors.duplicate' })]);
    expect(body.Rows[2].Action).toBe('Error');
    expect(body.Rows[2].Errors[0]).toMatchObject({ Cell: 'L4', Message: 'general.required' });
  });

  it('refuses a file that is not .xlsx, a sheet without a Name column and too many rows as a whole', async () => {
    const notXlsx = await dryRun(Buffer.from('Name,Database\nA,Line 1\n'));
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json()).toMatchObject({ code: 'measurement_import.not_xlsx' });

    const noName = await dryRun(await workbookBytes([{ Database: 'Line 1' }], ['Database', 'Address']));
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ code: 'measurement_import.no_name_column' });

    const noSheet = await dryRun(await workbookBytes([{ Name: 'A' }], HEADER, 'Sheet1'));
    expect(noSheet.json()).toMatchObject({ code: 'measurement_import.no_sheet' });
  });

  it('refuses more rows or bytes than the caps', async () => {
    const { parseWorkbook } = await import('./parseWorkbook');
    const bytes = await workbookBytes(Array.from({ length: 11 }, (_, i) => ({ Name: `M${i}`, Database: 'Line 1' })));
    await expect(parseWorkbook(bytes, 10)).rejects.toMatchObject({ extra: { code: 'measurement_import.too_many_rows' } });
    await expect(parseWorkbook(bytes, 11)).resolves.toMatchObject({ rows: expect.any(Array) });
    await expect(parseWorkbook(bytes, 11, bytes.byteLength - 1)).rejects.toMatchObject({ status: 413, extra: { code: 'measurement_import.too_large' } });
  });
});

describe('apply', () => {
  it('runs a job that creates and updates the rows as the user, and a token is only its own user and organization', async () => {
    const response = await dryRun(
      await workbookBytes([
        { Name: 'Applied', Database: 'Line 1', Address: 'b1', UoM: 'kW', Labels: 'power', Status: 'Paused' },
        { Name: 'Broken apply', Database: 'Nowhere' },
      ]),
    );
    const token = response.json<{ Token: string }>().Token;
    expect((await apply(token, colleagueHeaders)).statusCode).toBe(404);
    expect((await apply(token, otherOrganizationHeaders)).statusCode).toBe(404);

    const started = await apply(token);
    expect(started.statusCode).toBe(202);
    const jobUuid = started.json<{ JobUUID: string }>().JobUUID;
    // The same dry run applied again starts no second job.
    expect((await apply(token)).json<{ JobUUID: string }>().JobUUID).toBe(jobUuid);
    const job = await finished(jobUuid);
    expect(job).toMatchObject({ State: 'done', Result: { Created: 1, Updated: 0, Unchanged: 0, Failed: 1 } });
    const stored = await measurement('Applied');
    expect(stored).toMatchObject({ status: 'Paused', uom: 'kW', labels: ['power'], settings: { Address: 'b1' } });
    // Audited as the user who applied the import (jobs run as their creator).
    const { rows: audit } = await t.db.query<{ user_uuid: string | null; action: string }>(
      "SELECT user_uuid, action FROM audit_logs WHERE subject_type = 'Measurement' AND subject_name = 'Applied'",
    );
    expect(audit).toEqual([{ user_uuid: importerUuid, action: 'Create' }]);
    const logs = (await t.app.inject({ method: 'GET', url: `/api/jobs/${jobUuid}/logs`, headers })).json<Array<{ Message: string }>>();
    expect(logs.map((line) => line.Message).join('\n')).toMatch(/Row 3 \(Broken apply\) not imported: C3/);
  }, 60_000);

  it('continues from its checkpoint after an interruption, writing no row twice', async () => {
    const rows = Array.from({ length: IMPORT_CHUNK_ROWS * 2 + 10 }, (_, i) => ({ Name: `Resumed ${i}`, Database: 'Line 1', Address: `q${i}` }));
    const token = (await dryRun(await workbookBytes(rows))).json<{ Token: string }>().Token;
    const { rows: jobRows } = await t.db.query<{ uuid: string }>(
      "INSERT INTO jobs (organization_uuid, type, payload, resumable, created_by_uuid, created_by_name) VALUES ($1, 'measurement_import', $2::jsonb, true, $3, 'importer') RETURNING uuid",
      [plant, JSON.stringify({ Token: token, CalculationsLicensed: false }), importerUuid],
    );
    const logged: string[] = [];
    const saved: unknown[] = [];
    const context = (checkpointState: unknown, stopAfter: number | null): JobContext => ({
      db: t.db,
      job: { uuid: jobRows[0].uuid, type: MEASUREMENT_IMPORT, organizationUuid: plant, payload: { Token: token, CalculationsLicensed: false }, createdByUuid: importerUuid, createdByName: 'importer', taskSchedulerUuid: null },
      checkpointState,
      signal: new AbortController().signal,
      progress: async () => {},
      log: async (_level, message) => {
        logged.push(message);
      },
      checkpointWithin: async () => undefined,
      checkpoint: async (state) => {
        saved.push(state);
        if (stopAfter !== null && saved.length >= stopAfter) throw new JobInterrupted('pause');
      },
    });
    await expect(measurementImportJobType.run(context(null, 1))).rejects.toBeInstanceOf(JobInterrupted);
    const afterFirst = saved[0];
    expect(afterFirst).toMatchObject({ next: IMPORT_CHUNK_ROWS, created: IMPORT_CHUNK_ROWS });
    const result = await measurementImportJobType.run(context(afterFirst, null));
    expect(result).toEqual({ Created: rows.length, Updated: 0, Unchanged: 0, Failed: 0 });
    const { rows: count } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM measurements WHERE database_uuid = $1 AND name LIKE 'Resumed %'", [databaseUuid]);
    expect(count[0].n).toBe(rows.length);
  }, 60_000);

  it('killed between a chunk and the checkpoint after it, continues with exact counts (both commit together)', async () => {
    const rows = Array.from({ length: IMPORT_CHUNK_ROWS + 5 }, (_, i) => ({ Name: `Killed ${i}`, Database: 'Line 1', Address: `k${i}` }));
    const token = (await dryRun(await workbookBytes(rows))).json<{ Token: string }>().Token;
    const { rows: jobRows } = await t.db.query<{ uuid: string }>(
      "INSERT INTO jobs (organization_uuid, type, payload, resumable, created_by_uuid, created_by_name) VALUES ($1, 'measurement_import', $2::jsonb, true, $3, 'importer') RETURNING uuid",
      [plant, JSON.stringify({ Token: token, CalculationsLicensed: false }), importerUuid],
    );
    const within: unknown[] = [];
    const context = (checkpointState: unknown, killAfterCommit: boolean): JobContext => ({
      db: t.db,
      job: { uuid: jobRows[0].uuid, type: MEASUREMENT_IMPORT, organizationUuid: plant, payload: { Token: token, CalculationsLicensed: false }, createdByUuid: importerUuid, createdByName: 'importer', taskSchedulerUuid: null },
      checkpointState,
      signal: new AbortController().signal,
      progress: async () => {},
      log: async () => {},
      // What the chunk's transaction saved is what a runner taking the job over reads.
      checkpointWithin: async (_tx, state) => void within.push(state),
      // The server dies right after the chunk committed.
      checkpoint: async () => {
        if (killAfterCommit) throw new JobInterrupted('shutdown');
      },
    });
    await expect(measurementImportJobType.run(context(null, true))).rejects.toBeInstanceOf(JobInterrupted);
    expect(within).toEqual([{ next: IMPORT_CHUNK_ROWS, created: IMPORT_CHUNK_ROWS, updated: 0, unchanged: 0, failed: 0 }]);
    const result = await measurementImportJobType.run(context(within[0], false));
    expect(result).toEqual({ Created: rows.length, Updated: 0, Unchanged: 0, Failed: 0 });
  }, 60_000);

  it('an unknown token is not found', async () => {
    expect((await apply('x'.repeat(32))).statusCode).toBe(404);
  });

  it('imports 1,000 measurements through dry run and apply', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ Name: `Bulk ${String(i).padStart(4, '0')}`, Database: 'Line 1', Address: `r${i}`, Scale: i % 7 }));
    const response = await dryRun(await workbookBytes(rows));
    expect(response.statusCode).toBe(200);
    expect(response.json<{ Summary: unknown }>().Summary).toEqual({ New: 1000, Update: 0, NoChange: 0, Error: 0 });
    const job = await finished((await apply(response.json<{ Token: string }>().Token)).json<{ JobUUID: string }>().JobUUID);
    expect(job).toMatchObject({ State: 'done', Result: { Created: 1000, Failed: 0 } });
    const { rows: count } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM measurements WHERE database_uuid = $1 AND name LIKE 'Bulk %'", [databaseUuid]);
    expect(count[0].n).toBe(1000);
    // Imported again unchanged: every row is No change.
    const again = await dryRun(await workbookBytes(rows));
    expect(again.json<{ Summary: unknown }>().Summary).toEqual({ New: 0, Update: 0, NoChange: 1000, Error: 0 });
  }, 120_000);
});
