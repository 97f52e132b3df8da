import { restartRequired } from '../../../domain/settingRules';
import { configurationEndpoints } from '../generated/configuration.gen';
import { cachedItems, member, textAt, withOutcomes, type Call, type EndpointOutcome, type OutcomeToast } from '../outcomes';
import { byId, listTags, tagTypes, type EndpointTags, type Listed } from '../tags';

// Settings, table layouts, the licence and time-series databases. Loads with the pages that use
// them.

/** SPEC §8: a changed session duration or base URL needs a restart, which the toast says. */
function settingsSaved({ arg, before }: Call): OutcomeToast {
  const body = member(arg, 'body');
  const after = Array.isArray(body) ? body : [];
  const organizations = new Set(after.map((setting) => textAt(setting, 'OrganizationUUID')));
  const stored = Object.fromEntries(
    cachedItems(before, 'getSettings')
      .filter((setting) => organizations.has(textAt(setting, 'OrganizationUUID')))
      .map((setting) => [textAt(setting, 'Name'), textAt(setting, 'Value')]),
  );
  const saved = Object.fromEntries(after.map((setting) => [textAt(setting, 'Name'), textAt(setting, 'Value')]));
  return restartRequired(stored, saved)
    ? { type: 'warning', messageKey: 'historian.success.update_setting_restart_required' }
    : { type: 'success', messageKey: 'historian.success.update_setting' };
}

/** SPEC §8: a saved database is tested next; a failed test is told with its failed steps. */
function databaseTested({ data }: Call): OutcomeToast {
  if (member(data, 'Success') === true) return { type: 'success', messageKey: 'timeseries.saved' };
  const steps = member(data, 'Steps');
  const failed = (Array.isArray(steps) ? steps : []).filter((step) => member(step, 'Success') !== true);
  const message = failed.map((step) => `${textAt(step, 'Name')}: ${textAt(step, 'Message')}`).join('\n') || textAt(data, 'FailedStep');
  return { type: 'danger', messageKey: 'configuration.errors.database_test', details: { message } };
}

/** What each endpoint provides or invalidates (see tags.ts). */
export const configurationTags = {
  getLicenseFingerprint: { providesTags: [] },
  activateLicense: { invalidatesTags: ['License', 'Organization'] },
  getSettings: { providesTags: ['Setting'] },
  updateSettingsBatch: { invalidatesTags: ['Setting'] },
  updateSetting: { invalidatesTags: ['Setting'] },
  getTableSetting: { providesTags: byId('TableSetting') },
  createTableSetting: {
    invalidatesTags: (_result: unknown, _error: unknown, arg: { tableSetting: { ID: string } }) => [{ type: 'TableSetting', id: arg.tableSetting.ID }],
  },
  updateTableSetting: {
    invalidatesTags: (_result: unknown, _error: unknown, arg: { tableSetting: { ID: string } }) => [{ type: 'TableSetting', id: arg.tableSetting.ID }],
  },
  // A connection test changes nothing the client shows.
  getTimeseriesDatabases: { providesTags: (list: Listed) => listTags('TimeseriesDatabase', list) },
  createTimeseriesDatabase: { invalidatesTags: [{ type: 'TimeseriesDatabase', id: 'LIST' }] },
  updateTimeseriesDatabase: { invalidatesTags: byId('TimeseriesDatabase') },
  deleteTimeseriesDatabase: { invalidatesTags: byId('TimeseriesDatabase') },
  testTimeseriesDatabase: { invalidatesTags: [] },
  testTimeseriesDatabaseSettings: { invalidatesTags: [] },
  getTimeseriesDatabaseTypes: { providesTags: [] },
  // Read again when the database's settings change.
  getTimeseriesDatabaseReachability: { providesTags: (_result: unknown, _error: unknown, arg: { id: string }) => [{ type: 'TimeseriesDatabase', id: arg.id }] },
} satisfies Record<string, EndpointTags>;

/** What the user is told when a call ends (see outcomes.ts). */
const outcomes: Record<string, EndpointOutcome> = {
  activateLicense: { success: { messageKey: 'historian.success.update_license' }, error: { messageKey: 'historian.errors.update_license' } },
  updateSettingsBatch: { success: settingsSaved, error: { messageKey: 'configurations.errors.update_setting' } },
  createTableSetting: { error: { messageKey: 'table.errors.save_table_settings' } },
  // A stored layout removed on the server is stored anew by the table (useTableLayout).
  updateTableSetting: { error: { messageKey: 'table.errors.save_table_settings' }, quiet: (error) => error.code === 404 },
  // A save is followed by a test of the saved database, which tells the outcome of both.
  createTimeseriesDatabase: { error: { messageKey: 'configuration.errors.update_database' } },
  updateTimeseriesDatabase: { error: { messageKey: 'configuration.errors.update_database' } },
  testTimeseriesDatabase: { success: databaseTested, error: { messageKey: 'configuration.errors.database_test' } },
  testTimeseriesDatabaseSettings: { error: { messageKey: 'timeseries.test.error' } },
  deleteTimeseriesDatabase: { success: { messageKey: 'timeseries.deleted' }, error: { messageKey: 'timeseries.errors.delete' } },
};

const configurationTagged = configurationEndpoints.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: configurationTags }).enhanceEndpoints({
  endpoints: {
    // SPEC §7: POST /license takes the form field licenseToken, not a JSON body.
    activateLicense: {
      query: (arg) => ({ url: '/license', method: 'POST', body: arg.licenseActivation, formData: true }),
    },
  },
});

export const configurationApi = withOutcomes(configurationTagged, outcomes);

export const {
  useGetSettingsQuery,
  useLazyGetSettingsQuery,
  useUpdateSettingsBatchMutation,
  useUpdateSettingMutation,
  useGetLicenseFingerprintQuery,
  useLazyGetLicenseFingerprintQuery,
  useActivateLicenseMutation,
  useGetTimeseriesDatabasesQuery,
  useLazyGetTimeseriesDatabasesQuery,
  useCreateTimeseriesDatabaseMutation,
  useUpdateTimeseriesDatabaseMutation,
  useDeleteTimeseriesDatabaseMutation,
  useTestTimeseriesDatabaseMutation,
  useTestTimeseriesDatabaseSettingsMutation,
  useGetTimeseriesDatabaseTypesQuery,
  useLazyGetTimeseriesDatabaseTypesQuery,
  useGetTimeseriesDatabaseReachabilityQuery,
  useGetTableSettingQuery,
  useLazyGetTableSettingQuery,
  useCreateTableSettingMutation,
  useUpdateTableSettingMutation,
} = configurationApi;
