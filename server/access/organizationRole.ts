import type { Db } from '../db/db';
import { scramVerifier } from './scramVerifier';

// The read-only PostgreSQL role of an organization (SPEC §3 PostgresUser), for reporting tools
// that connect to the historian's database directly.
//
// "Its data" is what the views of the organization's own schema `org_<uuid without dashes>` show,
// each filtered to the organization: its row of organizations, its settings and its user groups,
// and, once the measurements table (with organization_uuid) exists, its measurements and their
// time-series points. The role gets USAGE on that schema and SELECT on its views, nothing on the
// tables behind them: a view runs with its owner's rights, and security_barrier keeps the filter
// ahead of any function the role passes in. New views appear for existing organizations when
// ensureOrganizationViews runs again (e.g. after a migration that adds a table worth sharing).
//
// Only on PostgreSQL: PGlite is one embedded process without network logins, so there is nobody
// to give a role to (the caller logs that). PostgreSQL 14 and older also grant CREATE on schema
// public to every role; revoke it there (REVOKE CREATE ON SCHEMA public FROM PUBLIC).

export const schemaNameOf = (organizationUuid: string) => `org_${organizationUuid.replace(/-/g, '').toLowerCase()}`;

interface ViewDefinition {
  name: string;
  /** $ORG stands for the organization's UUID literal. */
  select: string;
  /** Created only when this table (and column) exists. */
  needs?: { table: string; column: string };
}

const VIEWS: readonly ViewDefinition[] = [
  { name: 'organization', select: 'SELECT uuid, name, description, status, created_at FROM public.organizations WHERE uuid = $ORG' },
  { name: 'settings', select: 'SELECT uuid, name, value, updated_at FROM public.settings WHERE organization_uuid = $ORG' },
  {
    name: 'user_groups',
    select: 'SELECT uuid, name, description, is_system, created_at, updated_at FROM public.user_groups WHERE organization_uuid = $ORG',
  },
  {
    name: 'measurements',
    select: 'SELECT * FROM public.measurements WHERE organization_uuid = $ORG',
    needs: { table: 'measurements', column: 'organization_uuid' },
  },
  {
    name: 'timeseries_points',
    select: `SELECT p.* FROM public.timeseries_points p JOIN public.measurements m ON m.uuid = p.measurement_uuid
              WHERE m.organization_uuid = $ORG`,
    needs: { table: 'measurements', column: 'organization_uuid' },
  },
];

/** Runs SQL that PostgreSQL itself assembles with format(), so identifiers and literals are quoted by it. */
async function runFormatted(tx: Db, template: string, ...args: string[]): Promise<void> {
  const placeholders = args.map((_, index) => `$${index + 1}::text`).join(', ');
  const { rows } = await tx.query<{ sql: string }>(`SELECT format('${template}', ${placeholders}) AS sql`, args);
  await tx.query(rows[0].sql);
}

async function columnExists(tx: Db, table: string, column: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    `SELECT 1 FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND column_name = $2`,
    [table, column],
  );
  return rowCount > 0;
}

export async function roleExists(db: Db, role: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  return rowCount > 0;
}

/** (Re)creates the organization's views and grants them to its role. Idempotent. */
export async function ensureOrganizationViews(tx: Db, organizationUuid: string, role: string): Promise<void> {
  const schema = schemaNameOf(organizationUuid);
  await runFormatted(tx, 'CREATE SCHEMA IF NOT EXISTS %I', schema);
  await runFormatted(tx, 'GRANT USAGE ON SCHEMA %I TO %I', schema, role);
  for (const view of VIEWS) {
    if (view.needs && !(await columnExists(tx, view.needs.table, view.needs.column))) continue;
    // The UUID goes in as a literal (%L): a view cannot keep a parameter.
    const select = view.select.replace(/\$ORG/g, '%3$L::uuid');
    await runFormatted(tx, `CREATE OR REPLACE VIEW %1$I.%2$I WITH (security_barrier) AS ${select.replace(/'/g, "''")}`, schema, view.name, organizationUuid);
    await runFormatted(tx, 'GRANT SELECT ON %I.%I TO %I', schema, view.name, role);
  }
}

/** Creates the login role with only the organization's views to read; in the caller's transaction. */
export async function createOrganizationRole(tx: Db, organizationUuid: string, role: string, password: string): Promise<void> {
  await runFormatted(
    tx,
    'CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION PASSWORD %L',
    role,
    scramVerifier(password),
  );
  await runFormatted(tx, 'ALTER ROLE %I SET default_transaction_read_only = on', role);
  await runFormatted(tx, 'ALTER ROLE %I SET search_path = %I', role, schemaNameOf(organizationUuid));
  await ensureOrganizationViews(tx, organizationUuid, role);
}

export async function changeOrganizationRolePassword(tx: Db, role: string, password: string): Promise<void> {
  await runFormatted(tx, 'ALTER ROLE %I PASSWORD %L', role, scramVerifier(password));
}

/** Drops the schema with its views, then the role (which then owns and holds nothing). */
export async function dropOrganizationRole(tx: Db, organizationUuid: string, role: string | null): Promise<void> {
  await runFormatted(tx, 'DROP SCHEMA IF EXISTS %I CASCADE', schemaNameOf(organizationUuid));
  if (role !== null && (await roleExists(tx, role))) await runFormatted(tx, 'DROP ROLE %I', role);
}
