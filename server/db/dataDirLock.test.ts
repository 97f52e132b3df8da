import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATA_DIR_LOCK_STALE_MS, HistorianDataDirLockedError, acquireDataDirLock } from './dataDirLock';

// `node --import tsx` rather than the tsx binary: the binary runs the script in a child process,
// so its pid (and a SIGKILL sent to it) would miss the process that holds the lock.
const REPO_ROOT = path.resolve(__dirname, '../..');
const TSX_ARGS = ['--import', 'tsx'];
const PROBE = path.join(__dirname, 'testing', 'dataDirProbe.ts');
const LOCKED_EXIT_CODE = 2;
const CHILD_TIMEOUT_MS = 30_000;

let dataDir: string;
let holder: ChildProcess | undefined;

beforeEach(async () => {
  dataDir = await realpath(await mkdtemp(path.join(tmpdir(), 'historian-lock-test-')));
});

afterEach(async () => {
  holder?.kill('SIGKILL');
  holder = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

/** Starts a process that holds the lock on dataDir and resolves once it says so. */
function startHolder(dir: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...TSX_ARGS, PROBE, 'hold', dir], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('READY')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`holder exited early with ${code}: ${stderr}`)));
  });
}

function waitForExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

describe('data directory lock', () => {
  it('a second process on the same directory exits non-zero and says another server is using it', async () => {
    holder = await startHolder(dataDir);
    const second = spawnSync(process.execPath, [...TSX_ARGS, PROBE, 'open', dataDir], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: CHILD_TIMEOUT_MS,
    });
    expect(second.status).toBe(LOCKED_EXIT_CODE);
    expect(second.stderr).toContain(`Data directory ${dataDir} is locked: another Historian server is using it`);
    expect(second.stderr).toContain(`pid ${holder.pid}`);
    expect(second.stdout).not.toContain('READY');
  }, CHILD_TIMEOUT_MS);

  it('recovers at once the lock of a killed server on the same machine', async () => {
    holder = await startHolder(dataDir);
    await expect(acquireDataDirLock(dataDir)).rejects.toBeInstanceOf(HistorianDataDirLockedError);
    holder.kill('SIGKILL');
    await waitForExit(holder);
    const lock = await acquireDataDirLock(dataDir);
    await lock.release();
  }, CHILD_TIMEOUT_MS);

  it('refuses a second lock in the same process, and allows it after release', async () => {
    const first = await acquireDataDirLock(dataDir);
    await expect(acquireDataDirLock(path.join(dataDir, '.'))).rejects.toBeInstanceOf(HistorianDataDirLockedError);
    await first.release();
    const again = await acquireDataDirLock(dataDir);
    await again.release();
  });

  it('lets exactly one of two simultaneous attempts win', async () => {
    const results = await Promise.allSettled([acquireDataDirLock(dataDir), acquireDataDirLock(dataDir)]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    if (lost[0].status === 'rejected') expect(lost[0].reason).toBeInstanceOf(HistorianDataDirLockedError);
    if (won[0].status === 'fulfilled') await won[0].value.release();
  });

  describe('a lock left by a server on another machine (shared directory)', () => {
    async function leaveForeignLock(ageMs: number): Promise<void> {
      const lockDir = path.join(dataDir, '.historian.lock');
      await mkdir(lockDir);
      const owner = { pid: 4242, hostname: 'another-machine', bootId: '', startedAt: '2020-01-01T00:00:00.000Z' };
      await writeFile(path.join(dataDir, '.historian.lock-owner.json'), JSON.stringify(owner));
      const when = new Date(Date.now() - ageMs);
      await utimes(lockDir, when, when);
    }

    it('is respected while it is being refreshed', async () => {
      await leaveForeignLock(0);
      const error: unknown = await acquireDataDirLock(dataDir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HistorianDataDirLockedError);
      expect(String(error)).toContain('pid 4242 on host another-machine');
    });

    it('is taken over once it has not been refreshed for the stale period', async () => {
      await leaveForeignLock(DATA_DIR_LOCK_STALE_MS + 5_000);
      const lock = await acquireDataDirLock(dataDir);
      await lock.release();
    });
  });
});
