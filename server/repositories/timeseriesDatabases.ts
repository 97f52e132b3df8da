import { sql } from 'kysely';
import type { Db } from '../db/db';
import { kyselyOf } from '../db/kysely';
import type { SettingsMap } from '../timeseries/types';

// The time-series databases configured per organization (migration 025): which driver type, its
// settings and its secure settings. Secure settings stay on the server: the route's JSON leaves
// them out. Not the points themselves, which each driver stores where its settings say.

/** Unique indexes of migration 025 by the contract field they guard. */
export const TIMESERIES_DATABASE_UNIQUE_FIELDS = { timeseries_databases_name_ci: 'Name' } as const;

export interface TimeseriesDatabaseRow {
  uuid: string;
  organization_uuid: string;
  name: string;
  description: string;
  type_uuid: string;
  settings: SettingsMap;
  secure_settings: SettingsMap;
}

export interface TimeseriesDatabaseValues {
  name: string;
  description: string;
  typeUuid: string;
  settings: SettingsMap;
  secureSettings: SettingsMap;
}

const TIMESERIES_DATABASE_COLUMNS = ['uuid', 'organization_uuid', 'name', 'description', 'type_uuid', 'settings', 'secure_settings'] as const;

export function timeseriesDatabasesRepository(db: Db) {
  const q = kyselyOf(db);

  return {
    async list(organizationUuid: string): Promise<TimeseriesDatabaseRow[]> {
      return q
        .selectFrom('timeseries_databases')
        .select(TIMESERIES_DATABASE_COLUMNS)
        .where('organization_uuid', '=', organizationUuid)
        .orderBy(sql`lower(name)`)
        .execute();
    },

    /** A database of the organization; ids of another organization find nothing, like ids that do not exist. */
    async find(organizationUuid: string, uuid: string): Promise<TimeseriesDatabaseRow | undefined> {
      return q
        .selectFrom('timeseries_databases')
        .select(TIMESERIES_DATABASE_COLUMNS)
        .where('uuid', '=', uuid)
        .where('organization_uuid', '=', organizationUuid)
        .executeTakeFirst();
    },

    /** Throws the database's unique violation for a name in use (see TIMESERIES_DATABASE_UNIQUE_FIELDS). */
    async create(organizationUuid: string, values: TimeseriesDatabaseValues): Promise<TimeseriesDatabaseRow> {
      return q
        .insertInto('timeseries_databases')
        .values({
          organization_uuid: organizationUuid,
          name: values.name,
          description: values.description,
          type_uuid: values.typeUuid,
          settings: JSON.stringify(values.settings),
          secure_settings: JSON.stringify(values.secureSettings),
        })
        .returning(TIMESERIES_DATABASE_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    /** Undefined when the database is gone; throws the database's unique violation for a name in use. */
    async update(organizationUuid: string, uuid: string, values: TimeseriesDatabaseValues): Promise<TimeseriesDatabaseRow | undefined> {
      return q
        .updateTable('timeseries_databases')
        .set({
          name: values.name,
          description: values.description,
          type_uuid: values.typeUuid,
          settings: JSON.stringify(values.settings),
          secure_settings: JSON.stringify(values.secureSettings),
          updated_at: sql<Date>`now()`,
        })
        .where('uuid', '=', uuid)
        .where('organization_uuid', '=', organizationUuid)
        .returning(TIMESERIES_DATABASE_COLUMNS)
        .executeTakeFirst();
    },

    async delete(organizationUuid: string, uuid: string): Promise<void> {
      await q.deleteFrom('timeseries_databases').where('uuid', '=', uuid).where('organization_uuid', '=', organizationUuid).execute();
    },
  };
}
