import { baseApi as api } from "../baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getJobs: build.query<GetJobsApiResponse, GetJobsApiArg>({
      query: (queryArg) => ({
        url: `/jobs`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          States: queryArg.states,
          Types: queryArg.types,
          TaskSchedulerUUID: queryArg.taskSchedulerUuid,
          Mine: queryArg.mine,
          Limit: queryArg.limit,
          Page: queryArg.page,
        },
      }),
    }),
    getJob: build.query<GetJobApiResponse, GetJobApiArg>({
      query: (queryArg) => ({
        url: `/jobs/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getJobLogs: build.query<GetJobLogsApiResponse, GetJobLogsApiArg>({
      query: (queryArg) => ({
        url: `/jobs/${queryArg.id}/logs`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    pauseJob: build.mutation<PauseJobApiResponse, PauseJobApiArg>({
      query: (queryArg) => ({
        url: `/jobs/${queryArg.id}/pause`,
        method: "POST",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    resumeJob: build.mutation<ResumeJobApiResponse, ResumeJobApiArg>({
      query: (queryArg) => ({
        url: `/jobs/${queryArg.id}/resume`,
        method: "POST",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    cancelJob: build.mutation<CancelJobApiResponse, CancelJobApiArg>({
      query: (queryArg) => ({
        url: `/jobs/${queryArg.id}/cancel`,
        method: "POST",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as jobsEndpoints };
export type GetJobsApiResponse = /** status 200 A page of jobs. */ Job[];
export type GetJobsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** Only jobs in one of these states. */
  states?: JobState[];
  /** Only jobs of one of these types. */
  types?: string[];
  /** Only jobs started by this task scheduler. */
  taskSchedulerUuid?: string;
  /** Only the jobs the caller started (the only ones a caller without READ_LOGS sees anyway). */
  mine?: boolean;
  limit?: number;
  page?: number;
};
export type GetJobApiResponse = /** status 200 The job. */ Job;
export type GetJobApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetJobLogsApiResponse = /** status 200 The log lines. */ JobLog[];
export type GetJobLogsApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type PauseJobApiResponse =
  /** status 200 The job; it shows paused once its runner stopped it. */ Job;
export type PauseJobApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type ResumeJobApiResponse = /** status 200 The job, pending. */ Job;
export type ResumeJobApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type CancelJobApiResponse = /** status 200 The job. */ Job;
export type CancelJobApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type Uuid = string;
export type JobState =
  "pending" | "paused" | "running" | "done" | "failed" | "canceled";
export type Job = {
  UUID: Uuid;
  /** e.g. parquet_export, calculation_backfill, event_reevaluation, prototype_apply, measurement_import. */
  Type: string;
  TaskSchedulerUUID?: string | null;
  State: JobState;
  Progress: number;
  ProgressMessage?: string | null;
  CreatedByUUID?: string | null;
  CreatedByName: string;
  CreatedAt: string;
  StartedAt?: string | null;
  FinishedAt?: string | null;
  Error?: string | null;
  /** What the job answered when it ended (done), by type; an answer that is not an object comes as `{ Value: … }`. */
  Result?: {
    [key: string]: any;
  } | null;
  /** The job's type continues from a checkpoint, so a running job of it may be paused. */
  Pausable: boolean;
  /** A pause was asked; the job pauses at its next checkpoint. */
  PauseRequested: boolean;
  /** A cancel was asked; the job stops at its next checkpoint. */
  CancelRequested: boolean;
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
export type JobLog = {
  ID: number;
  At: string;
  Level: "info" | "warn" | "error";
  Message: string;
};
export const {
  useGetJobsQuery,
  useLazyGetJobsQuery,
  useGetJobQuery,
  useLazyGetJobQuery,
  useGetJobLogsQuery,
  useLazyGetJobLogsQuery,
  usePauseJobMutation,
  useResumeJobMutation,
  useCancelJobMutation,
} = injectedRtkApi;
