import type { CollectorRow } from '../repositories/collectors';

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
