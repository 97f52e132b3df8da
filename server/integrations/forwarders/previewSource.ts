import type { Db } from '../../db/db';
import type { PointSource } from './messages';
import type { ResolvedSelection } from './selection';

// What the preview renders: the event asked for; else the latest point of the measurement asked
// for (through the asset property asked for, or the one the selection reached it through); else
// the first selected measurement, by name, that has a point; else the latest event of a selected
// type. The latest point is the one the ingestion path keeps (measurement_last_points).

export type PreviewSource =
  | { kind: 'point'; point: PointSource; assetPropertyUuid: string | null; json: Record<string, unknown> }
  | { kind: 'event'; eventUuid: string; change: 'started' | 'closed'; json: Record<string, unknown> };

export interface PreviewAsk {
  MeasurementUUID?: string;
  AssetPropertyUUID?: string;
  EventUUID?: string;
}

interface LastPointRow {
  measurement_uuid: string;
  name: string;
  time: Date;
  value: unknown;
  quality: number | null;
}

const pointValue = (value: unknown): PointSource['value'] =>
  value === null || value === undefined || typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' ? (value ?? null) : JSON.stringify(value);

function pointSource(row: LastPointRow, assetPropertyUuid: string | null): PreviewSource {
  const time = new Date(row.time);
  const value = pointValue(row.value);
  return {
    kind: 'point',
    assetPropertyUuid,
    point: { kind: 'point', measurementUuid: row.measurement_uuid, assetPropertyUuid, time: time.getTime(), value, quality: row.quality },
    json: {
      MeasurementUUID: row.measurement_uuid,
      MeasurementName: row.name,
      ...(assetPropertyUuid ? { AssetPropertyUUID: assetPropertyUuid } : {}),
      Time: time.toISOString(),
      Value: value,
      Quality: row.quality,
    },
  };
}

const LAST_POINT = `SELECT m.uuid AS measurement_uuid, m.name, l.time, l.value, l.quality
                      FROM measurements m JOIN measurement_last_points l ON l.measurement_uuid = m.uuid
                     WHERE m.organization_uuid = $1 AND m.status <> 'Deleted'`;

async function eventSource(db: Db, organizationUuid: string, where: string, params: unknown[]): Promise<PreviewSource | null> {
  const { rows } = await db.query<{ uuid: string; start_time: Date; stop_time: Date | null }>(
    `SELECT uuid, start_time, stop_time FROM events WHERE organization_uuid = $1 AND ${where} ORDER BY start_time DESC, uuid LIMIT 1`,
    [organizationUuid, ...params],
  );
  const row = rows[0];
  if (!row) return null;
  const change = row.stop_time ? 'closed' : 'started';
  return { kind: 'event', eventUuid: row.uuid, change, json: { EventUUID: row.uuid, Time: new Date(row.stop_time ?? row.start_time).toISOString() } };
}

export async function findPreviewSource(
  db: Db,
  organizationUuid: string,
  ask: PreviewAsk,
  selection: ResolvedSelection | undefined,
  canReadEvents: boolean,
): Promise<PreviewSource | null> {
  if (ask.EventUUID) return eventSource(db, organizationUuid, 'uuid::text = lower($2)', [ask.EventUUID]);

  let measurementUuid = ask.MeasurementUUID?.toLowerCase();
  let assetPropertyUuid = ask.AssetPropertyUUID?.toLowerCase() ?? null;
  if (!measurementUuid && assetPropertyUuid) {
    const { rows } = await db.query<{ measurement_uuid: string | null }>('SELECT measurement_uuid FROM asset_properties WHERE organization_uuid = $1 AND uuid = $2', [
      organizationUuid,
      assetPropertyUuid,
    ]);
    measurementUuid = rows[0]?.measurement_uuid ?? undefined;
    if (!measurementUuid) return null;
  }
  if (measurementUuid) {
    const { rows } = await db.query<LastPointRow>(`${LAST_POINT} AND m.uuid = $2`, [organizationUuid, measurementUuid]);
    if (!rows[0]) return null;
    assetPropertyUuid ??= selection?.measurements.find((entry) => entry.measurementUuid === measurementUuid)?.assetPropertyUuid ?? null;
    return pointSource(rows[0], assetPropertyUuid);
  }
  if (!selection) return null;
  if (selection.measurements.length > 0) {
    const { rows } = await db.query<LastPointRow>(`${LAST_POINT} AND m.uuid = ANY($2::uuid[]) ORDER BY lower(m.name), m.uuid LIMIT 1`, [
      organizationUuid,
      selection.measurements.map((entry) => entry.measurementUuid),
    ]);
    if (rows[0]) {
      const route = selection.measurements.find((entry) => entry.measurementUuid === rows[0].measurement_uuid);
      return pointSource(rows[0], route?.assetPropertyUuid ?? null);
    }
  }
  if (canReadEvents && selection.eventTypeUuids.length > 0) return eventSource(db, organizationUuid, 'event_type_uuid = ANY($2::uuid[])', [selection.eventTypeUuids]);
  return null;
}
