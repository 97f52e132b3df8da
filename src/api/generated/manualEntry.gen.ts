import { baseApi as api } from "../baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getManualEntryForms: build.query<
      GetManualEntryFormsApiResponse,
      GetManualEntryFormsApiArg
    >({
      query: (queryArg) => ({
        url: `/manual-entry-forms`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Keyword: queryArg.keyword,
        },
      }),
    }),
    createManualEntryForm: build.mutation<
      CreateManualEntryFormApiResponse,
      CreateManualEntryFormApiArg
    >({
      query: (queryArg) => ({
        url: `/manual-entry-forms`,
        method: "POST",
        body: queryArg.manualEntryForm,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getManualEntryForm: build.query<
      GetManualEntryFormApiResponse,
      GetManualEntryFormApiArg
    >({
      query: (queryArg) => ({
        url: `/manual-entry-forms/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateManualEntryForm: build.mutation<
      UpdateManualEntryFormApiResponse,
      UpdateManualEntryFormApiArg
    >({
      query: (queryArg) => ({
        url: `/manual-entry-forms/${queryArg.id}`,
        method: "PUT",
        body: queryArg.manualEntryForm,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteManualEntryForm: build.mutation<
      DeleteManualEntryFormApiResponse,
      DeleteManualEntryFormApiArg
    >({
      query: (queryArg) => ({
        url: `/manual-entry-forms/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getManualEntryFormAccess: build.query<
      GetManualEntryFormAccessApiResponse,
      GetManualEntryFormAccessApiArg
    >({
      query: (queryArg) => ({
        url: `/manual-entry-forms/${queryArg.id}/access`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    replaceManualEntryFormAccess: build.mutation<
      ReplaceManualEntryFormAccessApiResponse,
      ReplaceManualEntryFormAccessApiArg
    >({
      query: (queryArg) => ({
        url: `/manual-entry-forms/${queryArg.id}/access`,
        method: "PUT",
        body: queryArg.body,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getManualEntryFormEntries: build.query<
      GetManualEntryFormEntriesApiResponse,
      GetManualEntryFormEntriesApiArg
    >({
      query: (queryArg) => ({
        url: `/manual-entry-forms/${queryArg.id}/entries`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          From: queryArg["from"],
          To: queryArg.to,
        },
      }),
    }),
    writeManualEntryEventValues: build.mutation<
      WriteManualEntryEventValuesApiResponse,
      WriteManualEntryEventValuesApiArg
    >({
      query: (queryArg) => ({
        url: `/manual-entry-forms/${queryArg.id}/events/${queryArg.eventId}`,
        method: "PUT",
        body: queryArg.manualEntryEventWrite,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    writeManualEntryAssetValues: build.mutation<
      WriteManualEntryAssetValuesApiResponse,
      WriteManualEntryAssetValuesApiArg
    >({
      query: (queryArg) => ({
        url: `/manual-entry-forms/${queryArg.id}/values`,
        method: "POST",
        body: queryArg.manualEntryValuesWrite,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as manualEntryEndpoints };
export type GetManualEntryFormsApiResponse =
  /** status 200 The forms. */ ManualEntryFormRead[];
export type GetManualEntryFormsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** The name or description contains it, case aside. */
  keyword?: string;
};
export type CreateManualEntryFormApiResponse =
  /** status 201 The form. */ ManualEntryFormRead;
export type CreateManualEntryFormApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  manualEntryForm: ManualEntryForm;
};
export type GetManualEntryFormApiResponse =
  /** status 200 The form. */ ManualEntryFormRead;
export type GetManualEntryFormApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateManualEntryFormApiResponse =
  /** status 200 The form. */ ManualEntryFormRead;
export type UpdateManualEntryFormApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  manualEntryForm: ManualEntryForm;
};
export type DeleteManualEntryFormApiResponse = unknown;
export type DeleteManualEntryFormApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetManualEntryFormAccessApiResponse =
  /** status 200 The groups and their levels. */ ManualEntryFormAccessRead[];
export type GetManualEntryFormAccessApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type ReplaceManualEntryFormAccessApiResponse =
  /** status 200 Every group of the organization with its level, as GET answers. */ ManualEntryFormAccessRead[];
export type ReplaceManualEntryFormAccessApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  body: ManualEntryFormAccess[];
};
export type GetManualEntryFormEntriesApiResponse =
  /** status 200 The columns and rows. */ ManualEntryEntries;
export type GetManualEntryFormEntriesApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  from: string;
  to: string;
};
export type WriteManualEntryEventValuesApiResponse =
  /** status 200 The event's row as the grid shows it. */ ManualEntryEventRow;
export type WriteManualEntryEventValuesApiArg = {
  id: string;
  eventId: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  manualEntryEventWrite: ManualEntryEventWrite;
};
export type WriteManualEntryAssetValuesApiResponse =
  /** status 200 The rows written, as the grid shows them. */ ManualEntryValuesWritten;
export type WriteManualEntryAssetValuesApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  manualEntryValuesWrite: ManualEntryValuesWrite;
};
export type ManualEntryFormType = "Events" | "Asset Properties";
export type Uuid = string;
export type ManualEntryFormProperty = {
  EventTypePropertyUUID: Uuid;
  Visible: boolean;
  /** Only a visible simple property may be editable (400). */
  Editable: boolean;
};
export type ManualEntryFormEventConfiguration = {
  EventConfigurationUUID: Uuid;
  /** A label for the asset in the grid instead of its path. */
  AssetDisplayName?: string;
  /** Pixels of the property columns. */
  ColumnWidth?: number;
  Properties: ManualEntryFormProperty[];
};
export type ManualEntryFormEventConfigurationRead = {
  EventConfigurationUUID: Uuid;
  /** A label for the asset in the grid instead of its path. */
  AssetDisplayName?: string;
  /** Pixels of the property columns. */
  ColumnWidth?: number;
  Properties: ManualEntryFormProperty[];
  AssetPath?: string;
  EventTypeUUID?: string;
  EventTypeName?: string;
  /** The configuration no longer exists; the grid leaves it out. */
  Missing?: boolean;
};
export type ManualEntryFormGroup = {
  Name: string;
  AssetPropertyUUIDs: Uuid[];
};
export type ManualEntryFormConfig = {
  EventConfigurations?: ManualEntryFormEventConfiguration[];
  Groups?: ManualEntryFormGroup[];
};
export type ManualEntryFormConfigRead = {
  EventConfigurations?: ManualEntryFormEventConfigurationRead[];
  Groups?: ManualEntryFormGroup[];
};
export type ManualEntryForm = {
  Name: string;
  Description?: string;
  Type: ManualEntryFormType;
  /** The range the view opens with (default 24h); at most MaxTimeRange. */
  DefaultTimeRange?: string;
  /** The longest range the view may show (default 7d, at most 366d). */
  MaxTimeRange?: string;
  /** How often the view reads again (default 30s; 0s: never; else at least 5s). */
  AutoRefreshInterval?: string;
  /** How old an entry a default user may change (default 24h). */
  MaxEditAge?: string;
  /** How old an entry an elevated user may change (default 24h); at least MaxEditAge. */
  MaxElevatedEditAge?: string;
  Config: ManualEntryFormConfig;
};
export type ManualEntryAccessLevel = "disabled" | "default" | "elevated";
export type ManualEntryCallerAccess = {
  Level: ManualEntryAccessLevel;
  CanManage: boolean;
};
export type ManualEntryFormRead = {
  UUID: Uuid;
  Name: string;
  Description?: string;
  Type: ManualEntryFormType;
  /** The range the view opens with (default 24h); at most MaxTimeRange. */
  DefaultTimeRange?: string;
  /** The longest range the view may show (default 7d, at most 366d). */
  MaxTimeRange?: string;
  /** How often the view reads again (default 30s; 0s: never; else at least 5s). */
  AutoRefreshInterval?: string;
  /** How old an entry a default user may change (default 24h). */
  MaxEditAge?: string;
  /** How old an entry an elevated user may change (default 24h); at least MaxEditAge. */
  MaxElevatedEditAge?: string;
  Config: ManualEntryFormConfigRead;
  Access: ManualEntryCallerAccess;
  CreatedAt?: string;
  UpdatedAt?: string;
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
export type ManualEntryFormAccess = {
  UserGroupUUID: Uuid;
  AccessLevel: ManualEntryAccessLevel;
};
export type ManualEntryFormAccessRead = {
  UserGroupUUID: Uuid;
  UserGroupName?: string;
  /** A system group holds elevated on every form; its level cannot change. */
  IsSystem?: boolean;
  AccessLevel: ManualEntryAccessLevel;
};
export type EventPossibleValue = {
  Label: string;
  Value: number | string | boolean;
};
export type ManualEntryColumn = {
  /** The EventTypePropertyUUID (Events) or AssetPropertyUUID (Asset Properties). */
  Key: string;
  Name: string;
  /** The column group's label (the form group, or the event type). */
  Group: string;
  /** Events forms; the column applies to events of this type. */
  EventTypeUUID?: string;
  Datatype: "number" | "boolean" | "string";
  Kind: "simple" | "periodic" | "periodic_with_dimension";
  /** The form lets the caller type it (their level allows writing, and the form marks it). */
  Editable: boolean;
  PossibleValues?: EventPossibleValue[];
  Unit?: string;
  Width?: number;
};
export type EventStatus = "processed" | "open" | "pending" | "incomplete";
export type EventSeries = {
  T: number[];
  V: ((number | null) | string | boolean)[];
  D?: (number | null)[];
};
export type ManualEntryCell = {
  Value: ManualEntryScalar;
  /** Typed by a person. */
  Manual: boolean;
  Series?: EventSeries | null;
  UpdatedAt?: string | null;
  /** The name of whoever typed it. */
  UpdatedBy?: string | null;
};
export type ManualEntryEventRow = {
  UUID: Uuid;
  EventConfigurationUUID: Uuid;
  EventTypeUUID: Uuid;
  /** The configuration's AssetDisplayName, else the asset's path. */
  AssetLabel: string;
  StartTime: string;
  StopTime: string | null;
  Status: EventStatus;
  /** By column Key. */
  Cells: {
    [key: string]: ManualEntryCell;
  };
};
export type ManualEntryValueRow = {
  Timestamp: string;
  /** By column Key (AssetPropertyUUID); a property without a point at the timestamp is absent. */
  Cells: {
    [key: string]: ManualEntryCell;
  };
};
export type ManualEntryEntries = {
  Type: ManualEntryFormType;
  Level: ManualEntryAccessLevel;
  /** The oldest time (event start, or timestamp) the caller may still change; null: they may not write. */
  EditableFrom: string | null;
  /** The edit age that applies to the caller, e.g. 24h. */
  EditLimit?: string | null;
  From: string;
  To: string;
  Columns: ManualEntryColumn[];
  /** Events forms: the events overlapping the range, newest start first (at most 2,000). */
  Events?: ManualEntryEventRow[];
  /** Asset Properties forms: the timestamps with a point of a column in the range, newest first (at most 2,000). */
  Rows?: ManualEntryValueRow[];
  /** More than 2,000 rows lie in the range; shorten it. */
  Truncated?: boolean;
};
export type ManualEntryEventWrite = {
  /** Values by EventTypePropertyUUID; null gives the property back to its configuration. */
  Properties: {
    [key: string]: ManualEntryScalar;
  };
  /** The values the operator saw before typing, by EventTypePropertyUUID (null = none); a property whose current value differs is a conflict (409). Left out, nothing is compared. */
  Expected?: {
    [key: string]: ManualEntryScalar;
  };
  /** Why; required when a value replaces another (400 manual_entry.errors.reason_required). */
  Reason?: string;
};
export type ManualEntryValuesWritten = {
  /** Values that changed (one typed the same as it was is not written again). */
  Written: number;
  Rows: ManualEntryValueRow[];
};
export type ManualEntryValueWrite = {
  AssetPropertyUUID: Uuid;
  Timestamp: string;
  Value: number | string | boolean;
  Expected?: ManualEntryScalar;
};
export type ManualEntryValuesWrite = {
  Values: ManualEntryValueWrite[];
  /** Why; required when a value replaces another (400 manual_entry.errors.reason_required). */
  Reason?: string;
};
export const {
  useGetManualEntryFormsQuery,
  useLazyGetManualEntryFormsQuery,
  useCreateManualEntryFormMutation,
  useGetManualEntryFormQuery,
  useLazyGetManualEntryFormQuery,
  useUpdateManualEntryFormMutation,
  useDeleteManualEntryFormMutation,
  useGetManualEntryFormAccessQuery,
  useLazyGetManualEntryFormAccessQuery,
  useReplaceManualEntryFormAccessMutation,
  useGetManualEntryFormEntriesQuery,
  useLazyGetManualEntryFormEntriesQuery,
  useWriteManualEntryEventValuesMutation,
  useWriteManualEntryAssetValuesMutation,
} = injectedRtkApi;
