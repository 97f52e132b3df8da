import { baseApi as api } from "../baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getExternalDatabaseKinds: build.query<
      GetExternalDatabaseKindsApiResponse,
      GetExternalDatabaseKindsApiArg
    >({
      query: (queryArg) => ({
        url: `/external-database-kinds`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getExternalDatabases: build.query<
      GetExternalDatabasesApiResponse,
      GetExternalDatabasesApiArg
    >({
      query: (queryArg) => ({
        url: `/external-databases`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    createExternalDatabase: build.mutation<
      CreateExternalDatabaseApiResponse,
      CreateExternalDatabaseApiArg
    >({
      query: (queryArg) => ({
        url: `/external-databases`,
        method: "POST",
        body: queryArg.externalDatabase,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    testExternalDatabaseSettings: build.mutation<
      TestExternalDatabaseSettingsApiResponse,
      TestExternalDatabaseSettingsApiArg
    >({
      query: (queryArg) => ({
        url: `/external-databases/test`,
        method: "POST",
        body: queryArg.externalDatabaseTest,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getExternalDatabase: build.query<
      GetExternalDatabaseApiResponse,
      GetExternalDatabaseApiArg
    >({
      query: (queryArg) => ({
        url: `/external-databases/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateExternalDatabase: build.mutation<
      UpdateExternalDatabaseApiResponse,
      UpdateExternalDatabaseApiArg
    >({
      query: (queryArg) => ({
        url: `/external-databases/${queryArg.id}`,
        method: "PUT",
        body: queryArg.externalDatabase,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteExternalDatabase: build.mutation<
      DeleteExternalDatabaseApiResponse,
      DeleteExternalDatabaseApiArg
    >({
      query: (queryArg) => ({
        url: `/external-databases/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    previewExternalDatabaseQuery: build.mutation<
      PreviewExternalDatabaseQueryApiResponse,
      PreviewExternalDatabaseQueryApiArg
    >({
      query: (queryArg) => ({
        url: `/external-databases/${queryArg.id}/preview`,
        method: "POST",
        body: queryArg.externalQueryPreviewRequest,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as externalDatabasesEndpoints };
export type GetExternalDatabaseKindsApiResponse =
  /** status 200 The kinds. */ ExternalDatabaseKindInfo[];
export type GetExternalDatabaseKindsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetExternalDatabasesApiResponse =
  /** status 200 The databases. */ ExternalDatabaseRead[];
export type GetExternalDatabasesApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type CreateExternalDatabaseApiResponse =
  /** status 201 The database. */ ExternalDatabaseRead;
export type CreateExternalDatabaseApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  externalDatabase: ExternalDatabaseWrite;
};
export type TestExternalDatabaseSettingsApiResponse =
  /** status 200 The outcome of each step. */ ConnectionTestResult;
export type TestExternalDatabaseSettingsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  externalDatabaseTest: ExternalDatabaseTest;
};
export type GetExternalDatabaseApiResponse =
  /** status 200 The database. */ ExternalDatabaseRead;
export type GetExternalDatabaseApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateExternalDatabaseApiResponse =
  /** status 200 The database. */ ExternalDatabaseRead;
export type UpdateExternalDatabaseApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  externalDatabase: ExternalDatabaseWrite;
};
export type DeleteExternalDatabaseApiResponse = unknown;
export type DeleteExternalDatabaseApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type PreviewExternalDatabaseQueryApiResponse =
  /** status 200 The columns and rows, or the error. */ ExternalQueryPreview;
export type PreviewExternalDatabaseQueryApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  externalQueryPreviewRequest: ExternalQueryPreviewRequest;
};
export type DatabaseKind =
  "postgres" | "mysql" | "oracle" | "sqlserver" | "sqlite" | "hdb" | "ase";
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
export type ExternalDatabaseKindInfo = {
  Kind: DatabaseKind;
  /** This server has a driver for the kind. */
  Available: boolean;
  /** The driver package, e.g. pg, mysql2, mssql, sql.js. */
  Driver?: string;
  SettingsSchema: SettingsSchema;
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
export type SettingsMap = {
  [key: string]: any;
};
export type ExternalDatabase = {
  Name: string;
  Description?: string;
  Kind: DatabaseKind;
  Settings: SettingsMap;
};
export type Uuid = string;
export type ExternalDatabaseRead = {
  UUID: Uuid;
  Name: string;
  Description?: string;
  Kind: DatabaseKind;
  Settings: SettingsMap;
  StoredSecureSettings: string[];
  /** Event and property configurations that read from it. */
  UsedBy: number;
  CreatedAt?: string;
  UpdatedAt?: string;
};
export type ExternalDatabaseWrite = {
  Name: string;
  Description?: string;
  Kind: DatabaseKind;
  Settings: SettingsMap;
  /** The password; sent only when changed, never returned. */
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
export type ExternalDatabaseTest = {
  /** The stored database being edited; its secure settings fill in those not sent. */
  UUID?: Uuid;
  Kind: DatabaseKind;
  Settings?: SettingsMap;
  SecureSettings?: SettingsMap;
};
export type ExternalQueryPreview = {
  Columns: {
    Name: string;
    Type?: string;
  }[];
  Rows: any[][];
  /** The query had more rows than the limit. */
  Truncated: boolean;
  DurationMs: number;
  Error?: {
    Step: "reach" | "tls" | "authenticate" | "query" | "timeout";
    Message: string;
    /** A translation key. */
    Code?: string;
  };
};
export type ExternalQueryPreviewRequest = {
  Query: string;
  /** Bound to :StartTime; default an hour ago. */
  StartTime?: string;
  /** Bound to :StopTime; default now. */
  StopTime?: string;
  Limit?: number;
  TimeoutSeconds?: number;
};
export const {
  useGetExternalDatabaseKindsQuery,
  useLazyGetExternalDatabaseKindsQuery,
  useGetExternalDatabasesQuery,
  useLazyGetExternalDatabasesQuery,
  useCreateExternalDatabaseMutation,
  useTestExternalDatabaseSettingsMutation,
  useGetExternalDatabaseQuery,
  useLazyGetExternalDatabaseQuery,
  useUpdateExternalDatabaseMutation,
  useDeleteExternalDatabaseMutation,
  usePreviewExternalDatabaseQueryMutation,
} = injectedRtkApi;
