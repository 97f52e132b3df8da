import type { Read, Write } from '../../domain/contract';
import type { Db } from '../db/db';
import { badRequest } from '../http/problem';
import { queuePoints } from '../integrations/forwarders/runtime/queue';
import { emitIngested, hasIngestedListeners } from './events';
import { InvalidPointError, normalizePoints, type NormalizedPoint } from '../timeseries/points';
import type { TimeseriesStores } from '../timeseries/stores';
import { VALUE_TYPES, type Point, type ValueType } from '../timeseries/types';

// POST /collector-api/points (README.md in this folder): a collector's batch of points, checked
// whole before anything is written, written to each measurement's time-series database, and
// acknowledged only once every write resolved. Then the batch key is recorded (a batch sent again
// is answered without writing) and each measurement's last point is kept.

export type PointBatch = Write<'CollectorPointBatch'>;
export type PointBatchResult = Read<'CollectorPointBatchResult'>;
type Skipped = PointBatchResult['Skipped'][number];

/** The most points one batch may carry (all measurements together). */
export const MAX_BATCH_POINTS = 50_000;
/** Batch keys are remembered this long; a collector retries within minutes, not days. */
export const BATCH_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

interface MeasurementRow {
  uuid: string;
  organization_uuid: string;
  status: string;
  datatype: string;
  database_uuid: string | null;
}

interface Series {
  measurementUuid: string;
  /** Index of its first entry in Points, for error messages. */
  index: number;
  points: Point[];
}

interface Checked {
  measurementUuid: string;
  organizationUuid: string;
  databaseUuid: string;
  valueType: ValueType;
  /** As sent, for the store (which checks them again, cheaply); `points` as checked. */
  sent: Point[];
  points: NormalizedPoint[];
}

const isValueType = (value: string): value is ValueType => VALUE_TYPES.some((type) => type === value);

/** Points of one measurement sent in several entries of one batch go together. */
function seriesOf(batch: PointBatch): Series[] {
  const byUuid = new Map<string, Series>();
  let total = 0;
  batch.Points.forEach((entry, index) => {
    const { T, V, Q } = entry;
    if (V.length !== T.length) throw badRequest(`Points[${index}]: V has ${V.length} values for ${T.length} times`, { [`Points.${index}.V`]: ['must have as many items as T'] });
    if (Q !== undefined && Q.length !== T.length) throw badRequest(`Points[${index}]: Q has ${Q.length} qualities for ${T.length} times`, { [`Points.${index}.Q`]: ['must have as many items as T'] });
    total += T.length;
    if (total > MAX_BATCH_POINTS) throw badRequest(`A batch may carry at most ${MAX_BATCH_POINTS} points`, { Points: [`must hold at most ${MAX_BATCH_POINTS} points in all`] });
    let series = byUuid.get(entry.MeasurementUUID);
    if (!series) {
      series = { measurementUuid: entry.MeasurementUUID, index, points: [] };
      byUuid.set(entry.MeasurementUUID, series);
    }
    const points = series.points;
    for (let i = 0; i < T.length; i += 1) {
      const quality = Q?.[i];
      points.push(quality === undefined || quality === null ? { time: T[i], value: V[i] as Point['value'] } : { time: T[i], value: V[i] as Point['value'], quality });
    }
  });
  return [...byUuid.values()];
}

/** JSON for measurement_last_points.value: raw bytes as base64, as the contract writes raw values. */
function lastValueJson(point: NormalizedPoint): string {
  const value = point.value instanceof Uint8Array ? Buffer.from(point.value).toString('base64') : point.value;
  return JSON.stringify(value);
}

function newest(points: readonly NormalizedPoint[]): NormalizedPoint | undefined {
  let best: NormalizedPoint | undefined;
  for (const point of points) if (!best || point.time >= best.time) best = point;
  return best;
}

/** What the batch wrote, for the in-process listeners (events.ts): each series' time span. */
function ingestedEvent(collectorUuid: string, checked: readonly Checked[]) {
  const series = checked.flatMap(({ measurementUuid, points }) => {
    if (points.length === 0) return [];
    let from = Infinity;
    let to = -Infinity;
    for (const { time } of points) {
      if (time < from) from = time;
      if (time > to) to = time;
    }
    return [{ measurementUuid, from, to: to + 1 }];
  });
  return { organizationUuid: checked[0].organizationUuid, collectorUuid, series };
}

export function createBatchIngestion(db: Db, stores: TimeseriesStores, now: () => number = Date.now) {
  let lastPrune = 0;

  async function prune() {
    if (now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now();
    await db.query('DELETE FROM collector_batches WHERE received_at < $1', [new Date(now() - BATCH_KEY_RETENTION_MS)]);
  }

  /** The series to write, or a 400 naming the first bad value; nothing is written before this passed. */
  async function check(collectorUuid: string, series: readonly Series[], skipped: Skipped[]): Promise<Checked[]> {
    if (series.length === 0) return [];
    const { rows } = await db.query<MeasurementRow>(
      'SELECT uuid, organization_uuid, status, datatype, database_uuid FROM measurements WHERE uuid = ANY($1::uuid[]) AND collector_uuid = $2',
      [series.map((s) => s.measurementUuid), collectorUuid],
    );
    const byUuid = new Map(rows.map((row) => [row.uuid, row]));
    const checked: Checked[] = [];
    for (const { measurementUuid, index, points } of series) {
      const row = byUuid.get(measurementUuid);
      // Another collector's measurement is reported as unknown: a token learns nothing outside its own.
      if (!row) {
        skipped.push({ MeasurementUUID: measurementUuid, Reason: 'NotFound' });
        continue;
      }
      if (row.status !== 'Active' || row.database_uuid === null || !isValueType(row.datatype)) {
        skipped.push({ MeasurementUUID: measurementUuid, Reason: 'NotActive' });
        continue;
      }
      try {
        checked.push({ measurementUuid, organizationUuid: row.organization_uuid, databaseUuid: row.database_uuid, valueType: row.datatype, sent: points, points: normalizePoints(row.datatype, points) });
      } catch (error) {
        if (!(error instanceof InvalidPointError)) throw error;
        throw badRequest(`Measurement ${measurementUuid} (${row.datatype}), point ${error.index}: ${error.message}; nothing of this batch was written`, {
          [`Points.${index}.V.${error.index}`]: [error.message],
        });
      }
    }
    return checked;
  }

  async function write(checked: readonly Checked[]) {
    const byDatabase = new Map<string, Checked[]>();
    for (const item of checked) byDatabase.set(item.databaseUuid, [...(byDatabase.get(item.databaseUuid) ?? []), item]);
    // Databases in parallel (each its own store); one database's measurements one after another.
    await Promise.all(
      [...byDatabase.entries()].map(async ([databaseUuid, items]) => {
        const store = await stores.forDatabase(databaseUuid);
        // A measurement named twice in one batch goes the one-by-one way: one statement cannot
        // write the same (measurement, time) twice.
        const distinct = new Set(items.map((item) => item.measurementUuid)).size === items.length;
        if (store.writeNormalized && distinct) await store.writeNormalized(items.map(({ measurementUuid, valueType, points }) => ({ measurementUuid, valueType, points })));
        else for (const item of items) await store.writePoints(item.measurementUuid, item.valueType, item.sent);
      }),
    );
  }

  async function record(collectorUuid: string, batchKey: string, count: number, checked: readonly Checked[]) {
    const last = checked.flatMap((item) => {
      const point = newest(item.points);
      return point ? [{ uuid: item.measurementUuid, point }] : [];
    });
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO collector_batches (collector_uuid, batch_key, points) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [collectorUuid, batchKey, count]);
      if (last.length === 0) return;
      // The points written go to the running forwarders that select them (integrations README, "Runtime").
      await queuePoints(tx, checked[0].organizationUuid, checked);
      // One row per measurement per batch; an older batch sent late does not move it back.
      await tx.query(
        `INSERT INTO measurement_last_points (measurement_uuid, time, value, quality)
         SELECT u, timestamptz 'epoch' + t * interval '1 millisecond', v, q FROM unnest($1::uuid[], $2::float8[], $3::jsonb[], $4::int[]) AS x (u, t, v, q)
         ON CONFLICT (measurement_uuid) DO UPDATE SET time = EXCLUDED.time, value = EXCLUDED.value, quality = EXCLUDED.quality
          WHERE measurement_last_points.time <= EXCLUDED.time`,
        [last.map((l) => l.uuid), last.map((l) => l.point.time), last.map((l) => lastValueJson(l.point)), last.map((l) => l.point.quality)],
      );
    });
  }

  return {
    async ingest(collectorUuid: string, batch: PointBatch): Promise<PointBatchResult> {
      const series = seriesOf(batch);
      const seen = await db.query<{ points: number }>('SELECT points FROM collector_batches WHERE collector_uuid = $1 AND batch_key = $2', [collectorUuid, batch.BatchKey]);
      if (seen.rows[0]) return { BatchKey: batch.BatchKey, Points: seen.rows[0].points, Duplicate: true, Skipped: [] };
      const skipped: Skipped[] = [];
      const checked = await check(collectorUuid, series, skipped);
      await write(checked);
      const count = checked.reduce((sum, item) => sum + item.points.length, 0);
      // A crash here leaves the points written and the key unrecorded: the collector sends the
      // batch again, and writing the same times again replaces them (no duplicates).
      await record(collectorUuid, batch.BatchKey, count, checked);
      if (hasIngestedListeners() && checked.length > 0) emitIngested(ingestedEvent(collectorUuid, checked));
      await prune().catch(() => undefined);
      return { BatchKey: batch.BatchKey, Points: count, Duplicate: false, Skipped: skipped };
    },
  };
}

export type BatchIngestion = ReturnType<typeof createBatchIngestion>;
