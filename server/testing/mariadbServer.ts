import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import mysql from 'mysql2/promise';
import { aptInstall, freePort } from './services';

// A throw-away MariaDB for integration tests: start once per file (beforeAll), stop in afterAll.
// It listens on 127.0.0.1 only, checks passwords (grants are on: a wrong password is refused),
// and its root signs in over the socket without one. createUser makes a user with a password.

const run = promisify(execFile);

export interface MariadbServer {
  host: string;
  port: number;
  /** Runs SQL as root (through the socket). */
  query(sql: string, values?: unknown[]): Promise<unknown>;
  /** A user with all privileges on `database` (created when missing). */
  createUser(user: string, password: string, database: string): Promise<void>;
  stop(): Promise<void>;
}

const binary = (name: string) => ['/usr/sbin', '/usr/bin'].map((dir) => path.join(dir, name)).find((file) => existsSync(file));

async function ensureInstalled(): Promise<{ installDb: string; server: string }> {
  let installDb = binary('mariadb-install-db');
  let server = binary('mariadbd');
  if (!installDb || !server) {
    await aptInstall(['mariadb-server']);
    installDb = binary('mariadb-install-db');
    server = binary('mariadbd');
  }
  if (!installDb || !server) throw new Error('mariadb-server is installed but mariadb-install-db or mariadbd is missing');
  return { installDb, server };
}

async function waitForSocket(socketPath: string, child: ChildProcess, log: () => string): Promise<mysql.Connection> {
  const deadline = Date.now() + 60_000;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`mariadbd exited (${child.exitCode}): ${log()}`);
    try {
      return await mysql.createConnection({ socketPath, user: 'root' });
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`mariadbd did not start: ${lastError instanceof Error ? lastError.message : String(lastError)}; ${log()}`);
}

export async function startMariadb(): Promise<MariadbServer> {
  const { installDb, server } = await ensureInstalled();
  const root = await mkdtemp(path.join(tmpdir(), 'historian-mariadb-'));
  const dataDir = path.join(root, 'data');
  const socketPath = path.join(root, 'sock');
  const asRoot = process.getuid?.() === 0 ? ['--user=root'] : [];
  await run(installDb, [`--datadir=${dataDir}`, '--auth-root-authentication-method=socket', '--skip-test-db', ...asRoot], { timeout: 120_000 });
  const port = await freePort();
  let output = '';
  const child = spawn(
    server,
    [
      '--no-defaults',
      `--datadir=${dataDir}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--socket=${socketPath}`,
      `--pid-file=${path.join(root, 'pid')}`,
      '--skip-log-bin',
      '--innodb-buffer-pool-size=16M',
      '--innodb-log-file-size=8M',
      '--innodb-flush-log-at-trx-commit=0',
      '--skip-name-resolve',
      ...asRoot,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const onExit = () => child.kill('SIGKILL');
  process.once('exit', onExit);
  let admin: mysql.Connection;
  try {
    admin = await waitForSocket(socketPath, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    process.removeListener('exit', onExit);
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  return {
    host: '127.0.0.1',
    port,
    query: async (sql, values) => (await admin.query(sql, values))[0],
    async createUser(user, password, database) {
      await admin.query(`CREATE DATABASE IF NOT EXISTS \`${database}\``);
      await admin.query('CREATE USER IF NOT EXISTS ?@? IDENTIFIED BY ?', [user, '127.0.0.1', password]);
      await admin.query(`GRANT ALL ON \`${database}\`.* TO ?@?`, [user, '127.0.0.1']);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', onExit);
      await admin.end().catch(() => undefined);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      await rm(root, { recursive: true, force: true });
    },
  };
}
