import { useTranslation } from 'react-i18next';
import type { EventSeries } from '../../api/generated/historian.gen';
import './eventDisplay.css';

const WIDTH = 440;
const HEIGHT = 120;
const PAD = { left: 44, right: 8, top: 8, bottom: 18 };

/**
 * A periodic property as a small line chart: the values against T (seconds from the event's
 * start) or, for a property with a dimension, against D. Gaps (null) break the line.
 */
export function PeriodicChart({ name, series, unit }: { name: string; series: EventSeries; unit?: string }) {
  const { t, i18n } = useTranslation();
  const byDimension = Array.isArray(series.D) && series.D.some((value) => value !== null);
  const xs = byDimension ? (series.D ?? []) : series.T;
  const points: [number, number][] = [];
  const segments: [number, number][][] = [[]];
  series.V.forEach((value, index) => {
    const x = xs[index];
    if (typeof value === 'number' && typeof x === 'number') {
      points.push([x, value]);
      segments[segments.length - 1].push([x, value]);
    } else if (segments[segments.length - 1].length > 0) segments.push([]);
  });
  if (points.length < 2) return <p className="muted">{t('events.details.no_series')}</p>;
  const [x0, x1] = [Math.min(...points.map((p) => p[0])), Math.max(...points.map((p) => p[0]))];
  const [y0, y1] = [Math.min(...points.map((p) => p[1])), Math.max(...points.map((p) => p[1]))];
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (value: number) => PAD.left + ((value - x0) / Math.max(1e-9, x1 - x0)) * innerW;
  const y = (value: number) => (y1 === y0 ? PAD.top + innerH / 2 : PAD.top + (1 - (value - y0) / (y1 - y0)) * innerH);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const label = byDimension
    ? t('events.details.series_label_dimension', { name, n: points.length, min: number.format(y0), max: number.format(y1), unit: unit ?? '' })
    : t('events.details.series_label_time', { name, n: points.length, min: number.format(y0), max: number.format(y1), unit: unit ?? '' });
  const xLabel = (value: number) => (byDimension ? number.format(value) : t('events.details.seconds', { n: number.format(value) }));
  return (
    <figure className="event-periodic">
      <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
        <title>{label}</title>
        <line className="event-periodic-axis" x1={PAD.left} y1={PAD.top + innerH} x2={WIDTH - PAD.right} y2={PAD.top + innerH} />
        <line className="event-periodic-axis" x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={PAD.top + innerH} />
        <text className="event-periodic-tick" x={PAD.left - 4} y={PAD.top + 8} textAnchor="end">
          {number.format(y1)}
        </text>
        <text className="event-periodic-tick" x={PAD.left - 4} y={PAD.top + innerH} textAnchor="end">
          {number.format(y0)}
        </text>
        <text className="event-periodic-tick" x={PAD.left} y={HEIGHT - 4} textAnchor="start">
          {xLabel(x0)}
        </text>
        <text className="event-periodic-tick" x={WIDTH - PAD.right} y={HEIGHT - 4} textAnchor="end">
          {xLabel(x1)}
        </text>
        {segments
          .filter((segment) => segment.length > 0)
          .map((segment, index) => (
            <polyline key={index} className="event-periodic-line" points={segment.map(([px, py]) => `${x(px).toFixed(1)},${y(py).toFixed(1)}`).join(' ')} />
          ))}
      </svg>
      <figcaption className="muted">{byDimension ? t('events.details.against_dimension') : t('events.details.against_time')}</figcaption>
    </figure>
  );
}
