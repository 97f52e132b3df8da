import type { TFunction } from 'i18next';
import type { JobState } from '../api/generated/historian.gen';

// The names the panel shows for job types and states. Keys are written out (STYLE §13); a type
// without a key of its own (added by a later feature) shows its id.

const TYPE_KEYS: Record<string, string> = {
  parquet_export: 'jobs.types.parquet_export',
  calculation_backfill: 'jobs.types.calculation_backfill',
  event_reevaluation: 'jobs.types.event_reevaluation',
  prototype_apply: 'jobs.types.prototype_apply',
  measurement_import: 'jobs.types.measurement_import',
};

const STATE_KEYS: Record<JobState, string> = {
  pending: 'jobs.states.pending',
  paused: 'jobs.states.paused',
  running: 'jobs.states.running',
  done: 'jobs.states.done',
  failed: 'jobs.states.failed',
  canceled: 'jobs.states.canceled',
};

export const jobTypeLabel = (t: TFunction, type: string): string => {
  const key = TYPE_KEYS[type];
  return key === undefined ? type : t(key);
};

export const jobStateLabel = (t: TFunction, state: JobState): string => t(STATE_KEYS[state]);
