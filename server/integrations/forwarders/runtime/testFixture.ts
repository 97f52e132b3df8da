import type { Db } from '../../../db/db';

// Tests only: sinks, forwarders and their resolved selections inserted with SQL, and the queue as
// rows to compare, so that the runtime's tests need neither the sinks' nor the forwarders' calls.

const one = async (db: Db, sql: string, params: unknown[]) => (await db.query<{ uuid: string }>(sql, params)).rows[0].uuid;
const suffix = () => Math.random().toString(36).slice(2, 8);

export async function insertSink(db: Db, organization: string, options: { state?: 'running' | 'stopped'; type?: 'MQTT' | 'SparkplugB' } = {}): Promise<string> {
  return one(db, 'INSERT INTO sinks (organization_uuid, name, sink_type, state) VALUES ($1, $2, $3, $4) RETURNING uuid', [
    organization,
    `Sink ${suffix()}`,
    options.type ?? 'MQTT',
    options.state ?? 'running',
  ]);
}

export interface ForwarderFixture {
  state?: 'running' | 'stopped';
  selection?: { Labels?: string[]; AssetUUIDs?: string[]; AssetPropertyUUIDs?: string[]; EventTypeUUIDs?: string[] };
  format?: 'json' | 'sparkplugb';
  templates?: Record<string, string>;
  reloadInterval?: string;
}

export async function insertForwarder(db: Db, organization: string, sink: string, options: ForwarderFixture = {}): Promise<string> {
  return one(
    db,
    `INSERT INTO forwarders (organization_uuid, sink_uuid, name, state, selection, format, templates, reload_interval)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7::jsonb, $8) RETURNING uuid`,
    [
      organization,
      sink,
      `Forwarder ${suffix()}`,
      options.state ?? 'running',
      JSON.stringify(options.selection ?? {}),
      options.format ?? 'json',
      JSON.stringify(options.templates ?? {}),
      options.reloadInterval ?? '5m',
    ],
  );
}

/** What the runtime's reload would have written: the forwarder selects these measurements. */
export async function insertSelection(db: Db, forwarder: string, measurements: readonly string[], assetProperty: string | null = null): Promise<void> {
  await db.query('INSERT INTO forwarder_selections (forwarder_uuid, measurement_uuid, asset_property_uuid) SELECT $1, m, $3 FROM unnest($2::uuid[]) AS m', [
    forwarder,
    measurements,
    assetProperty,
  ]);
}

export interface QueuedRow {
  kind: 'point' | 'event';
  measurement: string | null;
  property: string | null;
  t: number | null;
  value: unknown;
  quality: number | null;
  event: string | null;
  change: string | null;
}

/** A forwarder's queue in id order. */
export async function queueOf(db: Db, forwarder: string): Promise<QueuedRow[]> {
  const { rows } = await db.query<QueuedRow>(
    `SELECT kind, measurement_uuid AS measurement, asset_property_uuid AS property, (extract(epoch FROM time) * 1000)::float8 AS t, value, quality,
            event_uuid AS event, change
       FROM forwarder_queue WHERE forwarder_uuid = $1 ORDER BY id`,
    [forwarder],
  );
  return rows;
}

export const setState = (db: Db, table: 'sinks' | 'forwarders', uuid: string, state: 'running' | 'stopped') =>
  db.query(`UPDATE ${table} SET state = $2, updated_at = now() WHERE uuid = $1`, [uuid, state]);
