import { baseApi as api } from "../baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    importMeasurementsDryRun: build.mutation<
      ImportMeasurementsDryRunApiResponse,
      ImportMeasurementsDryRunApiArg
    >({
      query: (queryArg) => ({
        url: `/measurements/import/dry-run`,
        method: "POST",
        body: queryArg.measurementImportUpload,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    importMeasurements: build.mutation<
      ImportMeasurementsApiResponse,
      ImportMeasurementsApiArg
    >({
      query: (queryArg) => ({
        url: `/measurements/import`,
        method: "POST",
        body: queryArg.measurementImportApply,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getMeasurements: build.query<
      GetMeasurementsApiResponse,
      GetMeasurementsApiArg
    >({
      query: (queryArg) => ({
        url: `/measurements`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          Keyword: queryArg.keyword,
          Statuses: queryArg.statuses,
          Labels: queryArg.labels,
          DatabaseUUIDs: queryArg.databaseUuiDs,
          CollectorUUIDs: queryArg.collectorUuiDs,
          Datatypes: queryArg.datatypes,
          Quality: queryArg.quality,
          ExcludeCalculations: queryArg.excludeCalculations,
          OnlyCalculations: queryArg.onlyCalculations,
          Sort: queryArg.sort,
        },
      }),
    }),
    createMeasurement: build.mutation<
      CreateMeasurementApiResponse,
      CreateMeasurementApiArg
    >({
      query: (queryArg) => ({
        url: `/measurements`,
        method: "POST",
        body: queryArg.measurement,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateMeasurementsStatus: build.mutation<
      UpdateMeasurementsStatusApiResponse,
      UpdateMeasurementsStatusApiArg
    >({
      query: (queryArg) => ({
        url: `/measurements/status`,
        method: "PATCH",
        body: queryArg.measurementStatusChange,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateMeasurementsLabels: build.mutation<
      UpdateMeasurementsLabelsApiResponse,
      UpdateMeasurementsLabelsApiArg
    >({
      query: (queryArg) => ({
        url: `/measurements/labels`,
        method: "PATCH",
        body: queryArg.measurementLabelsChange,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getMeasurement: build.query<
      GetMeasurementApiResponse,
      GetMeasurementApiArg
    >({
      query: (queryArg) => ({
        url: `/measurements/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateMeasurement: build.mutation<
      UpdateMeasurementApiResponse,
      UpdateMeasurementApiArg
    >({
      query: (queryArg) => ({
        url: `/measurements/${queryArg.id}`,
        method: "PUT",
        body: queryArg.measurement,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteMeasurement: build.mutation<
      DeleteMeasurementApiResponse,
      DeleteMeasurementApiArg
    >({
      query: (queryArg) => ({
        url: `/measurements/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getMeasurementLabels: build.query<
      GetMeasurementLabelsApiResponse,
      GetMeasurementLabelsApiArg
    >({
      query: (queryArg) => ({
        url: `/measurement-labels`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Keyword: queryArg.keyword,
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as measurementsEndpoints };
export type ImportMeasurementsDryRunApiResponse =
  /** status 200 The action of every row, and the token that applies them. */ MeasurementImportDryRun;
export type ImportMeasurementsDryRunApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  measurementImportUpload: MeasurementImportUpload;
};
export type ImportMeasurementsApiResponse =
  /** status 202 The job that applies the rows. */ MeasurementImportStarted;
export type ImportMeasurementsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  measurementImportApply: MeasurementImportApply;
};
export type GetMeasurementsApiResponse =
  /** status 200 A page of measurements. */ MeasurementRead[];
export type GetMeasurementsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  /** Plain text: the name or description contains it, case aside (`%` and `_` match themselves). Between slashes (`/^line_\d+$/`): a PostgreSQL regular expression on the name, case sensitive; an invalid one answers 400 with a field error on Keyword. */
  keyword?: string;
  statuses?: MeasurementStatus[];
  /** Only measurements carrying every one of these labels. */
  labels?: string[];
  databaseUuiDs?: Uuid[];
  collectorUuiDs?: Uuid[];
  datatypes?: ValueType[];
  /** Good, or Bad (any Bad… code). */
  quality?: "Good" | "Bad";
  /** Leave out the measurements of calculation collectors. */
  excludeCalculations?: boolean;
  /** Only the measurements of calculation collectors (the /calculations page); needs the Calculations licence feature. */
  onlyCalculations?: boolean;
  /** Name, Status or UpdatedAt; a leading `-` sorts descending. */
  sort?: "Name" | "-Name" | "Status" | "-Status" | "UpdatedAt" | "-UpdatedAt";
};
export type CreateMeasurementApiResponse =
  /** status 201 The new measurement. */ MeasurementRead;
export type CreateMeasurementApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  measurement: Measurement;
};
export type UpdateMeasurementsStatusApiResponse =
  /** status 200 One result per UUID, in the order asked. */ MeasurementBulkResult;
export type UpdateMeasurementsStatusApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  measurementStatusChange: MeasurementStatusChange;
};
export type UpdateMeasurementsLabelsApiResponse =
  /** status 200 One result per UUID, in the order asked. */ MeasurementBulkResult;
export type UpdateMeasurementsLabelsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  measurementLabelsChange: MeasurementLabelsChange;
};
export type GetMeasurementApiResponse =
  /** status 200 The measurement. */ MeasurementRead;
export type GetMeasurementApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateMeasurementApiResponse =
  /** status 200 The updated measurement. */ MeasurementRead;
export type UpdateMeasurementApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  measurement: Measurement;
};
export type DeleteMeasurementApiResponse = unknown;
export type DeleteMeasurementApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetMeasurementLabelsApiResponse =
  /** status 200 The labels. */ MeasurementLabel[];
export type GetMeasurementLabelsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** Only the items whose name (or description, where the item has one) contains this text, case aside; `%` and `_` match themselves, as any other character. */
  keyword?: string;
};
export type MeasurementImportAction = "New" | "Update" | "No change" | "Error";
export type MeasurementImportChange = {
  Field: string;
  Old: string;
  New: string;
};
export type MeasurementImportError = {
  /** The cell, e.g. "D7"; empty for an error of the whole row. */
  Cell: string;
  Column: string;
  /** A translation key (measurements.import.errors.*). */
  Message: string;
  Params: {
    [key: string]: string;
  };
};
export type MeasurementImportRow = {
  /** The row's number in the sheet (the header is row 1). */
  Row: number;
  Name: string;
  Action: MeasurementImportAction;
  Changes: MeasurementImportChange[];
  Errors: MeasurementImportError[];
};
export type MeasurementImportSummary = {
  New: number;
  Update: number;
  NoChange: number;
  Error: number;
};
export type MeasurementImportDryRun = {
  Rows: MeasurementImportRow[];
  Summary: MeasurementImportSummary;
  /** Header cells that are no column of the template; their values are ignored. */
  UnknownColumns: string[];
  /** Names this dry run for the apply call (this user, this organization). */
  Token: string;
  ExpiresAt: string;
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
export type Uuid = string;
export type MeasurementImportUpload = {
  CollectorUUID: Uuid;
  /** The collector's template (.xlsx) filled in. */
  File: Blob;
};
export type MeasurementImportStarted = {
  JobUUID: Uuid;
};
export type MeasurementImportApply = {
  Token: string;
};
export type ValueType =
  | "number"
  | "boolean"
  | "string"
  | "[]number"
  | "[]boolean"
  | "[]string"
  | "raw";
export type MeasurementStatus =
  "Active" | "Paused" | "Deleted" | "Discovered" | "Initial";
export type SettingsMap = {
  [key: string]: any;
};
export type EngineeringSpecs = {
  UoM?: string;
  ValueMin?: number | null;
  ValueMax?: number | null;
  LimitLo?: number | null;
  LimitHi?: number | null;
};
export type MeasurementAttributes = {
  Config?: EngineeringSpecs;
  /** Written with every point. */
  Tags?: {
    [key: string]: string;
  };
  /** Free-form; stays in the historian. */
  Metadata?: {
    [key: string]: any;
  };
};
export type Measurement = {
  Name: string;
  Description?: string;
  CollectorUUID: Uuid;
  DatabaseUUID: string | null;
  Datatype: ValueType;
  Status: MeasurementStatus;
  /** Follows the collector's MeasurementSettingsSchema. */
  Settings?: SettingsMap;
  Attributes?: MeasurementAttributes;
  /** Trimmed; duplicates are dropped. */
  Labels?: string[];
};
export type MeasurementRead = {
  UUID: Uuid;
  Name: string;
  Description?: string;
  CollectorUUID: Uuid;
  CollectorName?: string;
  DatabaseUUID: string | null;
  DatabaseName?: string | null;
  Datatype: ValueType;
  Status: MeasurementStatus;
  /** Good, or a Bad… code the collector reports (BadInvalidDataType, …); separate from Status. */
  Quality?: string;
  /** Follows the collector's MeasurementSettingsSchema. */
  Settings?: SettingsMap;
  Attributes?: MeasurementAttributes;
  /** Trimmed; duplicates are dropped. */
  Labels?: string[];
  CreatedAt?: string;
  UpdatedAt?: string;
  CreatedBy?: string | null;
  UpdatedBy?: string | null;
  /** The newest point the collector delivered; null before the first. */
  LastPoint?: {
    Time: string;
    /** The value as its datatype has it (number, boolean, string, array; raw as base64). */
    Value: any;
    /** The point's quality code (e.g. OPC 192 = good). */
    Quality?: number | null;
  } | null;
};
export type MeasurementBulkItemResult = {
  UUID: Uuid;
  Ok: boolean;
  /** Why this one was not changed (English). */
  Error?: string;
  /** The translation key of Error for the client, e.g. measurements.errors.not_found. */
  Code?: string;
};
export type MeasurementBulkResult = {
  Results: MeasurementBulkItemResult[];
};
export type MeasurementStatusChange = {
  UUIDs: Uuid[];
  Status: "Active" | "Paused" | "Deleted";
};
export type MeasurementLabelsChange = {
  UUIDs: Uuid[];
  Add?: string[];
  Remove?: string[];
};
export type MeasurementLabel = {
  Name: string;
  Count: number;
};
export const {
  useImportMeasurementsDryRunMutation,
  useImportMeasurementsMutation,
  useGetMeasurementsQuery,
  useLazyGetMeasurementsQuery,
  useCreateMeasurementMutation,
  useUpdateMeasurementsStatusMutation,
  useUpdateMeasurementsLabelsMutation,
  useGetMeasurementQuery,
  useLazyGetMeasurementQuery,
  useUpdateMeasurementMutation,
  useDeleteMeasurementMutation,
  useGetMeasurementLabelsQuery,
  useLazyGetMeasurementLabelsQuery,
} = injectedRtkApi;
