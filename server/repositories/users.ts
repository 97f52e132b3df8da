import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../db/db';
import { kyselyOf } from '../db/kysely';
import { matchesKeyword } from './keyword';
import type { Database } from '../db/schema';

// Users (migration 001, 035) with the provider they sign in through: who an organization sees,
// who belongs to it alone, the external users sign-in links, and which organizations each user
// belongs to. A password hash is read back only for checking a sign-in (forPasswordCheck).

/** Unique indexes of migration 001 by the contract field they guard. */
export const USER_UNIQUE_FIELDS = { users_name_ci: 'Name' } as const;

/** A user joined with its provider, as the current-user and the /users calls read it. */
export interface UserRow {
  uuid: string;
  name: string;
  attributes: unknown;
  provider_uuid: string;
  provider_name: string;
  provider_type: string;
  user_type: string;
  created_at: Date;
  must_change_password: boolean;
}

export interface NewUser {
  name: string;
  passwordHash: string | null;
  providerUuid: string;
  attributes: Record<string, unknown>;
  /** The organization the user is created in; null at root. */
  organizationUuid: string | null;
  mustChangePassword: boolean;
}

/** What signing in with a password needs: the stored hash, for the server's own check only. */
export interface PasswordCheckRow {
  uuid: string;
  password_hash: string | null;
  must_change_password: boolean;
}

export interface UserOrganizationRow {
  user_uuid: string;
  uuid: string;
  name: string;
  is_root: boolean;
}

type UsersAsU = ExpressionBuilder<Database & { u: Database['users'] }, 'u'>;

const one = sql<number>`1`.as('one');

/** The user `u` is visible in the organization: created there, or in one of its groups. */
function visibleIn(organizationUuid: string) {
  return (eb: UsersAsU) =>
    eb.or([
      eb('u.organization_uuid', '=', organizationUuid),
      eb.exists(
        eb
          .selectFrom('user_group_users as vm')
          .innerJoin('user_groups as vg', 'vg.uuid', 'vm.user_group_uuid')
          .select(one)
          .whereRef('vm.user_uuid', '=', 'u.uuid')
          .where('vg.organization_uuid', '=', organizationUuid),
      ),
    ]);
}

/** The user `u` was created in the organization (or at root) and is in no group of another one. */
function exclusiveTo(organizationUuid: string, allowRootCreated: boolean) {
  return (eb: UsersAsU) =>
    eb.and([
      allowRootCreated ? eb.or([eb('u.organization_uuid', 'is', null), eb('u.organization_uuid', '=', organizationUuid)]) : eb('u.organization_uuid', '=', organizationUuid),
      eb.not(
        eb.exists(
          eb
            .selectFrom('user_group_users as m')
            .innerJoin('user_groups as g', 'g.uuid', 'm.user_group_uuid')
            .select(one)
            .whereRef('m.user_uuid', '=', 'u.uuid')
            .where('g.organization_uuid', '<>', organizationUuid),
        ),
      ),
    ]);
}

const now = sql<Date>`now()`;
const mergedAttributes = (attributes: Record<string, unknown>) => sql<string>`attributes || ${JSON.stringify(attributes)}::jsonb`;

export function usersRepository(db: Db) {
  const q = kyselyOf(db);

  const users = () =>
    q
      .selectFrom('users as u')
      .innerJoin('authentication_providers as p', 'p.uuid', 'u.provider_uuid')
      .select(['u.uuid', 'u.name', 'u.attributes', 'u.provider_uuid', 'p.provider_name', 'p.provider_type', 'u.user_type', 'u.created_at', 'u.must_change_password']);

  return {
    /** A page of the users visible in the organization, by name; every user when it is null. */
    async list(organizationUuid: string | null, limit: number, offset: number, keyword: string | null = null): Promise<{ rows: UserRow[]; total: number }> {
      // A user has a name and no description or e-mail address: the keyword looks at the name.
      const total = await q
        .selectFrom('users as u')
        .select(sql<number>`count(*)::int`.as('n'))
        .$if(organizationUuid !== null, (query) => query.where(visibleIn(organizationUuid ?? '')))
        .$if(keyword !== null, (query) => query.where(matchesKeyword(keyword ?? '', ['u.name'])))
        .executeTakeFirstOrThrow();
      const rows = await users()
        .$if(organizationUuid !== null, (query) => query.where(visibleIn(organizationUuid ?? '')))
        .$if(keyword !== null, (query) => query.where(matchesKeyword(keyword ?? '', ['u.name'])))
        .orderBy(sql`lower(u.name)`)
        .orderBy('u.uuid')
        .limit(limit)
        .offset(offset)
        .execute();
      return { rows, total: total.n };
    },

    async find(uuid: string): Promise<UserRow | undefined> {
      return users().where('u.uuid', '=', uuid).executeTakeFirst();
    },

    /** The user whose name is this one, case aside. */
    async uuidByName(name: string): Promise<string | undefined> {
      const row = await q.selectFrom('users').select('uuid').where(sql`lower(name)`, '=', sql`lower(${name})`).executeTakeFirst();
      return row?.uuid;
    },

    /** Whether the user exists and, with an organization, is visible in it. */
    async isVisible(uuid: string, organizationUuid: string | null): Promise<boolean> {
      const row = await q
        .selectFrom('users as u')
        .select(one)
        .where('u.uuid', '=', uuid)
        .$if(organizationUuid !== null, (query) => query.where(visibleIn(organizationUuid ?? '')))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Created in the organization (or at root) and in no group of another organization. */
    async isExclusive(uuid: string, organizationUuid: string): Promise<boolean> {
      const row = await q.selectFrom('users as u').select(one).where('u.uuid', '=', uuid).where(exclusiveTo(organizationUuid, true)).executeTakeFirst();
      return row !== undefined;
    },

    /** Throws the database's unique violation for a name in use (see USER_UNIQUE_FIELDS). */
    async create(user: NewUser): Promise<string> {
      const row = await q
        .insertInto('users')
        .values({
          name: user.name,
          password_hash: user.passwordHash,
          provider_uuid: user.providerUuid,
          attributes: JSON.stringify(user.attributes),
          organization_uuid: user.organizationUuid,
          must_change_password: user.mustChangePassword,
        })
        .returning('uuid')
        .executeTakeFirstOrThrow();
      return row.uuid;
    },

    /** Renames the user and merges the attributes sent into the stored ones. */
    async update(uuid: string, name: string, attributes: Record<string, unknown>): Promise<void> {
      await q.updateTable('users').set({ name, attributes: mergedAttributes(attributes), updated_at: now }).where('uuid', '=', uuid).execute();
    },

    async mergeAttributes(uuid: string, attributes: Record<string, unknown>): Promise<void> {
      await q.updateTable('users').set({ attributes: mergedAttributes(attributes), updated_at: now }).where('uuid', '=', uuid).execute();
    },

    /** The provider's user of this name (case aside) with the password hash to check a sign-in against. */
    async forPasswordCheck(providerUuid: string, name: string): Promise<PasswordCheckRow | undefined> {
      return q
        .selectFrom('users')
        .select(['uuid', 'password_hash', 'must_change_password'])
        .where(sql`lower(name)`, '=', sql`lower(${name})`)
        .where('provider_uuid', '=', providerUuid)
        .executeTakeFirst();
    },

    async requirePasswordChange(uuid: string): Promise<void> {
      await q.updateTable('users').set({ must_change_password: true, updated_at: now }).where('uuid', '=', uuid).execute();
    },

    async setPassword(uuid: string, passwordHash: string, mustChangePassword: boolean): Promise<void> {
      await q
        .updateTable('users')
        .set({ password_hash: passwordHash, must_change_password: mustChangePassword, updated_at: now })
        .where('uuid', '=', uuid)
        .execute();
    },

    async delete(uuid: string): Promise<void> {
      await q.deleteFrom('users').where('uuid', '=', uuid).execute();
    },

    /** Users created in the organization who belong to no other one: they go when it goes. */
    async countExclusiveTo(organizationUuid: string): Promise<number> {
      const row = await q.selectFrom('users as u').select(sql<number>`count(*)::int`.as('n')).where(exclusiveTo(organizationUuid, false)).executeTakeFirstOrThrow();
      return row.n;
    },

    async deleteExclusiveTo(organizationUuid: string): Promise<void> {
      await q
        .deleteFrom('users')
        .where('uuid', 'in', q.selectFrom('users as u').select('u.uuid').where(exclusiveTo(organizationUuid, false)))
        .execute();
    },

    /** The user linked to the provider's subject. */
    async uuidBySubject(providerUuid: string, subject: string): Promise<string | undefined> {
      const row = await q.selectFrom('users').select('uuid').where('provider_uuid', '=', providerUuid).where('external_subject', '=', subject).executeTakeFirst();
      return row?.uuid;
    },

    /** Links the subject to a user an administrator created for the provider under this name, if any. */
    async claimInvitation(providerUuid: string, name: string, subject: string): Promise<string | undefined> {
      const row = await q
        .updateTable('users')
        .set({ external_subject: subject, updated_at: now })
        .where('provider_uuid', '=', providerUuid)
        .where('external_subject', 'is', null)
        .where(sql`lower(name)`, '=', sql`lower(${name})`)
        .returning('uuid')
        .executeTakeFirst();
      return row?.uuid;
    },

    /** A new external user; undefined when the name or the subject is taken already (either unique index). */
    async createExternal(name: string, providerUuid: string, subject: string): Promise<string | undefined> {
      const row = await q
        .insertInto('users')
        .values({ name, provider_uuid: providerUuid, external_subject: subject })
        .onConflict((conflict) => conflict.doNothing())
        .returning('uuid')
        .executeTakeFirst();
      return row?.uuid;
    },

    /** The groups the identity provider named at the user's last sign-in. */
    async setExternalGroups(uuid: string, groups: readonly string[]): Promise<void> {
      await q.updateTable('users').set({ external_groups: JSON.stringify(groups) }).where('uuid', '=', uuid).execute();
    },

    /**
     * The organizations each user belongs to: where they are in a group (not deleted ones), and the
     * root where a root group gives them a privilege. Unless `seesAll`, only organizations that
     * `viewerUuid` belongs to as well.
     */
    async organizationsOf(userUuids: readonly string[], seesAll: boolean, viewerUuid: string): Promise<UserOrganizationRow[]> {
      if (userUuids.length === 0) return [];
      return q
        .selectFrom('user_group_users as m')
        .innerJoin('user_groups as g', 'g.uuid', 'm.user_group_uuid')
        .innerJoin('organizations as o', 'o.uuid', 'g.organization_uuid')
        .select(['m.user_uuid', 'o.uuid', 'o.name', 'o.is_root'])
        .distinct()
        .where('m.user_uuid', 'in', [...userUuids])
        .where((eb) =>
          eb.or([
            eb.and([eb('o.is_root', '=', true), eb.exists(eb.selectFrom('user_group_privileges as gp').select(one).whereRef('gp.user_group_uuid', '=', 'g.uuid'))]),
            eb.and([eb('o.is_root', '=', false), eb('o.status', '<>', 'Deleted')]),
          ]),
        )
        .$if(!seesAll, (query) =>
          query.where((eb) =>
            eb.exists(
              eb
                .selectFrom('user_group_users as cm')
                .innerJoin('user_groups as cg', 'cg.uuid', 'cm.user_group_uuid')
                .select(one)
                .where('cm.user_uuid', '=', viewerUuid)
                .whereRef('cg.organization_uuid', '=', 'o.uuid'),
            ),
          ),
        )
        .execute();
    },
  };
}
