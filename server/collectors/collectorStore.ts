import type { Db } from '../db/db';
import { notFound } from '../http/problem';

// Rows of the collectors table and their JSON for the console (SPEC §3 Collector). Secure settings
// and the token hash never leave this module in a browser-facing shape.

export type CollectorStatus = 'Initial' | 'Paused' | 'Active' | 'Deleted';
export type JsonMap = Record<string, unknown>;

export interface CollectorRow {
  uuid: string;
  organization_uuid: string;
  name: string;
  description: string;
  status: CollectorStatus;
  collector_type: string;
  build_version: string;
  build_os: string;
  build_arch: string;
  health: string;
  health_updated_at: Date | null;
  settings: JsonMap;
  secure_settings: JsonMap;
  settings_schema: JsonMap;
  measurement_settings_schema: JsonMap;
  settings_version: number;
  applied_settings_version: number | null;
  update_version: string | null;
  is_system: boolean;
  registered_at: Date | null;
}

export const COLLECTOR_COLUMNS = `uuid, organization_uuid, name, description, status, collector_type, build_version, build_os,
  build_arch, health, health_updated_at, settings, secure_settings, settings_schema, measurement_settings_schema,
  settings_version, applied_settings_version, update_version, is_system, registered_at`;

/** SPEC §4 sort order, also applied by the server so that pages of the list are stable. */
export const COLLECTOR_ORDER_SQL = `CASE status WHEN 'Initial' THEN 1 WHEN 'Paused' THEN 2 WHEN 'Active' THEN 3 ELSE 4 END,
  lower(name), uuid`;

export function collectorJson(row: CollectorRow) {
  return {
    UUID: row.uuid,
    OrganizationUUID: row.organization_uuid,
    Name: row.name,
    Description: row.description,
    Status: row.status,
    CollectorType: row.collector_type,
    BuildVersion: row.build_version,
    BuildOs: row.build_os,
    BuildArch: row.build_arch,
    Health: row.health,
    HealthUpdatedAt: row.health_updated_at ? row.health_updated_at.toISOString() : null,
    Settings: row.settings,
    SettingsSchema: row.settings_schema,
    MeasurementSettingsSchema: row.measurement_settings_schema,
    SettingsVersion: row.settings_version,
    AppliedSettingsVersion: row.applied_settings_version,
    ...(row.update_version === null ? {} : { UpdateVersion: row.update_version }),
    IsSystem: row.is_system,
    RegisteredAt: row.registered_at ? row.registered_at.toISOString() : null,
  };
}

/** The collector's own view: what it must be and do, with its secure settings. */
export function assignmentJson(row: CollectorRow) {
  return {
    UUID: row.uuid,
    OrganizationUUID: row.organization_uuid,
    Name: row.name,
    Status: row.status,
    Settings: row.settings,
    SecureSettings: row.secure_settings,
    SettingsVersion: row.settings_version,
    ...(row.update_version === null ? {} : { UpdateVersion: row.update_version }),
  };
}

/**
 * A collector of the organization, or 404: ids of another organization answer exactly like ids
 * that do not exist (ARCHITECTURE "Security model").
 */
export async function findCollector(db: Db, organizationUuid: string, uuid: string): Promise<CollectorRow> {
  const { rows } = await db.query<CollectorRow>(`SELECT ${COLLECTOR_COLUMNS} FROM collectors WHERE uuid = $1 AND organization_uuid = $2`, [
    uuid,
    organizationUuid,
  ]);
  if (!rows[0]) throw notFound('No such collector');
  return rows[0];
}

/** The collector a token resolved to; it exists (the token lookup just found it) unless deleted since. */
export async function collectorByUuid(db: Db, uuid: string): Promise<CollectorRow> {
  const { rows } = await db.query<CollectorRow>(`SELECT ${COLLECTOR_COLUMNS} FROM collectors WHERE uuid = $1`, [uuid]);
  if (!rows[0]) throw notFound('No such collector');
  return rows[0];
}

export async function listCollectors(db: Db, organizationUuid: string, limit: number, page: number) {
  const total = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM collectors WHERE organization_uuid = $1', [organizationUuid]);
  const { rows } = await db.query<CollectorRow>(
    `SELECT ${COLLECTOR_COLUMNS} FROM collectors WHERE organization_uuid = $1 ORDER BY ${COLLECTOR_ORDER_SQL} LIMIT $2 OFFSET $3`,
    [organizationUuid, limit, (page - 1) * limit],
  );
  return { rows, total: total.rows[0].n };
}

/**
 * Stores a health report. Only a change adds a row to the history (a timeline of transitions);
 * a repeat just refreshes health_updated_at, which tells the console the collector is alive.
 */
export async function recordHealth(tx: Db, collectorUuid: string, health: string): Promise<void> {
  const { rows } = await tx.query<{ previous: string }>(
    `UPDATE collectors c SET health = $2, health_updated_at = now()
       FROM (SELECT health FROM collectors WHERE uuid = $1 FOR UPDATE) AS old
      WHERE c.uuid = $1 RETURNING old.health AS previous`,
    [collectorUuid, health],
  );
  if (rows[0] && rows[0].previous !== health) {
    await tx.query('INSERT INTO collector_health (collector_uuid, health) VALUES ($1, $2)', [collectorUuid, health]);
  }
}

/** Measurements that still count as in use: anything not Deleted keeps its collector. */
export async function liveMeasurementCount(db: Db, collectorUuid: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM measurements WHERE collector_uuid = $1 AND status <> 'Deleted'",
    [collectorUuid],
  );
  return rows[0].n;
}

/** PostgreSQL unique_violation: a name or a (type, OS, arch, version) used already. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}
