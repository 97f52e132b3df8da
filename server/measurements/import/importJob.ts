import type { JobContext, JobTypeDefinition } from '../../jobs/registry';
import { settingsSchemaOf } from '../../collectors/settingsRules';
import { createMeasurement, updateMeasurement } from './measurementAccess';
import { findImport } from './importStore';
import { databasesOf, planRows, type PlannedRow } from './plan';

// The measurement_import job: applies the rows of a dry run in chunks, each chunk planned again
// (measurements may have changed since the dry run) and written in one transaction, then a
// checkpoint in the same transaction, so that a paused or killed import continues after the last
// written chunk, and its counts stay exact.
// Rows that fail are logged and skipped; the changes are audited as the job's creator's.

export const MEASUREMENT_IMPORT = 'measurement_import';
export const IMPORT_CHUNK_ROWS = 200;
/** Failed rows logged one by one; past this, only counted. */
const MAX_LOGGED_FAILURES = 200;

export interface MeasurementImportPayload {
  Token: string;
  /** The licence's Calculations feature when the import was started (the job has no licence at hand). */
  CalculationsLicensed: boolean;
}

interface Progress {
  next: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

const isProgress = (value: unknown): value is Progress =>
  typeof value === 'object' && value !== null && ['next', 'created', 'updated', 'unchanged', 'failed'].every((key) => typeof Reflect.get(value, key) === 'number');

function failureText(row: PlannedRow): string {
  const errors = row.Errors.map((error) => `${error.Cell || error.Column}: ${error.Message}${Object.keys(error.Params).length ? ` ${JSON.stringify(error.Params)}` : ''}`);
  return `Row ${row.Row} (${row.Name || 'no name'}) not imported: ${errors.join('; ')}`;
}

async function run(ctx: JobContext) {
  const payload = ctx.job.payload as MeasurementImportPayload;
  const stored = await findImport(ctx.db, payload.Token, ctx.job.organizationUuid, null);
  if (!stored) throw new Error('The dry run of this import has expired; upload the spreadsheet again');
  const { rows: collectorRows } = await ctx.db.query<{ measurement_settings_schema: unknown }>(
    'SELECT measurement_settings_schema FROM collectors WHERE uuid = $1 AND organization_uuid = $2',
    [stored.collector_uuid, ctx.job.organizationUuid],
  );
  if (collectorRows.length === 0) throw new Error('The collector of this import no longer exists');
  const context = {
    organizationUuid: ctx.job.organizationUuid,
    collectorUuid: stored.collector_uuid,
    schema: settingsSchemaOf(collectorRows[0].measurement_settings_schema),
    databases: await databasesOf(ctx.db, ctx.job.organizationUuid),
    letters: new Map(stored.rows.columns.map((column) => [column.header, column.letter])),
    calculationsLicensed: payload.CalculationsLicensed === true,
  };
  const sheetRows = stored.rows.rows;
  const state: Progress = isProgress(ctx.checkpointState) ? { ...ctx.checkpointState } : { next: 0, created: 0, updated: 0, unchanged: 0, failed: 0 };
  if (state.next === 0) await ctx.log('info', `Importing ${sheetRows.length} rows`);
  const actorUuid = ctx.job.createdByUuid;

  while (state.next < sheetRows.length) {
    const chunk = sheetRows.slice(state.next, state.next + IMPORT_CHUNK_ROWS);
    const failures: PlannedRow[] = [];
    const counts = await ctx.db.transaction(async (tx) => {
      const start = { ...state };
      const planned = await planRows(tx, context, chunk);
      const done = { created: 0, updated: 0, unchanged: 0 };
      for (const row of planned) {
        if (row.Action === 'Error') failures.push(row);
        else if (row.Action === 'New' && row.value) {
          await createMeasurement(tx, context.organizationUuid, row.value, actorUuid);
          done.created += 1;
        } else if (row.Action === 'Update' && row.value && row.existing) {
          await updateMeasurement(tx, context.organizationUuid, row.existing, row.value, actorUuid);
          done.updated += 1;
        } else done.unchanged += 1;
      }
      // The chunk and the checkpoint after it commit together: a kill in between redoes nothing.
      await ctx.checkpointWithin(tx, { next: start.next + chunk.length, created: start.created + done.created, updated: start.updated + done.updated, unchanged: start.unchanged + done.unchanged, failed: start.failed + failures.length });
      return done;
    });
    for (const failure of failures) {
      if (state.failed < MAX_LOGGED_FAILURES) await ctx.log('warn', failureText(failure));
      state.failed += 1;
    }
    state.created += counts.created;
    state.updated += counts.updated;
    state.unchanged += counts.unchanged;
    state.next += chunk.length;
    await ctx.progress(state.next / sheetRows.length, `${state.next} / ${sheetRows.length}`);
    await ctx.checkpoint(state);
  }
  if (state.failed > MAX_LOGGED_FAILURES) await ctx.log('warn', `${state.failed - MAX_LOGGED_FAILURES} more rows not imported`);
  await ctx.log('info', `Created ${state.created}, updated ${state.updated}, unchanged ${state.unchanged}, failed ${state.failed}`);
  return { Created: state.created, Updated: state.updated, Unchanged: state.unchanged, Failed: state.failed };
}

export const measurementImportJobType: JobTypeDefinition = { run, resumable: true, managePrivilege: 'MANAGE_MEASUREMENTS' };
