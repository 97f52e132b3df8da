import { baseApi as api } from "../baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    queryTimeseries: build.query<
      QueryTimeseriesApiResponse,
      QueryTimeseriesApiArg
    >({
      query: (queryArg) => ({
        url: `/timeseries/query`,
        method: "POST",
        body: queryArg.timeseriesQuery,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as timeseriesEndpoints };
export type QueryTimeseriesApiResponse =
  /** status 200 One series per measurement, in the order asked. */ TimeseriesQueryResult;
export type QueryTimeseriesApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  timeseriesQuery: TimeseriesQuery;
};
export type Uuid = string;
export type TimeseriesValue = (number | null) | string | boolean | any[];
export type TimeseriesSeries = {
  MeasurementUUID: Uuid;
  /** The measurement's name. */
  Measurement: string;
  /** The time-series database's name; empty for a Discovered measurement. */
  Database: string;
  Datatype: string;
  UoM: string;
  /** The names of a data point's members: [time, value] raw, [time, <aggregation>] or [time, <aggregation>, min, max] aggregated. */
  Fields: string[];
  /** Rows in the order of Fields; time in milliseconds since the Unix epoch. */
  DataPoints: TimeseriesValue[][];
  /** [time, value] of the last Good point before Start; present when asked for, null when there is none. */
  LastKnownPoint?: TimeseriesValue[] | null;
  /** The limit or the point budget left rows out. */
  Truncated: boolean;
};
export type TimeseriesQueryResult = {
  Series: TimeseriesSeries[];
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
export type TimeseriesInstant = string | number;
export type TimeseriesAggregation = {
  /** A measurement whose value type lacks it (a mean of strings) gets last instead; its Fields say so. */
  Name:
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
    | "min";
  /** The window, e.g. "5m", "1h30m", "1s" (units w d h m s), or milliseconds. */
  Period: string | number;
  /** Empty windows: left out (none), null (the default), the previous window's value, a value interpolated between the neighbouring windows (numbers; other values hold the previous one) or 0 (numbers). */
  Fill?: "none" | "null" | "previous" | "linear" | "0";
  /** Also the minimum and maximum of each window (numbers and booleans), for a chart's envelope. */
  WithMinMax?: boolean;
};
export type TimeseriesValueFilter = {
  Value: number | string | boolean;
  Operator: "=" | "!=" | ">" | "<" | ">=" | "<=";
  /** How this filter joins the ones before it; AND by default. */
  Condition?: "AND" | "OR";
};
export type TimeseriesQuery = {
  MeasurementUUIDs: Uuid[];
  Start: TimeseriesInstant;
  /** Exclusive; after Start. */
  End: TimeseriesInstant;
  /** Rows per measurement; 0 (the default) is the server's maximum. */
  Limit?: number;
  /** Rows skipped per measurement, from the newest with Desc. */
  Offset?: number;
  /** Newest first. */
  Desc?: boolean;
  Aggregation?: TimeseriesAggregation;
  ValueFilters?: TimeseriesValueFilter[];
  /** Also the last Good point before Start. */
  IncludeLastKnownPoint?: boolean;
  /** Raw only: leave out a point whose value equals the one before it. */
  ChangesOnly?: boolean;
};
export const { useQueryTimeseriesQuery, useLazyQueryTimeseriesQuery } =
  injectedRtkApi;
