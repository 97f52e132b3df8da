import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../db';
import { loadMigrations, runMigrations } from '../migrate';
import { openDatabase } from '../open';
import { openPgliteDb } from '../pglite';
import { copyDirectory } from '../../testing/copyDirectory';

// A fresh, migrated and seeded PGlite database for a test file, in a fraction of a cold start:
// the first caller on the machine builds a migrated template (initdb + migrations, seconds),
// every later caller copies it and reopens it (about 2 s, most of it PGlite starting). The template's name carries
// a hash of the migrations and of the PGlite version, so a changed migration builds a new one.

export interface TestDatabase {
  db: Db;
  dataDir: string;
  /** Closes the database and deletes its directory. */
  cleanup(): Promise<void>;
}

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  for (const migration of await loadMigrations()) hash.update(migration.name).update(migration.checksum);
  // The package's exports hide package.json; it sits one folder above the entry point.
  const manifest = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  hash.update(await readFile(manifest, 'utf8'));
  return hash.digest('hex').slice(0, 16);
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

export async function ensureTemplate(): Promise<string> {
  const template = path.join(tmpdir(), `historian-pglite-template-${await templateKey()}`);
  if (await exists(template)) return template;
  // Built aside and renamed into place, so a parallel Jest worker never copies half a template.
  const building = `${template}.building-${randomUUID()}`;
  try {
    const db = await openPgliteDb(building);
    try {
      await runMigrations(db);
    } finally {
      await db.close();
    }
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw explainPgliteUnderJest(error);
  }
  try {
    await rename(building, template);
  } catch {
    // Another worker finished first; its template is as good as ours.
    await rm(building, { recursive: true, force: true });
  }
  return template;
}

/**
 * PGlite's CommonJS build loads Node modules with import(), which Jest's sandbox allows only when
 * Node runs with --experimental-vm-modules. Turns the cryptic TypeError into the fix.
 */
export function explainPgliteUnderJest(error: unknown): unknown {
  if (!String(error).includes('experimental-vm-modules')) return error;
  return new Error('PGlite under Jest needs NODE_OPTIONS=--experimental-vm-modules (see server/db/testing/testDatabase.ts)', {
    cause: error,
  });
}

/** Use once per test file (beforeAll), then `cleanup()` in afterAll. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const template = await ensureTemplate();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'historian-test-db-'));
  let db: Db;
  try {
    await copyDirectory(template, dataDir);
    db = await openDatabase({ dataDir, databaseUrl: undefined }, { onWarning: () => undefined });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw explainPgliteUnderJest(error);
  }
  return {
    db,
    dataDir,
    async cleanup() {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
