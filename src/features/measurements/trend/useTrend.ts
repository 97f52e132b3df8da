import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useMemo, useState } from 'react';
import type { ColumnSeries } from '../../../../domain/timeseriesColumns';
import { useTimeseriesColumnsQuery } from '../../../api/areas/timeseries';
import { isLiveRange, resolveRange } from '../../../components/trend/trendAddress';
import { buildTrendModel, type TrendMeasurementMeta } from '../../../components/trend/trendData';
import { planTrendQuery, trendQueryBody } from '../../../components/trend/trendQuery';

// The trend's data: the range resolved against a clock that ticks only with live refresh, the
// plan for the plot's width (one bucket per pixel or raw), and the columnar answer shaped for the
// chart. Strings cannot be averaged: when the plan aggregates, they are asked apart, with `last`.

export interface TrendInput {
  measurementUuids: string[];
  from: string;
  to: string;
  raw: boolean;
  live: boolean;
  /** Plot width in CSS pixels. */
  widthPx: number;
  metas: Record<string, TrendMeasurementMeta | undefined>;
}

/** Plot widths are rounded, so that a few pixels of resize do not ask the server again. */
const WIDTH_STEP = 100;
const MIN_REFRESH_MS = 5_000;
const MAX_REFRESH_MS = 60_000;

export function useTrend({ measurementUuids: asked, from, to, raw, live, widthPx, metas }: TrendInput) {
  // The address gives a new array at every render: the list is kept while its content stays.
  const uuidsKey = asked.join(',');
  const measurementUuids = useMemo(() => (uuidsKey ? uuidsKey.split(',') : []), [uuidsKey]);
  const [tick, setTick] = useState(0);
  // The clock is read when the bounds change or live refresh ticks, not at every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const now = useMemo(() => Date.now(), [from, to, tick]);
  const range = useMemo(() => resolveRange(from, to, now), [from, to, now]);
  const plotWidth = Math.max(WIDTH_STEP, Math.round(widthPx / WIDTH_STEP) * WIDTH_STEP);
  const plan = range ? planTrendQuery({ range, widthPx: plotWidth, rawRequested: raw }) : null;
  const following = live && isLiveRange(to);
  const refreshMs = plan?.mode === 'aggregated' ? Math.min(MAX_REFRESH_MS, Math.max(MIN_REFRESH_MS, plan.periodMs)) : MIN_REFRESH_MS;
  useEffect(() => {
    if (!following) return undefined;
    const timer = window.setInterval(() => setTick((value) => value + 1), refreshMs);
    return () => window.clearInterval(timer);
  }, [following, refreshMs]);

  const strings = plan?.mode === 'aggregated' ? measurementUuids.filter((uuid) => metas[uuid]?.datatype === 'string') : [];
  const others = measurementUuids.filter((uuid) => !strings.includes(uuid));
  const body = (uuids: string[], aggregation?: 'last') => {
    if (!range || !plan || uuids.length === 0) return skipToken;
    return trendQueryBody(uuids, range, plan, aggregation);
  };
  const main = useTimeseriesColumnsQuery(body(others));
  const states = useTimeseriesColumnsQuery(body(strings, 'last'));

  const series = useMemo(() => {
    const byUuid = new Map<string, ColumnSeries>();
    for (const answer of [main.data, strings.length > 0 ? states.data : undefined]) for (const item of answer?.series ?? []) byUuid.set(item.measurementUuid, item);
    return measurementUuids.map((uuid) => byUuid.get(uuid)).filter((item): item is ColumnSeries => item !== undefined);
  }, [main.data, states.data, strings.length, measurementUuids]);
  const model = useMemo(() => (range && series.length > 0 ? buildTrendModel(series, metas, range) : null), [series, metas, range]);

  return {
    range,
    plan,
    model,
    isFetching: main.isFetching || states.isFetching,
    isError: main.isError || states.isError,
    hasAnswer: main.data !== undefined,
  };
}
