import type { Db } from '../../db/db';
import { driverOf } from './drivers';
import type { ExternalDatabaseConnection, RunReadOnlyQuery } from './drivers/types';

// Where everything that reads an external database runs its query (server/integrations/README.md,
// "External databases"): the preview, the event processor's external source and external property values.

/** A stored external database of the organization, as the drivers need it; undefined when absent or of another organization. */
export async function externalDatabaseConnection(db: Db, organizationUuid: string, uuid: string): Promise<ExternalDatabaseConnection | undefined> {
  const { rows } = await db.query<{ uuid: string; kind: ExternalDatabaseConnection['kind']; settings: Record<string, unknown>; secure_settings: Record<string, unknown> }>(
    'SELECT uuid, kind, settings, secure_settings FROM external_databases WHERE uuid = $1 AND organization_uuid = $2',
    [uuid, organizationUuid],
  );
  const row = rows[0];
  return row && { uuid: row.uuid, kind: row.kind, settings: row.settings, secureSettings: row.secure_settings };
}

/** Most rows one query may answer, and the longest it may run, whatever the caller asks. */
export const MAX_QUERY_ROWS = 10_000;
export const MAX_QUERY_TIMEOUT_MS = 120_000;

/**
 * Runs a query read-only with a row limit and a timeout, through the kind's driver. Throws
 * ExternalQueryError (step, translated code, a message without secrets); for oracle, hdb and ase
 * its code is external_databases.errors.driver_unavailable.
 */
export const runReadOnlyQuery: RunReadOnlyQuery = (connection, query, options) =>
  driverOf(connection.kind).run(connection, query, {
    params: options.params,
    limit: Math.min(Math.max(1, Math.floor(options.limit)), MAX_QUERY_ROWS),
    timeoutMs: Math.min(Math.max(100, Math.floor(options.timeoutMs)), MAX_QUERY_TIMEOUT_MS),
  });
