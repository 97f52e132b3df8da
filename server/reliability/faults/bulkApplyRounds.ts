import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { BASE_COLUMNS, MEASUREMENTS_SHEET } from '../../collectors/template';
import { insertCollector } from '../../collectors/testing/collectorFixtures';
import { openDatabase } from '../../db/open';
import { openTestDatabase } from '../../db/testing/testDatabase';
import { insertBuiltinDatabase } from '../../ingestion/testing/fixtures';
import { exited, startServerProcess } from '../../testing/serverProcess';
import { adminSession } from './adminSession';

// SIGKILL during a bulk apply (issue 22, item 2): a measurement import (POST /measurements/import,
// the measurement_import job: chunks of 200 rows, each one transaction and then a checkpoint) of
// many rows, run by a real server process (server/main.ts on a PGlite data directory) that is
// killed with SIGKILL once the job has written part of them, and started again on the same data
// directory, `killsPerApply` times per import. The job's design says it resumes from its last
// checkpoint; afterwards it must end done, every row of the sheet must be a measurement, once, and
// the job's counts must add up to the sheet. Used by server/reliability/faults/bulkApply.test.ts
// (one import, one kill, asserted) and bench/reliability/faults.suite.ts (more, figures).

export interface BulkApplyOptions {
  /** Imports, each of `rows` rows on a fresh sheet. */
  applies: number;
  killsPerApply?: number;
  rows?: number;
  log?: (line: string) => void;
}

export interface BulkApplyResult {
  applies: number;
  /** Kills that hit a running import (after its first chunk, before its end). */
  killsMidway: number;
  /** Imports that ended done. */
  done: number;
  /** Rows of all sheets, measurements found for them, and names stored more than once. */
  rows: number;
  stored: number;
  duplicates: number;
  /** Rows the jobs reported (created + updated + unchanged + failed), and rows they reported failed. */
  reported: number;
  /** Rows the jobs reported created (all of them: a fresh import creates every row, killed or not). */
  created: number;
  failed: number;
  /** Times the import was started (1 + the resumptions after a kill), per import. */
  attempts: number[];
  /** Milliseconds from spawning the server to its "listening" line, per start. */
  startMs: number[];
}

const HEADER = [...BASE_COLUMNS, 'Address'];
const SCHEMA = { type: 'object', required: ['Address'], properties: { Address: { type: 'string', title: 'Address', order: 1 } } };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function sheet(names: readonly string[], database: string): Promise<Blob> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet(MEASUREMENTS_SHEET);
  worksheet.addRow(HEADER);
  for (const [i, name] of names.entries()) {
    const row: Record<string, string> = { Name: name, Database: database, Datatype: 'number', UoM: 'bar', Address: `40${String(i).padStart(4, '0')}` };
    worksheet.addRow(HEADER.map((column) => row[column] ?? null));
  }
  return new Blob([await workbook.xlsx.writeBuffer()], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

interface JobView {
  State: string;
  Progress: number;
  Result: Record<string, number> | null;
}

export async function runBulkApplyRounds(options: BulkApplyOptions): Promise<BulkApplyResult> {
  const { applies, killsPerApply = 1, rows = 1_000, log = () => undefined } = options;
  const work = await mkdtemp(path.join(tmpdir(), 'historian-bulk-apply-'));
  const clientDir = path.join(work, 'client');
  await mkdir(clientDir);
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>test</title>');
  let dataDir: string | undefined;
  let server: ChildProcess | undefined;
  const startMs: number[] = [];
  const result: BulkApplyResult = { applies, killsMidway: 0, done: 0, rows: 0, stored: 0, duplicates: 0, reported: 0, created: 0, failed: 0, attempts: [], startMs };
  const start = async () => {
    const began = Date.now();
    const started = await startServerProcess({ dataDir: dataDir ?? '', clientDir });
    startMs.push(Date.now() - began);
    server = started.child;
    return started.url;
  };
  const kill = async () => {
    server?.kill('SIGKILL');
    if (server) await exited(server);
    server = undefined;
  };
  try {
    const template = await openTestDatabase();
    dataDir = template.dataDir;
    const organization = (await template.db.query<{ uuid: string }>('SELECT uuid FROM organizations WHERE is_root')).rows[0].uuid;
    const collector = await insertCollector(template.db, organization, { name: 'Bulk', status: 'Active' });
    await template.db.query('UPDATE collectors SET measurement_settings_schema = $2::jsonb WHERE uuid = $1', [collector, JSON.stringify(SCHEMA)]);
    const databaseName = 'Bulk line';
    const database = await insertBuiltinDatabase(template.db, organization, databaseName);
    await template.db.close();

    let url = await start();
    let call = await adminSession(url, true);
    const job = async (uuid: string): Promise<JobView> => {
      const response = await call('GET', `/jobs/${uuid}`, { organization });
      if (!response.ok) throw new Error(`GET /jobs/${uuid}: ${response.status} ${await response.text()}`);
      return (await response.json()) as JobView;
    };
    const allNames: string[] = [];

    for (let apply = 0; apply < applies; apply += 1) {
      const names = Array.from({ length: rows }, (_, i) => `bulk-${apply}-${String(i).padStart(5, '0')}`);
      allNames.push(...names);
      const form = new FormData();
      form.set('CollectorUUID', collector);
      form.set('File', await sheet(names, databaseName), 'measurements.xlsx');
      const planned = await call('POST', '/measurements/import/dry-run', { organization, form });
      if (!planned.ok) throw new Error(`dry run: ${planned.status} ${await planned.text()}`);
      const { Token } = (await planned.json()) as { Token: string };
      const started = await call('POST', '/measurements/import', { organization, body: { Token } });
      if (started.status !== 202) throw new Error(`apply: ${started.status} ${await started.text()}`);
      const { JobUUID } = (await started.json()) as { JobUUID: string };

      for (let k = 0; k < killsPerApply; k += 1) {
        // Kill once the job has written a chunk (its progress moved), at a random moment after.
        const deadline = Date.now() + 120_000;
        let view = await job(JobUUID);
        while (view.Progress === 0 && view.State !== 'done' && view.State !== 'failed' && Date.now() < deadline) {
          await sleep(100);
          view = await job(JobUUID);
        }
        await sleep(Math.random() * 500);
        view = await job(JobUUID);
        if (view.State === 'done' || view.State === 'failed') break;
        await kill();
        result.killsMidway += 1;
        log(`import ${apply + 1}/${applies}: SIGKILL ${k + 1}/${killsPerApply} at ${(view.Progress * 100).toFixed(0)} %`);
        url = await start();
        call = await adminSession(url, false);
      }
      const deadline = Date.now() + 300_000;
      let view = await job(JobUUID);
      while (!['done', 'failed', 'canceled'].includes(view.State) && Date.now() < deadline) {
        await sleep(200);
        view = await job(JobUUID);
      }
      if (view.State === 'done') result.done += 1;
      const counts = view.Result ?? {};
      result.reported += (counts.Created ?? 0) + (counts.Updated ?? 0) + (counts.Unchanged ?? 0) + (counts.Failed ?? 0);
      result.created += counts.Created ?? 0;
      result.failed += counts.Failed ?? 0;
      log(`import ${apply + 1}/${applies}: ${view.State} (${JSON.stringify(counts)})`);
    }
    server?.kill('SIGTERM');
    if (server) await exited(server);
    server = undefined;

    const db = await openDatabase({ dataDir, databaseUrl: undefined }, { onWarning: () => undefined });
    try {
      const stored = await db.query<{ names: number; measurements: number }>(
        'SELECT count(DISTINCT name)::int AS names, count(*)::int AS measurements FROM measurements WHERE database_uuid = $1 AND name = ANY($2::text[])',
        [database, allNames],
      );
      const attempts = await db.query<{ attempt: number }>("SELECT attempt FROM jobs WHERE type = 'measurement_import' ORDER BY created_at");
      result.rows = allNames.length;
      result.stored = stored.rows[0].names;
      result.duplicates = stored.rows[0].measurements - stored.rows[0].names;
      result.attempts = attempts.rows.map((row) => row.attempt);
    } finally {
      await db.close();
    }
    return result;
  } finally {
    await kill();
    await rm(work, { recursive: true, force: true });
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}
