import type { ColumnSeries } from '../../../domain/timeseriesColumns';
import type { CalculationPreviewPoint } from '../../api/generated/historian.gen';

// The preview's points as one series of the trend chart (src/components/trend): numbers as a line,
// anything else as a state lane, like a stored measurement of that datatype. A Bad point (an
// interval without enough input data holds the datatype's zero) is a gap, not a drop to zero.

export const PREVIEW_SERIES_ID = 'preview';

export const isBadPoint = (point: CalculationPreviewPoint) => point.Status.startsWith('Bad');

export function previewSeries(points: readonly CalculationPreviewPoint[], datatype: string, name: string): ColumnSeries {
  const times = Float64Array.from(points, (point) => point.T);
  const numeric = datatype === 'number';
  const values = numeric
    ? Float64Array.from(points, (point) => (typeof point.V === 'number' && !isBadPoint(point) ? point.V : Number.NaN))
    : points.map((point) => (point.V === null || isBadPoint(point) ? null : typeof point.V === 'string' ? point.V : JSON.stringify(point.V)));
  const last = points.at(-1);
  const lastValue = last === undefined || Array.isArray(last.V) ? null : last.V;
  return {
    measurementUuid: PREVIEW_SERIES_ID,
    name,
    database: '',
    datatype: numeric ? 'number' : 'string',
    uom: '',
    fields: ['time', 'value'],
    times,
    columns: { value: values },
    lastKnown: last ? { time: last.T, value: typeof lastValue === 'boolean' ? String(lastValue) : lastValue } : null,
    truncated: false,
  };
}

export type PreviewPreset = '1h' | '24h' | 'custom';

/** The tested range: the last hour or day up to now, or the chosen one (datetime-local values). */
export function previewRange(preset: PreviewPreset, custom: { from: string; to: string }, now: number): { start: number; end: number } | null {
  if (preset === '1h') return { start: now - 3_600_000, end: now };
  if (preset === '24h') return { start: now - 86_400_000, end: now };
  const start = new Date(custom.from).getTime();
  const end = new Date(custom.to).getTime();
  return Number.isNaN(start) || Number.isNaN(end) || end <= start ? null : { start, end };
}
