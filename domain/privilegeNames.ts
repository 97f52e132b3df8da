// Privilege names of SPEC §6. The server seeds exactly these as system privileges; the client's
// guards and menu read them through the PRIVILEGES constants, never as string literals.

const families = [
  'ASSETS',
  'COLLECTORS',
  'EVENTS',
  'EVENT_CONFIGURATIONS',
  'EXTERNAL_DATABASES',
  'LLM',
  'MANUAL_ENTRY_FORMS',
  'MEASUREMENTS',
  'ORGANIZATIONS',
  'PRIVILEGES',
  'PROTOTYPES',
  'SETTINGS',
  'SINKS',
  'TASK_SCHEDULERS',
  'TIMESERIES_DATABASES',
  'USERS',
  'USER_GROUPS',
] as const;

export const ALL_PRIVILEGE_NAMES: readonly string[] = [
  'MANAGE_MEASUREMENT_DATA',
  ...families.flatMap((f) => [`MANAGE_${f}`, `READ_${f}`]),
  'READ_AUDIT_LOGS',
  'READ_LOGS',
  'P-ADM-SD',
];

/** Menu-level names of SPEC §6 mapped to the privilege names the server hands out. */
export const PRIVILEGES = {
  ReadCollectors: 'READ_COLLECTORS',
  ManageCollectors: 'MANAGE_COLLECTORS',
  ReadMeasurements: 'READ_MEASUREMENTS',
  ManageMeasurements: 'MANAGE_MEASUREMENTS',
  ReadAssets: 'READ_ASSETS',
  ManageAssets: 'MANAGE_ASSETS',
  ReadPrototypes: 'READ_PROTOTYPES',
  ManagePrototypes: 'MANAGE_PROTOTYPES',
  ReadEventConfigurations: 'READ_EVENT_CONFIGURATIONS',
  ManageEventConfigurations: 'MANAGE_EVENT_CONFIGURATIONS',
  ReadEvents: 'READ_EVENTS',
  ManageEvents: 'MANAGE_EVENTS',
  ReadManualEntryForms: 'READ_MANUAL_ENTRY_FORMS',
  ManageManualEntryForms: 'MANAGE_MANUAL_ENTRY_FORMS',
  ReadTimeseriesDatabases: 'READ_TIMESERIES_DATABASES',
  ManageTimeseriesDatabases: 'MANAGE_TIMESERIES_DATABASES',
  ReadUsers: 'READ_USERS',
  ManageUsers: 'MANAGE_USERS',
  ReadUserGroups: 'READ_USER_GROUPS',
  ManageUserGroups: 'MANAGE_USER_GROUPS',
  ReadSettings: 'READ_SETTINGS',
  ManageSettings: 'MANAGE_SETTINGS',
  ReadOrganizations: 'READ_ORGANIZATIONS',
  ManageOrganizations: 'MANAGE_ORGANIZATIONS',
  ReadPrivileges: 'READ_PRIVILEGES',
  ManagePrivileges: 'MANAGE_PRIVILEGES',
  ReadSinks: 'READ_SINKS',
  ManageSinks: 'MANAGE_SINKS',
  ReadTaskSchedulers: 'READ_TASK_SCHEDULERS',
  ManageTaskSchedulers: 'MANAGE_TASK_SCHEDULERS',
  ReadExternalDatabases: 'READ_EXTERNAL_DATABASES',
  ManageExternalDatabases: 'MANAGE_EXTERNAL_DATABASES',
  ReadLlm: 'READ_LLM',
  ManageLlm: 'MANAGE_LLM',
  ReadLogs: 'READ_LOGS',
  ReadAuditLogs: 'READ_AUDIT_LOGS',
  SaveTableDefault: 'P-ADM-SD',
} as const;

export type PrivilegeName = (typeof PRIVILEGES)[keyof typeof PRIVILEGES];

export const MANUAL_ENTRY_FORM_LEVELS = {
  Default: 'MANUAL_ENTRY_FORM_DEFAULT',
  Elevated: 'MANUAL_ENTRY_FORM_ELEVATED',
} as const;

/**
 * Privileges that only mean something in the root organization: every call and page they open is
 * checked at root (organizations: `x-historian-access: root` in the contract; READ_LOGS: the
 * configuration entry and the QA replay, both `scope: 'root'` in the route table). A group of any
 * other organization may hold them, but they give its members nothing there.
 */
export const ROOT_ONLY_PRIVILEGE_NAMES: readonly string[] = [PRIVILEGES.ReadOrganizations, PRIVILEGES.ManageOrganizations, PRIVILEGES.ReadLogs];
