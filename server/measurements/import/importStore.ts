import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/db';
import type { ParsedRow, ParsedSheet } from './parseWorkbook';

// The parsed uploads of dry runs (migration 067), so that applying one does not upload the file
// again. A token is bound to the user and organization of its dry run and lives an hour; one that
// started a job lives until its job has ended, so that a paused import can still resume.

export const IMPORT_TOKEN_TTL_MS = 60 * 60_000;

export interface StoredImport {
  token: string;
  organization_uuid: string;
  user_uuid: string;
  collector_uuid: string;
  rows: { columns: ParsedSheet['columns']; rows: ParsedRow[] };
  row_count: number;
  job_uuid: string | null;
  expires_at: Date;
}

export async function pruneImports(db: Db): Promise<void> {
  await db.query(
    `DELETE FROM measurement_imports i WHERE i.expires_at < now()
       AND (i.job_uuid IS NULL OR NOT EXISTS (SELECT 1 FROM jobs j WHERE j.uuid = i.job_uuid AND j.state IN ('pending', 'running', 'paused')))`,
  );
}

export async function storeImport(db: Db, input: { organizationUuid: string; userUuid: string; collectorUuid: string; sheet: ParsedSheet }): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + IMPORT_TOKEN_TTL_MS);
  await db.query(
    `INSERT INTO measurement_imports (token, organization_uuid, user_uuid, collector_uuid, rows, row_count, expires_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)`,
    [token, input.organizationUuid, input.userUuid, input.collectorUuid, JSON.stringify({ columns: input.sheet.columns, rows: input.sheet.rows }), input.sheet.rows.length, expiresAt],
  );
  return { token, expiresAt };
}

/** The caller's own dry run in this organization; another user's or organization's token is not found. */
export async function findImport(db: Db, token: string, organizationUuid: string, userUuid: string | null): Promise<StoredImport | null> {
  const { rows } = await db.query<StoredImport>(
    `SELECT token, organization_uuid, user_uuid, collector_uuid, rows, row_count, job_uuid, expires_at FROM measurement_imports
      WHERE token = $1 AND organization_uuid = $2 AND ($3::uuid IS NULL OR user_uuid = $3)`,
    [token, organizationUuid, userUuid],
  );
  return rows[0] ?? null;
}

export async function attachJob(db: Db, token: string, jobUuid: string): Promise<void> {
  await db.query('UPDATE measurement_imports SET job_uuid = $2 WHERE token = $1', [token, jobUuid]);
}
