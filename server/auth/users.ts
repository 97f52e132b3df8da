import { LANGUAGES, type Language } from '../../domain/constants';
import type { Db } from '../db/db';
import { usersRepository, type UserRow } from '../repositories/users';

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

export type { UserRow };

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

/** The contract's User of a row (the current user adds MustChangePassword). */
export function userJson(row: UserRow) {
  const userType: 'service' | 'user' = row.user_type === 'service' ? 'service' : 'user';
  return {
    UUID: row.uuid,
    Name: row.name,
    Attributes: cleanAttributes(row.attributes),
    AuthenticationProviderUUID: row.provider_uuid,
    ProviderName: row.provider_name,
    UserType: userType,
    CreatedAt: row.created_at.toISOString(),
  };
}

export async function loadUser(db: Db, userUuid: string): Promise<LoadedUser | undefined> {
  const row = await usersRepository(db).find(userUuid);
  if (!row) return undefined;
  return { providerType: row.provider_type, json: { ...userJson(row), MustChangePassword: row.must_change_password } };
}
