import { baseApi as api } from "../baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCollectors: build.query<GetCollectorsApiResponse, GetCollectorsApiArg>({
      query: (queryArg) => ({
        url: `/collectors`,
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
    createCollector: build.mutation<
      CreateCollectorApiResponse,
      CreateCollectorApiArg
    >({
      query: (queryArg) => ({
        url: `/collectors`,
        method: "POST",
        body: queryArg.collector,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateCollector: build.mutation<
      UpdateCollectorApiResponse,
      UpdateCollectorApiArg
    >({
      query: (queryArg) => ({
        url: `/collectors/${queryArg.id}`,
        method: "PUT",
        body: queryArg.collector,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteCollector: build.mutation<
      DeleteCollectorApiResponse,
      DeleteCollectorApiArg
    >({
      query: (queryArg) => ({
        url: `/collectors/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateCollectorStatus: build.mutation<
      UpdateCollectorStatusApiResponse,
      UpdateCollectorStatusApiArg
    >({
      query: (queryArg) => ({
        url: `/collectors/${queryArg.id}/status`,
        method: "PATCH",
        body: queryArg.collectorStatusChange,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getCollectorToken: build.mutation<
      GetCollectorTokenApiResponse,
      GetCollectorTokenApiArg
    >({
      query: (queryArg) => ({
        url: `/collectors/${queryArg.id}/token`,
        method: "GET",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getCollectorTemplate: build.mutation<
      GetCollectorTemplateApiResponse,
      GetCollectorTemplateApiArg
    >({
      query: (queryArg) => ({
        url: `/collectors/${queryArg.id}/template`,
        method: "GET",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getCollectorHealthHistory: build.query<
      GetCollectorHealthHistoryApiResponse,
      GetCollectorHealthHistoryApiArg
    >({
      query: (queryArg) => ({
        url: `/collectors/${queryArg.id}/collector-health-history`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
        },
      }),
    }),
    startCollectorUpdate: build.mutation<
      StartCollectorUpdateApiResponse,
      StartCollectorUpdateApiArg
    >({
      query: (queryArg) => ({
        url: `/collectors/${queryArg.id}/start-update`,
        method: "POST",
        body: queryArg.collectorUpdateStart,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getProductUpdates: build.query<
      GetProductUpdatesApiResponse,
      GetProductUpdatesApiArg
    >({
      query: () => ({ url: `/product-updates` }),
    }),
    createProductUpdate: build.mutation<
      CreateProductUpdateApiResponse,
      CreateProductUpdateApiArg
    >({
      query: (queryArg) => ({
        url: `/product-updates`,
        method: "POST",
        body: queryArg.productUpdateUpload,
      }),
    }),
    deleteProductUpdate: build.mutation<
      DeleteProductUpdateApiResponse,
      DeleteProductUpdateApiArg
    >({
      query: (queryArg) => ({
        url: `/product-updates/${queryArg.id}`,
        method: "DELETE",
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as collectorsEndpoints };
export type GetCollectorsApiResponse =
  /** status 200 A page of collectors. */ CollectorRead[];
export type GetCollectorsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  /** Only the items whose name (or description, where the item has one) contains this text, case aside; `%` and `_` match themselves, as any other character. */
  keyword?: string;
};
export type CreateCollectorApiResponse =
  /** status 201 The new collector. */ CollectorRead;
export type CreateCollectorApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  collector: CollectorWrite;
};
export type UpdateCollectorApiResponse =
  /** status 200 The updated collector. */ CollectorRead;
export type UpdateCollectorApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  collector: CollectorWrite;
};
export type DeleteCollectorApiResponse = unknown;
export type DeleteCollectorApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateCollectorStatusApiResponse =
  /** status 200 The collector with its new status. */ CollectorRead;
export type UpdateCollectorStatusApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  collectorStatusChange: CollectorStatusChange;
};
export type GetCollectorTokenApiResponse =
  /** status 200 The token, shown once. */ CollectorToken;
export type GetCollectorTokenApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetCollectorTemplateApiResponse =
  /** status 200 The .xlsx file. */ Blob;
export type GetCollectorTemplateApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetCollectorHealthHistoryApiResponse =
  /** status 200 The health records. */ CollectorHealth[];
export type GetCollectorHealthHistoryApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
};
export type StartCollectorUpdateApiResponse = unknown;
export type StartCollectorUpdateApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  collectorUpdateStart: CollectorUpdateStart;
};
export type GetProductUpdatesApiResponse =
  /** status 200 The builds. */ ProductUpdate[];
export type GetProductUpdatesApiArg = void;
export type CreateProductUpdateApiResponse =
  /** status 201 The stored build. */ ProductUpdate;
export type CreateProductUpdateApiArg = {
  productUpdateUpload: ProductUpdateUpload;
};
export type DeleteProductUpdateApiResponse = unknown;
export type DeleteProductUpdateApiArg = {
  id: string;
};
export type Uuid = string;
export type ItemStatus = "Active" | "Paused" | "Deleted" | "Initial";
export type SettingsMap = {
  [key: string]: any;
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
export type Collector = {
  OrganizationUUID?: Uuid;
  Name: string;
  Description?: string;
  Status?: ItemStatus;
  /** e.g. simulation, opc-ua, mqtt, calculation, internal. */
  CollectorType?: string;
  BuildVersion?: string;
  BuildOs?: string;
  BuildArch?: string;
  Health?: string;
  HealthUpdatedAt?: string | null;
  Settings?: SettingsMap;
  SettingsSchema?: SettingsSchema;
  /** The version the collector was told to install. */
  UpdateVersion?: string;
  /** The settings each measurement of this collector takes; registered by the collector. */
  MeasurementSettingsSchema?: SettingsSchema;
  /** Increases with every change of Settings or SecureSettings. */
  SettingsVersion?: number;
  /** The SettingsVersion the collector last reported as in effect. */
  AppliedSettingsVersion?: number | null;
  /** The organization's own internal or calculation collector; it cannot be deleted. */
  IsSystem?: boolean;
  RegisteredAt?: string | null;
};
export type CollectorRead = {
  UUID: Uuid;
  OrganizationUUID?: Uuid;
  Name: string;
  Description?: string;
  Status?: ItemStatus;
  /** e.g. simulation, opc-ua, mqtt, calculation, internal. */
  CollectorType?: string;
  BuildVersion?: string;
  BuildOs?: string;
  BuildArch?: string;
  Health?: string;
  HealthUpdatedAt?: string | null;
  Settings?: SettingsMap;
  SettingsSchema?: SettingsSchema;
  /** The version the collector was told to install. */
  UpdateVersion?: string;
  /** The settings each measurement of this collector takes; registered by the collector. */
  MeasurementSettingsSchema?: SettingsSchema;
  /** Increases with every change of Settings or SecureSettings. */
  SettingsVersion?: number;
  /** The SettingsVersion the collector last reported as in effect. */
  AppliedSettingsVersion?: number | null;
  /** The organization's own internal or calculation collector; it cannot be deleted. */
  IsSystem?: boolean;
  RegisteredAt?: string | null;
};
export type CollectorWrite = {
  OrganizationUUID?: Uuid;
  Name: string;
  Description?: string;
  Status?: ItemStatus;
  /** e.g. simulation, opc-ua, mqtt, calculation, internal. */
  CollectorType?: string;
  BuildVersion?: string;
  BuildOs?: string;
  BuildArch?: string;
  Health?: string;
  HealthUpdatedAt?: string | null;
  Settings?: SettingsMap;
  /** Sent only when changed; never returned. */
  SecureSettings?: SettingsMap;
  SettingsSchema?: SettingsSchema;
  /** The version the collector was told to install. */
  UpdateVersion?: string;
  /** The settings each measurement of this collector takes; registered by the collector. */
  MeasurementSettingsSchema?: SettingsSchema;
  /** Increases with every change of Settings or SecureSettings. */
  SettingsVersion?: number;
  /** The SettingsVersion the collector last reported as in effect. */
  AppliedSettingsVersion?: number | null;
  /** The organization's own internal or calculation collector; it cannot be deleted. */
  IsSystem?: boolean;
  RegisteredAt?: string | null;
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
export type CollectorStatusChange = {
  Status: ItemStatus;
};
export type CollectorToken = {
  Token: string;
};
export type CollectorHealth = {
  CollectorUUID: Uuid;
  Health: string;
  Timestamp: string;
};
export type CollectorUpdateStart = {
  Version: string;
};
export type ProductUpdate = {
  UUID: Uuid;
  ProductType: string;
  Product: string;
  OS: string;
  Arch: string;
  Version: string;
  /** SHA-256 of the build, hex. */
  Checksum?: string;
  Size?: number;
  CreatedAt?: string;
};
export type ProductUpdateUpload = {
  /** The CollectorType the build is for. */
  ProductType: string;
  Product: string;
  OS: string;
  Arch: string;
  /** Compared as a semantic version where it is one (SPEC §4 "newer"). */
  Version: string;
  File: Blob;
};
export const {
  useGetCollectorsQuery,
  useLazyGetCollectorsQuery,
  useCreateCollectorMutation,
  useUpdateCollectorMutation,
  useDeleteCollectorMutation,
  useUpdateCollectorStatusMutation,
  useGetCollectorTokenMutation,
  useGetCollectorTemplateMutation,
  useGetCollectorHealthHistoryQuery,
  useLazyGetCollectorHealthHistoryQuery,
  useStartCollectorUpdateMutation,
  useGetProductUpdatesQuery,
  useLazyGetProductUpdatesQuery,
  useCreateProductUpdateMutation,
  useDeleteProductUpdateMutation,
} = injectedRtkApi;
