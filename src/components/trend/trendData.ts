// Shapes the columnar answer into what the chart draws, without touching uPlot, so that it can be
// tested: one x array shared by the numeric series (joined when their times differ), a min/max
// envelope per aggregated series, one y scale per unit, and state lanes for booleans and strings.
import type { ColumnSeries, ColumnValues, LastKnownValue } from '../../../domain/timeseriesColumns';
import type { TimeRange } from './trendAddress';

/** What the chart needs from the measurement entity (engineering specs); every field optional. */
export interface TrendMeasurementMeta {
  name?: string;
  uom?: string;
  datatype?: string;
  valueMin?: number | null;
  valueMax?: number | null;
  limitLo?: number | null;
  limitHi?: number | null;
}

export type PlotColumn = Float64Array | (number | null)[];
/** uPlot's aligned data: x (epoch ms) first, then for each line its values, then min and max. */
export type TrendData = [x: Float64Array, ...values: PlotColumn[]];

export interface TrendLine {
  measurementUuid: string;
  name: string;
  uom: string;
  scaleKey: string;
  colorIndex: number;
  /** Index of the line's values in `data`; the envelope's min and max follow it when aggregated. */
  valueIndex: number;
  envelope: { minIndex: number; maxIndex: number } | null;
  limitLo: number | null;
  limitHi: number | null;
}

export interface TrendUnitAxis {
  scaleKey: string;
  uom: string;
  /** uPlot's sides: 3 is left, 1 is right; units alternate. */
  side: 1 | 3;
  min: number | null;
  max: number | null;
}

export interface LaneSegment {
  start: number;
  end: number;
  value: string;
}

export interface TrendLane {
  measurementUuid: string;
  name: string;
  colorIndex: number;
  segments: LaneSegment[];
}

export interface TrendLegendItem {
  measurementUuid: string;
  name: string;
  uom: string;
  colorIndex: number;
  kind: 'line' | 'lane';
  last: LastKnownValue;
}

export interface TrendModel {
  data: TrendData;
  lines: TrendLine[];
  axes: TrendUnitAxis[];
  lanes: TrendLane[];
  legend: TrendLegendItem[];
  truncated: boolean;
}

export const MIXED_STATE = '…';

const isNumeric = (datatype: string) => datatype === 'number';

/** The column with the series' values: `value` when raw, the aggregation's column otherwise. */
export function valueField(series: ColumnSeries): string | null {
  return series.fields.find((field) => field !== 'time' && field !== 'min' && field !== 'max') ?? null;
}

/** A plain loop: `some(Number.isNaN)` costs a call per point, 20 ms over a million of them. */
function hasNaN(values: Float64Array): boolean {
  for (let i = 0; i < values.length; i += 1) if (values[i] !== values[i]) return true;
  return false;
}

/** NaN is the format's null; uPlot wants null for a gap. A column without NaN is handed over as it is. */
export function toPlotColumn(values: ColumnValues | undefined, length: number): PlotColumn {
  if (!values || Array.isArray(values)) return new Array<number | null>(length).fill(null);
  if (values instanceof Float64Array && !hasNaN(values)) return values;
  return Array.from(values, (value) => (Number.isNaN(value) ? null : value));
}

function sameTimes(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/** The sorted union of several sorted time columns. */
export function unionTimes(columns: Float64Array[]): Float64Array {
  const all = new Float64Array(columns.reduce((sum, column) => sum + column.length, 0));
  let offset = 0;
  for (const column of columns) {
    all.set(column, offset);
    offset += column.length;
  }
  all.sort();
  let unique = 0;
  for (let i = 0; i < all.length; i += 1) if (i === 0 || all[i] !== all[unique - 1]) all[unique++] = all[i];
  return all.slice(0, unique);
}

/** A column re-laid on the joined times, null where the series has no point. */
function alignColumn(times: Float64Array, values: PlotColumn, joined: Float64Array): (number | null)[] {
  const aligned = new Array<number | null>(joined.length).fill(null);
  let j = 0;
  for (let i = 0; i < times.length; i += 1) {
    while (joined[j] < times[i]) j += 1;
    aligned[j] = values[i] ?? null;
  }
  return aligned;
}

function stateText(values: ColumnValues | undefined, index: number, datatype: string): string | null {
  if (!values) return null;
  if (Array.isArray(values)) return values[index] ?? null;
  const value = values[index];
  if (Number.isNaN(value)) return null;
  return datatype === 'boolean' ? String(value !== 0) : String(value);
}

function lastKnownText(value: LastKnownValue): string | null {
  return value === null ? null : String(value);
}

/** State segments of a boolean or string series over the range; a bucket whose min and max differ is mixed. */
export function laneSegments(series: ColumnSeries, range: TimeRange): LaneSegment[] {
  const field = valueField(series);
  const values = field ? series.columns[field] : undefined;
  const min = series.columns.min;
  const max = series.columns.max;
  const segments: LaneSegment[] = [];
  const push = (start: number, end: number, value: string | null) => {
    if (value === null || end <= start) return;
    const previous = segments.at(-1);
    if (previous && previous.value === value && previous.end === start) previous.end = end;
    else segments.push({ start, end, value });
  };
  const { times } = series;
  if (series.lastKnown && (times.length === 0 || times[0] > range.start)) {
    push(range.start, times.length > 0 ? times[0] : range.end, lastKnownText(series.lastKnown.value));
  }
  for (let i = 0; i < times.length; i += 1) {
    let value = stateText(values, i, series.datatype);
    if (min && max && !Array.isArray(min) && !Array.isArray(max) && min[i] !== max[i]) value = MIXED_STATE;
    push(Math.max(range.start, times[i]), i + 1 < times.length ? times[i + 1] : range.end, value);
  }
  return segments;
}

/** The newest value of the answer, or the last known point before the range. */
export function lastValue(series: ColumnSeries): LastKnownValue {
  const field = valueField(series);
  const values = field ? series.columns[field] : undefined;
  if (values) {
    for (let i = values.length - 1; i >= 0; i -= 1) {
      const value = values[i];
      if (value === null || (typeof value === 'number' && Number.isNaN(value))) continue;
      if (series.datatype === 'boolean' && typeof value === 'number') return value !== 0;
      return value;
    }
  }
  return series.lastKnown?.value ?? null;
}

function unitRange(metas: TrendMeasurementMeta[]) {
  const mins = metas.map((meta) => meta.valueMin).filter((value): value is number => typeof value === 'number');
  const maxs = metas.map((meta) => meta.valueMax).filter((value): value is number => typeof value === 'number');
  return { min: mins.length > 0 ? Math.min(...mins) : null, max: maxs.length > 0 ? Math.max(...maxs) : null };
}

export function buildTrendModel(answer: ColumnSeries[], metas: Record<string, TrendMeasurementMeta | undefined>, range: TimeRange): TrendModel {
  const described = answer.map((series, colorIndex) => {
    const meta = metas[series.measurementUuid] ?? {};
    return { series, meta, colorIndex, name: meta.name ?? series.name, uom: meta.uom ?? series.uom, datatype: meta.datatype ?? series.datatype };
  });
  const numeric = described.filter((entry) => isNumeric(entry.datatype));
  const joined =
    numeric.length === 0
      ? new Float64Array(0)
      : numeric.every((entry) => sameTimes(entry.series.times, numeric[0].series.times))
        ? numeric[0].series.times
        : unionTimes(numeric.map((entry) => entry.series.times));
  const shared = numeric.length > 0 && joined === numeric[0].series.times;
  const data: TrendData = [joined];
  const place = (entry: (typeof numeric)[number], values: ColumnValues | undefined) => {
    const column = toPlotColumn(values, entry.series.times.length);
    data.push(shared ? column : alignColumn(entry.series.times, column, joined));
    return data.length - 1;
  };

  const units: string[] = [];
  const lines: TrendLine[] = numeric.map((entry) => {
    if (!units.includes(entry.uom)) units.push(entry.uom);
    const field = valueField(entry.series);
    const valueIndex = place(entry, field ? entry.series.columns[field] : undefined);
    const { min, max } = entry.series.columns;
    const envelope = min && max ? { minIndex: place(entry, min), maxIndex: place(entry, max) } : null;
    return {
      measurementUuid: entry.series.measurementUuid,
      name: entry.name,
      uom: entry.uom,
      scaleKey: `y:${entry.uom}`,
      colorIndex: entry.colorIndex,
      valueIndex,
      envelope,
      limitLo: entry.meta.limitLo ?? null,
      limitHi: entry.meta.limitHi ?? null,
    };
  });
  const axes: TrendUnitAxis[] = units.map((uom, index) => ({
    scaleKey: `y:${uom}`,
    uom,
    side: index % 2 === 0 ? 3 : 1,
    ...unitRange(numeric.filter((entry) => entry.uom === uom).map((entry) => entry.meta)),
  }));
  const lanes: TrendLane[] = described
    .filter((entry) => !isNumeric(entry.datatype))
    .map((entry) => ({ measurementUuid: entry.series.measurementUuid, name: entry.name, colorIndex: entry.colorIndex, segments: laneSegments(entry.series, range) }));
  const legend: TrendLegendItem[] = described.map((entry) => ({
    measurementUuid: entry.series.measurementUuid,
    name: entry.name,
    uom: entry.uom,
    colorIndex: entry.colorIndex,
    kind: isNumeric(entry.datatype) ? 'line' : 'lane',
    last: lastValue(entry.series),
  }));
  return { data, lines, axes, lanes, legend, truncated: answer.some((series) => series.truncated) };
}
