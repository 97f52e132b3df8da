// Every route of SPEC §2 in one table; the router and the menu both read it.

export const CONFIGURATION_SUBROUTES = [
  'api',
  'audit_log',
  'audit_logs',
  'auth_provider',
  'auth_providers',
  'create_organization',
  'edit_organization',
  'organizations',
  'external_database',
  'external_databases',
  'group',
  'groups',
  'license',
  'sink',
  'sinks',
  'forwarder',
  'forwarders',
  'task_schedulers',
  'task_scheduler',
  'timeseries_database',
  'timeseries_databases',
  'user',
  'users',
  'ai',
] as const;

export type ConfigurationSubroute = (typeof CONFIGURATION_SUBROUTES)[number];

export const paths = {
  home: '/',
  login: '/login',
  loginDone: '/login/done',
  setup: '/setup',
  profile: '/profile',
  collectors: '/collectors',
  productUpdates: '/collectors/product-updates',
  measurements: '/measurements',
  calculations: '/calculations',
  assets: '/assets',
  assetPrototypes: '/assets/prototypes',
  assetPrototypesBulk: '/assets/prototypes/bulk',
  assetProperties: '/asset-properties',
  eventTypes: '/event_types',
  eventConfigurations: '/event-configurations',
  eventPropertyConfigurations: '/event-property-configurations',
  events: '/events',
  manualEntryForms: '/manual-entry-forms',
  manualEntryForm: '/manual-entry-form',
  manualEntryFormView: '/manual-entry-form/view',
  auditLog: '/audit_log',
  auditLogs: '/audit_logs',
  configuration: '/configuration',
  qaReplay: '/qa/replay',
} as const;

export const configurationPath = (sub: ConfigurationSubroute) => `${paths.configuration}/${sub}`;
