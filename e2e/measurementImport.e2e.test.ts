import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ADMIN, ADMIN_PASSWORD, prepareAdmin, type AdminApi } from './support/adminApi';
import { launchBrowser, newContext } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// Measurement import end to end (issue "done when"): a spreadsheet of 1,000 measurements for a
// collector goes through the dry run (1,000 New) and the apply job in the console, and the
// measurements are there afterwards.

let server: RunningServer;
let browser: Browser;
let admin: AdminApi;
let plant: string;
let dir: string;

interface Created {
  UUID: string;
}

const HEADER = ['Name', 'Description', 'Database', 'Datatype', 'UoM', 'ValueMin', 'ValueMax', 'LimitLo', 'LimitHi', 'Labels', 'Status'];

async function writeSheet(file: string, rows: number) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Measurements');
  sheet.addRow(HEADER);
  for (let i = 0; i < rows; i += 1) sheet.addRow([`Imported ${String(i).padStart(4, '0')}`, 'From the sheet', 'Plant store', 'number', 'bar', 0, 10, 1, 9, 'imported', 'Active']);
  await workbook.xlsx.writeFile(file);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await prepareAdmin(server.url);
  plant = (
    await admin.json<Created>('POST', '/organizations', {
      body: { Name: 'Plant A', PostgresUser: 'plant_a_reader', PostgresPassword: 'plant-a-secret-1', PostgresPasswordConfirm: 'plant-a-secret-1' },
    })
  ).UUID;
  await admin.json<Created>('POST', '/collectors', { body: { Name: 'Line 1' }, organization: plant });
  const types = await admin.json<Array<{ UUID: string; Name: string }>>('GET', '/timeseries-database-types', { organization: plant });
  const postgresType = types.find((type) => type.Name === 'PostgreSQL')?.UUID ?? types[0].UUID;
  await admin.json<Created>('POST', '/timeseries-databases', { body: { Name: 'Plant store', TimeseriesDatabaseTypeUUID: postgresType, Settings: { mode: 'builtin' } }, organization: plant });
  dir = mkdtempSync(path.join(os.tmpdir(), 'historian-e2e-import-'));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('measurement import, end to end', () => {
  it('imports a spreadsheet of 1,000 measurements through dry run and apply', async () => {
    const file = path.join(dir, 'measurements.xlsx');
    await writeSheet(file, 1000);
    const { context, page, errors } = await newContext(browser, server.url);
    await page.goto('/#/measurements');
    await page.getByLabel('User name').fill(ADMIN);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import measurements' });
    await dialog.getByLabel('Collector').selectOption({ label: 'Line 1' });
    await dialog.getByLabel('Filled-in template (.xlsx)').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Dry run' }).click();

    const table = dialog.getByRole('grid', { name: 'Dry run of the import' });
    await table.waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'New 1000' }).waitFor();
    await dialog.getByRole('button', { name: 'Error 0' }).waitFor();
    await table.getByRole('row').filter({ hasText: 'Imported 0000' }).getByText('New').waitFor();

    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByRole('progressbar', { name: 'Progress of the import' }).waitFor();
    await dialog.getByText('1000 created, 0 updated, 0 unchanged, 0 not imported').waitFor({ timeout: 60_000 });

    const listed = await admin.call('GET', '/measurements?Limit=1&Keyword=Imported', { organization: plant });
    expect(listed.headers.get('x-total-count')).toBe('1000');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
