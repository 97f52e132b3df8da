import { sql } from 'kysely';
import type { Db } from '../db/db';
import { kyselyOf } from '../db/kysely';

// Settings of an organization (SPEC §3 Setting): one value per name and organization, the
// UNIQUE (organization_uuid, name) of migration 001, which upsert writes through.

export interface SettingRow {
  uuid: string;
  organization_uuid: string;
  name: string;
  value: string;
}

const SETTING_COLUMNS = ['uuid', 'organization_uuid', 'name', 'value'] as const;

const now = sql<Date>`now()`;

export function settingsRepository(db: Db) {
  const q = kyselyOf(db);

  return {
    async list(organizationUuid: string): Promise<SettingRow[]> {
      return q.selectFrom('settings').select(SETTING_COLUMNS).where('organization_uuid', '=', organizationUuid).orderBy('name').execute();
    },

    async find(uuid: string): Promise<SettingRow | undefined> {
      return q.selectFrom('settings').select(SETTING_COLUMNS).where('uuid', '=', uuid).executeTakeFirst();
    },

    async updateValue(uuid: string, value: string): Promise<SettingRow | undefined> {
      return q.updateTable('settings').set({ value, updated_at: now }).where('uuid', '=', uuid).returning(SETTING_COLUMNS).executeTakeFirst();
    },

    /** Creates the setting, or sets the value of the one of this name in the organization. */
    async upsert(organizationUuid: string, name: string, value: string): Promise<SettingRow> {
      return q
        .insertInto('settings')
        .values({ organization_uuid: organizationUuid, name, value })
        .onConflict((oc) => oc.columns(['organization_uuid', 'name']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: now })))
        .returning(SETTING_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    /** A setting of the root organization (installation-wide ones such as setup.trial_mode). */
    async rootValue(name: string): Promise<string | undefined> {
      const row = await q
        .selectFrom('settings as s')
        .innerJoin('organizations as o', (join) => join.onRef('o.uuid', '=', 's.organization_uuid').on('o.is_root', '=', true))
        .select('s.value')
        .where('s.name', '=', name)
        .executeTakeFirst();
      return row?.value;
    },
  };
}
