import { baseApi as api } from "../baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTaskSchedulers: build.query<
      GetTaskSchedulersApiResponse,
      GetTaskSchedulersApiArg
    >({
      query: (queryArg) => ({
        url: `/task-schedulers`,
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
    createTaskScheduler: build.mutation<
      CreateTaskSchedulerApiResponse,
      CreateTaskSchedulerApiArg
    >({
      query: (queryArg) => ({
        url: `/task-schedulers`,
        method: "POST",
        body: queryArg.taskScheduler,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getTaskSchedulerPreview: build.query<
      GetTaskSchedulerPreviewApiResponse,
      GetTaskSchedulerPreviewApiArg
    >({
      query: (queryArg) => ({
        url: `/task-schedulers/preview`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          RRule: queryArg.rRule,
          Timezone: queryArg.timezone,
          Count: queryArg.count,
        },
      }),
    }),
    getTaskSchedulerMeasurements: build.query<
      GetTaskSchedulerMeasurementsApiResponse,
      GetTaskSchedulerMeasurementsApiArg
    >({
      query: (queryArg) => ({
        url: `/task-schedulers/measurements`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getTaskScheduler: build.query<
      GetTaskSchedulerApiResponse,
      GetTaskSchedulerApiArg
    >({
      query: (queryArg) => ({
        url: `/task-schedulers/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateTaskScheduler: build.mutation<
      UpdateTaskSchedulerApiResponse,
      UpdateTaskSchedulerApiArg
    >({
      query: (queryArg) => ({
        url: `/task-schedulers/${queryArg.id}`,
        method: "PUT",
        body: queryArg.taskScheduler,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteTaskScheduler: build.mutation<
      DeleteTaskSchedulerApiResponse,
      DeleteTaskSchedulerApiArg
    >({
      query: (queryArg) => ({
        url: `/task-schedulers/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    runTaskScheduler: build.mutation<
      RunTaskSchedulerApiResponse,
      RunTaskSchedulerApiArg
    >({
      query: (queryArg) => ({
        url: `/task-schedulers/${queryArg.id}/run`,
        method: "POST",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as taskSchedulersEndpoints };
export type GetTaskSchedulersApiResponse =
  /** status 200 A page of task schedulers. */ TaskSchedulerRead[];
export type GetTaskSchedulersApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  /** Only the items whose name (or description, where the item has one) contains this text, case aside; `%` and `_` match themselves, as any other character. */
  keyword?: string;
};
export type CreateTaskSchedulerApiResponse =
  /** status 201 The new task scheduler. */ TaskSchedulerRead;
export type CreateTaskSchedulerApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  taskScheduler: TaskScheduler;
};
export type GetTaskSchedulerPreviewApiResponse =
  /** status 200 The next runs (fewer when the rule ends). */ TaskSchedulerPreview;
export type GetTaskSchedulerPreviewApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** An RFC 5545 RRULE (optionally after a DTSTART line of local time). */
  rRule: string;
  /** An IANA time zone. */
  timezone: string;
  count?: number;
};
export type GetTaskSchedulerMeasurementsApiResponse =
  /** status 200 The measurements, by name. */ TaskSchedulerMeasurement[];
export type GetTaskSchedulerMeasurementsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetTaskSchedulerApiResponse =
  /** status 200 The task scheduler. */ TaskSchedulerRead;
export type GetTaskSchedulerApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateTaskSchedulerApiResponse =
  /** status 200 The updated task scheduler. */ TaskSchedulerRead;
export type UpdateTaskSchedulerApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  taskScheduler: TaskScheduler;
};
export type DeleteTaskSchedulerApiResponse = unknown;
export type DeleteTaskSchedulerApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type RunTaskSchedulerApiResponse =
  /** status 202 The job of the run. */ TaskSchedulerRun;
export type RunTaskSchedulerApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type TaskType = "parquet_export";
export type TaskSchedulerState = "running" | "stopped";
export type Uuid = string;
export type ParquetExportSettings = {
  StartOffset?: string;
  Period: string;
  FileInterval: string;
  Directory?: string;
  AllowOverwrite?: boolean;
  MeasurementUUIDs?: Uuid[];
  /** Chosen by label once measurements carry labels. */
  Labels?: string[];
};
export type TaskScheduler = {
  Name: string;
  Description?: string;
  /** An RRULE (RFC 5545 §3.8.5.3), such as FREQ=DAILY;BYHOUR=2;BYMINUTE=0, optionally after a DTSTART line of local time. */
  RRule: string;
  /** An IANA time zone, such as Europe/Amsterdam. */
  Timezone: string;
  TaskType: TaskType;
  State: TaskSchedulerState;
  Settings: ParquetExportSettings;
};
export type TaskSchedulerRead = {
  UUID: Uuid;
  OrganizationUUID?: Uuid;
  Name: string;
  Description?: string;
  /** An RRULE (RFC 5545 §3.8.5.3), such as FREQ=DAILY;BYHOUR=2;BYMINUTE=0, optionally after a DTSTART line of local time. */
  RRule: string;
  /** An IANA time zone, such as Europe/Amsterdam. */
  Timezone: string;
  TaskType: TaskType;
  State: TaskSchedulerState;
  Settings: ParquetExportSettings;
  NextRunAt?: string | null;
  LastRunAt?: string | null;
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
export type TaskSchedulerOccurrence = {
  /** The instant of the run (UTC). */
  At: string;
  /** The wall time the rule asks for, YYYY-MM-DDTHH:mm:ss in the zone. */
  Local: string;
  Dst: "none" | "gap" | "overlap";
};
export type TaskSchedulerPreview = {
  Occurrences: TaskSchedulerOccurrence[];
};
export type TaskSchedulerMeasurement = {
  UUID: Uuid;
  Name: string;
};
export type TaskSchedulerRun = {
  JobUUID: Uuid;
  /** False when the run was already queued. */
  Created: boolean;
};
export const {
  useGetTaskSchedulersQuery,
  useLazyGetTaskSchedulersQuery,
  useCreateTaskSchedulerMutation,
  useGetTaskSchedulerPreviewQuery,
  useLazyGetTaskSchedulerPreviewQuery,
  useGetTaskSchedulerMeasurementsQuery,
  useLazyGetTaskSchedulerMeasurementsQuery,
  useGetTaskSchedulerQuery,
  useLazyGetTaskSchedulerQuery,
  useUpdateTaskSchedulerMutation,
  useDeleteTaskSchedulerMutation,
  useRunTaskSchedulerMutation,
} = injectedRtkApi;
