import type { Db } from '../db/db';
import { conflict, HttpProblem, notFound } from '../http/problem';
import { collectorsRepository, type CollectorRow, type CollectorStatus } from '../repositories/collectors';
import { collectorJson } from './collectorJson';

// Status changes of a collector (PATCH /collectors/{id}/status, DELETE /collectors/{id}). SPEC §4
// does not show which transitions are allowed, so any status may follow any other, with two rules
// of our own for Deleted, whichever call asks for it: the organization's own collectors
// (internal, calculation) stay, and a collector that still has measurements in use stays.

export const DELETE_COLLECTOR_CODE = 'collectors.errors.delete_in_use';

export async function assertDeletable(db: Db, row: CollectorRow): Promise<void> {
  if (row.is_system) throw conflict(`${row.name} is this organization's own ${row.collector_type} collector and cannot be deleted`);
  const live = await collectorsRepository(db).liveMeasurementCount(row.uuid);
  if (live > 0) {
    throw new HttpProblem(409, 'Conflict', {
      detail: `${row.name} still has ${live} active measurement${live === 1 ? '' : 's'}. Delete them or move them to another collector first.`,
      code: DELETE_COLLECTOR_CODE,
    });
  }
}

/**
 * Sets the status; Deleted also revokes the token and drops a pending update, so an agent that is
 * still running is shut out at its next call. Rows stay: SPEC §4 lists Deleted collectors.
 */
export async function changeStatus(db: Db, row: CollectorRow, status: CollectorStatus): Promise<ReturnType<typeof collectorJson>> {
  if (status === 'Deleted') await assertDeletable(db, row);
  const changed = await collectorsRepository(db).setStatus(row.uuid, status);
  // Collectors are marked Deleted, never removed, so only a deleted organization takes one away.
  if (!changed) throw notFound('No such collector');
  return collectorJson(changed);
}
