import { LANGUAGES, type Language } from '../../src/lib/constants';
import type { Db } from '../db/db';

// The signed-in user as the contract's CurrentUser, read in one place for the login answer,
// GET/PUT /current-user and the external sign-in.

export interface UserAttributesJson {
  Locale?: Language;
  ExperimentalFeatures?: boolean;
}

export interface CurrentUserJson {
  UUID: string;
  Name: string;
  Attributes: UserAttributesJson;
  AuthenticationProviderUUID: string;
  ProviderName: string;
  UserType: 'user' | 'service';
  CreatedAt: string;
  MustChangePassword: boolean;
}

interface UserRow {
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

const isLanguage = (value: unknown): value is Language => LANGUAGES.some((language) => language === value);

/** Only the attributes the contract knows, with valid values: a stray key never fails a response. */
export function cleanAttributes(raw: unknown): UserAttributesJson {
  if (typeof raw !== 'object' || raw === null) return {};
  const attributes: UserAttributesJson = {};
  if ('Locale' in raw && isLanguage(raw.Locale)) attributes.Locale = raw.Locale;
  if ('ExperimentalFeatures' in raw && typeof raw.ExperimentalFeatures === 'boolean') {
    attributes.ExperimentalFeatures = raw.ExperimentalFeatures;
  }
  return attributes;
}

export interface LoadedUser {
  json: CurrentUserJson;
  providerType: string;
}

export async function loadUser(db: Db, userUuid: string): Promise<LoadedUser | undefined> {
  const { rows } = await db.query<UserRow>(
    `SELECT u.uuid, u.name, u.attributes, u.provider_uuid, p.provider_name, p.provider_type, u.user_type, u.created_at,
            u.must_change_password
       FROM users u JOIN authentication_providers p ON p.uuid = u.provider_uuid
      WHERE u.uuid = $1`,
    [userUuid],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    providerType: row.provider_type,
    json: {
      UUID: row.uuid,
      Name: row.name,
      Attributes: cleanAttributes(row.attributes),
      AuthenticationProviderUUID: row.provider_uuid,
      ProviderName: row.provider_name,
      UserType: row.user_type === 'service' ? 'service' : 'user',
      CreatedAt: row.created_at.toISOString(),
      MustChangePassword: row.must_change_password,
    },
  };
}
