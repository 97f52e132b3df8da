import { baseApi as api } from "../baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEventTypePropertyValues: build.query<
      GetEventTypePropertyValuesApiResponse,
      GetEventTypePropertyValuesApiArg
    >({
      query: (queryArg) => ({
        url: `/event-type-properties/${queryArg.id}/values`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
        },
      }),
    }),
    getEvents: build.query<GetEventsApiResponse, GetEventsApiArg>({
      query: (queryArg) => ({
        url: `/events`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          StartTime: queryArg.startTime,
          StopTime: queryArg.stopTime,
          AssetUUIDs: queryArg.assetUuiDs,
          EventTypeUUIDs: queryArg.eventTypeUuiDs,
          EventConfigurationUUIDs: queryArg.eventConfigurationUuiDs,
          Statuses: queryArg.statuses,
          PropertyFilter: queryArg.propertyFilter,
          ExcludeManualEvents: queryArg.excludeManualEvents,
          PreloadProperties: queryArg.preloadProperties,
          Sort: queryArg.sort,
          Ascending: queryArg.ascending,
        },
      }),
    }),
    createEvent: build.mutation<CreateEventApiResponse, CreateEventApiArg>({
      query: (queryArg) => ({
        url: `/events`,
        method: "POST",
        body: queryArg.eventWrite,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getEvent: build.query<GetEventApiResponse, GetEventApiArg>({
      query: (queryArg) => ({
        url: `/events/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateEvent: build.mutation<UpdateEventApiResponse, UpdateEventApiArg>({
      query: (queryArg) => ({
        url: `/events/${queryArg.id}`,
        method: "PUT",
        body: queryArg.eventWrite,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteEvent: build.mutation<DeleteEventApiResponse, DeleteEventApiArg>({
      query: (queryArg) => ({
        url: `/events/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    mergeEvent: build.mutation<MergeEventApiResponse, MergeEventApiArg>({
      query: (queryArg) => ({
        url: `/events/${queryArg.id}/merge`,
        method: "POST",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    splitEvent: build.mutation<SplitEventApiResponse, SplitEventApiArg>({
      query: (queryArg) => ({
        url: `/events/${queryArg.id}/split`,
        method: "POST",
        body: queryArg.eventSplit,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as eventsEndpoints };
export type GetEventTypePropertyValuesApiResponse =
  /** status 200 The values. */ EventPropertyDistinctValue[];
export type GetEventTypePropertyValuesApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
};
export type GetEventsApiResponse = /** status 200 The events. */ Event[];
export type GetEventsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** Events per page; 1000 unless given, as the datasource's. */
  limit?: number;
  page?: number;
  /** Events still running at or stopped after it (an open event has no stop). */
  startTime?: string;
  /** Events started before it. */
  stopTime?: string;
  assetUuiDs?: Uuid[];
  eventTypeUuiDs?: Uuid[];
  eventConfigurationUuiDs?: Uuid[];
  statuses?: EventStatus[];
  /** A JSON array of EventPropertyFilter, joined in order by each one's Condition. */
  propertyFilter?: string;
  excludeManualEvents?: boolean;
  /** Also send periodic properties' series (else only simple values). */
  preloadProperties?: boolean;
  sort?: EventSort;
  ascending?: boolean;
};
export type CreateEventApiResponse = /** status 201 The event. */ Event;
export type CreateEventApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventWrite: EventWrite;
};
export type GetEventApiResponse = /** status 200 The event. */ Event;
export type GetEventApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateEventApiResponse = /** status 200 The event. */ Event;
export type UpdateEventApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventWrite: EventWrite;
};
export type DeleteEventApiResponse = unknown;
export type DeleteEventApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type MergeEventApiResponse = /** status 200 The merged event. */ Event;
export type MergeEventApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type SplitEventApiResponse =
  /** status 200 The two events, earlier first. */ Event[];
export type SplitEventApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  eventSplit: EventSplit;
};
export type EventPropertyDistinctValue = {
  Value: number | string | boolean;
  Count: number;
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
export type EventParentState = "none" | "found" | "missing";
export type EventStatus = "processed" | "open" | "pending" | "incomplete";
export type EventSeries = {
  T: number[];
  V: ((number | null) | string | boolean)[];
  D?: (number | null)[];
};
export type EventPropertyValue = {
  /** A simple property's value (null when none). */
  Value: (number | null) | string | boolean;
  Series?: EventSeries | null;
  /** Entered by hand; re-evaluation keeps it. */
  Manual: boolean;
  /** The window had no data and the configured default was taken. */
  Defaulted?: boolean;
  UpdatedAt?: string;
};
export type Event = {
  UUID: Uuid;
  EventConfigurationUUID: Uuid;
  AssetUUID: Uuid;
  AssetPath: string;
  EventTypeUUID: Uuid;
  EventTypeName: string;
  ParentUUID: string | null;
  ParentState: EventParentState;
  StartTime: string;
  StopTime: string | null;
  /** Seconds; null while open. */
  Duration: number | null;
  Status: EventStatus;
  Source: "auto" | "manual";
  /** By property name. */
  Properties: {
    [key: string]: EventPropertyValue;
  };
  UpdatedAt?: string;
};
export type EventSort = "StartTime" | "StopTime" | "ParentUUID";
export type EventWrite = {
  EventConfigurationUUID: Uuid;
  StartTime: string;
  StopTime?: string | null;
  /** Values by property name; null gives the property back to its configuration. */
  Properties?: {
    [key: string]: (number | null) | string | boolean;
  };
  /** Why the change was made (kept in the audit log). */
  Reason?: string;
};
export type EventSplit = {
  At: string;
};
export const {
  useGetEventTypePropertyValuesQuery,
  useLazyGetEventTypePropertyValuesQuery,
  useGetEventsQuery,
  useLazyGetEventsQuery,
  useCreateEventMutation,
  useGetEventQuery,
  useLazyGetEventQuery,
  useUpdateEventMutation,
  useDeleteEventMutation,
  useMergeEventMutation,
  useSplitEventMutation,
} = injectedRtkApi;
