import type { Db } from '../db/db';

// What goes with an organization when it is deleted (issue 6: "asks for confirmation and says
// what goes with it"). Every table with an organization_uuid column counts, so the tables that
// later issues add (collectors, databases, …) are counted without a change here. The system
// groups and other is_system rows that every organization starts with do not make an
// organization "hold data"; users count only when they go too (created there, in no other one).

export type Holdings = Record<string, number>;

interface TableRow {
  table_name: string;
  has_system: boolean;
}

/** Users created in the organization who belong to no other one: they are deleted with it. */
export const EXCLUSIVE_USERS_SQL = `SELECT u.uuid FROM users u WHERE u.organization_uuid = $1
  AND NOT EXISTS (SELECT 1 FROM user_group_users m JOIN user_groups g ON g.uuid = m.user_group_uuid
                   WHERE m.user_uuid = u.uuid AND g.organization_uuid <> $1)`;

const SPECIAL = new Set(['users', 'user_groups']);

/** Tables with an organization_uuid column; has_system when rows may be the organization's own (is_system). */
async function organizationTables(db: Db): Promise<TableRow[]> {
  const { rows } = await db.query<TableRow>(
    `SELECT c.table_name,
            EXISTS (SELECT 1 FROM information_schema.columns s
                     WHERE s.table_schema = 'public' AND s.table_name = c.table_name AND s.column_name = 'is_system') AS has_system
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = 'public' AND c.column_name = 'organization_uuid' ORDER BY c.table_name`,
  );
  return rows.filter((row) => !SPECIAL.has(row.table_name));
}

export async function holdingsOf(db: Db, organizationUuid: string): Promise<Holdings> {
  const holdings: Holdings = {};
  const count = async (key: string, sql: string) => {
    const { rows } = await db.query<{ n: number }>(sql, [organizationUuid]);
    if ((rows[0]?.n ?? 0) > 0) holdings[key] = rows[0].n;
  };
  await count('users', `SELECT count(*)::int AS n FROM (${EXCLUSIVE_USERS_SQL}) x`);
  await count('user_groups', 'SELECT count(*)::int AS n FROM user_groups WHERE organization_uuid = $1 AND NOT is_system');
  await count(
    'user_group_users',
    `SELECT count(*)::int AS n FROM user_group_users m JOIN user_groups g ON g.uuid = m.user_group_uuid
      WHERE g.organization_uuid = $1 AND NOT g.is_system`,
  );
  await count(
    'user_group_mappings',
    `SELECT count(*)::int AS n FROM user_group_mappings m JOIN user_groups g ON g.uuid = m.user_group_uuid WHERE g.organization_uuid = $1`,
  );
  await count('licences', `SELECT count(*)::int AS n FROM organizations WHERE uuid = $1 AND license_uuid <> '00000000-0000-0000-0000-000000000000'`);
  for (const { table_name: table, has_system: hasSystem } of await organizationTables(db)) {
    // The name comes from the catalogue, not from the request; quoted all the same. Rows the
    // organization is made with (is_system: its default collectors, …) are not "its data".
    const own = hasSystem ? ' AND NOT is_system' : '';
    await count(table, `SELECT count(*)::int AS n FROM "${table.replace(/"/g, '""')}" WHERE organization_uuid = $1${own}`);
  }
  return holdings;
}
