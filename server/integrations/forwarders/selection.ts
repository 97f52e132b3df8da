import type { Read } from '../../../domain/contract';
import type { Db } from '../../db/db';

// STUB (int-fwd-runtime): the forwarders' definition side builds the real resolution here; this
// only lets the runtime compile and wire its default. Replaced at merge.

export interface ResolvedSelection {
  measurements: { measurementUuid: string; assetPropertyUuid: string | null }[];
  eventTypeUuids: string[];
}

export async function resolveSelection(db: Db, organizationUuid: string, selection: Read<'ForwarderSelection'>): Promise<ResolvedSelection> {
  void db;
  void organizationUuid;
  void selection;
  throw new Error('not built');
}
