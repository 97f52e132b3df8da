import { ExternalLink } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TimeRangePicker } from '../../../components/trend/TimeRangePicker';
import { TrendChart } from '../../../components/trend/TrendChart';
import { zoomedRange, type RangeBounds } from '../../../components/trend/timeRangeMoves';
import { DEFAULT_FROM, DEFAULT_TO, trendHref } from '../../../components/trend/trendAddress';
import type { TrendMeasurementMeta } from '../../../components/trend/trendData';
import { useElementWidth } from '../../../components/trend/useElementWidth';
import { useMeasurementMeta } from './TrendMeasurementItem';
import { TrendStatus } from './TrendStatus';
import { useTrend } from './useTrend';
import './trendView.css';

const AXES_WIDTH = 70;
const FALLBACK_WIDTH = 560;

/** A compact trend of one measurement for the measurement drawer: the last hour by default. */
export function MeasurementTrend({ measurementUuid }: { measurementUuid: string }) {
  const { t } = useTranslation();
  const [bounds, setBounds] = useState<RangeBounds>({ from: DEFAULT_FROM, to: DEFAULT_TO });
  const [live, setLive] = useState(false);
  const [metas, setMetas] = useState<Record<string, TrendMeasurementMeta | undefined>>({});
  const onMeta = useCallback((uuid: string, meta: TrendMeasurementMeta) => setMetas((current) => ({ ...current, [uuid]: meta })), []);
  const measurement = useMeasurementMeta(measurementUuid, onMeta);
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box, FALLBACK_WIDTH);
  const trend = useTrend({ measurementUuids: [measurementUuid], ...bounds, raw: false, live, widthPx: width - AXES_WIDTH, metas });
  const label = measurement ? `${t('trend.title')}: ${measurement.Name}` : t('trend.title');

  return (
    <section className="measurement-trend" aria-label={label}>
      <div className="measurement-trend-header">
        <TimeRangePicker from={bounds.from} to={bounds.to} onChange={setBounds} live={live} onLiveChange={setLive} />
        <Link className="button" to={trendHref([measurementUuid], bounds.from, bounds.to)}>
          <ExternalLink aria-hidden size={14} />
          {t('trend.view.open')}
        </Link>
      </div>
      <div ref={box} className="trend-view-chart" aria-busy={trend.isFetching}>
        <TrendStatus trend={trend} />
        {trend.model && trend.range ? (
          <TrendChart model={trend.model} range={trend.range} label={label} height={220} onZoom={(range) => setBounds(zoomedRange(range.start, range.end))} />
        ) : null}
      </div>
    </section>
  );
}
