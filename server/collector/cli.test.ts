import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadBuild } from './builds';
import { openAgentHarness, waitFor, type AgentHarness } from './testing/agentHarness';

// `npm run collector` is a process of its own that talks HTTP to the server.

const root = path.resolve(__dirname, '../..');
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const cli = path.join(root, 'server/collector/cli.ts');
let h: AgentHarness;
let workDir: string;

beforeAll(async () => {
  h = await openAgentHarness();
  workDir = mkdtempSync(path.join(os.tmpdir(), 'historian-cli-'));
}, 60_000);

afterAll(async () => {
  await h?.close();
  rmSync(workDir, { recursive: true, force: true });
}, 30_000);

describe('npm run collector', () => {
  it('runs a collector process that registers, reports health and reports Collector closed on SIGTERM', async () => {
    const { uuid, token } = await h.newCollector('Process collector');
    const child = spawn(process.execPath, [tsx, cli, '--url', h.url, '--token', token, '--work-dir', workDir, '--interval-ms', '200'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitFor(() => h.collectorRow(uuid), (r) => r.health === 'Collecting', 30_000);
      expect(output).toContain('registered as Process collector');
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect((await h.collectorRow(uuid)).health).toBe('Collector closed');
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);

  it('make-build writes a build of the given version', () => {
    const out = path.join(workDir, 'build-3.0.0.js');
    const result = spawnSync(process.execPath, [tsx, cli, 'make-build', '--version', '3.0.0', '--out', out], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(loadBuild(readFileSync(out, 'utf8'), out).version).toBe('3.0.0');
  }, 30_000);

  it('refuses to start without --url and --token', () => {
    const result = spawnSync(process.execPath, [tsx, cli], { encoding: 'utf8', env: { ...process.env, HISTORIAN_COLLECTOR_TOKEN: '' } });
    expect(result.status).toBe(64);
    expect(result.stderr).toContain('--url and --token are required');
  }, 30_000);
});
