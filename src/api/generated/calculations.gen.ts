import { baseApi as api } from "../baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    testCalculation: build.mutation<
      TestCalculationApiResponse,
      TestCalculationApiArg
    >({
      query: (queryArg) => ({
        url: `/calculations/test`,
        method: "POST",
        body: queryArg.calculationTest,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getCalculationContext: build.query<
      GetCalculationContextApiResponse,
      GetCalculationContextApiArg
    >({
      query: (queryArg) => ({
        url: `/calculations/${queryArg.id}/context`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateCalculationContext: build.mutation<
      UpdateCalculationContextApiResponse,
      UpdateCalculationContextApiArg
    >({
      query: (queryArg) => ({
        url: `/calculations/${queryArg.id}/context`,
        method: "PUT",
        body: queryArg.calculationContextUpdate,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    backfillCalculation: build.mutation<
      BackfillCalculationApiResponse,
      BackfillCalculationApiArg
    >({
      query: (queryArg) => ({
        url: `/calculations/${queryArg.id}/backfill`,
        method: "POST",
        body: queryArg.calculationBackfill,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as calculationsEndpoints };
export type TestCalculationApiResponse =
  /** status 200 The preview series and each failed evaluation. */ CalculationPreview;
export type TestCalculationApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  calculationTest: CalculationTest;
};
export type GetCalculationContextApiResponse =
  /** status 200 The state. */ CalculationContext;
export type GetCalculationContextApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateCalculationContextApiResponse =
  /** status 200 The state as saved. */ CalculationContext;
export type UpdateCalculationContextApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  calculationContextUpdate: CalculationContextUpdate;
};
export type BackfillCalculationApiResponse =
  /** status 202 The job. */ CalculationBackfillStarted;
export type BackfillCalculationApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  calculationBackfill: CalculationBackfill;
};
export type TimeseriesValue = (number | null) | string | boolean | any[];
export type CalculationPreviewPoint = {
  /** Milliseconds since the Unix epoch. */
  T: number;
  V: TimeseriesValue;
  /** Good, or what the script set with set_status, or BadInsufficientData. */
  Status: string;
  Tags?: {
    [key: string]: string;
  };
};
export type CalculationEvaluationError = {
  T: number;
  /** timeout, memory (the sandbox's limits), script (a syntax error or an exception), result (not a value), datatype (a value the calculation's Datatype cannot hold). */
  Code: "timeout" | "memory" | "script" | "result" | "datatype";
  Message: string;
  /** The script's line, when known. */
  Line?: number;
};
export type CalculationPreview = {
  Points: CalculationPreviewPoint[];
  /** At most 1,000; Evaluations minus the points counts them all. */
  Errors: CalculationEvaluationError[];
  Evaluations: number;
  /** The range held more evaluations than the preview runs. */
  Truncated: boolean;
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
export type ValueType =
  | "number"
  | "boolean"
  | "string"
  | "[]number"
  | "[]boolean"
  | "[]string"
  | "raw";
export type CalculationTest = {
  Datatype: ValueType;
  /** The calculation's Settings as a measurement of the calculation collector holds them (Type, Interval, IntervalOffset, EvaluateInsufficientData, Inputs, Script). */
  Settings: {
    [key: string]: any;
  };
  Start: string;
  End: string;
};
export type Uuid = string;
export type CalculationContext = {
  MeasurementUUID: Uuid;
  /** What the script keeps with local.set. */
  Local: {
    [key: string]: any;
  };
  PreviousResult?: TimeseriesValue;
  PreviousTimestamp?: number | null;
  /** When the live calculation last ran. */
  LastEvaluatedAt?: string | null;
  /** The last live evaluation's error, if it failed. */
  LastError?: string | null;
  /** The calculation collector evaluates it live (Active, with a database). */
  Running: boolean;
};
export type CalculationContextUpdate = {
  Local: {
    [key: string]: any;
  };
  PreviousResult?: TimeseriesValue;
};
export type CalculationBackfillStarted = {
  JobUUID: Uuid;
};
export type CalculationBackfill = {
  Start: string;
  End: string;
  /** Compare old and new values and write nothing. */
  DryRun: boolean;
};
export const {
  useTestCalculationMutation,
  useGetCalculationContextQuery,
  useLazyGetCalculationContextQuery,
  useUpdateCalculationContextMutation,
  useBackfillCalculationMutation,
} = injectedRtkApi;
