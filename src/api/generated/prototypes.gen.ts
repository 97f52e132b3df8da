import { baseApi as api } from "../baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPrototypes: build.query<GetPrototypesApiResponse, GetPrototypesApiArg>({
      query: (queryArg) => ({
        url: `/prototypes`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          Keyword: queryArg.keyword,
        },
      }),
    }),
    createPrototype: build.mutation<
      CreatePrototypeApiResponse,
      CreatePrototypeApiArg
    >({
      query: (queryArg) => ({
        url: `/prototypes`,
        method: "POST",
        body: queryArg.prototype,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getPrototype: build.query<GetPrototypeApiResponse, GetPrototypeApiArg>({
      query: (queryArg) => ({
        url: `/prototypes/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updatePrototype: build.mutation<
      UpdatePrototypeApiResponse,
      UpdatePrototypeApiArg
    >({
      query: (queryArg) => ({
        url: `/prototypes/${queryArg.id}`,
        method: "PUT",
        body: queryArg.prototype,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deletePrototype: build.mutation<
      DeletePrototypeApiResponse,
      DeletePrototypeApiArg
    >({
      query: (queryArg) => ({
        url: `/prototypes/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    instantiatePrototype: build.mutation<
      InstantiatePrototypeApiResponse,
      InstantiatePrototypeApiArg
    >({
      query: (queryArg) => ({
        url: `/prototypes/${queryArg.id}/instances`,
        method: "POST",
        body: queryArg.prototypeInstantiation,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    linkPrototype: build.mutation<
      LinkPrototypeApiResponse,
      LinkPrototypeApiArg
    >({
      query: (queryArg) => ({
        url: `/prototypes/${queryArg.id}/links`,
        method: "POST",
        body: queryArg.prototypeLink,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    unlinkPrototype: build.mutation<
      UnlinkPrototypeApiResponse,
      UnlinkPrototypeApiArg
    >({
      query: (queryArg) => ({
        url: `/prototypes/${queryArg.id}/links/${queryArg.assetId}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    planPrototype: build.mutation<
      PlanPrototypeApiResponse,
      PlanPrototypeApiArg
    >({
      query: (queryArg) => ({
        url: `/prototypes/${queryArg.id}/plans`,
        method: "POST",
        body: queryArg.prototypePlanRequest,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getPrototypePlan: build.query<
      GetPrototypePlanApiResponse,
      GetPrototypePlanApiArg
    >({
      query: (queryArg) => ({
        url: `/prototype-plans/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    applyPrototypePlan: build.mutation<
      ApplyPrototypePlanApiResponse,
      ApplyPrototypePlanApiArg
    >({
      query: (queryArg) => ({
        url: `/prototype-plans/${queryArg.id}/apply`,
        method: "POST",
        body: queryArg.prototypePlanChoices,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    undoPrototypePlan: build.mutation<
      UndoPrototypePlanApiResponse,
      UndoPrototypePlanApiArg
    >({
      query: (queryArg) => ({
        url: `/prototype-plans/${queryArg.id}/undo`,
        method: "POST",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    exportPrototypePlan: build.mutation<
      ExportPrototypePlanApiResponse,
      ExportPrototypePlanApiArg
    >({
      query: (queryArg) => ({
        url: `/prototype-plans/${queryArg.id}/spreadsheet`,
        method: "GET",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    importPrototypePlan: build.mutation<
      ImportPrototypePlanApiResponse,
      ImportPrototypePlanApiArg
    >({
      query: (queryArg) => ({
        url: `/prototype-plans/${queryArg.id}/spreadsheet`,
        method: "POST",
        body: queryArg.prototypePlanUpload,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as prototypesEndpoints };
export type GetPrototypesApiResponse =
  /** status 200 The prototypes. */ PrototypeRead[];
export type GetPrototypesApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  keyword?: string;
};
export type CreatePrototypeApiResponse =
  /** status 201 The prototype. */ PrototypeRead;
export type CreatePrototypeApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  prototype: Prototype;
};
export type GetPrototypeApiResponse =
  /** status 200 The prototype. */ PrototypeRead;
export type GetPrototypeApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdatePrototypeApiResponse =
  /** status 200 The prototype. */ PrototypeRead;
export type UpdatePrototypeApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  prototype: Prototype;
};
export type DeletePrototypeApiResponse = unknown;
export type DeletePrototypeApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type InstantiatePrototypeApiResponse =
  /** status 201 The assets made. */ AssetRead[];
export type InstantiatePrototypeApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  prototypeInstantiation: PrototypeInstantiation;
};
export type LinkPrototypeApiResponse =
  /** status 200 The asset, linked. */ AssetRead;
export type LinkPrototypeApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  prototypeLink: PrototypeLink;
};
export type UnlinkPrototypeApiResponse = unknown;
export type UnlinkPrototypeApiArg = {
  id: string;
  assetId: Uuid;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type PlanPrototypeApiResponse =
  /** status 201 The plan. */ PrototypePlan;
export type PlanPrototypeApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  prototypePlanRequest: PrototypePlanRequest;
};
export type GetPrototypePlanApiResponse =
  /** status 200 The plan. */ PrototypePlan;
export type GetPrototypePlanApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type ApplyPrototypePlanApiResponse =
  /** status 202 The job. */ PrototypePlanStarted;
export type ApplyPrototypePlanApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  prototypePlanChoices: PrototypePlanChoices;
};
export type UndoPrototypePlanApiResponse =
  /** status 202 The job. */ PrototypePlanStarted;
export type UndoPrototypePlanApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type ExportPrototypePlanApiResponse =
  /** status 200 The .xlsx file. */ Blob;
export type ExportPrototypePlanApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type ImportPrototypePlanApiResponse =
  /** status 200 The choices read, by RowID, and the conflicting rows still without one. */ PrototypePlanImported;
export type ImportPrototypePlanApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  prototypePlanUpload: PrototypePlanUpload;
};
export type Uuid = string;
export type ValueType =
  | "number"
  | "boolean"
  | "string"
  | "[]number"
  | "[]boolean"
  | "[]string"
  | "raw";
export type PropertyPrototype = {
  /** Absent for a new property prototype; an existing one keeps its UUID (the link of every instance item). */
  UUID?: Uuid;
  /** The property's alias on every instance. */
  Name: string;
  Description?: string;
  Kind: "measurement" | "calculation";
  Datatype: ValueType;
  /** The measurement name suggested for an instance, from {{asset.Name}}, {{asset.Path}} and {{metadata.<key>}}. */
  NameTemplate?: string;
  /** For Kind calculation, the calculation's Settings, its inputs naming the instance's properties (`Property` instead of MeasurementUUID). */
  CalculationTemplate?: {
    [key: string]: any;
  } | null;
};
export type Prototype = {
  Name: string;
  Description?: string;
  DefaultDatabaseUUID?: string | null;
  /** Copied into every instance; a null value must be filled when an instance is made. */
  Metadata: {
    [key: string]: (number | null) | string | boolean;
  };
  PropertyPrototypes: PropertyPrototype[];
};
export type PrototypeRead = {
  UUID: Uuid;
  Name: string;
  Description?: string;
  DefaultDatabaseUUID?: string | null;
  /** Copied into every instance; a null value must be filled when an instance is made. */
  Metadata: {
    [key: string]: (number | null) | string | boolean;
  };
  PropertyPrototypes: PropertyPrototype[];
  /** Instances by link status. */
  InstanceCounts?: {
    [key: string]: number;
  };
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
export type Asset = {
  /** Unique among its siblings; no `/`. */
  Name: string;
  Description?: string;
  /** Null at the top of the tree; a move is PATCH /assets/{id}/parent. */
  ParentUUID: string | null;
  /** Constants of the asset (the prototype's metadata filled in), string keys to numbers, texts or booleans. */
  Metadata: {
    [key: string]: number | string | boolean;
  };
};
export type AssetStatus = "Active" | "Deleted";
export type PrototypeLinkStatus =
  "NotLinked" | "Applied" | "NeedsUpdate" | "Overridden" | "Deleted";
export type AssetRead = {
  UUID: Uuid;
  /** Unique among its siblings; no `/`. */
  Name: string;
  Description?: string;
  /** Null at the top of the tree; a move is PATCH /assets/{id}/parent. */
  ParentUUID: string | null;
  /** The names from the top, joined by `/`. */
  AssetPath: string;
  Status: AssetStatus;
  /** Constants of the asset (the prototype's metadata filled in), string keys to numbers, texts or booleans. */
  Metadata: {
    [key: string]: number | string | boolean;
  };
  PrototypeUUID?: string | null;
  PrototypeName?: string | null;
  LinkStatus: PrototypeLinkStatus;
  ChildCount: number;
  CreatedAt?: string;
  UpdatedAt?: string;
};
export type PrototypeInstance = {
  Name: string;
  Metadata?: {
    [key: string]: number | string | boolean;
  };
  /** Property prototype name to the measurement it links (measurement properties). */
  Bindings?: {
    [key: string]: Uuid;
  };
};
export type PrototypeInstantiation = {
  ParentUUID: string | null;
  Instances: PrototypeInstance[];
};
export type PrototypeLink = {
  AssetUUID: Uuid;
};
export type ImportEntityKind =
  | "asset"
  | "asset_property"
  | "measurement"
  | "event_configuration"
  | "event_property_configuration";
export type ImportAction =
  | "New"
  | "Overridden"
  | "Update"
  | "Not linked"
  | "No change"
  | "Link & Update"
  | "Link & Keep";
export type PrototypePlanField = {
  Field: string;
  /** The value last applied (null when never applied). */
  Base: any;
  /** The prototype's value now. */
  Prototype: any;
  /** The instance's value now. */
  Instance: any;
};
export type PrototypePlanRow = {
  RowID: string;
  EntityKind: ImportEntityKind;
  AssetUUID: Uuid;
  AssetPath: string;
  /** The instance's item; null for New. */
  InstanceUUID?: string | null;
  Name: string;
  Action: ImportAction;
  /** Both sides changed since the last apply: the row needs a keep-or-update choice. */
  Conflict: boolean;
  /** What applying does with the row without a choice (null for a conflict, which needs one, and for rows with nothing to choose). */
  DefaultChoice?: ("keep" | "update" | null) | null;
  /** Why the row cannot be applied as it stands (a code, e.g. measurement_not_found); applying skips it. */
  Problem?: string | null;
  Fields: PrototypePlanField[];
};
export type PrototypePlan = {
  UUID: Uuid;
  PrototypeUUID: Uuid;
  State: "planned" | "applying" | "applied" | "undoing" | "undone" | "expired";
  CreatedAt: string;
  ExpiresAt: string;
  ApplyJobUUID?: string | null;
  UndoJobUUID?: string | null;
  Rows: PrototypePlanRow[];
  /** Rows by action, and the conflicts. */
  Summary: {
    [key: string]: number;
  };
};
export type PrototypePlanRequest = {
  AssetUUIDs: Uuid[];
};
export type PrototypePlanStarted = {
  JobUUID: Uuid;
};
export type ImportKeepOrUpdate = "keep" | "update";
export type PrototypePlanChoices = {
  /** RowID to keep or update, for every conflicting row (others may override their default too). */
  Choices: {
    [key: string]: ImportKeepOrUpdate;
  };
};
export type PrototypePlanImported = {
  Choices: {
    [key: string]: ImportKeepOrUpdate;
  };
  /** RowIDs of conflicting rows the spreadsheet left without a choice. */
  Unresolved: string[];
};
export type PrototypePlanUpload = {
  /** The plan's spreadsheet (.xlsx) with its Choice column filled in. */
  File: Blob;
};
export const {
  useGetPrototypesQuery,
  useLazyGetPrototypesQuery,
  useCreatePrototypeMutation,
  useGetPrototypeQuery,
  useLazyGetPrototypeQuery,
  useUpdatePrototypeMutation,
  useDeletePrototypeMutation,
  useInstantiatePrototypeMutation,
  useLinkPrototypeMutation,
  useUnlinkPrototypeMutation,
  usePlanPrototypeMutation,
  useGetPrototypePlanQuery,
  useLazyGetPrototypePlanQuery,
  useApplyPrototypePlanMutation,
  useUndoPrototypePlanMutation,
  useExportPrototypePlanMutation,
  useImportPrototypePlanMutation,
} = injectedRtkApi;
