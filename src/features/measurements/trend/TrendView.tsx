import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { TimeRangePicker } from '../../../components/trend/TimeRangePicker';
import { TrendChart } from '../../../components/trend/TrendChart';
import type { RangeBounds } from '../../../components/trend/timeRangeMoves';
import { zoomedRange } from '../../../components/trend/timeRangeMoves';
import { formatTrendAddress, parseTrendAddress, type TrendAddress } from '../../../components/trend/trendAddress';
import type { TrendMeasurementMeta } from '../../../components/trend/trendData';
import { SERIES_COLOURS } from '../../../components/trend/trendPalette';
import { useElementWidth } from '../../../components/trend/useElementWidth';
import { TrendMeasurementItem } from './TrendMeasurementItem';
import { TrendStatus } from './TrendStatus';
import { useTrend } from './useTrend';
import './trendView.css';

/** Room the y axes take beside the plot, for the width the aggregation is chosen for. */
const AXES_WIDTH = 120;
const FALLBACK_WIDTH = 1200;

/**
 * The full trend for the shareable address (`trend=<uuid>,<uuid>&from=now-1h&to=now[&raw=1]`).
 * Every change of range (picker, zoom by dragging) pushes a new address, so Back returns to the
 * range before, and the address can be shared as it is.
 */
export function TrendView() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const address = parseTrendAddress(params);
  const [live, setLive] = useState(false);
  const [metas, setMetas] = useState<Record<string, TrendMeasurementMeta | undefined>>({});
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box, FALLBACK_WIDTH);
  const trend = useTrend({ ...address, live, widthPx: width - AXES_WIDTH, metas });

  const write = (next: Partial<TrendAddress>) => {
    const merged = { ...address, ...next };
    if (merged.measurementUuids.length === 0) {
      const rest = new URLSearchParams(params);
      for (const key of ['trend', 'from', 'to', 'raw']) rest.delete(key);
      setParams(rest);
    } else setParams(formatTrendAddress(merged, params));
  };
  const onMeta = useCallback((uuid: string, meta: TrendMeasurementMeta) => setMetas((current) => ({ ...current, [uuid]: meta })), []);
  const changeRange = (bounds: RangeBounds) => write(bounds);

  return (
    // The page around it frames it and closes it (the measurements page's trend panel).
    <section className="trend-view" aria-label={t('trend.title')}>
      <header className="trend-view-header">
        <h2>{t('trend.title')}</h2>
        <TimeRangePicker from={address.from} to={address.to} onChange={changeRange} live={live} onLiveChange={setLive} />
        <label className="trend-view-raw">
          <input type="checkbox" checked={address.raw} onChange={(event) => write({ raw: event.target.checked })} />
          {t('trend.view.raw')}
        </label>
      </header>
      <ul className="trend-measurements" aria-label={t('trend.view.measurements')}>
        {address.measurementUuids.map((uuid, index) => (
          <TrendMeasurementItem
            key={uuid}
            measurementUuid={uuid}
            colour={`var(--trend-series-${(index % SERIES_COLOURS) + 1})`}
            onMeta={onMeta}
            onRemove={(removed) => write({ measurementUuids: address.measurementUuids.filter((other) => other !== removed) })}
          />
        ))}
      </ul>
      <div ref={box} className="trend-view-chart" aria-busy={trend.isFetching}>
        <TrendStatus trend={trend} />
        {trend.model && trend.range ? (
          <TrendChart model={trend.model} range={trend.range} label={t('trend.view.label')} height={360} onZoom={(range) => write(zoomedRange(range.start, range.end))} />
        ) : null}
      </div>
    </section>
  );
}
