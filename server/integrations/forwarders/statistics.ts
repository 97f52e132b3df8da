import type { Db } from '../../db/db';

// A forwarder's statistics (contract ForwarderStatistics): what waits in its queue and what the
// runtime recorded (migration 076). Any server answers; the runtime writes.

export interface ForwarderStatisticsJson {
  Queued: number;
  Forwarded: number;
  LastForwardedAt: string | null;
  LastError: string | null;
  SelectedMeasurements: number;
}

const EMPTY: ForwarderStatisticsJson = { Queued: 0, Forwarded: 0, LastForwardedAt: null, LastError: null, SelectedMeasurements: 0 };

export async function forwarderStatistics(db: Db, forwarderUuids: readonly string[]): Promise<Map<string, ForwarderStatisticsJson>> {
  const result = new Map<string, ForwarderStatisticsJson>(forwarderUuids.map((uuid) => [uuid, { ...EMPTY }]));
  if (forwarderUuids.length === 0) return result;
  const { rows } = await db.query<{ uuid: string; queued: string; forwarded: string | null; last_forwarded_at: Date | null; last_error: string | null; selected: number | null }>(
    `SELECT f.uuid,
            (SELECT count(*) FROM forwarder_queue q WHERE q.forwarder_uuid = f.uuid) AS queued,
            s.forwarded, s.last_forwarded_at, s.last_error, s.selected_measurements AS selected
       FROM forwarders f LEFT JOIN forwarder_statistics s ON s.forwarder_uuid = f.uuid
      WHERE f.uuid = ANY($1::uuid[])`,
    [forwarderUuids],
  );
  for (const row of rows) {
    result.set(row.uuid, {
      Queued: Number(row.queued),
      Forwarded: Number(row.forwarded ?? 0),
      LastForwardedAt: row.last_forwarded_at ? new Date(row.last_forwarded_at).toISOString() : null,
      LastError: row.last_error,
      SelectedMeasurements: row.selected ?? 0,
    });
  }
  return result;
}
