import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useQueryTimeseriesQuery } from '../../../api/areas/timeseries';
import type { TimeseriesSeries, TimeseriesValue } from '../../../api/generated/historian.gen';

/** The last hour, one value a minute: a sparkline's worth. */
const WINDOW_MS = 3_600_000;
const STEP_MS = 60_000;
/** The last value refreshes this often; the window moves a minute at a time. */
export const LIVE_POLL_MS = 15_000;
/** The contract's most measurements in one query. */
const MAX_MEASUREMENTS = 50;

export interface LiveValue {
  /** The newest value (the last minute's, else the last before the hour), with its time in ms. */
  value: TimeseriesValue | undefined;
  time: number | undefined;
  /** The last hour's numbers, one per minute, [time ms, value]; empty for other types. */
  series: readonly (readonly [number, number])[];
}

function liveOf(series: TimeseriesSeries): LiveValue {
  const rows = series.DataPoints.filter((row) => row[1] !== null && row[1] !== undefined);
  const last = rows.at(-1) ?? series.LastKnownPoint ?? undefined;
  const numbers = rows.flatMap((row): (readonly [number, number])[] => (typeof row[0] === 'number' && typeof row[1] === 'number' ? [[row[0], row[1]]] : []));
  return { value: last?.[1], time: typeof last?.[0] === 'number' ? last[0] : undefined, series: numbers };
}

/**
 * The live value and last hour of several measurements in one time-series query (the last value
 * per minute), refreshed every LIVE_POLL_MS while shown.
 */
export function useLiveValues(measurementUuids: readonly string[]): { values: ReadonlyMap<string, LiveValue>; loading: boolean; failed: boolean } {
  const key = measurementUuids.slice(0, MAX_MEASUREMENTS).join(',');
  // The window ends at the next whole minute, so the query stays the same call for a minute.
  const end = Math.ceil(Date.now() / STEP_MS) * STEP_MS;
  const arg = useMemo(
    () =>
      key === ''
        ? skipToken
        : {
            timeseriesQuery: {
              MeasurementUUIDs: key.split(','),
              Start: end - WINDOW_MS,
              End: end,
              Aggregation: { Name: 'last' as const, Period: STEP_MS, Fill: 'none' as const },
              IncludeLastKnownPoint: true,
            },
          },
    [key, end],
  );
  const { data, isLoading, isError } = useQueryTimeseriesQuery(arg, { pollingInterval: LIVE_POLL_MS, skipPollingIfUnfocused: true });
  const values = useMemo(() => new Map((data?.Series ?? []).map((series) => [series.MeasurementUUID, liveOf(series)])), [data]);
  return { values, loading: isLoading, failed: isError };
}

/** A value as text in the user's language. */
export function formatLive(value: TimeseriesValue | undefined, number: Intl.NumberFormat, t: TFunction): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return number.format(value);
  if (typeof value === 'boolean') return value ? t('assets.values.true') : t('assets.values.false');
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
