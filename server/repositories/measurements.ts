import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/db';
import { kyselyOf } from '../db/kysely';
import { containsPattern } from './keyword';

// Measurements of an organization (migrations 030 and 065, DOMAIN.md §1) with their collector's and
// database's names and their last point. Ids of another organization find nothing, like ids that do
// not exist. The rules a measurement must follow are server/measurements/measurementRules.ts; this
// module stores what they let through. Every write goes through the Db it is given (the handler's
// ctx.db, audited by the table's trigger).

/** Unique indexes of migration 065 by the contract field they guard. */
export const MEASUREMENT_UNIQUE_FIELDS = { measurements_database_name: 'Name', measurements_discovered_name: 'Name' } as const;

export type MeasurementStatus = 'Active' | 'Paused' | 'Deleted' | 'Discovered' | 'Initial';

export interface MeasurementRow {
  uuid: string;
  organization_uuid: string;
  collector_uuid: string;
  collector_name: string;
  collector_type: string;
  database_uuid: string | null;
  database_name: string | null;
  name: string;
  description: string;
  datatype: string;
  status: MeasurementStatus;
  quality: string;
  settings: Record<string, unknown>;
  uom: string;
  value_min: number | null;
  value_max: number | null;
  limit_lo: number | null;
  limit_hi: number | null;
  tags: Record<string, string>;
  metadata: Record<string, unknown>;
  labels: string[];
  created_at: Date;
  updated_at: Date;
  created_by: string | null;
  updated_by: string | null;
  last_time: Date | null;
  last_value: unknown;
  last_quality: number | null;
}

/** What measurementRules lets through: every field checked and trimmed. */
export interface NormalizedMeasurement {
  name: string;
  description: string;
  collectorUuid: string;
  databaseUuid: string | null;
  datatype: string;
  status: MeasurementStatus;
  settings: Record<string, unknown>;
  uom: string;
  valueMin: number | null;
  valueMax: number | null;
  limitLo: number | null;
  limitHi: number | null;
  tags: Record<string, string>;
  metadata: Record<string, unknown>;
  labels: string[];
}

export type MeasurementSort = 'Name' | '-Name' | 'Status' | '-Status' | 'UpdatedAt' | '-UpdatedAt';

export interface MeasurementFilter {
  /** Plain text: name or description contains it, case aside. */
  keyword?: string | null;
  /** A PostgreSQL regular expression on the name (already checked with isValidRegex). */
  regex?: string | null;
  /** Deleted ones are left out unless named here. */
  statuses?: readonly string[];
  /** Every one of these labels. */
  labels?: readonly string[];
  databaseUuids?: readonly string[];
  collectorUuids?: readonly string[];
  datatypes?: readonly string[];
  quality?: 'Good' | 'Bad';
  excludeCalculations?: boolean;
  onlyCalculations?: boolean;
  sort?: MeasurementSort;
  limit: number;
  page: number;
}

const CALCULATION_TYPE = 'calculation';

const columnsOf = (value: NormalizedMeasurement) => ({
  name: value.name,
  description: value.description,
  collector_uuid: value.collectorUuid,
  database_uuid: value.databaseUuid,
  datatype: value.datatype,
  status: value.status,
  settings: JSON.stringify(value.settings),
  uom: value.uom,
  value_min: value.valueMin,
  value_max: value.valueMax,
  limit_lo: value.limitLo,
  limit_hi: value.limitHi,
  tags: JSON.stringify(value.tags),
  metadata: JSON.stringify(value.metadata),
  labels: value.labels,
});

/** The list's filters as one condition on `m` (measurements) and `c` (their collectors). */
function conditionsOf(organizationUuid: string, filter: MeasurementFilter): RawBuilder<SqlBool> {
  const all: RawBuilder<SqlBool>[] = [sql`m.organization_uuid = ${organizationUuid}`];
  // Initial (rows older than Discovered) reads like Active.
  const statuses = filter.statuses?.includes('Active') ? [...filter.statuses, 'Initial'] : (filter.statuses ?? []);
  all.push(statuses.length > 0 ? sql`m.status = ANY(${[...statuses]}::text[])` : sql`m.status <> 'Deleted'`);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    all.push(sql`(m.name ILIKE ${pattern} ESCAPE '\\' OR m.description ILIKE ${pattern} ESCAPE '\\')`);
  }
  if (filter.regex) all.push(sql`m.name ~ ${filter.regex}`);
  if (filter.labels && filter.labels.length > 0) all.push(sql`m.labels @> ${[...filter.labels]}::text[]`);
  if (filter.databaseUuids && filter.databaseUuids.length > 0) all.push(sql`m.database_uuid = ANY(${[...filter.databaseUuids]}::uuid[])`);
  if (filter.collectorUuids && filter.collectorUuids.length > 0) all.push(sql`m.collector_uuid = ANY(${[...filter.collectorUuids]}::uuid[])`);
  if (filter.datatypes && filter.datatypes.length > 0) all.push(sql`m.datatype = ANY(${[...filter.datatypes]}::text[])`);
  if (filter.quality === 'Good') all.push(sql`m.quality = 'Good'`);
  if (filter.quality === 'Bad') all.push(sql`m.quality LIKE 'Bad%'`);
  if (filter.onlyCalculations) all.push(sql`c.collector_type = ${CALCULATION_TYPE}`);
  else if (filter.excludeCalculations) all.push(sql`c.collector_type <> ${CALCULATION_TYPE}`);
  return sql<SqlBool>`(${sql.join(all, sql` AND `)})`;
}

export function measurementsRepository(db: Db) {
  const q = kyselyOf(db);

  /** The measurements with their collector, database and last point. */
  const joined = () =>
    q
      .selectFrom('measurements as m')
      .innerJoin('collectors as c', 'c.uuid', 'm.collector_uuid')
      .leftJoin('timeseries_databases as d', 'd.uuid', 'm.database_uuid')
      .leftJoin('measurement_last_points as p', 'p.measurement_uuid', 'm.uuid');

  const selected = () =>
    joined().select([
      'm.uuid',
      'm.organization_uuid',
      'm.collector_uuid',
      'c.name as collector_name',
      'c.collector_type',
      'm.database_uuid',
      'd.name as database_name',
      'm.name',
      'm.description',
      'm.datatype',
      sql<MeasurementStatus>`m.status`.as('status'),
      'm.quality',
      'm.settings',
      'm.uom',
      'm.value_min',
      'm.value_max',
      'm.limit_lo',
      'm.limit_hi',
      'm.tags',
      'm.metadata',
      'm.labels',
      'm.created_at',
      'm.updated_at',
      'm.created_by',
      'm.updated_by',
      sql<Date | null>`p.time`.as('last_time'),
      sql<unknown>`p.value`.as('last_value'),
      sql<number | null>`p.quality`.as('last_quality'),
    ]);

  const find = async (organizationUuid: string, uuid: string): Promise<MeasurementRow | undefined> =>
    selected().where('m.uuid', '=', uuid).where('m.organization_uuid', '=', organizationUuid).executeTakeFirst();

  return {
    /** A page of measurements and the count of all that match. */
    async list(organizationUuid: string, filter: MeasurementFilter): Promise<{ rows: MeasurementRow[]; total: number }> {
      const where = conditionsOf(organizationUuid, filter);
      // The count needs neither the database's name nor the last point.
      const { n } = await q
        .selectFrom('measurements as m')
        .innerJoin('collectors as c', 'c.uuid', 'm.collector_uuid')
        .where(where)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      const sort = filter.sort ?? 'Name';
      const direction = sort.startsWith('-') ? sql`DESC` : sql`ASC`;
      const key = sort.replace(/^-/, '');
      const order =
        key === 'Status'
          ? sql`m.status ${direction}, lower(m.name) ${direction}, m.uuid ${direction}`
          : key === 'UpdatedAt'
            ? sql`m.updated_at ${direction}, m.uuid ${direction}`
            : sql`lower(m.name) ${direction}, m.uuid ${direction}`;
      const rows = await selected()
        .where(where)
        .orderBy(order)
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit)
        .execute();
      return { rows, total: n };
    },

    find,

    /** The organization's measurements of these ids (others are left out). */
    async findMany(organizationUuid: string, uuids: readonly string[]): Promise<MeasurementRow[]> {
      if (uuids.length === 0) return [];
      return selected().where('m.organization_uuid', '=', organizationUuid).where('m.uuid', 'in', [...uuids]).execute();
    },

    /** The measurements of one database with these names (for an import: which rows are new). */
    async findByNames(organizationUuid: string, databaseUuid: string, names: readonly string[]): Promise<MeasurementRow[]> {
      if (names.length === 0) return [];
      return selected()
        .where('m.organization_uuid', '=', organizationUuid)
        .where('m.database_uuid', '=', databaseUuid)
        .where('m.name', '=', sql<string>`ANY(${[...names]}::text[])`)
        .execute();
    },

    /** Another measurement of this name where it must be unique (its database, or its collector while it has none). */
    async nameTaken(value: Pick<NormalizedMeasurement, 'name' | 'databaseUuid' | 'collectorUuid'>, exceptUuid: string | null): Promise<boolean> {
      const found = await q
        .selectFrom('measurements')
        .select('uuid')
        .where('name', '=', value.name)
        .$if(value.databaseUuid !== null, (query) => query.where('database_uuid', '=', value.databaseUuid))
        .$if(value.databaseUuid === null, (query) => query.where('database_uuid', 'is', null).where('collector_uuid', '=', value.collectorUuid))
        .$if(exceptUuid !== null, (query) => query.where('uuid', '<>', exceptUuid ?? ''))
        .limit(1)
        .executeTakeFirst();
      return found !== undefined;
    },

    /** Throws the database's unique violation for a name in use (see MEASUREMENT_UNIQUE_FIELDS). */
    async create(organizationUuid: string, value: NormalizedMeasurement, actorUuid: string | null): Promise<MeasurementRow> {
      const { uuid } = await q
        .insertInto('measurements')
        .values({ organization_uuid: organizationUuid, ...columnsOf(value), created_by: actorUuid, updated_by: actorUuid })
        .returning('uuid')
        .executeTakeFirstOrThrow();
      const row = await find(organizationUuid, uuid);
      if (!row) throw new Error('the measurement just created is gone');
      return row;
    },

    /** Undefined when the measurement is gone; throws the database's unique violation for a name in use. */
    async update(organizationUuid: string, uuid: string, value: NormalizedMeasurement, actorUuid: string | null): Promise<MeasurementRow | undefined> {
      const updated = await q
        .updateTable('measurements')
        .set({ ...columnsOf(value), updated_at: sql<Date>`now()`, updated_by: actorUuid })
        .where('uuid', '=', uuid)
        .where('organization_uuid', '=', organizationUuid)
        .returning('uuid')
        .executeTakeFirst();
      return updated ? find(organizationUuid, uuid) : undefined;
    },

    /** Sets the status of these measurements (already checked); returns the ids changed. */
    async setStatus(organizationUuid: string, uuids: readonly string[], status: MeasurementStatus, actorUuid: string | null): Promise<string[]> {
      if (uuids.length === 0) return [];
      const rows = await q
        .updateTable('measurements')
        .set({ status, updated_at: sql<Date>`now()`, updated_by: actorUuid })
        .where('organization_uuid', '=', organizationUuid)
        .where('uuid', 'in', [...uuids])
        .where('status', '<>', status)
        .returning('uuid')
        .execute();
      return rows.map((row) => row.uuid);
    },

    /**
     * Adds and removes labels on these measurements in one statement (the result stays sorted and
     * without duplicates); a measurement whose labels would not change is left alone.
     */
    async changeLabels(organizationUuid: string, uuids: readonly string[], add: readonly string[], remove: readonly string[], actorUuid: string | null): Promise<void> {
      if (uuids.length === 0) return;
      const next = sql<string[]>`ARRAY(SELECT DISTINCT l FROM unnest(labels || ${[...add]}::text[]) AS l WHERE NOT (l = ANY(${[...remove]}::text[])) ORDER BY l)`;
      await q
        .updateTable('measurements')
        .set({ labels: next, updated_at: sql<Date>`now()`, updated_by: actorUuid })
        .where('organization_uuid', '=', organizationUuid)
        .where('uuid', 'in', [...uuids])
        .where(sql<SqlBool>`labels IS DISTINCT FROM ${next}`)
        .execute();
    },

    /** The labels on the organization's measurements that are not Deleted, with how many carry each. */
    async labelCounts(organizationUuid: string, keyword: string | null): Promise<{ name: string; count: number }[]> {
      const pattern = keyword === null ? null : containsPattern(keyword);
      const { rows } = await db.query<{ name: string; count: number }>(
        `SELECT l AS name, count(*)::int AS count
           FROM measurements, unnest(labels) AS l
          WHERE organization_uuid = $1 AND status <> 'Deleted' AND ($2::text IS NULL OR l ILIKE $2 ESCAPE '\\')
          GROUP BY l ORDER BY lower(l), l LIMIT 1000`,
        [organizationUuid, pattern],
      );
      return rows;
    },
  };
}

/** True when PostgreSQL accepts the text as a regular expression (SQLSTATE 2201B otherwise). */
export async function isValidRegex(db: Db, pattern: string): Promise<boolean> {
  try {
    await db.query("SELECT '' ~ $1", [pattern]);
    return true;
  } catch (error) {
    if (typeof error === 'object' && error !== null && Reflect.get(error, 'code') === '2201B') return false;
    throw error;
  }
}
