import type { Read, Write } from '../../domain/contract';
import type { Db } from '../db/db';

// What a collector learns of its measurements (GET /collector-api/measurements), the version that
// tells it when to ask again (also in the health answer), and auto-discovery (POST): names it
// found become Discovered measurements of its own, without a time-series database.

export type CollectorMeasurementList = Read<'CollectorMeasurementList'>;
export type Discovery = Write<'CollectorDiscovery'>;
export type DiscoveryResult = Read<'CollectorDiscoveryResult'>;

interface ListedRow {
  uuid: string;
  name: string;
  datatype: CollectorMeasurementList['Measurements'][number]['Datatype'];
  settings: Record<string, unknown>;
  tags: Record<string, string>;
}

/**
 * Moves when any measurement of the collector is created, changed (updated_at) or removed (the
 * count): cheap enough for every health report.
 */
export async function measurementsVersion(db: Db, collectorUuid: string): Promise<string> {
  const { rows } = await db.query<{ count: number; latest: string | null }>(
    `SELECT count(*)::int AS count, (extract(epoch FROM max(updated_at)) * 1000000)::bigint::text AS latest
       FROM measurements WHERE collector_uuid = $1`,
    [collectorUuid],
  );
  return `${rows[0]?.count ?? 0}.${rows[0]?.latest ?? 0}`;
}

/** The Active measurements (with a database) the collector should collect. */
export async function collectorMeasurements(db: Db, collectorUuid: string): Promise<CollectorMeasurementList> {
  const version = await measurementsVersion(db, collectorUuid);
  const { rows } = await db.query<ListedRow>(
    `SELECT uuid, name, datatype, settings, tags FROM measurements
      WHERE collector_uuid = $1 AND status = 'Active' AND database_uuid IS NOT NULL ORDER BY name, uuid`,
    [collectorUuid],
  );
  return {
    MeasurementsVersion: version,
    Measurements: rows.map((row) => ({ UUID: row.uuid, Name: row.name, Datatype: row.datatype, Settings: row.settings, Tags: row.tags })),
  };
}

/** New names become Discovered measurements; a name the collector has already (any status) is left alone. */
export async function discoverMeasurements(db: Db, caller: { collectorUuid: string; organizationUuid: string }, body: Discovery): Promise<DiscoveryResult> {
  const found = new Map<string, Discovery['Measurements'][number]>();
  for (const item of body.Measurements) if (!found.has(item.Name)) found.set(item.Name, item);
  const names = [...found.keys()];
  return db.transaction(async (tx) => {
    const existing = async () =>
      new Map(
        (await tx.query<{ uuid: string; name: string }>('SELECT uuid, name FROM measurements WHERE collector_uuid = $1 AND name = ANY($2::text[])', [caller.collectorUuid, names])).rows.map(
          (row) => [row.name, row.uuid],
        ),
      );
    const before = await existing();
    const fresh = [...found.values()].filter((item) => !before.has(item.Name));
    if (fresh.length > 0) {
      await tx.query(
        `INSERT INTO measurements (organization_uuid, collector_uuid, name, status, datatype, settings)
         SELECT $1, $2, n, 'Discovered', d, s FROM unnest($3::text[], $4::text[], $5::jsonb[]) AS x (n, d, s)
         ON CONFLICT (collector_uuid, name) WHERE database_uuid IS NULL DO NOTHING`,
        [caller.organizationUuid, caller.collectorUuid, fresh.map((item) => item.Name), fresh.map((item) => item.Datatype), fresh.map((item) => JSON.stringify(item.Settings ?? {}))],
      );
    }
    const after = await existing();
    return {
      Measurements: names.flatMap((name) => {
        const uuid = after.get(name);
        return uuid === undefined ? [] : [{ Name: name, UUID: uuid, Created: !before.has(name) }];
      }),
    };
  });
}
