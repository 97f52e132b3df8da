import { baseApi as api } from "../baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSinkTypes: build.query<GetSinkTypesApiResponse, GetSinkTypesApiArg>({
      query: (queryArg) => ({
        url: `/sink-types`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getSinks: build.query<GetSinksApiResponse, GetSinksApiArg>({
      query: (queryArg) => ({
        url: `/sinks`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    createSink: build.mutation<CreateSinkApiResponse, CreateSinkApiArg>({
      query: (queryArg) => ({
        url: `/sinks`,
        method: "POST",
        body: queryArg.sink,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    testSinkSettings: build.mutation<
      TestSinkSettingsApiResponse,
      TestSinkSettingsApiArg
    >({
      query: (queryArg) => ({
        url: `/sinks/test`,
        method: "POST",
        body: queryArg.sinkTest,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getSink: build.query<GetSinkApiResponse, GetSinkApiArg>({
      query: (queryArg) => ({
        url: `/sinks/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateSink: build.mutation<UpdateSinkApiResponse, UpdateSinkApiArg>({
      query: (queryArg) => ({
        url: `/sinks/${queryArg.id}`,
        method: "PUT",
        body: queryArg.sink,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteSink: build.mutation<DeleteSinkApiResponse, DeleteSinkApiArg>({
      query: (queryArg) => ({
        url: `/sinks/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    setSinkState: build.mutation<SetSinkStateApiResponse, SetSinkStateApiArg>({
      query: (queryArg) => ({
        url: `/sinks/${queryArg.id}/state`,
        method: "PUT",
        body: queryArg.serviceStateChange,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getSinkStatistics: build.query<
      GetSinkStatisticsApiResponse,
      GetSinkStatisticsApiArg
    >({
      query: (queryArg) => ({
        url: `/sinks/${queryArg.id}/statistics`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getForwarders: build.query<GetForwardersApiResponse, GetForwardersApiArg>({
      query: (queryArg) => ({
        url: `/forwarders`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          SinkUUID: queryArg.sinkUuid,
        },
      }),
    }),
    createForwarder: build.mutation<
      CreateForwarderApiResponse,
      CreateForwarderApiArg
    >({
      query: (queryArg) => ({
        url: `/forwarders`,
        method: "POST",
        body: queryArg.forwarder,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    previewForwarder: build.mutation<
      PreviewForwarderApiResponse,
      PreviewForwarderApiArg
    >({
      query: (queryArg) => ({
        url: `/forwarders/preview`,
        method: "POST",
        body: queryArg.forwarderPreviewRequest,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    previewForwarderSelection: build.mutation<
      PreviewForwarderSelectionApiResponse,
      PreviewForwarderSelectionApiArg
    >({
      query: (queryArg) => ({
        url: `/forwarders/selection`,
        method: "POST",
        body: queryArg.forwarderSelection,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    sendForwarderTestMessage: build.mutation<
      SendForwarderTestMessageApiResponse,
      SendForwarderTestMessageApiArg
    >({
      query: (queryArg) => ({
        url: `/forwarders/test-message`,
        method: "POST",
        body: queryArg.forwarderTestMessageRequest,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getForwarder: build.query<GetForwarderApiResponse, GetForwarderApiArg>({
      query: (queryArg) => ({
        url: `/forwarders/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateForwarder: build.mutation<
      UpdateForwarderApiResponse,
      UpdateForwarderApiArg
    >({
      query: (queryArg) => ({
        url: `/forwarders/${queryArg.id}`,
        method: "PUT",
        body: queryArg.forwarder,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteForwarder: build.mutation<
      DeleteForwarderApiResponse,
      DeleteForwarderApiArg
    >({
      query: (queryArg) => ({
        url: `/forwarders/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    setForwarderState: build.mutation<
      SetForwarderStateApiResponse,
      SetForwarderStateApiArg
    >({
      query: (queryArg) => ({
        url: `/forwarders/${queryArg.id}/state`,
        method: "PUT",
        body: queryArg.serviceStateChange,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as sinksEndpoints };
export type GetSinkTypesApiResponse = /** status 200 The kinds. */ SinkType[];
export type GetSinkTypesApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetSinksApiResponse = /** status 200 The sinks. */ SinkRead[];
export type GetSinksApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type CreateSinkApiResponse = /** status 201 The sink. */ SinkRead;
export type CreateSinkApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  sink: SinkWrite;
};
export type TestSinkSettingsApiResponse =
  /** status 200 The outcome of each step. */ ConnectionTestResult;
export type TestSinkSettingsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  sinkTest: SinkTest;
};
export type GetSinkApiResponse = /** status 200 The sink. */ SinkRead;
export type GetSinkApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateSinkApiResponse = /** status 200 The sink. */ SinkRead;
export type UpdateSinkApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  sink: SinkWrite;
};
export type DeleteSinkApiResponse = unknown;
export type DeleteSinkApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type SetSinkStateApiResponse = /** status 200 The sink. */ SinkRead;
export type SetSinkStateApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  serviceStateChange: ServiceStateChange;
};
export type GetSinkStatisticsApiResponse =
  /** status 200 The statistics. */ SinkStatistics;
export type GetSinkStatisticsApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetForwardersApiResponse =
  /** status 200 The forwarders. */ ForwarderRead[];
export type GetForwardersApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** Only the forwarders that send to this sink. */
  sinkUuid?: string;
};
export type CreateForwarderApiResponse =
  /** status 201 The forwarder. */ ForwarderRead;
export type CreateForwarderApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  forwarder: Forwarder;
};
export type PreviewForwarderApiResponse =
  /** status 200 The rendered topic and payload, or the template errors. */ ForwarderPreview;
export type PreviewForwarderApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  forwarderPreviewRequest: ForwarderPreviewRequest;
};
export type PreviewForwarderSelectionApiResponse =
  /** status 200 The resolved selection. */ ForwarderSelectionPreview;
export type PreviewForwarderSelectionApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  forwarderSelection: ForwarderSelection;
};
export type SendForwarderTestMessageApiResponse =
  /** status 200 What was sent and whether the broker acknowledged it. */ ForwarderTestMessageResult;
export type SendForwarderTestMessageApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  forwarderTestMessageRequest: ForwarderTestMessageRequest;
};
export type GetForwarderApiResponse =
  /** status 200 The forwarder. */ ForwarderRead;
export type GetForwarderApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateForwarderApiResponse =
  /** status 200 The forwarder. */ ForwarderRead;
export type UpdateForwarderApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  forwarder: Forwarder;
};
export type DeleteForwarderApiResponse = unknown;
export type DeleteForwarderApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type SetForwarderStateApiResponse =
  /** status 200 The forwarder. */ ForwarderRead;
export type SetForwarderStateApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  serviceStateChange: ServiceStateChange;
};
export type ConnectorKind = "MQTT" | "SparkplugB";
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
export type SinkType = {
  Type: ConnectorKind;
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
export type Sink = {
  Name: string;
  Description?: string;
  Type: ConnectorKind;
  Settings: SettingsMap;
};
export type Uuid = string;
export type ServiceState = "running" | "stopped";
export type SinkStatistics = {
  Connected: boolean;
  /** Messages the broker acknowledged since the sink started. */
  Sent: number;
  /** Messages waiting in the buffer (memory and disk). */
  Buffered: number;
  BufferedBytes: number;
  /** Messages dropped because a buffer limit was reached. */
  Dropped: number;
  LastError: string | null;
  LastErrorAt: string | null;
  ConnectedSince: string | null;
  /** When the server running the sink last reported. */
  UpdatedAt: string | null;
};
export type SinkRead = {
  UUID: Uuid;
  Name: string;
  Description?: string;
  Type: ConnectorKind;
  State: ServiceState;
  Settings: SettingsMap;
  /** The secure settings that hold a value (names only). */
  StoredSecureSettings: string[];
  Statistics: SinkStatistics;
  ForwarderCount: number;
  CreatedAt?: string;
  UpdatedAt?: string;
};
export type SinkWrite = {
  Name: string;
  Description?: string;
  Type: ConnectorKind;
  Settings: SettingsMap;
  /** Password and client key; sent only when changed, never returned. */
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
export type SinkTest = {
  /** The stored sink being edited; its secure settings fill in those not sent. */
  UUID?: Uuid;
  Type: ConnectorKind;
  Settings?: SettingsMap;
  SecureSettings?: SettingsMap;
};
export type ServiceStateChange = {
  State: ServiceState;
};
export type ForwarderSelection = {
  /** Measurements with any of these labels. */
  Labels?: string[];
  /** The asset properties of these assets and of those below them. */
  AssetUUIDs?: Uuid[];
  AssetPropertyUUIDs?: Uuid[];
  /** Events of these types when they start and when they close. */
  EventTypeUUIDs?: Uuid[];
};
export type ForwarderTemplates = {
  PointMessage?: string;
  MeasurementTopic?: string;
  AssetPropertyTopic?: string;
  EventMessage?: string;
  EventTopic?: string;
};
export type Forwarder = {
  Name: string;
  Description?: string;
  SinkUUID: Uuid;
  Selection: ForwarderSelection;
  /** sparkplugb needs a SparkplugB sink, json an MQTT one. */
  Format: "json" | "sparkplugb";
  Templates: ForwarderTemplates;
  /** How often the selection is resolved again (new measurements, moved assets); at least 10s. */
  ReloadInterval: string;
};
export type ForwarderStatistics = {
  /** Points and events waiting for the sink. */
  Queued: number;
  /** Points and events handed to the sink. */
  Forwarded: number;
  LastForwardedAt: string | null;
  LastError: string | null;
  /** What the selection resolved to at the last reload. */
  SelectedMeasurements: number;
};
export type ForwarderRead = {
  UUID: Uuid;
  Name: string;
  Description?: string;
  SinkUUID: Uuid;
  SinkName?: string;
  State: ServiceState;
  Selection: ForwarderSelection;
  /** sparkplugb needs a SparkplugB sink, json an MQTT one. */
  Format: "json" | "sparkplugb";
  Templates: ForwarderTemplates;
  /** How often the selection is resolved again (new measurements, moved assets); at least 10s. */
  ReloadInterval: string;
  Statistics: ForwarderStatistics;
  CreatedAt?: string;
  UpdatedAt?: string;
};
export type TemplateError = {
  /** Which template (PointMessage, MeasurementTopic, …). */
  Template: string;
  Message: string;
  /** A translation key. */
  Code?: string;
  Line?: number;
  Column?: number;
};
export type ForwarderPreview = {
  Topic: string | null;
  /** The message as sent; for sparkplugb, the decoded payload as JSON. */
  Payload: string | null;
  /** The point or event the preview rendered. */
  Source?: {
    MeasurementUUID?: Uuid;
    MeasurementName?: string;
    AssetPropertyUUID?: Uuid;
    EventUUID?: Uuid;
    Time?: string;
    Value?: any;
    Quality?: number | null;
  };
  Errors: TemplateError[];
};
export type ForwarderPreviewRequest = {
  Format: "json" | "sparkplugb";
  Templates: ForwarderTemplates;
  Selection?: ForwarderSelection;
  /** The measurement whose latest point renders; default: the first selected one with a point. */
  MeasurementUUID?: Uuid;
  AssetPropertyUUID?: Uuid;
  /** Render the event templates with this event. */
  EventUUID?: Uuid;
};
export type ForwarderSelectionPreview = {
  Measurements: number;
  AssetProperties: number;
  EventTypes: number;
  /** The first measurements (at most 20), by name. */
  Sample: {
    MeasurementUUID: Uuid;
    MeasurementName: string;
    AssetPropertyUUID?: Uuid;
    AssetPath?: string;
  }[];
};
export type ForwarderTestMessageResult = {
  /** The broker acknowledged the message. */
  Delivered: boolean;
  /** Why it was not delivered. */
  Message?: string;
  Topic: string | null;
  Payload: string | null;
  Errors: TemplateError[];
};
export type ForwarderTestMessageRequest = {
  SinkUUID: Uuid;
  Format: "json" | "sparkplugb";
  Templates: ForwarderTemplates;
  Selection?: ForwarderSelection;
  MeasurementUUID?: Uuid;
  AssetPropertyUUID?: Uuid;
  EventUUID?: Uuid;
};
export const {
  useGetSinkTypesQuery,
  useLazyGetSinkTypesQuery,
  useGetSinksQuery,
  useLazyGetSinksQuery,
  useCreateSinkMutation,
  useTestSinkSettingsMutation,
  useGetSinkQuery,
  useLazyGetSinkQuery,
  useUpdateSinkMutation,
  useDeleteSinkMutation,
  useSetSinkStateMutation,
  useGetSinkStatisticsQuery,
  useLazyGetSinkStatisticsQuery,
  useGetForwardersQuery,
  useLazyGetForwardersQuery,
  useCreateForwarderMutation,
  usePreviewForwarderMutation,
  usePreviewForwarderSelectionMutation,
  useSendForwarderTestMessageMutation,
  useGetForwarderQuery,
  useLazyGetForwarderQuery,
  useUpdateForwarderMutation,
  useDeleteForwarderMutation,
  useSetForwarderStateMutation,
} = injectedRtkApi;
