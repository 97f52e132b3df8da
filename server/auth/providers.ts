import type { Db } from '../db/db';
import { authenticationProvidersRepository, type ProviderSecretsRow } from '../repositories/authenticationProviders';

// Authentication providers as sign-in sees them. Secure settings (an OIDC client secret) are read
// here for the server's own use and never leave it: the login page gets names and types only.

export interface ProviderRow {
  uuid: string;
  name: string;
  type: string;
  settings: Record<string, unknown>;
  secureSettings: Record<string, unknown>;
}

const toProvider = (row: ProviderSecretsRow): ProviderRow => ({
  uuid: row.uuid,
  name: row.provider_name,
  type: row.provider_type,
  settings: row.settings,
  secureSettings: row.secure_settings,
});

export async function findProviderByName(db: Db, name: string): Promise<ProviderRow | undefined> {
  const row = await authenticationProvidersRepository(db).findWithSecretsByName(name);
  return row && toProvider(row);
}

export async function findProviderById(db: Db, uuid: string): Promise<ProviderRow | undefined> {
  const row = await authenticationProvidersRepository(db).findWithSecrets(uuid);
  return row && toProvider(row);
}

/** Provider types whose users sign in through the login form rather than a popup. */
export const FORM_PROVIDER_TYPES: ReadonlySet<string> = new Set(['local', 'ldap']);
/** Types this server can sign in with today; others stay off the login page. */
const SUPPORTED_TYPES = ['local', 'ldap', 'oidc'] as const;
type SupportedType = (typeof SUPPORTED_TYPES)[number];
const isSupported = (type: string): type is SupportedType => SUPPORTED_TYPES.some((known) => known === type);

export interface AuthOptionJson {
  UUID: string;
  ProviderName: string;
  ProviderType: SupportedType;
  AuthPath?: string;
}

/** The external provider's auth path that the login popup opens with ?id=…&from=… (SPEC §2). */
export const externalAuthPath = (name: string) => `/api/auth/${encodeURIComponent(name)}/start`;

export async function listAuthOptions(db: Db): Promise<AuthOptionJson[]> {
  const rows = await authenticationProvidersRepository(db).list();
  return rows.flatMap((row): AuthOptionJson[] => {
    const type = row.provider_type;
    if (!isSupported(type)) return [];
    const option: AuthOptionJson = { UUID: row.uuid, ProviderName: row.provider_name, ProviderType: type };
    return [FORM_PROVIDER_TYPES.has(type) ? option : { ...option, AuthPath: externalAuthPath(row.provider_name) }];
  });
}

export function stringSetting(settings: Record<string, unknown>, name: string): string | undefined {
  const value = settings[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
