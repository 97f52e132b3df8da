import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { aptInstall, freePort } from '../../testing/services';

// A throw-away PostgreSQL server for integration tests: start once per suite, stop in afterAll.
// It listens on 127.0.0.1 only, trusts every local connection and trades durability for speed.

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';
const PREFERRED_VERSION = '15';

export interface PostgresServer {
  /** URL of the `postgres` database, as superuser `postgres`. */
  url: string;
  /** Creates an empty database with a unique name and returns its URL, for tests that need isolation. */
  createDatabase(): Promise<string>;
  /** Stops the server and deletes its files. */
  stop(): Promise<void>;
  /**
   * Stops the server but keeps its data, as an operator's restart or a crash would ('fast' ends the
   * sessions cleanly, 'immediate' is a crash); `resume` starts it again on the same port.
   */
  halt(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts a halted server again on the same port and data; resolves once it takes connections. */
  resume(): Promise<void>;
  /** Its port on 127.0.0.1. */
  port: number;
}

function findBinDir(): string | undefined {
  if (!existsSync(PG_ROOT)) return undefined;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(path.join(PG_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  const version = versions.includes(PREFERRED_VERSION) ? PREFERRED_VERSION : versions[0];
  return version === undefined ? undefined : path.join(PG_ROOT, version, 'bin');
}

async function ensureBinDir(): Promise<string> {
  const found = findBinDir();
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new Error(`PostgreSQL is not installed (no initdb under ${PG_ROOT}); run: sudo apt-get install -y postgresql`);
  }
  try {
    await installPostgres();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`PostgreSQL is not installed and "apt-get install -y postgresql" failed: ${reason}`, { cause: error });
  }
  const installed = findBinDir();
  if (!installed) throw new Error(`apt-get installed postgresql but no initdb was found under ${PG_ROOT}`);
  return installed;
}

async function installPostgres(): Promise<void> {
  await aptInstall(['postgresql']);
}


/** PostgreSQL refuses to run as root, so as root its tools run as the `postgres` user. */
function asPostgres(bin: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

export interface StartPostgresOptions {
  /**
   * Commits durable as in production (synchronous_commit on). By default a commit is answered
   * before its WAL is written, which is faster; an immediate stop (halt('immediate'), as a crash)
   * may then lose the last commits answered, so tests that stop it so and count what was
   * acknowledged need this.
   */
  durableCommits?: boolean;
}

export async function startPostgres(startOptions: StartPostgresOptions = {}): Promise<PostgresServer> {
  const binDir = await ensureBinDir();
  const root = await mkdtemp(path.join(tmpdir(), 'historian-pg-'));
  const dataDir = path.join(root, 'data');
  const pgCtl = path.join(binDir, 'pg_ctl');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    await chown(root, uid, gid);
  }
  const initdb = asPostgres(path.join(binDir, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  await run(initdb[0], initdb[1]);

  let port = 0;
  let lastError: unknown;
  const startArgs = (candidate: number) => {
    // fsync off all the same: a stopped PostgreSQL leaves what it wrote in the system's cache.
    const commits = startOptions.durableCommits ? '' : ' -c synchronous_commit=off';
    const options = `-p ${candidate} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off${commits} -c full_page_writes=off`;
    return asPostgres(pgCtl, ['-D', dataDir, '-o', options, '-l', path.join(root, 'server.log'), '-w', '-t', '60', 'start']);
  };
  // Another process may take the free port between our probe and the server's bind: retry.
  for (let attempt = 0; attempt < 3 && port === 0; attempt += 1) {
    const candidate = await freePort();
    const start = startArgs(candidate);
    try {
      await run(start[0], start[1]);
      port = candidate;
    } catch (error) {
      lastError = error;
    }
  }
  if (port === 0) {
    await rm(root, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${lastError instanceof Error ? lastError.message : String(lastError)}`);
  }

  const stopArgs = asPostgres(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
  // If the test process dies without afterAll, do not leave a server running.
  const onExit = (): void => {
    try {
      execFileSync(stopArgs[0], stopArgs[1], { stdio: 'ignore' });
    } catch {
      // Already stopped.
    }
  };
  process.once('exit', onExit);

  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  let databases = 0;
  let stopped = false;
  let halted = false;
  return {
    url,
    port,
    async halt(mode = 'fast') {
      if (stopped || halted) return;
      const halt = asPostgres(pgCtl, ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
      await run(halt[0], halt[1]);
      halted = true;
    },
    async resume() {
      if (stopped || !halted) return;
      const start = startArgs(port);
      await run(start[0], start[1]);
      halted = false;
    },
    async createDatabase() {
      databases += 1;
      const name = `historian_test_${databases}`;
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgresql://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', onExit);
      try {
        if (!halted) await run(stopArgs[0], stopArgs[1]);
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    },
  };
}
