import { baseApi as api } from "../baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEventTypes: build.query<GetEventTypesApiResponse, GetEventTypesApiArg>({
      query: (queryArg) => ({
        url: `/event-types`,
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
    createEventType: build.mutation<
      CreateEventTypeApiResponse,
      CreateEventTypeApiArg
    >({
      query: (queryArg) => ({
        url: `/event-types`,
        method: "POST",
        body: queryArg.eventTypeDefinition,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getEventType: build.query<GetEventTypeApiResponse, GetEventTypeApiArg>({
      query: (queryArg) => ({
        url: `/event-types/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateEventType: build.mutation<
      UpdateEventTypeApiResponse,
      UpdateEventTypeApiArg
    >({
      query: (queryArg) => ({
        url: `/event-types/${queryArg.id}`,
        method: "PUT",
        body: queryArg.eventTypeDefinition,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteEventType: build.mutation<
      DeleteEventTypeApiResponse,
      DeleteEventTypeApiArg
    >({
      query: (queryArg) => ({
        url: `/event-types/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getEventTypeProperties: build.query<
      GetEventTypePropertiesApiResponse,
      GetEventTypePropertiesApiArg
    >({
      query: (queryArg) => ({
        url: `/event-type-properties`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          EventTypeUUIDs: queryArg.eventTypeUuiDs,
        },
      }),
    }),
    createEventTypeProperty: build.mutation<
      CreateEventTypePropertyApiResponse,
      CreateEventTypePropertyApiArg
    >({
      query: (queryArg) => ({
        url: `/event-type-properties`,
        method: "POST",
        body: queryArg.eventTypeProperty,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getEventTypeProperty: build.query<
      GetEventTypePropertyApiResponse,
      GetEventTypePropertyApiArg
    >({
      query: (queryArg) => ({
        url: `/event-type-properties/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateEventTypeProperty: build.mutation<
      UpdateEventTypePropertyApiResponse,
      UpdateEventTypePropertyApiArg
    >({
      query: (queryArg) => ({
        url: `/event-type-properties/${queryArg.id}`,
        method: "PUT",
        body: queryArg.eventTypeProperty,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteEventTypeProperty: build.mutation<
      DeleteEventTypePropertyApiResponse,
      DeleteEventTypePropertyApiArg
    >({
      query: (queryArg) => ({
        url: `/event-type-properties/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getEventConfigurations: build.query<
      GetEventConfigurationsApiResponse,
      GetEventConfigurationsApiArg
    >({
      query: (queryArg) => ({
        url: `/event-configurations`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          AssetUUIDs: queryArg.assetUuiDs,
          EventTypeUUIDs: queryArg.eventTypeUuiDs,
          StartSources: queryArg.startSources,
          States: queryArg.states,
          Keyword: queryArg.keyword,
        },
      }),
    }),
    createEventConfiguration: build.mutation<
      CreateEventConfigurationApiResponse,
      CreateEventConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/event-configurations`,
        method: "POST",
        body: queryArg.eventConfiguration,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getEventConfiguration: build.query<
      GetEventConfigurationApiResponse,
      GetEventConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/event-configurations/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateEventConfiguration: build.mutation<
      UpdateEventConfigurationApiResponse,
      UpdateEventConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/event-configurations/${queryArg.id}`,
        method: "PUT",
        body: queryArg.eventConfiguration,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteEventConfiguration: build.mutation<
      DeleteEventConfigurationApiResponse,
      DeleteEventConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/event-configurations/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Cascade: queryArg.cascade,
        },
      }),
    }),
    setEventConfigurationState: build.mutation<
      SetEventConfigurationStateApiResponse,
      SetEventConfigurationStateApiArg
    >({
      query: (queryArg) => ({
        url: `/event-configurations/${queryArg.id}/state`,
        method: "PATCH",
        body: queryArg.eventConfigurationStateChange,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getEventConfigurationLogs: build.query<
      GetEventConfigurationLogsApiResponse,
      GetEventConfigurationLogsApiArg
    >({
      query: (queryArg) => ({
        url: `/event-configurations/${queryArg.id}/logs`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          Levels: queryArg.levels,
        },
      }),
    }),
    reevaluateEventConfiguration: build.mutation<
      ReevaluateEventConfigurationApiResponse,
      ReevaluateEventConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/event-configurations/${queryArg.id}/re-evaluate`,
        method: "POST",
        body: queryArg.eventReevaluation,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getEventPropertyConfigurations: build.query<
      GetEventPropertyConfigurationsApiResponse,
      GetEventPropertyConfigurationsApiArg
    >({
      query: (queryArg) => ({
        url: `/event-property-configurations`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          EventConfigurationUUIDs: queryArg.eventConfigurationUuiDs,
        },
      }),
    }),
    createEventPropertyConfiguration: build.mutation<
      CreateEventPropertyConfigurationApiResponse,
      CreateEventPropertyConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/event-property-configurations`,
        method: "POST",
        body: queryArg.eventPropertyConfiguration,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getEventPropertyConfiguration: build.query<
      GetEventPropertyConfigurationApiResponse,
      GetEventPropertyConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/event-property-configurations/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateEventPropertyConfiguration: build.mutation<
      UpdateEventPropertyConfigurationApiResponse,
      UpdateEventPropertyConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/event-property-configurations/${queryArg.id}`,
        method: "PUT",
        body: queryArg.eventPropertyConfiguration,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteEventPropertyConfiguration: build.mutation<
      DeleteEventPropertyConfigurationApiResponse,
      DeleteEventPropertyConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/event-property-configurations/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    reevaluateEventPropertyConfiguration: build.mutation<
      ReevaluateEventPropertyConfigurationApiResponse,
      ReevaluateEventPropertyConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/event-property-configurations/${queryArg.id}/re-evaluate`,
        method: "POST",
        body: queryArg.eventReevaluation,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as eventConfigurationsEndpoints };
export type GetEventTypesApiResponse =
  /** status 200 The event types. */ EventTypeDefinitionRead[];
export type GetEventTypesApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  /** The name or description contains it, case aside. */
  keyword?: string;
};
export type CreateEventTypeApiResponse =
  /** status 201 The event type. */ EventTypeDefinitionRead;
export type CreateEventTypeApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventTypeDefinition: EventTypeDefinition;
};
export type GetEventTypeApiResponse =
  /** status 200 The event type. */ EventTypeDefinitionRead;
export type GetEventTypeApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateEventTypeApiResponse =
  /** status 200 The event type. */ EventTypeDefinitionRead;
export type UpdateEventTypeApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventTypeDefinition: EventTypeDefinition;
};
export type DeleteEventTypeApiResponse = unknown;
export type DeleteEventTypeApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetEventTypePropertiesApiResponse =
  /** status 200 The properties. */ EventTypePropertyRead[];
export type GetEventTypePropertiesApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  eventTypeUuiDs?: Uuid[];
};
export type CreateEventTypePropertyApiResponse =
  /** status 201 The property. */ EventTypePropertyRead;
export type CreateEventTypePropertyApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventTypeProperty: EventTypeProperty;
};
export type GetEventTypePropertyApiResponse =
  /** status 200 The property. */ EventTypePropertyRead;
export type GetEventTypePropertyApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateEventTypePropertyApiResponse =
  /** status 200 The property. */ EventTypePropertyRead;
export type UpdateEventTypePropertyApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventTypeProperty: EventTypeProperty;
};
export type DeleteEventTypePropertyApiResponse = unknown;
export type DeleteEventTypePropertyApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetEventConfigurationsApiResponse =
  /** status 200 The configurations. */ EventConfigurationRead[];
export type GetEventConfigurationsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  assetUuiDs?: Uuid[];
  eventTypeUuiDs?: Uuid[];
  startSources?: EventStartSource[];
  states?: EventConfigurationState[];
  /** The asset path or the event type's name contains it, case aside. */
  keyword?: string;
};
export type CreateEventConfigurationApiResponse =
  /** status 201 The configuration. */ EventConfigurationRead;
export type CreateEventConfigurationApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventConfiguration: EventConfiguration;
};
export type GetEventConfigurationApiResponse =
  /** status 200 The configuration. */ EventConfigurationRead;
export type GetEventConfigurationApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateEventConfigurationApiResponse =
  /** status 200 The configuration. */ EventConfigurationRead;
export type UpdateEventConfigurationApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventConfiguration: EventConfiguration;
};
export type DeleteEventConfigurationApiResponse = unknown;
export type DeleteEventConfigurationApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  cascade?: boolean;
};
export type SetEventConfigurationStateApiResponse =
  /** status 200 The configuration in its new state. */ EventConfigurationRead;
export type SetEventConfigurationStateApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventConfigurationStateChange: EventConfigurationStateChange;
};
export type GetEventConfigurationLogsApiResponse =
  /** status 200 The log lines. */ EventConfigurationLog[];
export type GetEventConfigurationLogsApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  levels?: EventLogLevel[];
};
export type ReevaluateEventConfigurationApiResponse =
  /** status 202 The job. */ EventReevaluationStarted;
export type ReevaluateEventConfigurationApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventReevaluation: EventReevaluation;
};
export type GetEventPropertyConfigurationsApiResponse =
  /** status 200 The property configurations. */ EventPropertyConfigurationRead[];
export type GetEventPropertyConfigurationsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  eventConfigurationUuiDs?: Uuid[];
};
export type CreateEventPropertyConfigurationApiResponse =
  /** status 201 The property configuration. */ EventPropertyConfigurationRead;
export type CreateEventPropertyConfigurationApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventPropertyConfiguration: EventPropertyConfiguration;
};
export type GetEventPropertyConfigurationApiResponse =
  /** status 200 The property configuration. */ EventPropertyConfigurationRead;
export type GetEventPropertyConfigurationApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateEventPropertyConfigurationApiResponse =
  /** status 200 The property configuration. */ EventPropertyConfigurationRead;
export type UpdateEventPropertyConfigurationApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventPropertyConfiguration: EventPropertyConfiguration;
};
export type DeleteEventPropertyConfigurationApiResponse = unknown;
export type DeleteEventPropertyConfigurationApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type ReevaluateEventPropertyConfigurationApiResponse =
  /** status 202 The job. */ EventReevaluationStarted;
export type ReevaluateEventPropertyConfigurationApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventReevaluation: EventReevaluation;
};
export type EventTypeDefinition = {
  Name: string;
  Description?: string;
  /** The parent event type; events of this type link to an event of a configuration of it. */
  ParentUUID: string | null;
};
export type Uuid = string;
export type EventPropertyDatatype = "number" | "boolean" | "string";
export type EventType = "simple" | "periodic" | "periodic_with_dimension";
export type EventTypeProperty = {
  EventTypeUUID: Uuid;
  /** Unique on its event type; the key of the value in an event's Properties. */
  Name: string;
  Description?: string;
  Datatype: EventPropertyDatatype;
  Type: EventType;
  UoM?: string;
};
export type EventTypePropertyRead = {
  UUID: Uuid;
  EventTypeUUID: Uuid;
  /** Unique on its event type; the key of the value in an event's Properties. */
  Name: string;
  Description?: string;
  Datatype: EventPropertyDatatype;
  Type: EventType;
  UoM?: string;
};
export type EventTypeDefinitionRead = {
  UUID: Uuid;
  Name: string;
  Description?: string;
  /** The parent event type; events of this type link to an event of a configuration of it. */
  ParentUUID: string | null;
  ParentName?: string | null;
  Properties: EventTypePropertyRead[];
  ConfigurationCount?: number;
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
export type EventStartSource =
  "historian" | "schedule" | "manual" | "external_database";
export type EventTrigger = {
  MeasurementUUID: Uuid;
  /** Default none (0s). */
  GracePeriod?: string;
  /** How often open events' preview values are recomputed; default 10s, at least 1s. */
  RefreshInterval?: string;
};
export type EventSchedule = {
  Rule: string;
  Timezone: string;
  /** Each event lasts this long; without it an event stops where the next occurrence starts (shifts). */
  Duration?: string;
};
export type EventExternalSource = {
  ExternalDatabaseUUID: Uuid;
  Query: string;
  PollInterval?: string;
};
export type EventConfiguration = {
  AssetUUID: Uuid;
  EventTypeUUID: Uuid;
  /** Events link to the event of this configuration that runs when they start; its type must be the parent of this one's type. */
  ParentEventConfigurationUUID?: string | null;
  StartSource: EventStartSource;
  /** Required for historian. */
  Trigger?: (EventTrigger | null) | null;
  /** Required for schedule. */
  Schedule?: (EventSchedule | null) | null;
  /** Required for external_database. */
  ExternalSource?: (EventExternalSource | null) | null;
};
export type EventConfigurationState = "running" | "stopped";
export type EventConfigurationRead = {
  UUID: Uuid;
  AssetUUID: Uuid;
  AssetPath?: string;
  EventTypeUUID: Uuid;
  EventTypeName?: string;
  /** Events link to the event of this configuration that runs when they start; its type must be the parent of this one's type. */
  ParentEventConfigurationUUID?: string | null;
  StartSource: EventStartSource;
  /** Required for historian. */
  Trigger?: (EventTrigger | null) | null;
  /** Required for schedule. */
  Schedule?: (EventSchedule | null) | null;
  /** Required for external_database. */
  ExternalSource?: (EventExternalSource | null) | null;
  State: EventConfigurationState;
  /** The processor has read the start source up to here. */
  ProcessedUntil?: string | null;
  LastError?: string | null;
  OpenEventUUID?: string | null;
  /** Events of the configuration per status. */
  EventCounts?: {
    [key: string]: number;
  };
  PropertyConfigurationCount?: number;
  CreatedAt?: string;
  UpdatedAt?: string;
};
export type EventConfigurationInUse = {
  title: string;
  status: number;
  detail?: string;
  code?: string;
  instance?: string;
  Dependants?: {
    Children: number;
    Events: number;
  };
};
export type EventConfigurationStateChange = {
  State: EventConfigurationState;
};
export type EventLogLevel = "info" | "warning" | "error";
export type EventConfigurationLog = {
  ID: number;
  At: string;
  Level: EventLogLevel;
  Code: string;
  Values: {
    [key: string]: any;
  };
  EventUUID?: string | null;
};
export type EventReevaluationStarted = {
  JobUUID: Uuid;
};
export type EventReevaluation = {
  Start: string;
  End: string;
  DryRun?: boolean;
};
export type EventPropertyMode = "historian" | "external_database" | "manual";
export type EventPossibleValue = {
  Label: string;
  Value: number | string | boolean;
};
export type EventPropertyConfiguration = {
  EventConfigurationUUID: Uuid;
  EventTypePropertyUUID: Uuid;
  Mode: EventPropertyMode;
  /** Required for historian mode (EventPropertySource). */
  Source?: ("data_reference" | "property" | null) | null;
  /** data_reference: a measurement of the organization (or AssetPropertyUUID). */
  MeasurementUUID?: string | null;
  /** data_reference: a property of an asset (or MeasurementUUID). */
  AssetPropertyUUID?: string | null;
  /** data_reference: how the window's points become one value (one per Interval for periodic). */
  Aggregation?:
    | (
        | "count"
        | "integral"
        | "mean"
        | "median"
        | "mode"
        | "spread"
        | "stddev"
        | "sum"
        | "first"
        | "last"
        | "max"
        | "min"
        | null
      )
    | null;
  /** Periodic properties, the length of each value's window. */
  Interval?: string | null;
  /** periodic_with_dimension: the measurement whose last value in each interval is the dimension. */
  DimensionMeasurementUUID?: string | null;
  /** property: the property whose value is copied. */
  SourcePropertyName?: string | null;
  /** property: copy from the parent event instead of this one. */
  FromParent?: boolean;
  /** external_database mode: the database the value is read from. */
  ExternalDatabaseUUID?: string | null;
  /** external_database mode: a query answering one row; its first column is the value. :StartTime, :StopTime and :EventUUID are bound as parameters. */
  ExternalQuery?: string | null;
  /** A lower number is evaluated first. */
  Priority: number;
  /** Moves the window's start (may be negative). */
  StartOffset?: string;
  /** Moves the window's stop (may be negative). */
  StopOffset?: string;
  /** How long after the stop late data is still taken (the event is pending meanwhile). */
  CloseAfter?: string;
  /** The value when the window has no data. */
  DefaultValue?: (number | null) | string | boolean;
  /** Compute the value while the event is still open. */
  Preview?: boolean;
  /** Only good-quality points (default true). */
  GoodPointsOnly?: boolean;
  PossibleValues?: EventPossibleValue[];
};
export type EventPropertyConfigurationRead = {
  UUID: Uuid;
  EventConfigurationUUID: Uuid;
  EventTypePropertyUUID: Uuid;
  PropertyName?: string;
  PropertyType?: EventType;
  Datatype?: EventPropertyDatatype;
  Mode: EventPropertyMode;
  /** Required for historian mode (EventPropertySource). */
  Source?: ("data_reference" | "property" | null) | null;
  /** data_reference: a measurement of the organization (or AssetPropertyUUID). */
  MeasurementUUID?: string | null;
  /** data_reference: a property of an asset (or MeasurementUUID). */
  AssetPropertyUUID?: string | null;
  DataReferenceName?: string | null;
  /** data_reference: how the window's points become one value (one per Interval for periodic). */
  Aggregation?:
    | (
        | "count"
        | "integral"
        | "mean"
        | "median"
        | "mode"
        | "spread"
        | "stddev"
        | "sum"
        | "first"
        | "last"
        | "max"
        | "min"
        | null
      )
    | null;
  /** Periodic properties, the length of each value's window. */
  Interval?: string | null;
  /** periodic_with_dimension: the measurement whose last value in each interval is the dimension. */
  DimensionMeasurementUUID?: string | null;
  /** property: the property whose value is copied. */
  SourcePropertyName?: string | null;
  /** property: copy from the parent event instead of this one. */
  FromParent?: boolean;
  /** external_database mode: the database the value is read from. */
  ExternalDatabaseUUID?: string | null;
  /** external_database mode: a query answering one row; its first column is the value. :StartTime, :StopTime and :EventUUID are bound as parameters. */
  ExternalQuery?: string | null;
  /** A lower number is evaluated first. */
  Priority: number;
  /** Moves the window's start (may be negative). */
  StartOffset?: string;
  /** Moves the window's stop (may be negative). */
  StopOffset?: string;
  /** How long after the stop late data is still taken (the event is pending meanwhile). */
  CloseAfter?: string;
  /** The value when the window has no data. */
  DefaultValue?: (number | null) | string | boolean;
  /** Compute the value while the event is still open. */
  Preview?: boolean;
  /** Only good-quality points (default true). */
  GoodPointsOnly?: boolean;
  PossibleValues?: EventPossibleValue[];
};
export const {
  useGetEventTypesQuery,
  useLazyGetEventTypesQuery,
  useCreateEventTypeMutation,
  useGetEventTypeQuery,
  useLazyGetEventTypeQuery,
  useUpdateEventTypeMutation,
  useDeleteEventTypeMutation,
  useGetEventTypePropertiesQuery,
  useLazyGetEventTypePropertiesQuery,
  useCreateEventTypePropertyMutation,
  useGetEventTypePropertyQuery,
  useLazyGetEventTypePropertyQuery,
  useUpdateEventTypePropertyMutation,
  useDeleteEventTypePropertyMutation,
  useGetEventConfigurationsQuery,
  useLazyGetEventConfigurationsQuery,
  useCreateEventConfigurationMutation,
  useGetEventConfigurationQuery,
  useLazyGetEventConfigurationQuery,
  useUpdateEventConfigurationMutation,
  useDeleteEventConfigurationMutation,
  useSetEventConfigurationStateMutation,
  useGetEventConfigurationLogsQuery,
  useLazyGetEventConfigurationLogsQuery,
  useReevaluateEventConfigurationMutation,
  useGetEventPropertyConfigurationsQuery,
  useLazyGetEventPropertyConfigurationsQuery,
  useCreateEventPropertyConfigurationMutation,
  useGetEventPropertyConfigurationQuery,
  useLazyGetEventPropertyConfigurationQuery,
  useUpdateEventPropertyConfigurationMutation,
  useDeleteEventPropertyConfigurationMutation,
  useReevaluateEventPropertyConfigurationMutation,
} = injectedRtkApi;
