import { sql, type Kysely, type QueryCreator } from 'kysely';
import { ZERO_UUID } from '../../domain/constants';
import type { Db } from '../db/db';
import { kyselyOf } from '../db/kysely';
import type { Database } from '../db/schema';
import { usersRepository } from './users';

// Organizations (migration 001, 035): the root one and those users select, which users belong to
// which, the licence each uses, and what an organization holds when it is to be deleted.

/** Unique indexes of migrations 001 and 035 by the contract field they guard. */
export const ORGANIZATION_UNIQUE_FIELDS = {
  organizations_name_ci: 'Name',
  organizations_postgres_user: 'PostgresUser',
  organizations_license_once: 'LicenseUUID',
} as const;

export type OrganizationStatus = 'Active' | 'Paused' | 'Deleted' | 'Initial';

export interface OrganizationRow {
  uuid: string;
  name: string;
  description: string;
  is_root: boolean;
  postgres_user: string | null;
  license_uuid: string;
  status: OrganizationStatus;
}

export interface OrganizationValues {
  name: string;
  description: string;
  licenseUuid: string;
  status: OrganizationStatus;
}

export interface LicenceUse {
  /** The organization the licence was issued for, if it names one. */
  claimed: string | null;
  /** The organization that uses it now. */
  holder: string | null;
}

const ORGANIZATION_COLUMNS = ['uuid', 'name', 'description', 'is_root', 'postgres_user', 'license_uuid', 'status'] as const;

/** The CHECK of organizations.status (migration 001) as the row type. */
function isStatus(value: string): value is OrganizationStatus {
  return value === 'Active' || value === 'Paused' || value === 'Deleted' || value === 'Initial';
}

function toRow(row: Omit<OrganizationRow, 'status'> & { status: string }): OrganizationRow {
  return { ...row, status: isStatus(row.status) ? row.status : 'Active' };
}

/**
 * Which organizations are a user's: those where they are in a group (not deleted ones), and the
 * root only when a root group gives them at least one privilege (SPEC §1: the root is kept apart).
 * /current-user/organizations lists exactly these, and x-organization-uuid may name only these.
 */
export function memberOrganizations(q: QueryCreator<Database>, userUuid: string) {
  return q
    .selectFrom('organizations as o')
    .select(['o.uuid', 'o.name', 'o.description', 'o.is_root', 'o.postgres_user', 'o.license_uuid', 'o.status'])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('o.is_root', '=', false),
          eb('o.status', '<>', 'Deleted'),
          eb.exists(
            eb
              .selectFrom('user_group_users as ugu')
              .innerJoin('user_groups as ug', 'ug.uuid', 'ugu.user_group_uuid')
              .select(sql<number>`1`.as('one'))
              .where('ugu.user_uuid', '=', userUuid)
              .whereRef('ug.organization_uuid', '=', 'o.uuid'),
          ),
        ]),
        eb.and([
          eb('o.is_root', '=', true),
          eb.exists(
            eb
              .selectFrom('user_effective_privileges as p')
              .select(sql<number>`1`.as('one'))
              .where('p.user_uuid', '=', userUuid)
              .whereRef('p.organization_uuid', '=', 'o.uuid'),
          ),
        ]),
      ]),
    );
}

/**
 * Tables other than users and groups with an organization_uuid column, and whether they have
 * is_system rows. The audit log (history, which outlives the organization) and its jobs (runs of
 * work, removed with it) are not data that keeps an organization from being deleted.
 */
async function organizationTables(q: Kysely<Database>): Promise<Array<{ table_name: string; has_system: boolean }>> {
  const { rows } = await sql<{ table_name: string; has_system: boolean }>`
    SELECT c.table_name,
           EXISTS (SELECT 1 FROM information_schema.columns s
                    WHERE s.table_schema = 'public' AND s.table_name = c.table_name AND s.column_name = 'is_system') AS has_system
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
     WHERE c.table_schema = 'public' AND c.column_name = 'organization_uuid' AND c.table_name NOT IN ('users', 'user_groups', 'audit_logs', 'jobs')
     ORDER BY c.table_name`.execute(q);
  return rows;
}

export function organizationsRepository(db: Db) {
  const q = kyselyOf(db);
  const organizations = () => q.selectFrom('organizations').select(ORGANIZATION_COLUMNS);

  return {
    /** A page of every organization, the root first, then by name. */
    async list(limit: number, offset: number): Promise<{ rows: OrganizationRow[]; total: number }> {
      const total = await q.selectFrom('organizations').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      const rows = await organizations().orderBy('is_root', 'desc').orderBy(sql`lower(name)`).orderBy('uuid').limit(limit).offset(offset).execute();
      return { rows: rows.map(toRow), total: total.n };
    },

    async find(uuid: string): Promise<OrganizationRow | undefined> {
      const row = await organizations().where('uuid', '=', uuid).executeTakeFirst();
      return row && toRow(row);
    },

    /** The user's organizations (see memberOrganizations): the others by name, then the root. */
    async ofMember(userUuid: string): Promise<OrganizationRow[]> {
      const rows = await memberOrganizations(q, userUuid).orderBy('o.is_root').orderBy(sql`lower(o.name)`).execute();
      return rows.map(toRow);
    },

    /** Throws the database's unique violation for a name, PostgreSQL user or licence in use (see ORGANIZATION_UNIQUE_FIELDS). */
    async create(values: OrganizationValues & { postgresUser: string }): Promise<OrganizationRow> {
      const row = await q
        .insertInto('organizations')
        .values({ name: values.name, description: values.description, postgres_user: values.postgresUser, license_uuid: values.licenseUuid, status: values.status })
        .returning(ORGANIZATION_COLUMNS)
        .executeTakeFirstOrThrow();
      return toRow(row);
    },

    /** Throws the database's unique violation as create does. */
    async update(uuid: string, values: OrganizationValues): Promise<OrganizationRow | undefined> {
      const row = await q
        .updateTable('organizations')
        .set({ name: values.name, description: values.description, license_uuid: values.licenseUuid, status: values.status, updated_at: sql<Date>`now()` })
        .where('uuid', '=', uuid)
        .returning(ORGANIZATION_COLUMNS)
        .executeTakeFirst();
      return row && toRow(row);
    },

    async delete(uuid: string): Promise<void> {
      await q.deleteFrom('organizations').where('uuid', '=', uuid).execute();
    },

    /** Who may use a licence of the installation; undefined when the installation has no such licence. */
    async licenceUse(licenceUuid: string): Promise<LicenceUse | undefined> {
      return q
        .selectFrom('licences as l')
        .leftJoin('organizations as o', 'o.license_uuid', 'l.uuid')
        .select(['l.claimed_organization as claimed', 'o.uuid as holder'])
        .where('l.uuid', '=', licenceUuid)
        .executeTakeFirst();
    },

    /**
     * What would go with the organization, per kind, zero counts included: its exclusive users,
     * its own (not system) groups and their members, its groups' mappings, its licence, and the
     * rows of every other table with an organization_uuid column (those the organization is made
     * with, is_system, aside). The catalogue names the tables, so later tables count as well.
     */
    async holdingCounts(organizationUuid: string): Promise<Array<[string, number]>> {
      const count = sql<number>`count(*)::int`.as('n');
      const counts: Array<[string, number]> = [];
      counts.push(['users', await usersRepository(db).countExclusiveTo(organizationUuid)]);
      const groups = await q.selectFrom('user_groups').select(count).where('organization_uuid', '=', organizationUuid).where('is_system', '=', false).executeTakeFirstOrThrow();
      counts.push(['user_groups', groups.n]);
      const members = await q
        .selectFrom('user_group_users as m')
        .innerJoin('user_groups as g', 'g.uuid', 'm.user_group_uuid')
        .select(count)
        .where('g.organization_uuid', '=', organizationUuid)
        .where('g.is_system', '=', false)
        .executeTakeFirstOrThrow();
      counts.push(['user_group_users', members.n]);
      const mappings = await q
        .selectFrom('user_group_mappings as m')
        .innerJoin('user_groups as g', 'g.uuid', 'm.user_group_uuid')
        .select(count)
        .where('g.organization_uuid', '=', organizationUuid)
        .executeTakeFirstOrThrow();
      counts.push(['user_group_mappings', mappings.n]);
      const licences = await q.selectFrom('organizations').select(count).where('uuid', '=', organizationUuid).where('license_uuid', '<>', ZERO_UUID).executeTakeFirstOrThrow();
      counts.push(['licences', licences.n]);
      for (const { table_name: table, has_system: hasSystem } of await organizationTables(q)) {
        // The name comes from the catalogue, not from the request, and is quoted all the same.
        const own = hasSystem ? sql` AND NOT is_system` : sql``;
        const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE organization_uuid = ${organizationUuid}${own}`.execute(q);
        counts.push([table, rows[0]?.n ?? 0]);
      }
      return counts;
    },
  };
}
