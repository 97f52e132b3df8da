import { fillWindows, planAggregation } from '../aggregations';
import type { WindowValues } from '../aggregations';
import { checkRawRead, chunks, normalizePoints } from '../points';
import type { AggregateQuery, AggregatedRow, Aggregation, Point, PointValue, ReadRawOptions, StoredPoint, TimeseriesStore, ValueType } from '../types';
import { InfluxError } from './client';
import type { InfluxClient, InfluxSeries } from './client';
import { aggregateQuery, quoteIdentifier, rawQuery, source } from './influxql';
import { FIELD_BY_VALUE_TYPE, QUALITY_FIELD, toLine } from './lineProtocol';

// The InfluxDB 1.x store: one InfluxDB measurement per historian measurement (named by its
// UUID), the value in a field named after its value family, quality in an integer field.

/** Turns a field as InfluxDB returns it back into the value type's form. */
function decode(valueType: ValueType, value: unknown): PointValue | null {
  if (value === null || value === undefined) return null;
  if (valueType === 'raw' && typeof value === 'string') return Buffer.from(value, 'base64');
  if (valueType.startsWith('[]') && typeof value === 'string') {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed;
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return value;
  throw new InfluxError('statement', `InfluxDB returned a value that is not ${valueType}`);
}

const SELECTORS: ReadonlySet<Aggregation> = new Set<Aggregation>(['first', 'last', 'mode', 'max', 'min']);

function column(series: InfluxSeries | undefined, name: string): number {
  return series ? series.columns.indexOf(name) : -1;
}

export class InfluxTimeseriesStore implements TimeseriesStore {
  constructor(private readonly client: InfluxClient) {}

  private from(measurementUuid: string): string {
    return source(this.client.config.database, this.client.config.retentionPolicy, measurementUuid);
  }

  async writePoints(measurementUuid: string, valueType: ValueType, points: readonly Point[]): Promise<number> {
    const normalized = normalizePoints(valueType, points);
    for (const chunk of chunks(normalized)) {
      await this.client.write(chunk.map((point) => toLine(measurementUuid, valueType, point)).join('\n'));
    }
    return normalized.length;
  }

  async readRaw(measurementUuid: string, valueType: ValueType, options: ReadRawOptions): Promise<StoredPoint[]> {
    const read = checkRawRead(options);
    const [series] = await this.client.query(rawQuery(this.from(measurementUuid), valueType, read));
    const [time, valueIndex, quality] = [column(series, 'time'), column(series, FIELD_BY_VALUE_TYPE[valueType]), column(series, QUALITY_FIELD)];
    const points: StoredPoint[] = [];
    for (const row of series?.values ?? []) {
      const decoded = decode(valueType, row[valueIndex]);
      // A row holding only another family's field (the value type changed): not this series.
      if (decoded === null) continue;
      const q = quality >= 0 ? row[quality] : null;
      const point: StoredPoint = { time: new Date(Number(row[time])), value: decoded };
      if (typeof q === 'number') point.quality = q;
      points.push(point);
    }
    return points;
  }

  async readAggregated(measurementUuid: string, valueType: ValueType, query: AggregateQuery): Promise<AggregatedRow[]> {
    const plan = planAggregation(valueType, query);
    const [series] = await this.client.query(aggregateQuery(this.from(measurementUuid), valueType, plan));
    const time = column(series, 'time');
    const found = new Map<number, WindowValues>();
    for (const row of series?.values ?? []) {
      const values: WindowValues = {};
      for (const aggregation of plan.aggregations) {
        const index = column(series, aggregation);
        const raw: unknown = index >= 0 ? row[index] : null;
        // Selectors return a value of the series; the others a number.
        values[aggregation] = SELECTORS.has(aggregation) ? decode(valueType, raw) : typeof raw === 'number' ? raw : null;
      }
      found.set(Number(row[time]), values);
    }
    return fillWindows(plan, found);
  }

  async deleteMeasurement(measurementUuid: string): Promise<void> {
    try {
      await this.client.query(`DROP MEASUREMENT ${quoteIdentifier(measurementUuid)}`, { write: true });
    } catch (error) {
      // Nothing was ever written: nothing to delete.
      if (!(error instanceof InfluxError && /measurement not found/.test(error.message))) throw error;
    }
  }

  async close(): Promise<void> {
    // fetch keeps no connection that needs closing.
  }
}
