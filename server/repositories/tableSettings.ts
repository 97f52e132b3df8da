import { sql } from 'kysely';
import type { Db } from '../db/db';
import { kyselyOf } from '../db/kysely';

// Column layouts of a data table (SPEC §4 "Table columns"): a user's own in an organization, or,
// without a user, the organization's default. Migration 001 keeps one of each per table id with
// two partial unique indexes (table_settings_per_user, table_settings_default), which the upserts
// name as their conflict targets.

export interface TableSettingRow {
  pk: number;
  user_uuid: string | null;
  table_id: string;
  columns_shown: string[];
  columns_order: string[];
}

export interface TableLayout {
  organizationUuid: string;
  /** null: the organization's default. */
  userUuid: string | null;
  tableId: string;
  columnsShown: string[];
  columnsOrder: string[];
}

const TABLE_SETTING_COLUMNS = ['pk', 'user_uuid', 'table_id', 'columns_shown', 'columns_order'] as const;

const now = sql<Date>`now()`;

export function tableSettingsRepository(db: Db) {
  const q = kyselyOf(db);
  /** The user's own layouts and the organization's defaults: all a user may see. */
  const visible = (organizationUuid: string, userUuid: string) =>
    q
      .selectFrom('table_settings')
      .select(TABLE_SETTING_COLUMNS)
      .where('organization_uuid', '=', organizationUuid)
      .where((eb) => eb.or([eb('user_uuid', '=', userUuid), eb('user_uuid', 'is', null)]));

  return {
    /** The layout that applies to the user: their own, else the organization's default. */
    async applying(organizationUuid: string, userUuid: string, tableId: string): Promise<TableSettingRow | undefined> {
      return visible(organizationUuid, userUuid).where('table_id', '=', tableId).orderBy('user_uuid', (ob) => ob.asc().nullsLast()).limit(1).executeTakeFirst();
    },

    /** One of the user's own layouts or a default of the organization; another user's finds nothing. */
    async findVisible(organizationUuid: string, userUuid: string, pk: number): Promise<TableSettingRow | undefined> {
      return visible(organizationUuid, userUuid).where('pk', '=', pk).executeTakeFirst();
    },

    /** Stores the layout for its owner and table id, replacing what was there. */
    async save(layout: TableLayout): Promise<TableSettingRow> {
      const values = {
        organization_uuid: layout.organizationUuid,
        user_uuid: layout.userUuid,
        table_id: layout.tableId,
        columns_shown: JSON.stringify(layout.columnsShown),
        columns_order: JSON.stringify(layout.columnsOrder),
      };
      return q
        .insertInto('table_settings')
        .values(values)
        .onConflict((oc) => {
          // Each partial unique index is a conflict target of its own, with its own predicate.
          const target =
            layout.userUuid === null
              ? oc.columns(['organization_uuid', 'table_id']).where('user_uuid', 'is', null)
              : oc.columns(['organization_uuid', 'user_uuid', 'table_id']).where('user_uuid', 'is not', null);
          return target.doUpdateSet((eb) => ({ columns_shown: eb.ref('excluded.columns_shown'), columns_order: eb.ref('excluded.columns_order'), updated_at: now }));
        })
        .returning(TABLE_SETTING_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    async updateColumns(pk: number, columnsShown: string[], columnsOrder: string[]): Promise<TableSettingRow | undefined> {
      return q
        .updateTable('table_settings')
        .set({ columns_shown: JSON.stringify(columnsShown), columns_order: JSON.stringify(columnsOrder), updated_at: now })
        .where('pk', '=', pk)
        .returning(TABLE_SETTING_COLUMNS)
        .executeTakeFirst();
    },
  };
}
