import type { Db } from '../../../db/db';
import type { PointValue } from '../../../timeseries/types';

// What fills the forwarders' queue (server/integrations/README.md, "Runtime"): the points a write
// recorded, queued in the same transaction for every forwarder that runs, whose sink runs, of the
// same organization, and whose resolved selection (forwarder_selections) holds the measurement.
// Events are queued by a trigger on `events` (migration 077_forwarding_events.sql).

export interface QueuedPoint {
  /** ms since the epoch. */
  time: number;
  value: PointValue;
  quality?: number | null;
}

export interface QueuedSeries {
  measurementUuid: string;
  points: readonly QueuedPoint[];
}

/** A point's value as the queue keeps it (jsonb): raw bytes as base64, as the contract writes them. */
export function queuedValueJson(value: PointValue): string {
  return JSON.stringify(value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value);
}

/**
 * Queues the points of `series` for the running forwarders that select their measurements; returns
 * how many queue entries were written. It runs on every ingestion batch, so the usual case (no
 * running forwarder selects any of these measurements) costs one indexed look-up with the
 * measurements' UUIDs and nothing else; only then are the points sent, in one INSERT … SELECT.
 * The queue's ids follow each forwarder's points in the order given.
 */
export async function queuePoints(tx: Db, organizationUuid: string, series: readonly QueuedSeries[]): Promise<number> {
  const measurements = [...new Set(series.filter((s) => s.points.length > 0).map((s) => s.measurementUuid))];
  if (measurements.length === 0) return 0;
  const { rows: selected } = await tx.query<{ measurement_uuid: string }>(
    `SELECT DISTINCT fs.measurement_uuid FROM forwarder_selections fs
      WHERE fs.measurement_uuid = ANY($1::uuid[]) AND EXISTS (
        SELECT 1 FROM forwarders f JOIN sinks s ON s.uuid = f.sink_uuid
         WHERE f.uuid = fs.forwarder_uuid AND f.state = 'running' AND s.state = 'running' AND f.organization_uuid = $2 AND s.organization_uuid = $2)`,
    [measurements, organizationUuid],
  );
  if (selected.length === 0) return 0;

  const index = new Map(selected.map((row, i) => [row.measurement_uuid, i + 1]));
  const m: number[] = [];
  const t: number[] = [];
  const v: string[] = [];
  const q: (number | null)[] = [];
  for (const { measurementUuid, points } of series) {
    const at = index.get(measurementUuid);
    if (at === undefined) continue;
    for (const point of points) {
      m.push(at);
      t.push(point.time);
      v.push(queuedValueJson(point.value));
      q.push(point.quality ?? null);
    }
  }
  // The join is made again here, in the transaction that records the points: a forwarder or sink
  // stopped since the look-up above gets nothing. The queue has no foreign key (a check per row
  // cost a third of this statement; migration 077): the forwarders' rows are locked instead, as the
  // key check would, so that a forwarder deleted meanwhile takes these entries with it.
  const { rowCount } = await tx.query(
    `INSERT INTO forwarder_queue (forwarder_uuid, kind, measurement_uuid, asset_property_uuid, time, value, quality)
     SELECT fs.forwarder_uuid, 'point', fs.measurement_uuid, fs.asset_property_uuid,
            timestamptz 'epoch' + p.t * interval '1 millisecond', p.v, p.q
       FROM unnest($1::int[], $2::float8[], $3::jsonb[], $4::int[]) WITH ORDINALITY AS p (m, t, v, q, n)
       JOIN forwarder_selections fs ON fs.measurement_uuid = ($5::uuid[])[p.m]
       JOIN forwarders f ON f.uuid = fs.forwarder_uuid AND f.state = 'running' AND f.organization_uuid = $6
       JOIN sinks s ON s.uuid = f.sink_uuid AND s.state = 'running' AND s.organization_uuid = $6
      ORDER BY fs.forwarder_uuid, p.n
        FOR KEY SHARE OF f`,
    [m, t, v, q, selected.map((row) => row.measurement_uuid), organizationUuid],
  );
  return rowCount;
}
