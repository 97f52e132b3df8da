import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/db';
import { productUpdatesRepository } from '../repositories/productUpdates';

// Uploaded builds on disk, named by their SHA-256: <HISTORIAN_DATA_DIR>/product-updates/<sha256>.
// The name is the checksum, so a file cannot be swapped under a row without the row's checksum
// giving it away, and the same build uploaded for two platforms is stored once. The data dir
// exists with DATABASE_URL too: several servers on one PostgreSQL need it on shared storage.

const CHECKSUM = /^[0-9a-f]{64}$/;

export function productUpdatesDir(dataDir: string): string {
  return path.join(dataDir, 'product-updates');
}

export function buildFile(dataDir: string, checksum: string): string {
  // The checksum comes from our own rows; checked all the same, as it becomes a path.
  if (!CHECKSUM.test(checksum)) throw new Error(`Not a SHA-256 checksum: ${checksum}`);
  return path.join(productUpdatesDir(dataDir), checksum);
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** Writes the build (atomically: to a side file, then renamed) and answers its checksum. */
export async function storeBuild(dataDir: string, bytes: Uint8Array): Promise<{ checksum: string; size: number }> {
  const checksum = sha256(bytes);
  const target = buildFile(dataDir, checksum);
  if (!(await exists(target))) {
    await mkdir(productUpdatesDir(dataDir), { recursive: true });
    const side = `${target}.part-${randomUUID()}`;
    await writeFile(side, bytes);
    await rename(side, target);
  }
  return { checksum, size: bytes.byteLength };
}

/** Removes the file once no product update refers to its checksum any more. */
export async function removeBuildIfUnused(db: Db, dataDir: string, checksum: string): Promise<void> {
  if (!(await productUpdatesRepository(db).checksumInUse(checksum))) await rm(buildFile(dataDir, checksum), { force: true });
}
