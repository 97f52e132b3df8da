import { parquetWriteBuffer } from 'hyparquet-writer';
import { parseDuration } from '../../domain/duration';
import type { Db } from '../db/db';
import { exportPointsRepository, type ExportPoint } from '../repositories/exportPoints';
import { directoryError, resolveExportDirectory, writeExportFile } from './exportRoot';
import type { JobContext, JobTypeDefinition } from '../jobs/registry';

// Task type and job type `parquet_export` (DOMAIN §8, after Factry's Parquet export): at each run
// the period [run − StartOffset − Period, run − StartOffset) of the chosen measurements is written
// as Parquet files of FileInterval each, under the export root. Only Good-quality points go out.
// The job checkpoints after every file, so a resumed job continues with the next one.

export const PARQUET_EXPORT = 'parquet_export';
/** At most this many files per run (Period / FileInterval). */
export const MAX_FILES_PER_RUN = 1000;

export interface ParquetExportSettings {
  StartOffset: string;
  Period: string;
  FileInterval: string;
  Directory: string;
  AllowOverwrite: boolean;
  MeasurementUUIDs: string[];
  /** Chosen by label once measurements carry labels; until then the UUIDs choose. */
  Labels: string[];
}

export interface ParquetExportPayload {
  TaskSchedulerUUID: string;
  TaskSchedulerName: string;
  /** The occurrence the run is for (ISO); a run started by hand is for the moment it was asked. */
  RunAt: string;
  Settings: ParquetExportSettings;
}

const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value.trim() : fallback);

/** The settings as stored, with defaults for what is left out. */
export function readParquetSettings(value: Record<string, unknown>): ParquetExportSettings {
  return {
    StartOffset: text(value.StartOffset, '0s') || '0s',
    Period: text(value.Period, ''),
    FileInterval: text(value.FileInterval, ''),
    Directory: text(value.Directory, ''),
    AllowOverwrite: value.AllowOverwrite === true,
    MeasurementUUIDs: [...new Set(strings(value.MeasurementUUIDs))],
    Labels: [...new Set(strings(value.Labels))],
  };
}

/** Field errors keyed `Settings.X`, over the settings alone (the measurements are checked by the route). */
export function parquetSettingsErrors(settings: ParquetExportSettings): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const duration = (field: 'StartOffset' | 'Period' | 'FileInterval', positive: boolean) => {
    const ms = parseDuration(settings[field]);
    if (ms === undefined) errors[`Settings.${field}`] = ['must be a duration such as 1d, 8h or 1h30m'];
    else if (positive && ms <= 0) errors[`Settings.${field}`] = ['must be longer than zero'];
    return ms;
  };
  duration('StartOffset', false);
  const period = duration('Period', true);
  const interval = duration('FileInterval', true);
  if (period && interval && interval > period) errors['Settings.FileInterval'] = ['may not be longer than the period'];
  else if (period && interval && Math.ceil(period / interval) > MAX_FILES_PER_RUN) {
    errors['Settings.FileInterval'] = [`makes more than ${MAX_FILES_PER_RUN} files per run: choose a longer interval`];
  }
  const directoryProblem = directoryError(settings.Directory);
  if (directoryProblem) errors['Settings.Directory'] = [directoryProblem];
  if (settings.MeasurementUUIDs.length === 0 && settings.Labels.length === 0) errors['Settings.MeasurementUUIDs'] = ['choose at least one measurement'];
  return errors;
}

export interface ExportFile {
  name: string;
  from: number;
  to: number;
}

const compact = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
const slug = (name: string) => name.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 60) || 'export';

/** The files of one run, in time order. */
export function exportFilesOf(schedulerName: string, runAt: number, settings: ParquetExportSettings): ExportFile[] {
  const offset = parseDuration(settings.StartOffset) ?? 0;
  const period = parseDuration(settings.Period) ?? 0;
  const interval = parseDuration(settings.FileInterval) ?? period;
  const end = runAt - offset;
  const files: ExportFile[] = [];
  for (let from = end - period; from < end && files.length < MAX_FILES_PER_RUN; from += interval) {
    const to = Math.min(from + interval, end);
    files.push({ name: `${slug(schedulerName)}_${compact(from)}_${compact(to)}.parquet`, from, to });
  }
  return files;
}

/** One Parquet file: a row per point, the value in the column of its type. */
export function parquetOf(points: readonly ExportPoint[], names: ReadonlyMap<string, string>): Uint8Array {
  const buffer = parquetWriteBuffer({
    columnData: [
      { name: 'measurement_uuid', data: points.map((p) => p.measurementUuid), type: 'STRING' },
      { name: 'measurement', data: points.map((p) => names.get(p.measurementUuid) ?? null), type: 'STRING' },
      { name: 'time', data: points.map((p) => new Date(p.time)), type: 'TIMESTAMP' },
      { name: 'value_number', data: points.map((p) => p.valueNumber), type: 'DOUBLE' },
      { name: 'value_bool', data: points.map((p) => p.valueBool), type: 'BOOLEAN' },
      { name: 'value_text', data: points.map((p) => p.valueText), type: 'STRING' },
      { name: 'value_json', data: points.map((p) => (p.valueJson === null ? null : JSON.stringify(p.valueJson))), type: 'JSON' },
      { name: 'quality', data: points.map((p) => p.quality), type: 'INT32' },
    ],
  });
  return new Uint8Array(buffer);
}

function isPayload(value: unknown): value is ParquetExportPayload {
  if (typeof value !== 'object' || value === null) return false;
  return typeof Reflect.get(value, 'RunAt') === 'string' && typeof Reflect.get(value, 'Settings') === 'object';
}

const nextFileOf = (state: unknown): number => {
  const next: unknown = typeof state === 'object' && state !== null ? Reflect.get(state, 'nextFile') : 0;
  return typeof next === 'number' && Number.isInteger(next) && next >= 0 ? next : 0;
};

/** Runs one export; `exportRoot` is the server's HISTORIAN_EXPORT_DIR. */
export async function runParquetExport(ctx: JobContext, exportRoot: string): Promise<{ Files: string[]; Skipped: string[]; Points: number }> {
  const payload = ctx.job.payload;
  if (!isPayload(payload)) throw new Error('The job has no export settings');
  const settings = readParquetSettings({ ...payload.Settings });
  const folder = await resolveExportDirectory(exportRoot, settings.Directory);
  const points = exportPointsRepository(ctx.db);
  const measurements = await points.measurementsOf(ctx.job.organizationUuid, settings.MeasurementUUIDs);
  const names = new Map(measurements.map((m) => [m.uuid, m.name]));
  if (settings.MeasurementUUIDs.some((uuid) => !names.has(uuid))) await ctx.log('warn', 'Some chosen measurements no longer exist; they are left out.');
  const files = exportFilesOf(payload.TaskSchedulerName, Date.parse(payload.RunAt), settings);
  const written: string[] = [];
  const skipped: string[] = [];
  let total = 0;
  for (let index = nextFileOf(ctx.checkpointState); index < files.length; index += 1) {
    if (ctx.signal.aborted) throw new Error('Canceled');
    const file = files[index];
    const rows = await points.goodPoints([...names.keys()], file.from, file.to);
    total += rows.length;
    if (await writeExportFile(folder, file.name, parquetOf(rows, names), settings.AllowOverwrite)) written.push(file.name);
    else {
      skipped.push(file.name);
      await ctx.log('warn', `${file.name} exists and may not be overwritten; left as it is.`);
    }
    await ctx.checkpoint({ nextFile: index + 1 });
    await ctx.progress((index + 1) / files.length, file.name);
  }
  await ctx.log('info', `Wrote ${written.length} file(s) with ${total} point(s).`);
  return { Files: written, Skipped: skipped, Points: total };
}

/** The export root of this process (HISTORIAN_EXPORT_DIR), set when the task types are registered. */
let exportRoot: string | null = null;

/** The job type: one definition per process, so registering it again (another app in tests) is harmless. */
const PARQUET_EXPORT_JOB: JobTypeDefinition = {
  resumable: true,
  managePrivilege: 'MANAGE_TASK_SCHEDULERS',
  run: (ctx) => {
    if (exportRoot === null) throw new Error('No export folder is configured on this server');
    return runParquetExport(ctx, exportRoot);
  },
};

export function parquetExportJobType(root: string): JobTypeDefinition {
  exportRoot = root;
  return PARQUET_EXPORT_JOB;
}

/** The measurements of the organization among `uuids` (the route refuses others). */
export async function unknownMeasurements(db: Db, organizationUuid: string, uuids: readonly string[]): Promise<string[]> {
  const known = new Set((await exportPointsRepository(db).measurementsOf(organizationUuid, uuids)).map((m) => m.uuid));
  return uuids.filter((uuid) => !known.has(uuid));
}
