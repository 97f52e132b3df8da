import type { MeasurementBulkResult } from '../../api/generated/historian.gen';

/** What a bulk change did, for the bulk bar: how many were changed, and each one that was not, with why. */
export interface BulkOutcome {
  action: BulkAction;
  done: number;
  failed: readonly { uuid: string; name: string; reason: string }[];
}

export type BulkAction = 'pause' | 'resume' | 'delete' | 'labels';

/** The per-item answer of a bulk call, with the names the page knows for the ids. */
export function bulkOutcome(action: BulkAction, result: MeasurementBulkResult, nameOf: (uuid: string) => string | undefined): BulkOutcome {
  const failed = result.Results.filter((item) => !item.Ok).map((item) => ({ uuid: item.UUID, name: nameOf(item.UUID) ?? item.UUID, reason: item.Error ?? '' }));
  return { action, done: result.Results.length - failed.length, failed };
}
