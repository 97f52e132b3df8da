import type { Read } from '../../../domain/contract';
import type { Db } from '../../db/db';
import { propertyFilterSql, type NamedProperties, type PropertyCondition } from './propertyFilter';

// The events of an organization (migration 072; the rules in server/events/README.md, "Events
// calls"). Every query names the organization: another organization's UUID finds nothing. The
// list picks one page of event UUIDs over the events table alone (its indexes by organization
// and start, stop, status or parent), then joins the labels and the property values of that page
// only. PostgreSQL writes each event as the contract's JSON: one value per row to parse instead
// of fifteen typed columns and a row per property value (a page holds up to 10,000 events).

export type EventJson = Read<'Event'>;
export type EventSort = 'StartTime' | 'StopTime' | 'ParentUUID';
export type EventStatus = 'processed' | 'open' | 'pending' | 'incomplete';

export interface EventFilter {
  startTime?: string;
  stopTime?: string;
  assetUuids: readonly string[];
  eventTypeUuids: readonly string[];
  configurationUuids: readonly string[];
  statuses: readonly string[];
  excludeManual: boolean;
  properties: readonly PropertyCondition[];
  sort: EventSort;
  ascending: boolean;
  preloadProperties: boolean;
  limit: number;
  page: number;
}

// A time as Date.toISOString writes it (UTC, milliseconds).
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The Event of the row `e` (with `a`, `t`, `c` joined), its simple values and, when `series` (SQL
 * boolean) holds, the periodic ones' series; a series is left out rather than null.
 */
const eventJsonSql = (series: string) => `jsonb_build_object(
    'UUID', e.uuid, 'EventConfigurationUUID', e.configuration_uuid, 'AssetUUID', e.asset_uuid, 'AssetPath', a.path,
    'EventTypeUUID', e.event_type_uuid, 'EventTypeName', t.name, 'ParentUUID', e.parent_uuid,
    'ParentState', CASE WHEN c.parent_configuration_uuid IS NULL THEN 'none' WHEN e.parent_uuid IS NOT NULL THEN 'found' ELSE 'missing' END,
    'StartTime', ${iso('e.start_time')}, 'StopTime', ${iso('e.stop_time')},
    'Duration', extract(epoch FROM e.stop_time - e.start_time)::float8,
    'Status', e.status, 'Source', e.source, 'UpdatedAt', ${iso('e.updated_at')},
    'Properties', coalesce((
      SELECT jsonb_object_agg(p.name,
               jsonb_build_object('Value', CASE WHEN p.type = 'simple' THEN v.value END, 'Manual', v.manual, 'Defaulted', v.defaulted, 'UpdatedAt', ${iso('v.updated_at')})
               || CASE WHEN ${series} AND v.series IS NOT NULL THEN jsonb_build_object('Series', v.series) ELSE '{}'::jsonb END)
        FROM event_property_values v JOIN event_type_properties p ON p.uuid = v.event_type_property_uuid
       WHERE v.event_uuid = e.uuid AND (${series} OR p.type = 'simple')), '{}'::jsonb)
  ) AS event`;

const JOINS = `
    JOIN assets a ON a.uuid = e.asset_uuid
    JOIN event_types t ON t.uuid = e.event_type_uuid
    JOIN event_configurations c ON c.uuid = e.configuration_uuid`;

/** ORDER BY of a sort over the alias `e`; ties by UUID so that pages never repeat a row. */
export function orderBy(sort: EventSort, ascending: boolean): string {
  const direction = ascending ? 'ASC' : 'DESC';
  switch (sort) {
    case 'StopTime':
      // Open events have no stop yet: first when descending ("still running"), last ascending.
      return ascending ? 'e.stop_time ASC NULLS LAST, e.uuid ASC' : 'e.stop_time DESC NULLS FIRST, e.uuid DESC';
    case 'ParentUUID':
      // Grouped by parent, then by start; events without a parent last ascending, first descending
      // (as open events by StopTime), so that one index (073_events_indexes.sql) serves both ways.
      return `e.parent_uuid ${direction}, e.start_time ${direction}, e.uuid ${direction}`;
    default:
      return `e.start_time ${direction}, e.uuid ${direction}`;
  }
}

export function eventsRepository(db: Db) {
  /** The type properties of each name the conditions use, in the organization (case aside). */
  async function namedProperties(organizationUuid: string, names: readonly string[]): Promise<(name: string) => NamedProperties> {
    const found = new Map<string, NamedProperties>();
    if (names.length > 0) {
      const { rows } = await db.query<{ name: string; uuid: string; event_type_uuid: string }>(
        `SELECT lower(p.name) AS name, p.uuid, p.event_type_uuid
           FROM event_type_properties p JOIN event_types t ON t.uuid = p.event_type_uuid
          WHERE t.organization_uuid = $1 AND lower(p.name) = ANY($2::text[])`,
        [organizationUuid, names.map((name) => name.toLowerCase())],
      );
      for (const row of rows) {
        const entry = found.get(row.name) ?? { propertyUuids: [], typeUuids: [] };
        entry.propertyUuids.push(row.uuid);
        entry.typeUuids.push(row.event_type_uuid);
        found.set(row.name, entry);
      }
    }
    return (name) => found.get(name.toLowerCase()) ?? { propertyUuids: [], typeUuids: [] };
  }

  return {
    async list(organizationUuid: string, filter: EventFilter): Promise<{ rows: EventJson[]; total: number }> {
      const params: unknown[] = [organizationUuid];
      const bind = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      const conditions = ['e.organization_uuid = $1'];
      if (filter.stopTime) conditions.push(`e.start_time < ${bind(filter.stopTime)}::timestamptz`);
      if (filter.startTime) conditions.push(`(e.stop_time IS NULL OR e.stop_time >= ${bind(filter.startTime)}::timestamptz)`);
      if (filter.assetUuids.length > 0) {
        // The assets named and every asset below them (their path starts with the named one's and a `/`).
        conditions.push(
          `e.asset_uuid IN (SELECT a.uuid FROM assets a JOIN assets r ON r.organization_uuid = a.organization_uuid AND r.uuid = ANY(${bind(filter.assetUuids)}::uuid[])
                             WHERE a.organization_uuid = $1 AND (a.uuid = r.uuid OR starts_with(a.path, r.path || '/')))`,
        );
      }
      if (filter.eventTypeUuids.length > 0) conditions.push(`e.event_type_uuid = ANY(${bind(filter.eventTypeUuids)}::uuid[])`);
      if (filter.configurationUuids.length > 0) conditions.push(`e.configuration_uuid = ANY(${bind(filter.configurationUuids)}::uuid[])`);
      if (filter.statuses.length > 0) conditions.push(`e.status = ANY(${bind(filter.statuses)}::text[])`);
      if (filter.excludeManual) conditions.push("e.source <> 'manual'");
      if (filter.properties.length > 0) {
        const named = await namedProperties(organizationUuid, [...new Set(filter.properties.map((c) => c.property))]);
        conditions.push(propertyFilterSql(filter.properties, named, bind));
      }
      const where = conditions.join(' AND ');
      const countParams = [...params];
      const offset = (filter.page - 1) * filter.limit;
      const order = orderBy(filter.sort, filter.ascending);
      const { rows } = await db.query<{ event: EventJson }>(
        `WITH page AS (SELECT e.uuid FROM events e WHERE ${where} ORDER BY ${order} LIMIT ${bind(filter.limit)} OFFSET ${bind(offset)})
         SELECT ${eventJsonSql(`${bind(filter.preloadProperties)}::boolean`)} FROM page JOIN events e ON e.uuid = page.uuid ${JOINS} ORDER BY ${order}`,
        params,
      );
      // A page that is not full tells the total without counting every matching event again.
      const total =
        (rows.length > 0 && rows.length < filter.limit) || (rows.length === 0 && offset === 0)
          ? offset + rows.length
          : (await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM events e WHERE ${where}`, countParams)).rows[0].total;
      return { rows: rows.map((row) => row.event), total };
    },

    /** One event of the organization with every property (series included); null when there is none. */
    async find(organizationUuid: string, uuid: string): Promise<EventJson | null> {
      const { rows } = await db.query<{ event: EventJson }>(`SELECT ${eventJsonSql('true')} FROM events e ${JOINS} WHERE e.organization_uuid = $1 AND e.uuid = $2`, [
        organizationUuid,
        uuid,
      ]);
      return rows[0]?.event ?? null;
    },

    /** The distinct simple values of a type property, most frequent first; null when the property is not of the organization. */
    async distinctValues(organizationUuid: string, propertyUuid: string, limit: number): Promise<{ Value: number | string | boolean; Count: number }[] | null> {
      const owned = await db.query(
        'SELECT 1 FROM event_type_properties p JOIN event_types t ON t.uuid = p.event_type_uuid WHERE p.uuid = $1 AND t.organization_uuid = $2',
        [propertyUuid, organizationUuid],
      );
      if (owned.rows.length === 0) return null;
      const { rows } = await db.query<{ value: number | string | boolean; count: number }>(
        `SELECT v.value, count(*)::int AS count FROM event_property_values v
          WHERE v.event_type_property_uuid = $1 AND v.value IS NOT NULL AND jsonb_typeof(v.value) IN ('number', 'string', 'boolean')
          GROUP BY v.value ORDER BY count(*) DESC, v.value LIMIT $2`,
        [propertyUuid, limit],
      );
      return rows.map((row) => ({ Value: row.value, Count: row.count }));
    },
  };
}
