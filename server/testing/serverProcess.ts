import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './services';

// The real server as a process of its own, for tests that kill it (SIGKILL) and start it again on
// the same data directory. Started as `node --import tsx`, not through the tsx binary, so that a
// signal reaches the server itself rather than a wrapper.

const REPO_ROOT = path.resolve(__dirname, '../..');
const MAIN = path.join(REPO_ROOT, 'server', 'main.ts');

export interface ServerProcessOptions {
  dataDir: string;
  clientDir: string;
  /** Extra environment, e.g. HISTORIAN_TEST_JOB_TYPES. */
  env?: Record<string, string>;
}

/** Resolves once the server says it listens; rejects with its output if it exits first. */
export async function startServerProcess(options: ServerProcessOptions): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      HISTORIAN_DATA_DIR: options.dataDir,
      HISTORIAN_CLIENT_DIR: options.clientDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

/** Resolves when the process has ended (at once if it already has). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
