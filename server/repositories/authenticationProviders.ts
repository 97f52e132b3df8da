import { sql } from 'kysely';
import type { Db } from '../db/db';
import { kyselyOf } from '../db/kysely';

// Authentication providers (migration 001). Two shapes: the record the console administers, with
// no secure settings in it, and the provider sign-in uses, with them (an LDAP bind password, an
// OIDC client secret), for the server's own use only.

/** Unique indexes of migration 001 by the contract field they guard. */
export const PROVIDER_UNIQUE_FIELDS = { authentication_providers_name_ci: 'ProviderName' } as const;

type JsonMap = Record<string, unknown>;

/** A provider as the console sees it: never its secure settings. */
export interface ProviderRecord {
  uuid: string;
  provider_name: string;
  provider_type: string;
  settings: JsonMap;
  is_system: boolean;
}

/** A provider with its secure settings, for signing in and testing. */
export interface ProviderSecretsRow {
  uuid: string;
  provider_name: string;
  provider_type: string;
  settings: JsonMap;
  secure_settings: JsonMap;
}

export interface ProviderValues {
  name: string;
  settings: JsonMap;
  secureSettings: JsonMap;
}

const RECORD_COLUMNS = ['uuid', 'provider_name', 'provider_type', 'settings', 'is_system'] as const;
const SECRETS_COLUMNS = ['uuid', 'provider_name', 'provider_type', 'settings', 'secure_settings'] as const;

const byName = (name: string) => sql<boolean>`lower(provider_name) = lower(${name})`;

export function authenticationProvidersRepository(db: Db) {
  const q = kyselyOf(db);

  return {
    async list(): Promise<ProviderRecord[]> {
      return q.selectFrom('authentication_providers').select(RECORD_COLUMNS).orderBy(sql`lower(provider_name)`).execute();
    },

    async find(uuid: string): Promise<ProviderRecord | undefined> {
      return q.selectFrom('authentication_providers').select(RECORD_COLUMNS).where('uuid', '=', uuid).executeTakeFirst();
    },

    /** The provider of this name, case aside. */
    async findByName(name: string): Promise<ProviderRecord | undefined> {
      return q.selectFrom('authentication_providers').select(RECORD_COLUMNS).where(byName(name)).executeTakeFirst();
    },

    async findWithSecrets(uuid: string): Promise<ProviderSecretsRow | undefined> {
      return q.selectFrom('authentication_providers').select(SECRETS_COLUMNS).where('uuid', '=', uuid).executeTakeFirst();
    },

    async findWithSecretsByName(name: string): Promise<ProviderSecretsRow | undefined> {
      return q.selectFrom('authentication_providers').select(SECRETS_COLUMNS).where(byName(name)).executeTakeFirst();
    },

    /** Throws the database's unique violation for a name in use (see PROVIDER_UNIQUE_FIELDS). */
    async create(type: string, values: ProviderValues): Promise<ProviderRecord> {
      return q
        .insertInto('authentication_providers')
        .values({
          provider_name: values.name,
          provider_type: type,
          settings: JSON.stringify(values.settings),
          secure_settings: JSON.stringify(values.secureSettings),
        })
        .returning(RECORD_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    /** Throws the database's unique violation as create does. */
    async update(uuid: string, values: ProviderValues): Promise<ProviderRecord | undefined> {
      return q
        .updateTable('authentication_providers')
        .set({
          provider_name: values.name,
          settings: JSON.stringify(values.settings),
          secure_settings: JSON.stringify(values.secureSettings),
          updated_at: sql<Date>`now()`,
        })
        .where('uuid', '=', uuid)
        .returning(RECORD_COLUMNS)
        .executeTakeFirst();
    },

    /** Throws the database's foreign-key violation while users still sign in through it. */
    async delete(uuid: string): Promise<void> {
      await q.deleteFrom('authentication_providers').where('uuid', '=', uuid).execute();
    },
  };
}
