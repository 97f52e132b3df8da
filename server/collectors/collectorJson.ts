import type { CollectorRow, ListedCollectorRow } from '../repositories/collectors';

// A collector as the console sees it (SPEC §3 Collector) and as its agent sees it. Secure settings
// go to the agent only, never into a browser-facing shape.

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

/**
 * A deleted collector is shut out (its token is revoked), so the health it last reported is not live:
 * the console gets none for it, and the timeline (collector-health-history) keeps what it was.
 */
export function withLiveHealth<T extends { Status: string; Health: string; HealthUpdatedAt: string | null }>(json: T): T {
  return json.Status === 'Deleted' ? { ...json, Health: '', HealthUpdatedAt: null } : json;
}

/** A collector as the console sees it, live health applied. */
export const consoleCollectorJson = (row: CollectorRow) => withLiveHealth(collectorJson(row));

const text = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));
const time = (value: Date | null) => (value === null ? 'null' : `"${value.toISOString()}"`);

/**
 * A page of the console's list as JSON text: the same members, in the same order, as
 * consoleCollectorJson, with the JSON columns written as the database gave their text. Writing it
 * here instead of building objects for Fastify to serialize halves what a list costs the server
 * (`npm run bench -- api`); collectorJson.test.ts holds the two to the same answer.
 */
export function collectorListJson(rows: readonly ListedCollectorRow[]): string {
  const items = rows.map((row) => {
    const deleted = row.status === 'Deleted';
    return (
      `{"UUID":${text(row.uuid)},"OrganizationUUID":${text(row.organization_uuid)},"Name":${text(row.name)},"Description":${text(row.description)}` +
      `,"Status":${text(row.status)},"CollectorType":${text(row.collector_type)},"BuildVersion":${text(row.build_version)},"BuildOs":${text(row.build_os)}` +
      `,"BuildArch":${text(row.build_arch)},"Health":${deleted ? '""' : text(row.health)},"HealthUpdatedAt":${deleted ? 'null' : time(row.health_updated_at)}` +
      `,"Settings":${row.settings},"SettingsSchema":${row.settings_schema},"MeasurementSettingsSchema":${row.measurement_settings_schema}` +
      `,"SettingsVersion":${row.settings_version},"AppliedSettingsVersion":${row.applied_settings_version ?? 'null'}` +
      `${row.update_version === null ? '' : `,"UpdateVersion":${text(row.update_version)}`},"IsSystem":${row.is_system},"RegisteredAt":${time(row.registered_at)}}`
    );
  });
  return `[${items.join(',')}]`;
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
