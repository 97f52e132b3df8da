import { DEFAULT_PASSWORD } from '../../domain/constants';
import { ALL_PRIVILEGE_NAMES } from '../../domain/privilegeNames';
import { hashPassword } from '../auth/password';
import { ensureDefaultCollectors } from '../collectors/defaults';
import type { Db } from './db';
import { takeStartupLock } from './migrate';

// What a fresh installation starts with. Routes refer to these rows through the constants, never
// through literals of their own.
export const ROOT_ORGANIZATION_NAME = 'Root';
export const ROOT_ORGANIZATION_DESCRIPTION = 'Root organization';
export const LOCAL_PROVIDER_NAME = 'local';
export const LOCAL_PROVIDER_TYPE = 'local';
export const ADMINISTRATORS_GROUP_NAME = 'Administrators';
export const ADMIN_USER_NAME = 'admin';
/** Setting of the root organization: the setup wizard shows while it is not 'true' (SPEC §4). */
export const SETUP_DONE_SETTING = 'setup.done';
/** created_by / updated_by of the rows the server makes itself. */
export const SYSTEM_ACTOR = 'system';

export interface SeedResult {
  /** True when this call created the root organization and everything that goes with it. */
  seeded: boolean;
  /** System privileges that did not exist yet (all of them on a fresh install). */
  addedPrivileges: string[];
}

interface UuidRow {
  uuid: string;
}

/**
 * Seeds a fresh database in one transaction; on later starts only adds system privileges that a
 * newer release introduced (granting them to the root Administrators group, which is meant to
 * hold every privilege). Idempotent, and safe when several servers start on one database.
 */
export async function seedIfEmpty(db: Db): Promise<SeedResult> {
  // Hash before taking the start-up lock (scrypt is deliberately slow), and only when needed.
  const hasRoot = await rootOrganizationExists(db);
  const adminHash = hasRoot ? undefined : await hashPassword(DEFAULT_PASSWORD);

  return db.transaction(async (tx) => {
    await takeStartupLock(tx);
    // Checked again under the lock: another server may have seeded while we hashed.
    const seeded = !(await rootOrganizationExists(tx));
    const addedPrivileges = await syncSystemPrivileges(tx);
    if (seeded) await seedRoot(tx, adminHash ?? (await hashPassword(DEFAULT_PASSWORD)));
    await ensureDefaultCollectors(tx);
    return { seeded, addedPrivileges };
  });
}

async function rootOrganizationExists(db: Db): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM organizations WHERE is_root');
  return rowCount > 0;
}

async function seedRoot(tx: Db, adminPasswordHash: string): Promise<void> {
  const root = await insertOne(
    tx,
    'INSERT INTO organizations (name, description, is_root) VALUES ($1, $2, true) RETURNING uuid',
    [ROOT_ORGANIZATION_NAME, ROOT_ORGANIZATION_DESCRIPTION],
  );
  const provider = await findOrInsert(
    tx,
    'SELECT uuid FROM authentication_providers WHERE lower(provider_name) = lower($1)',
    [LOCAL_PROVIDER_NAME],
    'INSERT INTO authentication_providers (provider_name, provider_type, is_system) VALUES ($1, $2, true) RETURNING uuid',
    [LOCAL_PROVIDER_NAME, LOCAL_PROVIDER_TYPE],
  );
  const group = await insertOne(
    tx,
    `INSERT INTO user_groups (organization_uuid, name, description, is_system, created_by, updated_by)
     VALUES ($1, $2, $3, true, $4, $4) RETURNING uuid`,
    [root, ADMINISTRATORS_GROUP_NAME, 'Holds every privilege', SYSTEM_ACTOR],
  );
  const admin = await findOrInsert(
    tx,
    'SELECT uuid FROM users WHERE lower(name) = lower($1)',
    [ADMIN_USER_NAME],
    `INSERT INTO users (name, password_hash, provider_uuid, must_change_password)
     VALUES ($1, $2, $3, true) RETURNING uuid`,
    [ADMIN_USER_NAME, adminPasswordHash, provider],
  );
  await tx.query('INSERT INTO user_group_users (user_group_uuid, user_uuid) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    group,
    admin,
  ]);
  await tx.query(
    'INSERT INTO settings (organization_uuid, name, value) VALUES ($1, $2, $3) ON CONFLICT (organization_uuid, name) DO NOTHING',
    [root, SETUP_DONE_SETTING, 'false'],
  );
  await tx.query(
    `INSERT INTO user_group_privileges (user_group_uuid, privilege_uuid)
     SELECT $1, uuid FROM privileges WHERE is_system
     ON CONFLICT DO NOTHING`,
    [group],
  );
}

async function syncSystemPrivileges(tx: Db): Promise<string[]> {
  const { rows } = await tx.query<{ uuid: string; name: string }>(
    `INSERT INTO privileges (name, is_system)
     SELECT name, true FROM unnest($1::text[]) AS name
     ON CONFLICT (name) DO NOTHING
     RETURNING uuid, name`,
    [[...ALL_PRIVILEGE_NAMES]],
  );
  if (rows.length > 0) {
    await tx.query(
      `INSERT INTO user_group_privileges (user_group_uuid, privilege_uuid)
       SELECT ug.uuid, p.uuid
       FROM user_groups ug
       JOIN organizations o ON o.uuid = ug.organization_uuid AND o.is_root
       CROSS JOIN privileges p
       WHERE ug.is_system AND ug.name = $1 AND p.uuid = ANY($2::uuid[])
       ON CONFLICT DO NOTHING`,
      [ADMINISTRATORS_GROUP_NAME, rows.map((row) => row.uuid)],
    );
  }
  return rows.map((row) => row.name).sort();
}

async function insertOne(tx: Db, sql: string, params: unknown[]): Promise<string> {
  const { rows } = await tx.query<UuidRow>(sql, params);
  if (rows.length !== 1) throw new Error(`Seed: expected one row from: ${sql}`);
  return rows[0].uuid;
}

async function findOrInsert(
  tx: Db,
  findSql: string,
  findParams: unknown[],
  insertSql: string,
  insertParams: unknown[],
): Promise<string> {
  const found = await tx.query<UuidRow>(findSql, findParams);
  if (found.rows.length > 0) return found.rows[0].uuid;
  return insertOne(tx, insertSql, insertParams);
}
