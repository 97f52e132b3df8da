import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

export interface RunningCollector {
  /** Everything the process printed so far. */
  output: () => string;
  /** Resolves once the output has a line containing `text`. */
  waitForOutput: (text: string, timeoutMs?: number) => Promise<void>;
  stop: () => Promise<void>;
}

/** `npm run collector -- --url … --token …`: the reference collector as a process of its own. */
export function startCollector(url: string, token: string, intervalMs = 1000): RunningCollector {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'historian-e2e-collector-'));
  let log = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'server/collector/cli.ts'), '--url', url, '--token', token, '--work-dir', workDir, '--interval-ms', String(intervalMs)],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  return {
    output: () => log,
    async waitForOutput(text, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!log.includes(text)) {
        if (child.exitCode !== null) throw new Error(`The collector exited with ${child.exitCode}:\n${log}`);
        if (Date.now() > deadline) throw new Error(`The collector never printed "${text}":\n${log}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
