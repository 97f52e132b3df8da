import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { hashPassword } from '../../server/auth/password';
import { startPostgres, type PostgresServer } from '../../server/db/testing/postgresServer';
import { startServer, type RunningServer } from './server';

// Test data for the sign-in browser tests, written straight into the server's database.
//
// Why SQL and PostgreSQL: the user, user-group, organization and authentication-provider APIs
// answer 501 on this server for now, and the e2e server's embedded PGlite directory is locked
// by the server process. So the suite starts a throw-away PostgreSQL (loopback only), runs the
// real server on it through DATABASE_URL, and writes users, groups, privileges, organizations and
// the OIDC provider row with the tiny helpers below. Where an API exists (the OIDC provider's
// POST /authentication-providers), the helper tries it first (see createOidcProvider).

export interface AuthTestBed {
  server: RunningServer;
  db: Client;
  stop(): Promise<void>;
}

export async function startServerOnPostgres(): Promise<AuthTestBed> {
  const postgres: PostgresServer = await startPostgres();
  let server: RunningServer | undefined;
  let db: Client | undefined;
  try {
    const url = await postgres.createDatabase();
    server = await startServer({ DATABASE_URL: url });
    db = new Client({ connectionString: url });
    await db.connect();
  } catch (error) {
    await server?.stop();
    await postgres.stop();
    throw error;
  }
  const [started, client] = [server, db];
  return {
    server: started,
    db: client,
    async stop() {
      await client.end().catch(() => undefined);
      await started.stop();
      await postgres.stop();
    },
  };
}

export async function createOrganization(db: Client, name: string): Promise<string> {
  const { rows } = await db.query<{ uuid: string }>('INSERT INTO organizations (name) VALUES ($1) RETURNING uuid', [name]);
  return rows[0].uuid;
}

export async function rootOrganizationUuid(db: Client): Promise<string> {
  const { rows } = await db.query<{ uuid: string }>('SELECT uuid FROM organizations WHERE is_root');
  return rows[0].uuid;
}

/** A group of its own in the organization, holding the named privileges, with the user in it. */
export async function grantPrivileges(db: Client, userUuid: string, organizationUuid: string, names: readonly string[]): Promise<void> {
  const { rows } = await db.query<{ uuid: string }>('INSERT INTO user_groups (organization_uuid, name) VALUES ($1, $2) RETURNING uuid', [
    organizationUuid,
    `e2e group ${randomUUID()}`,
  ]);
  await db.query('INSERT INTO user_group_users (user_group_uuid, user_uuid) VALUES ($1, $2)', [rows[0].uuid, userUuid]);
  const granted = await db.query(
    'INSERT INTO user_group_privileges (user_group_uuid, privilege_uuid) SELECT $1, uuid FROM privileges WHERE name = ANY($2::text[])',
    [rows[0].uuid, [...names]],
  );
  if (granted.rowCount !== names.length) throw new Error(`Unknown privilege among ${names.join(', ')}`);
}

export interface LocalUser {
  name: string;
  password: string;
  mustChangePassword?: boolean;
  /** Organization UUID → privilege names held there. */
  privileges?: Record<string, readonly string[]>;
}

export async function createLocalUser(db: Client, user: LocalUser): Promise<string> {
  const { rows } = await db.query<{ uuid: string }>(
    `INSERT INTO users (name, password_hash, provider_uuid, must_change_password)
     SELECT $1, $2, uuid, $3 FROM authentication_providers WHERE provider_type = 'local' ORDER BY is_system DESC LIMIT 1
     RETURNING uuid`,
    [user.name, await hashPassword(user.password), user.mustChangePassword ?? false],
  );
  for (const [organization, names] of Object.entries(user.privileges ?? {})) await grantPrivileges(db, rows[0].uuid, organization, names);
  return rows[0].uuid;
}

/** The user an OpenID Connect sign-in created, found by the provider's subject. */
export async function externalUserUuid(db: Client, subject: string): Promise<string> {
  const { rows } = await db.query<{ uuid: string }>('SELECT uuid FROM users WHERE external_subject = $1', [subject]);
  if (!rows[0]) throw new Error(`No user with subject ${subject}`);
  return rows[0].uuid;
}

export interface OidcProviderSettings {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * The OIDC provider row. POST /authentication-providers (as an administrator) is tried first;
 * while that operation answers 501 the row is inserted with SQL. Returns the provider's UUID and
 * which way was taken, so the test can report it.
 */
export async function createOidcProvider(
  db: Client,
  baseUrl: string,
  admin: { cookie: string; xsrf: string } | null,
  provider: OidcProviderSettings,
): Promise<{ uuid: string; via: 'api' | 'sql' }> {
  const settings = { issuer: provider.issuer, clientId: provider.clientId, scopes: 'openid profile email groups', groupClaim: 'groups' };
  const secureSettings = { clientSecret: provider.clientSecret };
  if (admin) {
    const response = await fetch(`${baseUrl}/api/authentication-providers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin.cookie, 'x-xsrf-token': admin.xsrf },
      body: JSON.stringify({ ProviderName: provider.name, ProviderType: 'oidc', Settings: settings, SecureSettings: secureSettings }),
    });
    if (response.ok) {
      const created: unknown = await response.json();
      const uuid = typeof created === 'object' && created !== null ? Reflect.get(created, 'UUID') : undefined;
      if (typeof uuid === 'string') return { uuid, via: 'api' };
    }
    if (response.status !== 501) throw new Error(`POST /authentication-providers answered ${response.status}: ${await response.text()}`);
  }
  const { rows } = await db.query<{ uuid: string }>(
    `INSERT INTO authentication_providers (provider_name, provider_type, settings, secure_settings)
     VALUES ($1, 'oidc', $2::jsonb, $3::jsonb) RETURNING uuid`,
    [provider.name, JSON.stringify(settings), JSON.stringify(secureSettings)],
  );
  return { uuid: rows[0].uuid, via: 'sql' };
}

/** A signed-in API session for Node (cookies and the XSRF header), as the browser would hold it. */
export async function apiSignIn(baseUrl: string, name: string, password: string): Promise<{ cookie: string; xsrf: string }> {
  const response = await fetch(`${baseUrl}/api/auth/local/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Name: name, Password: password }),
  });
  if (!response.ok) throw new Error(`Sign-in of ${name} answered ${response.status}: ${await response.text()}`);
  const pairs = response.headers.getSetCookie().map((header) => header.split(';', 1)[0]);
  const xsrf = pairs.find((pair) => pair.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  return { cookie: pairs.join('; '), xsrf: decodeURIComponent(xsrf) };
}

/** The seeded administrator, with the default password replaced (every other call needs that first). */
export async function adminSession(baseUrl: string, defaultPassword: string, newPassword: string): Promise<{ cookie: string; xsrf: string }> {
  const session = await apiSignIn(baseUrl, 'admin', defaultPassword);
  const changed = await fetch(`${baseUrl}/api/current-user/password`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-xsrf-token': session.xsrf },
    body: JSON.stringify({ Password: newPassword }),
  });
  if (changed.status !== 204) throw new Error(`Changing the admin password answered ${changed.status}`);
  return session;
}
