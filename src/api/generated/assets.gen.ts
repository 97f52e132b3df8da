import { baseApi as api } from "../baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAssets: build.query<GetAssetsApiResponse, GetAssetsApiArg>({
      query: (queryArg) => ({
        url: `/assets`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          Keyword: queryArg.keyword,
          Path: queryArg.path,
          Roots: queryArg.roots,
          ParentUUIDs: queryArg.parentUuiDs,
          UUIDs: queryArg.uuiDs,
          PrototypeUUIDs: queryArg.prototypeUuiDs,
          LinkStatuses: queryArg.linkStatuses,
          Statuses: queryArg.statuses,
        },
      }),
    }),
    createAsset: build.mutation<CreateAssetApiResponse, CreateAssetApiArg>({
      query: (queryArg) => ({
        url: `/assets`,
        method: "POST",
        body: queryArg.asset,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getAsset: build.query<GetAssetApiResponse, GetAssetApiArg>({
      query: (queryArg) => ({
        url: `/assets/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateAsset: build.mutation<UpdateAssetApiResponse, UpdateAssetApiArg>({
      query: (queryArg) => ({
        url: `/assets/${queryArg.id}`,
        method: "PUT",
        body: queryArg.asset,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteAsset: build.mutation<DeleteAssetApiResponse, DeleteAssetApiArg>({
      query: (queryArg) => ({
        url: `/assets/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Cascade: queryArg.cascade,
        },
      }),
    }),
    moveAsset: build.mutation<MoveAssetApiResponse, MoveAssetApiArg>({
      query: (queryArg) => ({
        url: `/assets/${queryArg.id}/parent`,
        method: "PATCH",
        body: queryArg.assetMove,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getAssetProperties: build.query<
      GetAssetPropertiesApiResponse,
      GetAssetPropertiesApiArg
    >({
      query: (queryArg) => ({
        url: `/asset-properties`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          AssetUUIDs: queryArg.assetUuiDs,
          Recursive: queryArg.recursive,
          Keyword: queryArg.keyword,
          Datatypes: queryArg.datatypes,
          LinkStatuses: queryArg.linkStatuses,
        },
      }),
    }),
    createAssetProperty: build.mutation<
      CreateAssetPropertyApiResponse,
      CreateAssetPropertyApiArg
    >({
      query: (queryArg) => ({
        url: `/asset-properties`,
        method: "POST",
        body: queryArg.assetProperty,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getAssetProperty: build.query<
      GetAssetPropertyApiResponse,
      GetAssetPropertyApiArg
    >({
      query: (queryArg) => ({
        url: `/asset-properties/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateAssetProperty: build.mutation<
      UpdateAssetPropertyApiResponse,
      UpdateAssetPropertyApiArg
    >({
      query: (queryArg) => ({
        url: `/asset-properties/${queryArg.id}`,
        method: "PUT",
        body: queryArg.assetProperty,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteAssetProperty: build.mutation<
      DeleteAssetPropertyApiResponse,
      DeleteAssetPropertyApiArg
    >({
      query: (queryArg) => ({
        url: `/asset-properties/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as assetsEndpoints };
export type GetAssetsApiResponse =
  /** status 200 The assets, by AssetPath. */ AssetRead[];
export type GetAssetsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  /** The name, description or path contains it, case aside. */
  keyword?: string;
  /** The assets at this path and below it (`Site A/Line 1`). */
  path?: string;
  /** Only the top level of the tree. */
  roots?: boolean;
  parentUuiDs?: Uuid[];
  uuiDs?: Uuid[];
  prototypeUuiDs?: Uuid[];
  linkStatuses?: PrototypeLinkStatus[];
  statuses?: AssetStatus[];
};
export type CreateAssetApiResponse = /** status 201 The asset. */ AssetRead;
export type CreateAssetApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  asset: Asset;
};
export type GetAssetApiResponse = /** status 200 The asset. */ AssetRead;
export type GetAssetApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateAssetApiResponse = /** status 200 The asset. */ AssetRead;
export type UpdateAssetApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  asset: Asset;
};
export type DeleteAssetApiResponse = unknown;
export type DeleteAssetApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  cascade?: boolean;
};
export type MoveAssetApiResponse =
  /** status 200 The asset at its new path. */ AssetRead;
export type MoveAssetApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  assetMove: AssetMove;
};
export type GetAssetPropertiesApiResponse =
  /** status 200 The properties, by asset path and name. */ AssetPropertyRead[];
export type GetAssetPropertiesApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  assetUuiDs?: Uuid[];
  recursive?: boolean;
  /** The name, the asset's path or the measurement's name contains it, case aside. */
  keyword?: string;
  datatypes?: ValueType[];
  linkStatuses?: PrototypeLinkStatus[];
};
export type CreateAssetPropertyApiResponse =
  /** status 201 The property. */ AssetPropertyRead;
export type CreateAssetPropertyApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  assetProperty: AssetProperty;
};
export type GetAssetPropertyApiResponse =
  /** status 200 The property. */ AssetPropertyRead;
export type GetAssetPropertyApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateAssetPropertyApiResponse =
  /** status 200 The property. */ AssetPropertyRead;
export type UpdateAssetPropertyApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  assetProperty: AssetProperty;
};
export type DeleteAssetPropertyApiResponse = unknown;
export type DeleteAssetPropertyApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
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
export type Uuid = string;
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
export type AssetInUse = {
  title: string;
  status: number;
  detail?: string;
  code?: string;
  Dependants: {
    Children: number;
    Properties: number;
    EventConfigurations: number;
  };
};
export type AssetMove = {
  ParentUUID: string | null;
};
export type AssetProperty = {
  AssetUUID: Uuid;
  Name: string;
  Description?: string;
  /** The measurement or calculation; null while a property made from a prototype is not bound yet. */
  MeasurementUUID: string | null;
  Metadata?: {
    [key: string]: number | string | boolean;
  };
};
export type ValueType =
  | "number"
  | "boolean"
  | "string"
  | "[]number"
  | "[]boolean"
  | "[]string"
  | "raw";
export type AssetPropertyRead = {
  UUID: Uuid;
  AssetUUID: Uuid;
  AssetPath?: string;
  Name: string;
  Description?: string;
  /** The measurement or calculation; null while a property made from a prototype is not bound yet. */
  MeasurementUUID: string | null;
  MeasurementName?: string;
  Datatype?: ValueType;
  UoM?: string;
  Metadata?: {
    [key: string]: number | string | boolean;
  };
  PropertyPrototypeUUID?: string | null;
  LinkStatus: PrototypeLinkStatus;
};
export const {
  useGetAssetsQuery,
  useLazyGetAssetsQuery,
  useCreateAssetMutation,
  useGetAssetQuery,
  useLazyGetAssetQuery,
  useUpdateAssetMutation,
  useDeleteAssetMutation,
  useMoveAssetMutation,
  useGetAssetPropertiesQuery,
  useLazyGetAssetPropertiesQuery,
  useCreateAssetPropertyMutation,
  useGetAssetPropertyQuery,
  useLazyGetAssetPropertyQuery,
  useUpdateAssetPropertyMutation,
  useDeleteAssetPropertyMutation,
} = injectedRtkApi;
