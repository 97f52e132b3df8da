import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { AppContext } from '../../context';
import type { Db } from '../../db/db';
import { openTestDatabase, type TestDatabase } from '../../db/testing/testDatabase';
import { sessionSecretOf } from '../authState';
import { hashPassword } from '../password';
import { createSession, SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER, xsrfTokenFor } from '../sessions';

// Fixtures for server tests that need a signed-in caller: users with chosen privileges made
// straight in the database, and session headers for app.inject without going through login.

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  db: Db;
  close(): Promise<void>;
}

/** One database and app per test file (beforeAll); PGlite's cold start is too slow per test. */
export async function openTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database: TestDatabase = await openTestDatabase();
  const ctx: AppContext = { db: database.db, config: loadConfig({ NODE_ENV: 'test', ...env }), version: '0.0.0-test' };
  const app = await buildApp(ctx, { strictResponses: true, logLevel: 'silent' });
  return {
    app,
    ctx,
    db: database.db,
    async close() {
      await app.close();
      await database.cleanup();
    },
  };
}

export async function rootOrganizationUuid(db: Db): Promise<string> {
  const { rows } = await db.query<{ uuid: string }>('SELECT uuid FROM organizations WHERE is_root');
  return rows[0].uuid;
}

export async function createTestOrganization(db: Db, name = `Org ${randomUUID().slice(0, 8)}`): Promise<string> {
  const { rows } = await db.query<{ uuid: string }>('INSERT INTO organizations (name) VALUES ($1) RETURNING uuid', [name]);
  return rows[0].uuid;
}

export interface TestUserOptions {
  name?: string;
  password?: string;
  mustChangePassword?: boolean;
  /** Organization UUID → privilege names granted there through a group of its own. */
  privileges?: Record<string, readonly string[]>;
}

export async function grantPrivileges(db: Db, userUuid: string, organizationUuid: string, names: readonly string[]): Promise<void> {
  const { rows } = await db.query<{ uuid: string }>(
    'INSERT INTO user_groups (organization_uuid, name) VALUES ($1, $2) RETURNING uuid',
    [organizationUuid, `group ${randomUUID()}`],
  );
  await db.query('INSERT INTO user_group_users (user_group_uuid, user_uuid) VALUES ($1, $2)', [rows[0].uuid, userUuid]);
  await db.query(
    'INSERT INTO user_group_privileges (user_group_uuid, privilege_uuid) SELECT $1, uuid FROM privileges WHERE name = ANY($2::text[])',
    [rows[0].uuid, [...names]],
  );
}

/** A local user; hashes its password only when one is given (scrypt is slow on purpose). */
export async function createTestUser(db: Db, options: TestUserOptions = {}): Promise<{ uuid: string; name: string }> {
  const name = options.name ?? `user-${randomUUID().slice(0, 8)}`;
  const hash = options.password === undefined ? null : await hashPassword(options.password);
  const { rows } = await db.query<{ uuid: string }>(
    `INSERT INTO users (name, password_hash, provider_uuid, must_change_password)
     SELECT $1, $2, uuid, $3 FROM authentication_providers WHERE provider_type = 'local' ORDER BY is_system DESC LIMIT 1
     RETURNING uuid`,
    [name, hash, options.mustChangePassword ?? false],
  );
  for (const [organization, names] of Object.entries(options.privileges ?? {})) {
    await grantPrivileges(db, rows[0].uuid, organization, names);
  }
  return { uuid: rows[0].uuid, name };
}

export interface SessionHeaders extends Record<string, string> {
  cookie: string;
  'x-xsrf-token': string;
}

/** Headers of a signed-in browser for app.inject: both cookies and the matching XSRF header. */
export async function sessionHeaders(ctx: AppContext, userUuid: string): Promise<SessionHeaders> {
  const sessionId = await createSession(ctx.db, userUuid);
  const xsrf = xsrfTokenFor(await sessionSecretOf(ctx), sessionId);
  return { cookie: `${SESSION_COOKIE}=${sessionId}; ${XSRF_COOKIE}=${xsrf}`, [XSRF_HEADER]: xsrf };
}
