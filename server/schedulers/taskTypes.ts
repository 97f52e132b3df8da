import { registerJobType } from '../jobs/registry';
import type { TaskSchedulerRow } from '../repositories/taskSchedulers';
import { PARQUET_EXPORT, parquetExportJobType, parquetSettingsErrors, readParquetSettings, type ParquetExportPayload } from './parquetExport';

// The task types a scheduler can run; each is also the job type of its runs. The first is the
// Parquet export (DOMAIN §8).

export const TASK_TYPES = [PARQUET_EXPORT] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const isTaskType = (value: string): value is TaskType => (TASK_TYPES as readonly string[]).includes(value);

/** Registers each task type as the job type of its runs, writing under `exportRoot` (HISTORIAN_EXPORT_DIR). */
export function registerTaskJobTypes(exportRoot: string): void {
  registerJobType(PARQUET_EXPORT, parquetExportJobType(exportRoot));
}

/** The stored settings of a task type, defaults filled in, and their field errors. */
export function checkTaskSettings(taskType: TaskType, settings: Record<string, unknown>): { settings: Record<string, unknown>; errors: Record<string, string[]> } {
  const read = readParquetSettings(settings);
  return { settings: { ...read }, errors: parquetSettingsErrors(read) };
}

/** The payload of the job of one run: a copy of the settings, so editing the scheduler does not change a queued run. */
export function jobPayloadOf(row: TaskSchedulerRow, runAt: Date): ParquetExportPayload {
  return { TaskSchedulerUUID: row.uuid, TaskSchedulerName: row.name, RunAt: runAt.toISOString(), Settings: readParquetSettings(row.settings) };
}
