import type { ColumnType, Generated } from 'kysely';

// The tables of server/db/migrations as Kysely sees them. A migration that adds or changes a column
// changes this file in the same commit; the repositories' queries are checked against it.
// Types follow what the Db adapters return: uuid and text as string, timestamptz as Date, int8 as
// number, jsonb as a parsed value (written as JSON text, see Db.query).

/** A jsonb column: read as a value, written as JSON text. */
export type Json<T = unknown> = ColumnType<T, string, string>;
/** A column with a default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** A timestamptz column with a default of now(). */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** A jsonb column with a default. */
type DefaultedJson<T = unknown> = ColumnType<T, string | undefined, string>;

export interface OrganizationsTable {
  uuid: Generated<string>;
  name: string;
  description: Defaulted<string>;
  is_root: Defaulted<boolean>;
  postgres_user: string | null;
  license_uuid: Defaulted<string>;
  status: Defaulted<string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface AuthenticationProvidersTable {
  uuid: Generated<string>;
  provider_name: string;
  provider_type: string;
  settings: DefaultedJson<Record<string, unknown>>;
  secure_settings: DefaultedJson<Record<string, unknown>>;
  is_system: Defaulted<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface UsersTable {
  uuid: Generated<string>;
  name: string;
  password_hash: string | null;
  provider_uuid: string;
  external_subject: string | null;
  user_type: Defaulted<string>;
  attributes: DefaultedJson<Record<string, unknown>>;
  must_change_password: Defaulted<boolean>;
  organization_uuid: string | null;
  external_groups: DefaultedJson<string[]>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface PrivilegesTable {
  uuid: Generated<string>;
  id: Generated<number>;
  name: string;
  description: Defaulted<string>;
  is_system: Defaulted<boolean>;
}

export interface UserGroupsTable {
  uuid: Generated<string>;
  organization_uuid: string;
  name: string;
  description: Defaulted<string>;
  is_system: Defaulted<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  created_by: Defaulted<string>;
  updated_by: Defaulted<string>;
}

export interface UserGroupUsersTable {
  uuid: Generated<string>;
  user_group_uuid: string;
  user_uuid: string;
  created_at: CreatedAt;
  via_mapping: Defaulted<boolean>;
}

export interface UserGroupPrivilegesTable {
  uuid: Generated<string>;
  user_group_uuid: string;
  privilege_uuid: string;
}

export interface UserGroupMappingsTable {
  uuid: Generated<string>;
  user_group_uuid: string;
  external_group: string;
  provider_uuid: string;
}

/** A view: read only. */
export interface UserEffectivePrivilegesView {
  user_uuid: ColumnType<string, never, never>;
  organization_uuid: ColumnType<string, never, never>;
  privilege_uuid: ColumnType<string, never, never>;
  privilege_id: ColumnType<number, never, never>;
  privilege_name: ColumnType<string, never, never>;
}

export interface SessionsTable {
  id_hash: string;
  user_uuid: string;
  created_at: CreatedAt;
  last_seen_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface ApiTokensTable {
  uuid: Generated<string>;
  user_uuid: string;
  name: Defaulted<string>;
  token_hash: string;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  capped: Defaulted<boolean>;
}

export interface ApiTokenPrivilegesTable {
  token_uuid: string;
  organization_uuid: string;
  privilege_name: string;
}

export interface SettingsTable {
  uuid: Generated<string>;
  organization_uuid: string;
  name: string;
  value: Defaulted<string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface TableSettingsTable {
  pk: Generated<number>;
  organization_uuid: string;
  user_uuid: string | null;
  table_id: string;
  columns_shown: DefaultedJson<string[]>;
  columns_order: DefaultedJson<string[]>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface ManualEntryFormPrivilegesTable {
  uuid: Generated<string>;
  id: Generated<number>;
  manual_entry_form_uuid: string;
  organization_uuid: string;
  user_group_uuid: string;
  name: string;
}

/** 074_manual_entry.sql; Config as the contract writes it (server/manual-entry/README.md). */
export interface ManualEntryFormsTable {
  uuid: Generated<string>;
  organization_uuid: string;
  name: string;
  description: Defaulted<string>;
  form_type: 'Events' | 'Asset Properties';
  default_time_range: Defaulted<string>;
  max_time_range: Defaulted<string>;
  auto_refresh_interval: Defaulted<string>;
  max_edit_age: Defaulted<string>;
  max_elevated_edit_age: Defaulted<string>;
  config: DefaultedJson;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  created_by: string | null;
  updated_by: string | null;
}

/** The values typed into asset properties through a form (074_manual_entry.sql). */
export interface ManualEntryValuesTable {
  asset_property_uuid: string;
  time: ColumnType<Date, Date | string, Date | string>;
  organization_uuid: string;
  measurement_uuid: string;
  form_uuid: string | null;
  value: Json;
  original: ColumnType<unknown, string | null, string | null>;
  label: Defaulted<string>;
  updated_at: CreatedAt;
  updated_by: string | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  user_name: string;
  address: string;
  attempted_at: CreatedAt;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

export interface TranslationOverridesTable {
  uuid: Generated<string>;
  organization_uuid: string | null;
  language: string;
  namespace: string;
  key: string;
  translation: string;
}

export interface OidcLoginsTable {
  state_hash: string;
  provider_uuid: string;
  browser_hash: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  redirect_uri: string;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface InstallationTable {
  singleton: Defaulted<boolean>;
  id: Generated<string>;
  trial_started_at: CreatedAt;
}

export interface LicencesTable {
  uuid: string;
  name: string;
  token: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  claimed_organization: string | null;
  activated_at: CreatedAt;
}

export interface TimeseriesDatabasesTable {
  uuid: Generated<string>;
  organization_uuid: string;
  name: string;
  description: Defaulted<string>;
  type_uuid: string;
  settings: DefaultedJson<Record<string, unknown>>;
  secure_settings: DefaultedJson<Record<string, unknown>>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** Task schedulers (migration 061). */
export interface TaskSchedulersTable {
  uuid: Generated<string>;
  organization_uuid: string;
  name: string;
  description: Defaulted<string>;
  rrule: string;
  timezone: string;
  task_type: string;
  state: Defaulted<'running' | 'stopped'>;
  settings: DefaultedJson<Record<string, unknown>>;
  next_run_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_run_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** The CHECK of collectors.status (migration 030). */
export type CollectorStatus = 'Initial' | 'Paused' | 'Active' | 'Deleted';

export interface CollectorsTable {
  uuid: Generated<string>;
  organization_uuid: string;
  name: string;
  description: Defaulted<string>;
  status: Defaulted<CollectorStatus>;
  collector_type: Defaulted<string>;
  build_version: Defaulted<string>;
  build_os: Defaulted<string>;
  build_arch: Defaulted<string>;
  health: Defaulted<string>;
  health_updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  settings: DefaultedJson<Record<string, unknown>>;
  secure_settings: DefaultedJson<Record<string, unknown>>;
  settings_schema: DefaultedJson<Record<string, unknown>>;
  measurement_settings_schema: DefaultedJson<Record<string, unknown>>;
  settings_version: Defaulted<number>;
  applied_settings_version: number | null;
  update_version: string | null;
  is_system: Defaulted<boolean>;
  token_hash: string | null;
  registered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface CollectorHealthTable {
  id: Generated<number>;
  collector_uuid: string;
  health: string;
  recorded_at: CreatedAt;
}

export interface ProductUpdatesTable {
  uuid: Generated<string>;
  product_type: string;
  product: string;
  os: string;
  arch: string;
  version: string;
  checksum: string;
  size: number;
  file_name: Defaulted<string>;
  created_at: CreatedAt;
}

/** Measurements (migrations 030 and 065). */
export interface MeasurementsTable {
  uuid: Generated<string>;
  organization_uuid: string;
  collector_uuid: string;
  name: string;
  status: Defaulted<string>;
  description: Defaulted<string>;
  database_uuid: string | null;
  datatype: Defaulted<string>;
  quality: Defaulted<string>;
  settings: DefaultedJson<Record<string, unknown>>;
  uom: Defaulted<string>;
  value_min: number | null;
  value_max: number | null;
  limit_lo: number | null;
  limit_hi: number | null;
  tags: DefaultedJson<Record<string, string>>;
  metadata: DefaultedJson<Record<string, unknown>>;
  labels: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  created_by: string | null;
  updated_by: string | null;
}

/** The newest point of each measurement (migration 065), kept by the ingestion path. */
export interface MeasurementLastPointsTable {
  measurement_uuid: string;
  time: ColumnType<Date, Date | string, Date | string>;
  value: ColumnType<unknown, string | null, string | null>;
  quality: number | null;
}

/** Batches a collector delivered, by its batch key (migration 065). */
export interface CollectorBatchesTable {
  collector_uuid: string;
  batch_key: string;
  points: number;
  received_at: CreatedAt;
}

export interface AccessGenerationTable {
  id: number;
  value: number;
}

export interface Database {
  organizations: OrganizationsTable;
  authentication_providers: AuthenticationProvidersTable;
  users: UsersTable;
  privileges: PrivilegesTable;
  user_groups: UserGroupsTable;
  user_group_users: UserGroupUsersTable;
  user_group_privileges: UserGroupPrivilegesTable;
  user_group_mappings: UserGroupMappingsTable;
  user_effective_privileges: UserEffectivePrivilegesView;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  api_token_privileges: ApiTokenPrivilegesTable;
  settings: SettingsTable;
  table_settings: TableSettingsTable;
  manual_entry_form_privileges: ManualEntryFormPrivilegesTable;
  manual_entry_forms: ManualEntryFormsTable;
  manual_entry_values: ManualEntryValuesTable;
  login_attempts: LoginAttemptsTable;
  server_secrets: ServerSecretsTable;
  translation_overrides: TranslationOverridesTable;
  oidc_logins: OidcLoginsTable;
  installation: InstallationTable;
  licences: LicencesTable;
  timeseries_databases: TimeseriesDatabasesTable;
  collectors: CollectorsTable;
  collector_health: CollectorHealthTable;
  product_updates: ProductUpdatesTable;
  measurements: MeasurementsTable;
  measurement_last_points: MeasurementLastPointsTable;
  collector_batches: CollectorBatchesTable;
  access_generation: AccessGenerationTable;
  task_schedulers: TaskSchedulersTable;
}
