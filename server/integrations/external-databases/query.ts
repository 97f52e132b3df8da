import type { Db } from '../../db/db';
import type { ExternalDatabaseConnection, RunReadOnlyQuery } from './drivers/types';
import { ExternalQueryError } from './drivers/types';

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

/** Runs a query read-only with a row limit and a timeout, through the kind's driver. */
export const runReadOnlyQuery: RunReadOnlyQuery = async (connection) => {
  // Filled in by the external databases' drivers (drivers/).
  throw new ExternalQueryError('reach', `No driver for ${connection.kind} yet`, 'external_databases.errors.driver_unavailable');
};
