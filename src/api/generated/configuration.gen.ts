import { baseApi as api } from "../baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<GetSettingsApiResponse, GetSettingsApiArg>({
      query: (queryArg) => ({
        url: `/settings`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          OrganizationUUID: queryArg.organizationUuid,
        },
      }),
    }),
    updateSettingsBatch: build.mutation<
      UpdateSettingsBatchApiResponse,
      UpdateSettingsBatchApiArg
    >({
      query: (queryArg) => ({
        url: `/settings/batch`,
        method: "PUT",
        body: queryArg.body,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateSetting: build.mutation<
      UpdateSettingApiResponse,
      UpdateSettingApiArg
    >({
      query: (queryArg) => ({
        url: `/settings/${queryArg.id}`,
        method: "PUT",
        body: queryArg.setting,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getLicenseFingerprint: build.query<
      GetLicenseFingerprintApiResponse,
      GetLicenseFingerprintApiArg
    >({
      query: () => ({ url: `/license/fingerprint` }),
    }),
    activateLicense: build.mutation<
      ActivateLicenseApiResponse,
      ActivateLicenseApiArg
    >({
      query: (queryArg) => ({
        url: `/license`,
        method: "POST",
        body: queryArg.licenseActivation,
      }),
    }),
    getTimeseriesDatabases: build.query<
      GetTimeseriesDatabasesApiResponse,
      GetTimeseriesDatabasesApiArg
    >({
      query: (queryArg) => ({
        url: `/timeseries-databases`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    createTimeseriesDatabase: build.mutation<
      CreateTimeseriesDatabaseApiResponse,
      CreateTimeseriesDatabaseApiArg
    >({
      query: (queryArg) => ({
        url: `/timeseries-databases`,
        method: "POST",
        body: queryArg.timeseriesDatabase,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          createDatabase: queryArg.createDatabase,
        },
      }),
    }),
    updateTimeseriesDatabase: build.mutation<
      UpdateTimeseriesDatabaseApiResponse,
      UpdateTimeseriesDatabaseApiArg
    >({
      query: (queryArg) => ({
        url: `/timeseries-databases/${queryArg.id}`,
        method: "PUT",
        body: queryArg.timeseriesDatabase,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          createDatabase: queryArg.createDatabase,
        },
      }),
    }),
    deleteTimeseriesDatabase: build.mutation<
      DeleteTimeseriesDatabaseApiResponse,
      DeleteTimeseriesDatabaseApiArg
    >({
      query: (queryArg) => ({
        url: `/timeseries-databases/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    testTimeseriesDatabase: build.mutation<
      TestTimeseriesDatabaseApiResponse,
      TestTimeseriesDatabaseApiArg
    >({
      query: (queryArg) => ({
        url: `/timeseries-databases/${queryArg.id}/test`,
        method: "GET",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getTimeseriesDatabaseReachability: build.query<
      GetTimeseriesDatabaseReachabilityApiResponse,
      GetTimeseriesDatabaseReachabilityApiArg
    >({
      query: (queryArg) => ({
        url: `/timeseries-databases/${queryArg.id}/reachability`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    testTimeseriesDatabaseSettings: build.mutation<
      TestTimeseriesDatabaseSettingsApiResponse,
      TestTimeseriesDatabaseSettingsApiArg
    >({
      query: (queryArg) => ({
        url: `/timeseries-databases/test`,
        method: "POST",
        body: queryArg.timeseriesDatabaseTest,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getTimeseriesDatabaseTypes: build.query<
      GetTimeseriesDatabaseTypesApiResponse,
      GetTimeseriesDatabaseTypesApiArg
    >({
      query: () => ({ url: `/timeseries-database-types` }),
    }),
    getTableSetting: build.query<
      GetTableSettingApiResponse,
      GetTableSettingApiArg
    >({
      query: (queryArg) => ({
        url: `/table_setting/`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          id: queryArg.id,
        },
      }),
    }),
    createTableSetting: build.mutation<
      CreateTableSettingApiResponse,
      CreateTableSettingApiArg
    >({
      query: (queryArg) => ({
        url: `/table_settings`,
        method: "POST",
        body: queryArg.tableSetting,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateTableSetting: build.mutation<
      UpdateTableSettingApiResponse,
      UpdateTableSettingApiArg
    >({
      query: (queryArg) => ({
        url: `/table_settings/${queryArg.pk}`,
        method: "PUT",
        body: queryArg.tableSetting,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as configurationEndpoints };
export type GetSettingsApiResponse =
  /** status 200 The settings. */ SettingRead[];
export type GetSettingsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  organizationUuid?: string;
};
export type UpdateSettingsBatchApiResponse =
  /** status 200 The saved settings. */ SettingRead[];
export type UpdateSettingsBatchApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  body: Setting[];
};
export type UpdateSettingApiResponse =
  /** status 200 The saved setting. */ SettingRead;
export type UpdateSettingApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  setting: Setting;
};
export type GetLicenseFingerprintApiResponse =
  /** status 200 The fingerprint. */ LicenseFingerprint;
export type GetLicenseFingerprintApiArg = void;
export type ActivateLicenseApiResponse =
  /** status 200 The claims after activation. */ LicenseInfo;
export type ActivateLicenseApiArg = {
  licenseActivation: LicenseActivation;
};
export type GetTimeseriesDatabasesApiResponse =
  /** status 200 The databases, without secure settings. */ TimeseriesDatabaseRead[];
export type GetTimeseriesDatabasesApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type CreateTimeseriesDatabaseApiResponse =
  /** status 201 The new database. */ TimeseriesDatabaseRead;
export type CreateTimeseriesDatabaseApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** Also create the database or bucket itself. */
  createDatabase?: boolean;
  timeseriesDatabase: TimeseriesDatabaseWrite;
};
export type UpdateTimeseriesDatabaseApiResponse =
  /** status 200 The updated database. */ TimeseriesDatabaseRead;
export type UpdateTimeseriesDatabaseApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** Also create the database or bucket itself. */
  createDatabase?: boolean;
  timeseriesDatabase: TimeseriesDatabaseWrite;
};
export type DeleteTimeseriesDatabaseApiResponse = unknown;
export type DeleteTimeseriesDatabaseApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type TestTimeseriesDatabaseApiResponse =
  /** status 200 The outcome of each step. */ ConnectionTestResult;
export type TestTimeseriesDatabaseApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetTimeseriesDatabaseReachabilityApiResponse =
  /** status 200 The outcome of each step taken. */ ConnectionTestResult;
export type GetTimeseriesDatabaseReachabilityApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type TestTimeseriesDatabaseSettingsApiResponse =
  /** status 200 The outcome of each step. */ ConnectionTestResult;
export type TestTimeseriesDatabaseSettingsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  timeseriesDatabaseTest: TimeseriesDatabaseTest;
};
export type GetTimeseriesDatabaseTypesApiResponse =
  /** status 200 The types. */ TimeseriesDatabaseType[];
export type GetTimeseriesDatabaseTypesApiArg = void;
export type GetTableSettingApiResponse =
  /** status 200 The settings that apply, or an empty list. */ TableSetting[];
export type GetTableSettingApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** The table id. */
  id: string;
};
export type CreateTableSettingApiResponse =
  /** status 201 The stored settings. */ TableSetting;
export type CreateTableSettingApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  tableSetting: TableSetting;
};
export type UpdateTableSettingApiResponse =
  /** status 200 The stored settings. */ TableSetting;
export type UpdateTableSettingApiArg = {
  pk: number;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  tableSetting: TableSetting;
};
export type Uuid = string;
export type Setting = {
  OrganizationUUID?: Uuid;
  /** Known names: api.grpc_port, api.rest_port, api.url, auth.session_inactive_duration, auth.base_url, setup.done, setup.trial_mode, license.token, audit.retention_days (days the audit log keeps an entry; 0 keeps all). */
  Name: string;
  Value: string;
};
export type SettingRead = {
  UUID: Uuid;
  OrganizationUUID?: Uuid;
  /** Known names: api.grpc_port, api.rest_port, api.url, auth.session_inactive_duration, auth.base_url, setup.done, setup.trial_mode, license.token, audit.retention_days (days the audit log keeps an entry; 0 keeps all). */
  Name: string;
  Value: string;
};
export type ManualEntryScalar = (number | null) | string | boolean;
export type ManualEntryConflict = {
  /** The EventTypePropertyUUID or AssetPropertyUUID. */
  Key: string;
  EventUUID?: string;
  Timestamp?: string;
  Expected: ManualEntryScalar;
  Current: ManualEntryScalar;
  UpdatedAt?: string | null;
  UpdatedBy?: string | null;
};
export type Problem = {
  type?: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  /** A translation key for the client, e.g. users.errors.login. */
  code?: string;
  /** Messages keyed by field path. */
  errors?: {
    [key: string]: string[];
  };
  /** What a deletion would take along, by kind (DELETE /organizations/{id} without confirm). */
  holdings?: {
    [key: string]: number;
  };
  /** Values the translation of code interpolates, e.g. limit: 24h. */
  params?: {
    [key: string]: string;
  };
  /** 409 manual_entry.errors.conflict, the values that changed since they were read. */
  conflicts?: ManualEntryConflict[];
};
export type LicenseFingerprint = {
  token: string;
};
export type License = {
  UUID: Uuid;
  Name: string;
  /** Epoch seconds. */
  ExpiresAt: number;
  OrganizationUUID?: Uuid;
  Trial?: boolean;
  /** Feature name to a boolean or a number; a number above 0 counts as enabled. */
  LicensedFeatures: {
    [key: string]: boolean | number;
  };
};
export type LicenseInfo = {
  LicenseClaims: License[];
  Error?: string;
};
export type LicenseActivation = {
  licenseToken: string;
};
export type SettingsMap = {
  [key: string]: any;
};
export type TimeseriesDatabase = {
  Name: string;
  Description?: string;
  OrganizationUUID?: Uuid;
  TimeseriesDatabaseTypeUUID: Uuid;
  Settings?: SettingsMap;
};
export type TimeseriesDatabaseRead = {
  UUID: Uuid;
  Name: string;
  Description?: string;
  OrganizationUUID?: Uuid;
  TimeseriesDatabaseTypeUUID: Uuid;
  Settings?: SettingsMap;
};
export type TimeseriesDatabaseWrite = {
  Name: string;
  Description?: string;
  OrganizationUUID?: Uuid;
  TimeseriesDatabaseTypeUUID: Uuid;
  Settings?: SettingsMap;
  /** Sent only when changed; never returned. */
  SecureSettings?: SettingsMap;
};
export type ConnectionTestResult = {
  Success: boolean;
  FailedStep?: string;
  Steps: {
    Name: string;
    Success: boolean;
    Message?: string;
  }[];
};
export type TimeseriesDatabaseTest = {
  /** The stored database being edited; its secure settings fill in those not sent. */
  UUID?: Uuid;
  TimeseriesDatabaseTypeUUID: Uuid;
  Settings?: SettingsMap;
  /** Sent only when changed. */
  SecureSettings?: SettingsMap;
};
export type SettingsSchemaProperty = {
  title?: string;
  description?: string;
  type?: "string" | "number" | "integer" | "boolean" | "object" | "array";
  enum?: any[];
  secure?: boolean;
  password?: boolean;
  minimum?: number;
  maximum?: number;
  default?: any;
  examples?: any[];
  required?: boolean;
  isMultiLine?: boolean;
  order?: number;
};
export type SettingsSchema = {
  type?: "object";
  /** Where the console finds this schema's texts in its catalogue: `<key>.<property>.title`, `<key>.<property>.description` and `<key>.<property>.enum.<value>`; a text missing there falls back to the schema's own (English) one. */
  "x-i18n"?: string;
  properties?: {
    [key: string]: SettingsSchemaProperty;
  };
  required?: string[];
};
export type TimeseriesDatabaseType = {
  UUID: Uuid;
  Name: string;
  SettingsSchema: SettingsSchema;
};
export type TableSetting = {
  PK?: number;
  /** The table id. */
  ID: string;
  ColumnsShown: string[];
  ColumnsOrder: string[];
  /** Saved as the organization default (needs P-ADM-SD). */
  IsDefault?: boolean;
};
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
  useGetTimeseriesDatabaseReachabilityQuery,
  useLazyGetTimeseriesDatabaseReachabilityQuery,
  useTestTimeseriesDatabaseSettingsMutation,
  useGetTimeseriesDatabaseTypesQuery,
  useLazyGetTimeseriesDatabaseTypesQuery,
  useGetTableSettingQuery,
  useLazyGetTableSettingQuery,
  useCreateTableSettingMutation,
  useUpdateTableSettingMutation,
} = injectedRtkApi;
