import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './trend.css';
import type { LastKnownValue } from '../../../domain/timeseriesColumns';
import { StateLanes } from './StateLanes';
import type { TimeRange } from './trendAddress';
import type { TrendModel } from './trendData';
import { trendOptions } from './trendOptions';
import { seriesColour, useTrendPalette } from './trendPalette';
import { useElementWidth } from './useElementWidth';

export interface TrendChartProps {
  model: TrendModel;
  range: TimeRange;
  /** A drag over the plot: the parent re-queries the new range. */
  onZoom?: (range: TimeRange) => void;
  height?: number;
  label: string;
}

const FALLBACK_WIDTH = 800;

type UPlotConstructor = typeof uPlot;

/**
 * uPlot loads with the first chart, not with the page. It reads the screen's pixel ratio through
 * matchMedia as it loads; where there is none (jsdom), no chart is drawn and the rest still shows.
 */
function useUPlot(): UPlotConstructor | null {
  const [constructor, setConstructor] = useState<UPlotConstructor | null>(null);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    let mounted = true;
    void import('uplot').then((module) => {
      if (mounted) setConstructor(() => module.default);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return constructor;
}

function useFormatters() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const number = new Intl.NumberFormat(i18n.language, { maximumSignificantDigits: 5 });
    const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
    return { value: (value: number) => number.format(value), time: (value: number) => time.format(value) };
  }, [i18n.language]);
}

function formatLast(value: LastKnownValue, format: (value: number) => string): string {
  if (value === null) return '–';
  return typeof value === 'number' ? format(value) : String(value);
}

/** Several measurements over one time range on uPlot, with lanes, legend and a cursor tooltip. */
export function TrendChart({ model, range, onZoom, height = 320, label }: TrendChartProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const wrapRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const UPlot = useUPlot();
  const palette = useTrendPalette(wrapRef);
  const width = useElementWidth(wrapRef, FALLBACK_WIDTH);
  const [cursor, setCursor] = useState<{ index: number; left: number } | null>(null);
  const [plotRect, setPlotRect] = useState({ left: 0, width: 0 });
  // Callbacks and range are read through a ref, so that a new range or handler needs no new chart.
  const latest = useRef({ range, onZoom, model });
  latest.current = { range, onZoom, model };

  // A new chart only when what is drawn changes (series, units, limits, colours); new data is setData.
  const structure = JSON.stringify({ lines: model.lines, axes: model.axes, columns: model.data.length });
  const hasLines = model.lines.length > 0;
  useEffect(() => {
    const element = wrapRef.current;
    if (!element || !hasLines || !UPlot) return undefined;
    const options = trendOptions({
      model: latest.current.model,
      palette,
      width: element.clientWidth || FALLBACK_WIDTH,
      height,
      getRange: () => latest.current.range,
      formatValue: format.value,
      onSelect: (selected) => latest.current.onZoom?.(selected),
      onCursor: (index, left) => setCursor(index === null || left < 0 ? null : { index, left }),
      onPlotRect: (rect) => setPlotRect((current) => (current.left === rect.left && current.width === rect.width ? current : rect)),
    });
    const plot = new UPlot(options, latest.current.model.data, element);
    plotRef.current = plot;
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => plot.setSize({ width: element.clientWidth || FALLBACK_WIDTH, height }));
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
    // `structure` stands for the model's shape; the data itself goes through setData below.
  }, [UPlot, structure, hasLines, palette, height, format]);

  useEffect(() => {
    const plot = plotRef.current;
    if (!plot) return;
    if (plot.data !== model.data) plot.setData(model.data);
    else plot.setScale('x', { min: range.start, max: range.end });
  }, [model.data, range.start, range.end]);

  const x = model.data[0];
  const tooltipTime = cursor && x && cursor.index < x.length ? x[cursor.index] : null;
  return (
    <figure className="trend-chart" aria-label={label} style={{ margin: 0 }}>
      {hasLines ? (
        <div ref={wrapRef} className="trend-chart-plot" onMouseLeave={() => setCursor(null)}>
          {tooltipTime !== null && cursor ? (
            <div className="trend-tooltip" role="tooltip" style={cursor.left + plotRect.left > plotRect.width / 2 ? { left: plotRect.left + 8 } : { right: 8 }}>
              <div className="trend-tooltip-time">{format.time(tooltipTime ?? 0)}</div>
              {model.lines.map((line) => {
                const value = model.data[line.valueIndex][cursor.index];
                return (
                  <div key={line.measurementUuid} className="trend-tooltip-row">
                    <span className="trend-swatch" style={{ background: seriesColour(palette, line.colorIndex) }} />
                    <span>{line.name}</span>
                    <span>{value === null || value === undefined ? '–' : `${format.value(value)} ${line.uom}`.trim()}</span>
                  </div>
                );
              })}
              {model.lanes.map((lane) => {
                const segment = lane.segments.find((candidate) => candidate.start <= (tooltipTime ?? 0) && (tooltipTime ?? 0) < candidate.end);
                return (
                  <div key={lane.measurementUuid} className="trend-tooltip-row">
                    <span className="trend-swatch lane" style={{ background: seriesColour(palette, lane.colorIndex) }} />
                    <span>{lane.name}</span>
                    <span>{segment?.value ?? '–'}</span>
                  </div>
                );
              })}
            </div>
          ) : null}
        </div>
      ) : (
        <div ref={wrapRef} className="trend-chart-empty" style={{ height: model.lanes.length > 0 ? 24 : height }}>
          {model.lanes.length > 0 ? null : t('trend.chart.noData')}
        </div>
      )}
      <StateLanes lanes={model.lanes} range={range} plot={hasLines ? plotRect : { left: 0, width }} palette={palette} formatTime={format.time} />
      <ul className="trend-legend" aria-label={t('trend.chart.legend')}>
        {model.legend.map((item) => (
          <li key={item.measurementUuid}>
            <span className={item.kind === 'lane' ? 'trend-swatch lane' : 'trend-swatch'} style={{ background: seriesColour(palette, item.colorIndex) }} />
            <span className="trend-legend-name">{item.name}</span>
            <span className="trend-legend-value">{`${formatLast(item.last, format.value)} ${item.last === null ? '' : item.uom}`.trim()}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
