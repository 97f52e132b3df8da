import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { lock as lockPath } from 'proper-lockfile';

// Two processes on one PGlite directory silently lose acknowledged writes, so only one server may
// open a data directory. proper-lockfile gives an atomic mkdir lock whose mtime it refreshes; a
// small owner file beside it (pid, host, boot) lets a restart on the same machine take over at
// once from a killed server instead of waiting for the mtime to go stale, and stops a live but
// busy server (PGlite runs queries on the main thread) from having its lock stolen.

const LOCK_NAME = '.historian.lock';
const OWNER_NAME = '.historian.lock-owner.json';
/** proper-lockfile makes `${GUARD_NAME}.lock` beside it. */
const GUARD_NAME = '.historian-guard';
/** Only used when the owner cannot be checked by pid (another host, or no owner file). */
export const DATA_DIR_LOCK_STALE_MS = 30_000;

interface LockOwner {
  pid: number;
  hostname: string;
  bootId: string;
  startedAt: string;
}

export class HistorianDataDirLockedError extends Error {
  readonly dataDir: string;
  readonly ownerPid: number | undefined;

  constructor(dataDir: string, owner: LockOwner | undefined) {
    const who = owner
      ? `pid ${owner.pid} on host ${owner.hostname}, since ${owner.startedAt}`
      : `lock ${path.join(dataDir, LOCK_NAME)}; it expires ${DATA_DIR_LOCK_STALE_MS / 1000} s after its holder stops`;
    super(
      `Data directory ${dataDir} is locked: another Historian server is using it (${who}). ` +
        'Stop that server first, or set HISTORIAN_DATA_DIR to a different directory.',
    );
    this.name = 'HistorianDataDirLockedError';
    this.dataDir = dataDir;
    this.ownerPid = owner?.pid;
  }
}

export function isHistorianDataDirLockedError(error: unknown): error is HistorianDataDirLockedError {
  return error instanceof HistorianDataDirLockedError;
}

export interface DataDirLock {
  readonly dataDir: string;
  release(): Promise<void>;
}

export interface DataDirLockOptions {
  /**
   * Called if another process removed or took over our lock. The default throws from a timer,
   * which ends the process: carrying on would let two servers write the same files.
   */
  onCompromised?: (error: Error) => void;
}

/** Directories this process holds, so that a second open in-process is refused like any other. */
const heldHere = new Set<string>();

export async function acquireDataDirLock(dataDir: string, options: DataDirLockOptions = {}): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  // One lock per physical directory, whatever path or symlink names it.
  const dir = await realpath(dataDir);
  const lockFile = path.join(dir, LOCK_NAME);
  const ownerFile = path.join(dir, OWNER_NAME);

  // The guard makes "inspect the owner, maybe clear a dead lock, take the lock, write the owner"
  // one step, so two servers starting after a crash cannot both clear and both take it.
  // proper-lockfile keys its registry by the locked path, not the lock file: the guard must lock
  // a different path than the main lock, or releasing one would release the other.
  const releaseGuard = await lockPath(path.join(dir, GUARD_NAME), {
    realpath: false,
    stale: 5_000,
    retries: { retries: 40, minTimeout: 25, maxTimeout: 250 },
    onCompromised: () => undefined,
  });
  try {
    const owner = await readOwner(ownerFile);
    // Checked under the guard: two opens in one process must not both get through.
    if (heldHere.has(dir)) throw new HistorianDataDirLockedError(dir, owner);
    if (await exists(lockFile)) {
      const verdict = owner ? judgeOwner(owner) : 'unknown';
      if (verdict === 'alive') throw new HistorianDataDirLockedError(dir, owner);
      if (verdict === 'dead') await rm(lockFile, { recursive: true, force: true });
    }
    let releaseLock: () => Promise<void>;
    try {
      releaseLock = await lockPath(dir, {
        lockfilePath: lockFile,
        realpath: false,
        stale: DATA_DIR_LOCK_STALE_MS,
        retries: 0,
        onCompromised: options.onCompromised ?? defaultOnCompromised(dir),
      });
    } catch (error) {
      if (hasCode(error, 'ELOCKED')) throw new HistorianDataDirLockedError(dir, owner);
      throw error;
    }
    await writeOwner(ownerFile);
    heldHere.add(dir);
    let released = false;
    return {
      dataDir: dir,
      async release() {
        if (released) return;
        released = true;
        heldHere.delete(dir);
        await rm(ownerFile, { force: true });
        await releaseLock();
      },
    };
  } finally {
    await releaseGuard();
  }
}

/**
 * 'dead': the owner ran on this machine and is gone (or ran before the last reboot).
 * 'alive': it still runs here. 'unknown': another host; proper-lockfile's mtime rule decides.
 */
function judgeOwner(owner: LockOwner): 'alive' | 'dead' | 'unknown' {
  if (owner.hostname !== hostname()) return 'unknown';
  const boot = currentBootId();
  if (boot !== '' && owner.bootId !== '' && owner.bootId !== boot) return 'dead';
  // Our own pid in a lock we do not hold: a previous run with the same pid (pid 1 in a container).
  if (owner.pid === process.pid) return 'dead';
  return isProcessAlive(owner.pid) ? 'alive' : 'dead';
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return hasCode(error, 'EPERM');
  }
}

let bootIdCache: string | undefined;
function currentBootId(): string {
  if (bootIdCache === undefined) {
    try {
      // Synchronous on purpose: read once, tiny, and only on Linux.
      bootIdCache = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
      bootIdCache = '';
    }
  }
  return bootIdCache;
}

async function readOwner(file: string): Promise<LockOwner | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    return isLockOwner(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

async function writeOwner(file: string): Promise<void> {
  const owner: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    bootId: currentBootId(),
    startedAt: new Date().toISOString(),
  };
  // Write then rename, so a reader never sees half a file.
  const tmp = `${file}.${randomUUID()}.tmp`;
  await writeFile(tmp, JSON.stringify(owner));
  await rename(tmp, file);
}

function isLockOwner(value: unknown): value is LockOwner {
  if (typeof value !== 'object' || value === null) return false;
  return (
    'pid' in value &&
    typeof value.pid === 'number' &&
    'hostname' in value &&
    typeof value.hostname === 'string' &&
    'bootId' in value &&
    typeof value.bootId === 'string' &&
    'startedAt' in value &&
    typeof value.startedAt === 'string'
  );
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

function hasCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}

function defaultOnCompromised(dir: string): (error: Error) => void {
  return (error) => {
    throw new Error(`Lost the lock on data directory ${dir} (${error.message}); stopping so that two servers never write it`);
  };
}
