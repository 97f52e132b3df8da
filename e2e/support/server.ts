import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { copyDirectory } from '../../server/testing/copyDirectory';

const root = path.resolve(__dirname, '../..');

/** Set by globalSetup: a migrated PGlite data directory to copy, see support/pgliteTemplate.ts. */
export const PGLITE_TEMPLATE_ENV = 'HISTORIAN_E2E_PGLITE_TEMPLATE';

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/info`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`The server did not answer within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts the real server (production client build, embedded PGlite in a temp directory). The
 * directory starts as a copy of the migrated template when there is one: the server still runs its
 * migrations (none left to apply) and seeds the database, as on a first start.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'historian-e2e-'));
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (template && existsSync(template) && !env.DATABASE_URL) await copyDirectory(template, dataDir);
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      HISTORIAN_DATA_DIR: dataDir,
      HISTORIAN_STRICT_RESPONSES: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log;
  try {
    await waitUntilUp(url, child, output, 60_000);
  } catch (error) {
    // A server that never answered must not outlive the suite, holding CPU and its directory.
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    dataDir,
    output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
