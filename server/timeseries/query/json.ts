import type { ColumnSeries } from '../../../domain/timeseriesColumns';
import type { QueryMeasurement } from './measurements';
import type { Column, SeriesData } from './series';

// The two bodies of the answer from the same columns. The JSON is written as text here, row by
// row from the typed arrays: a million points through objects and the serializer would cost
// several times as much.

function cellWriter(column: Column): (i: number) => string {
  const { values, kind } = column;
  if (Array.isArray(values)) {
    // json: the store's own JSON text of a slice goes in as it is.
    if (kind === 'json') return (i) => values[i] ?? 'null';
    return (i) => {
      const v = values[i];
      return v === null ? 'null' : JSON.stringify(v);
    };
  }
  if (kind === 'boolean') return (i) => (Number.isNaN(values[i]) ? 'null' : values[i] === 1 ? 'true' : 'false');
  return (i) => (Number.isNaN(values[i]) ? 'null' : String(values[i]));
}

function lastKnownJson(series: SeriesData, kind: Column['kind']): string {
  const point = series.lastKnown;
  if (!point) return 'null';
  const { value } = point;
  const text = typeof value === 'string' && kind === 'json' ? value : JSON.stringify(value);
  return `[${point.time},${text}]`;
}

export function seriesJson(measurement: QueryMeasurement, series: SeriesData, includeLastKnown: boolean, rawKind: Column['kind']): string {
  const writers = series.columns.map(cellWriter);
  const rows = new Array<string>(series.times.length);
  const { times } = series;
  for (let i = 0; i < times.length; i++) {
    let row = `[${times[i]}`;
    for (const write of writers) row += `,${write(i)}`;
    rows[i] = `${row}]`;
  }
  const head = JSON.stringify({
    MeasurementUUID: measurement.uuid,
    Measurement: measurement.name,
    Database: measurement.databaseName,
    Datatype: measurement.datatype,
    UoM: measurement.uom,
    Fields: ['time', ...series.columns.map((column) => column.name)],
  });
  const lastKnown = includeLastKnown ? `,"LastKnownPoint":${lastKnownJson(series, rawKind)}` : '';
  return `${head.slice(0, -1)},"DataPoints":[${rows.join(',')}]${lastKnown},"Truncated":${series.truncated}}`;
}

export function columnSeriesOf(measurement: QueryMeasurement, series: SeriesData): ColumnSeries {
  return {
    measurementUuid: measurement.uuid,
    name: measurement.name,
    database: measurement.databaseName,
    datatype: measurement.datatype,
    uom: measurement.uom,
    fields: ['time', ...series.columns.map((column) => column.name)],
    times: series.times,
    columns: Object.fromEntries(series.columns.map((column) => [column.name, column.values])),
    lastKnown: series.lastKnown,
    truncated: series.truncated,
  };
}
