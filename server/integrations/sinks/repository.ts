import type { Db } from '../../db/db';
import type { SinkKind } from './kinds';

// The sinks table (migration 075) and what the answers join to it: the statistics the server
// running the sink last wrote, and how many forwarders send through it.

export interface SinkRow {
  uuid: string;
  organization_uuid: string;
  name: string;
  description: string;
  sink_type: SinkKind;
  state: 'running' | 'stopped';
  settings: Record<string, unknown>;
  secure_settings: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export interface SinkStatisticsRow {
  connected: boolean | null;
  sent: number | string | null;
  buffered: number | string | null;
  buffered_bytes: number | string | null;
  dropped: number | string | null;
  last_error: string | null;
  last_error_at: Date | null;
  connected_since: Date | null;
  statistics_updated_at: Date | null;
}

export type SinkListRow = SinkRow & SinkStatisticsRow & { forwarder_count: number };

export const SINK_UNIQUE_FIELDS = { sinks_name: 'Name' } as const;

const COLUMNS = 's.uuid, s.organization_uuid, s.name, s.description, s.sink_type, s.state, s.settings, s.secure_settings, s.created_at, s.updated_at';
const WITH_STATISTICS = `SELECT ${COLUMNS},
    st.connected, st.sent, st.buffered, st.buffered_bytes, st.dropped, st.last_error, st.last_error_at, st.connected_since,
    st.updated_at AS statistics_updated_at,
    (SELECT count(*)::int FROM forwarders f WHERE f.sink_uuid = s.uuid) AS forwarder_count
  FROM sinks s LEFT JOIN sink_statistics st ON st.sink_uuid = s.uuid`;

export async function listSinks(db: Db, organizationUuid: string): Promise<SinkListRow[]> {
  return (await db.query<SinkListRow>(`${WITH_STATISTICS} WHERE s.organization_uuid = $1 ORDER BY lower(s.name), s.uuid`, [organizationUuid])).rows;
}

export async function findSinkWithStatistics(db: Db, organizationUuid: string, uuid: string): Promise<SinkListRow | undefined> {
  return (await db.query<SinkListRow>(`${WITH_STATISTICS} WHERE s.organization_uuid = $1 AND s.uuid = $2`, [organizationUuid, uuid])).rows[0];
}

export async function findSink(db: Db, organizationUuid: string, uuid: string): Promise<SinkRow | undefined> {
  return (await db.query<SinkRow>(`SELECT ${COLUMNS} FROM sinks s WHERE s.organization_uuid = $1 AND s.uuid = $2`, [organizationUuid, uuid])).rows[0];
}

export interface SinkWrite {
  name: string;
  description: string;
  kind: SinkKind;
  settings: Record<string, unknown>;
  secureSettings: Record<string, unknown>;
  userUuid: string | null;
}

export async function createSink(db: Db, organizationUuid: string, sink: SinkWrite): Promise<string> {
  const { rows } = await db.query<{ uuid: string }>(
    `INSERT INTO sinks (organization_uuid, name, description, sink_type, settings, secure_settings, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $7) RETURNING uuid`,
    [organizationUuid, sink.name, sink.description, sink.kind, JSON.stringify(sink.settings), JSON.stringify(sink.secureSettings), sink.userUuid],
  );
  return rows[0].uuid;
}

export async function updateSink(db: Db, organizationUuid: string, uuid: string, sink: SinkWrite): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE sinks SET name = $3, description = $4, sink_type = $5, settings = $6::jsonb, secure_settings = $7::jsonb, updated_by = $8, updated_at = now()
     WHERE organization_uuid = $1 AND uuid = $2`,
    [organizationUuid, uuid, sink.name, sink.description, sink.kind, JSON.stringify(sink.settings), JSON.stringify(sink.secureSettings), sink.userUuid],
  );
  return rowCount > 0;
}

export async function setSinkState(db: Db, organizationUuid: string, uuid: string, state: 'running' | 'stopped', userUuid: string | null): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE sinks SET state = $3, updated_by = $4, updated_at = now() WHERE organization_uuid = $1 AND uuid = $2', [organizationUuid, uuid, state, userUuid]);
  return rowCount > 0;
}

export async function deleteSink(db: Db, organizationUuid: string, uuid: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM sinks WHERE organization_uuid = $1 AND uuid = $2', [organizationUuid, uuid]);
  return rowCount > 0;
}

export async function forwarderCount(db: Db, uuid: string): Promise<number> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM forwarders WHERE sink_uuid = $1', [uuid])).rows[0].n;
}

/** Every sink of every organization, for the hub of the server holding the integrations lease. */
export async function allSinks(db: Db): Promise<SinkRow[]> {
  return (await db.query<SinkRow>(`SELECT ${COLUMNS} FROM sinks s ORDER BY s.uuid`)).rows;
}
