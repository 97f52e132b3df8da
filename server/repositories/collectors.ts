import { sql } from 'kysely';
import type { Db } from '../db/db';
import { kyselyOf } from '../db/kysely';
import type { CollectorStatus } from '../db/schema';
import { matchesKeyword } from './keyword';

// The collectors table, their health timeline and the measurements that keep a collector in use.
// Their JSON, for the console and for the agent, is server/collectors/collectorJson.ts. The token
// hash never leaves this module.

export type { CollectorStatus };
export type JsonMap = Record<string, unknown>;

/** Unique indexes of migration 030 by the contract field they guard. */
export const COLLECTOR_UNIQUE_FIELDS = { collectors_name_ci: 'Name', collectors_system_type: 'CollectorType' } as const;

const COLLECTOR_COLUMNS = [
  'uuid',
  'organization_uuid',
  'name',
  'description',
  'status',
  'collector_type',
  'build_version',
  'build_os',
  'build_arch',
  'health',
  'health_updated_at',
  'settings',
  'secure_settings',
  'settings_schema',
  'measurement_settings_schema',
  'settings_version',
  'applied_settings_version',
  'update_version',
  'is_system',
  'registered_at',
] as const;

/** The JSON columns of a collector: a list reads them as text and sends that text on (collectorListJson). */
const JSON_COLUMNS = ['settings', 'settings_schema', 'measurement_settings_schema'] as const;
type JsonColumn = (typeof JSON_COLUMNS)[number];
/** A list shows no secure value: those are read only where they are used (the collector's assignment). */
const LISTED_COLUMNS = COLLECTOR_COLUMNS.filter((column) => column !== 'secure_settings' && !(JSON_COLUMNS as readonly string[]).includes(column)) as Exclude<
  (typeof COLLECTOR_COLUMNS)[number],
  'secure_settings' | JsonColumn
>[];

export interface CollectorRow {
  uuid: string;
  organization_uuid: string;
  name: string;
  description: string;
  status: CollectorStatus;
  collector_type: string;
  build_version: string;
  build_os: string;
  build_arch: string;
  health: string;
  health_updated_at: Date | null;
  settings: JsonMap;
  secure_settings: JsonMap;
  settings_schema: JsonMap;
  measurement_settings_schema: JsonMap;
  settings_version: number;
  applied_settings_version: number | null;
  update_version: string | null;
  is_system: boolean;
  registered_at: Date | null;
}

/** A collector as a list reads it: no secure settings, and the JSON columns as their JSON text. */
export type ListedCollectorRow = Omit<CollectorRow, 'secure_settings' | JsonColumn> & Record<JsonColumn, string>;

export interface HealthRecord {
  health: string;
  recorded_at: Date;
}

export interface NewCollector {
  organizationUuid: string;
  name: string;
  description: string;
  collectorType: string;
  settings: JsonMap;
  secureSettings: JsonMap;
}

export interface CollectorChanges {
  name: string;
  description: string;
  collectorType: string;
  settings: JsonMap;
  secureSettings: JsonMap;
  /** Bumps the settings version, which tells the agent to fetch its settings again. */
  settingsChanged: boolean;
}

export interface Registration {
  collectorType: string;
  buildVersion: string;
  buildOs: string;
  buildArch: string;
  settingsSchema: JsonMap;
  measurementSettingsSchema: JsonMap;
}

/** SPEC §4 sort order, also applied by the server so that pages of the list are stable. */
const statusRank = sql<number>`CASE status WHEN 'Initial' THEN 1 WHEN 'Paused' THEN 2 WHEN 'Active' THEN 3 ELSE 4 END`;

const now = sql<Date>`now()`;

export function collectorsRepository(db: Db) {
  const q = kyselyOf(db);
  const collectors = () => q.selectFrom('collectors').select(COLLECTOR_COLUMNS);

  return {
    /** A collector of the organization; ids of another organization find nothing, like ids that do not exist. */
    async find(organizationUuid: string, uuid: string): Promise<CollectorRow | undefined> {
      return collectors().where('uuid', '=', uuid).where('organization_uuid', '=', organizationUuid).executeTakeFirst();
    },

    /** The collector a token resolved to, in whichever organization it is. */
    async byUuid(uuid: string): Promise<CollectorRow | undefined> {
      return collectors().where('uuid', '=', uuid).executeTakeFirst();
    },

    async list(organizationUuid: string, limit: number, page: number, keyword: string | null = null): Promise<{ rows: ListedCollectorRow[]; total: number }> {
      // The page and the total in one statement: the total rides on every row. A page past the end
      // has no row to carry it, and asks for it alone. The JSON columns come as text, which the
      // list sends on as it is: parsing them only to write them out again was most of a list's cost.
      const found = await q
        .selectFrom('collectors')
        .select(LISTED_COLUMNS)
        .select(JSON_COLUMNS.map((column) => sql<string>`${sql.ref(column)}::text`.as(column)))
        .select(sql<number>`(count(*) OVER ())::int`.as('total'))
        .where('organization_uuid', '=', organizationUuid)
        .$if(keyword !== null, (query) => query.where(matchesKeyword(keyword ?? '', ['name', 'description'])))
        .orderBy(statusRank)
        .orderBy(sql`lower(name)`)
        .orderBy('uuid')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      if (found.length === 0 && page > 1) {
        const { n } = await q
          .selectFrom('collectors')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('organization_uuid', '=', organizationUuid)
          .$if(keyword !== null, (query) => query.where(matchesKeyword(keyword ?? '', ['name', 'description'])))
          .executeTakeFirstOrThrow();
        return { rows: [], total: n };
      }
      return { rows: found, total: found[0]?.total ?? 0 };
    },

    /**
     * What the organization's list looks like as of now, in one aggregate: how many collectors,
     * the latest change or health report, and the sum of every collector's latest one. The sum
     * changes whenever any collector's does, even when a report that started earlier commits after
     * a later one (now() is the transaction's start), which the maximum alone would miss.
     */
    async listVersion(organizationUuid: string): Promise<string> {
      const latest = sql`greatest(updated_at, coalesce(health_updated_at, updated_at))`;
      const row = await q
        .selectFrom('collectors')
        .select(sql<string>`count(*)::text`.as('n'))
        .select(sql<string>`coalesce((extract(epoch from max(${latest})) * 1000000)::bigint, 0)::text`.as('latest'))
        .select(sql<string>`coalesce(sum((extract(epoch from ${latest}) * 1000000)::bigint), 0)::text`.as('sum'))
        .where('organization_uuid', '=', organizationUuid)
        .executeTakeFirstOrThrow();
      return `${row.n}-${row.latest}-${row.sum}`;
    },

    /** Throws the database's unique violation for a name in use (see COLLECTOR_UNIQUE_FIELDS). */
    async create(collector: NewCollector): Promise<CollectorRow> {
      return q
        .insertInto('collectors')
        .values({
          organization_uuid: collector.organizationUuid,
          name: collector.name,
          description: collector.description,
          collector_type: collector.collectorType,
          settings: JSON.stringify(collector.settings),
          secure_settings: JSON.stringify(collector.secureSettings),
        })
        .returning(COLLECTOR_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    /** Throws the database's unique violation for a name in use (see COLLECTOR_UNIQUE_FIELDS). */
    async update(uuid: string, changes: CollectorChanges): Promise<CollectorRow | undefined> {
      return q
        .updateTable('collectors')
        .set((eb) => ({
          name: changes.name,
          description: changes.description,
          collector_type: changes.collectorType,
          settings: JSON.stringify(changes.settings),
          secure_settings: JSON.stringify(changes.secureSettings),
          settings_version: eb('settings_version', '+', changes.settingsChanged ? 1 : 0),
          updated_at: now,
        }))
        .where('uuid', '=', uuid)
        .returning(COLLECTOR_COLUMNS)
        .executeTakeFirst();
    },

    /** Deleted also revokes the token and drops a pending update. */
    async setStatus(uuid: string, status: CollectorStatus): Promise<CollectorRow | undefined> {
      const deleted = status === 'Deleted';
      return q
        .updateTable('collectors')
        .set((eb) => ({
          status,
          updated_at: now,
          token_hash: deleted ? null : eb.ref('token_hash'),
          update_version: deleted ? null : eb.ref('update_version'),
        }))
        .where('uuid', '=', uuid)
        .returning(COLLECTOR_COLUMNS)
        .executeTakeFirst();
    },

    /** Stores the hash of a new token, which revokes the previous one; false when the organization has no such live collector. */
    async setTokenHash(organizationUuid: string, uuid: string, tokenHash: string): Promise<boolean> {
      const result = await q
        .updateTable('collectors')
        .set({ token_hash: tokenHash, updated_at: now })
        .where('uuid', '=', uuid)
        .where('organization_uuid', '=', organizationUuid)
        .where('status', '<>', 'Deleted')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The live collector of a live organization that holds this token hash. */
    async findByTokenHash(tokenHash: string): Promise<{ uuid: string; organization_uuid: string; name: string } | undefined> {
      return q
        .selectFrom('collectors as c')
        .innerJoin('organizations as o', 'o.uuid', 'c.organization_uuid')
        .select(['c.uuid', 'c.organization_uuid', 'c.name'])
        .where('c.token_hash', '=', tokenHash)
        .where('c.status', '<>', 'Deleted')
        .where('o.status', '<>', 'Deleted')
        .executeTakeFirst();
    },

    /** What the agent said it is; an Initial collector becomes Active, and running the version it was told to install completes the update. */
    async register(uuid: string, registration: Registration): Promise<CollectorRow | undefined> {
      return q
        .updateTable('collectors')
        .set({
          collector_type: registration.collectorType,
          build_version: registration.buildVersion,
          build_os: registration.buildOs,
          build_arch: registration.buildArch,
          settings_schema: JSON.stringify(registration.settingsSchema),
          measurement_settings_schema: JSON.stringify(registration.measurementSettingsSchema),
          registered_at: now,
          updated_at: now,
          status: sql<CollectorStatus>`CASE WHEN status = 'Initial' THEN 'Active' ELSE status END`,
          update_version: sql<string | null>`CASE WHEN update_version = ${registration.buildVersion} THEN NULL ELSE update_version END`,
        })
        .where('uuid', '=', uuid)
        .returning(COLLECTOR_COLUMNS)
        .executeTakeFirst();
    },

    /**
     * What a health report says besides the health: the settings version applied (never beyond
     * the current one), and a build that could not be installed, which is not asked for again.
     */
    async acknowledge(uuid: string, appliedSettingsVersion: number | null, failedUpdateVersion: string | null): Promise<CollectorRow | undefined> {
      return q
        .updateTable('collectors')
        .set({
          applied_settings_version: sql<number | null>`CASE WHEN ${appliedSettingsVersion}::int IS NOT NULL AND ${appliedSettingsVersion}::int <= settings_version
                                                            THEN ${appliedSettingsVersion}::int ELSE applied_settings_version END`,
          update_version: sql<string | null>`CASE WHEN ${failedUpdateVersion}::text IS NOT NULL AND update_version = ${failedUpdateVersion}::text
                                                  THEN NULL ELSE update_version END`,
        })
        .where('uuid', '=', uuid)
        .returning(COLLECTOR_COLUMNS)
        .executeTakeFirst();
    },

    /**
     * Stores a health report. Only a change adds a row to the history (a timeline of transitions);
     * a repeat just refreshes health_updated_at, which tells the console the collector is alive.
     */
    async recordHealth(uuid: string, health: string): Promise<void> {
      const changed = await q
        .updateTable('collectors as c')
        .from(q.selectFrom('collectors').select('health').where('uuid', '=', uuid).forUpdate().as('old'))
        .set({ health, health_updated_at: now })
        .where('c.uuid', '=', uuid)
        .returning('old.health as previous')
        .executeTakeFirst();
      if (changed && changed.previous !== health) {
        await q.insertInto('collector_health').values({ collector_uuid: uuid, health }).execute();
      }
    },

    async healthHistory(uuid: string, limit: number, page: number): Promise<{ rows: HealthRecord[]; total: number }> {
      const total = await q
        .selectFrom('collector_health')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('collector_uuid', '=', uuid)
        .executeTakeFirstOrThrow();
      const rows = await q
        .selectFrom('collector_health')
        .select(['health', 'recorded_at'])
        .where('collector_uuid', '=', uuid)
        .orderBy('recorded_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      return { rows, total: total.n };
    },

    /** Tells the collector to install this version. */
    async setUpdateVersion(uuid: string, version: string): Promise<void> {
      await q.updateTable('collectors').set({ update_version: version, updated_at: now }).where('uuid', '=', uuid).execute();
    },

    /** Collectors told to install a build that is gone would ask for it forever. */
    async dropPendingUpdate(build: { productType: string; os: string; arch: string; version: string }): Promise<void> {
      await q
        .updateTable('collectors')
        .set({ update_version: null, updated_at: now })
        .where('collector_type', '=', build.productType)
        .where('build_os', '=', build.os)
        .where('build_arch', '=', build.arch)
        .where('update_version', '=', build.version)
        .execute();
    },

    /** Measurements that still count as in use: anything not Deleted keeps its collector. */
    async liveMeasurementCount(uuid: string): Promise<number> {
      const row = await q
        .selectFrom('measurements')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('collector_uuid', '=', uuid)
        .where('status', '<>', 'Deleted')
        .executeTakeFirstOrThrow();
      return row.n;
    },

    /** Whether the organization has its own collector of this type, and whether a name is taken there. */
    async systemCollectorState(organizationUuid: string, name: string, collectorType: string): Promise<{ hasSystem: boolean; nameTaken: boolean }> {
      const row = await q
        .selectNoFrom((eb) => [
          eb
            .exists(
              eb
                .selectFrom('collectors')
                .select(sql`1`.as('one'))
                .where('organization_uuid', '=', organizationUuid)
                .where('collector_type', '=', collectorType)
                .where('is_system', '=', true),
            )
            .$castTo<boolean>()
            .as('has_system'),
          eb
            .exists(
              eb
                .selectFrom('collectors')
                .select(sql`1`.as('one'))
                .where('organization_uuid', '=', organizationUuid)
                .where(sql`lower(name)`, '=', sql`lower(${name})`),
            )
            .$castTo<boolean>()
            .as('name_taken'),
        ])
        .executeTakeFirstOrThrow();
      return { hasSystem: row.has_system, nameTaken: row.name_taken };
    },

    /** One of the organization's own collectors (internal, calculation): Active from the start. */
    async createSystem(organizationUuid: string, name: string, collectorType: string): Promise<void> {
      await q.insertInto('collectors').values({ organization_uuid: organizationUuid, name, collector_type: collectorType, status: 'Active', is_system: true }).execute();
    },

    /** Organizations with fewer than `count` collectors of their own. */
    async organizationsLackingSystemCollectors(count: number): Promise<string[]> {
      const rows = await q
        .selectFrom('organizations as o')
        .select('o.uuid')
        .where((eb) =>
          eb(
            eb
              .selectFrom('collectors as c')
              .select(sql<number>`count(*)::int`.as('n'))
              .whereRef('c.organization_uuid', '=', 'o.uuid')
              .where('c.is_system', '=', true),
            '<',
            count,
          ),
        )
        .execute();
      return rows.map((row) => row.uuid);
    },
  };
}

export type CollectorsRepository = ReturnType<typeof collectorsRepository>;
