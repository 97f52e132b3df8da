// The known setting names of SPEC §3, apart from their rules (settingRules.ts) so that the shell,
// which only reads setup.done, does not carry the validation in the main chunk.

export const SETTING_NAMES = {
  grpcPort: 'api.grpc_port',
  restPort: 'api.rest_port',
  apiUrl: 'api.url',
  sessionInactiveDuration: 'auth.session_inactive_duration',
  baseUrl: 'auth.base_url',
  setupDone: 'setup.done',
  trialMode: 'setup.trial_mode',
  licenseToken: 'license.token',
  /** Days the audit log keeps an entry; 0 keeps every entry (the default). */
  auditRetentionDays: 'audit.retention_days',
} as const;

export type SettingName = (typeof SETTING_NAMES)[keyof typeof SETTING_NAMES];
