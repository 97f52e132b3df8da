import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAgent, type Agent } from './agent';
import { makeBuildSource } from './builds';
import { createCollectorClient, type CollectorClient } from './collectorClient';
import { openAgentHarness, waitFor, type AgentHarness } from './testing/agentHarness';

// The reference collector (README "Collectors") against a real server over HTTP: it registers,
// reports health as things happen, follows its status, applies settings without a restart, and
// installs an update only when the build matches its checksum.

const INTERVAL_MS = 150;
let h: AgentHarness;
const running: Agent[] = [];
const workDirs: string[] = [];

beforeAll(async () => {
  h = await openAgentHarness();
}, 60_000);

afterEach(async () => {
  await Promise.all(running.splice(0).map((agent) => agent.stop()));
});

afterAll(async () => {
  await h?.close();
  for (const dir of workDirs) rmSync(dir, { recursive: true, force: true });
}, 30_000);

interface Started {
  uuid: string;
  agent: Agent;
  lines: string[];
  workDir: string;
}

async function startAgent(options: { client?: (client: CollectorClient) => CollectorClient; workDir?: string; existing?: { uuid: string; token: string } } = {}): Promise<Started> {
  const collector = options.existing ?? (await h.newCollector());
  const workDir = options.workDir ?? mkdtempSync(path.join(os.tmpdir(), 'historian-agent-work-'));
  workDirs.push(workDir);
  const lines: string[] = [];
  const client = createCollectorClient({ url: h.url, token: collector.token });
  const agent = createAgent({ client: options.client ? options.client(client) : client, workDir, intervalMs: INTERVAL_MS, log: (line) => lines.push(line) });
  running.push(agent);
  await agent.start();
  return { uuid: collector.uuid, agent, lines, workDir };
}

const api = (method: 'PUT' | 'PATCH' | 'POST', url: string, payload: object) => h.t.app.inject({ method, url: `/api${url}`, headers: h.admin, payload });
const row = (uuid: string) => () => h.collectorRow(uuid);

describe('the reference collector', () => {
  it('registers and then reports Collecting while Active, sampling all the while', async () => {
    const { uuid, agent } = await startAgent();
    const registered = await waitFor(row(uuid), (r) => r.health === 'Collecting');
    expect(registered).toEqual(expect.objectContaining({ status: 'Active', build_version: '1.0.0' }));
    expect((await h.healthHistory(uuid)).slice(0, 2)).toEqual(['Initializing collector', 'Collecting']);
    const before = agent.snapshot().samples;
    await waitFor(() => agent.snapshot().samples, (samples) => samples > before);
  });

  it('reports Idle when there is nothing to collect (SignalCount 0)', async () => {
    const { uuid } = await startAgent();
    await waitFor(row(uuid), (r) => r.health === 'Collecting');
    await api('PUT', `/collectors/${uuid}`, { Name: `Idle ${uuid.slice(0, 4)}`, Settings: { SampleIntervalMs: 1000, SignalCount: 0 } });
    await waitFor(row(uuid), (r) => r.health === 'Idle');
  });

  it('pauses when paused: sampling stops and it reports Paused; it collects again once Active', async () => {
    const { uuid, agent, lines } = await startAgent();
    await waitFor(row(uuid), (r) => r.health === 'Collecting');
    expect((await api('PATCH', `/collectors/${uuid}/status`, { Status: 'Paused' })).statusCode).toBe(200);
    await waitFor(row(uuid), (r) => r.health === 'Paused');
    expect(agent.snapshot().sampling).toBe(false);
    const frozen = agent.snapshot();
    // Every cycle follows the status again: three more of them, each a chance to restart sampling.
    await waitFor(() => agent.snapshot().cycles, (cycles) => cycles >= frozen.cycles + 3);
    expect(agent.snapshot()).toMatchObject({ sampling: false, samples: frozen.samples });
    expect(lines).toContain('paused: collecting stopped');
    await api('PATCH', `/collectors/${uuid}/status`, { Status: 'Active' });
    await waitFor(row(uuid), (r) => r.health === 'Collecting');
  });

  it('applies a settings change without a restart and reports the version it applied', async () => {
    const { uuid, lines } = await startAgent();
    const first = await waitFor(row(uuid), (r) => r.health === 'Collecting');
    const response = await api('PUT', `/collectors/${uuid}`, {
      Name: `Tuned ${uuid.slice(0, 4)}`,
      Settings: { SampleIntervalMs: 250, Signal: 'ramp' },
      SecureSettings: { DeviceKey: 'k-123' },
    });
    const version = response.json<{ SettingsVersion: number }>().SettingsVersion;
    const applied = await waitFor(row(uuid), (r) => r.applied_settings_version === version);
    // The same registration: applying settings is no restart.
    expect(applied.registered_at).toEqual(first.registered_at);
    expect(lines).toContain(`settings v${version} applied: SampleIntervalMs=250 Signal=ramp SignalCount=1 PeriodSeconds=60 DeviceKey=set`);
    expect(lines.join('\n')).not.toContain('k-123');
  });

  it('installs an update: downloads it, verifies the checksum, switches and reports the new BuildVersion', async () => {
    const build = Buffer.from(makeBuildSource('1.1.0'));
    const { Checksum } = await h.uploadBuild('1.1.0', build);
    const { uuid, agent, lines, workDir } = await startAgent();
    await waitFor(row(uuid), (r) => r.health === 'Collecting');
    expect((await api('POST', `/collectors/${uuid}/start-update`, { Version: '1.1.0' })).statusCode).toBe(204);

    const updated = await waitFor(row(uuid), (r) => r.build_version === '1.1.0' && r.health === 'Collecting');
    expect(updated.update_version).toBeNull();
    expect(agent.snapshot().version).toBe('1.1.0');
    expect(lines).toContain(`checksum ${Checksum} verified; switching from 1.0.0 to 1.1.0`);
    expect(await h.healthHistory(uuid)).toEqual(expect.arrayContaining(['Collector restarting', 'Initializing collector']));
    expect(JSON.parse(readFileSync(path.join(workDir, 'current.json'), 'utf8'))).toEqual({ version: '1.1.0', checksum: Checksum });

    // A restart on the same work dir runs the build it switched to.
    await agent.stop();
    const again = await startAgent({ workDir, existing: { uuid, token: await freshToken(uuid) } });
    expect(again.agent.snapshot().version).toBe('1.1.0');
  });

  it('refuses a build that does not match its checksum, reports Unstable and stops asking for it', async () => {
    const { Checksum } = await h.uploadBuild('1.2.0', Buffer.from(makeBuildSource('1.2.0')));
    // The stored file changes after its checksum was taken: what a corrupted download looks like.
    writeFileSync(path.join(h.dataDir, 'product-updates', Checksum), makeBuildSource('6.6.6'));
    const { uuid, agent, lines } = await startAgent();
    await waitFor(row(uuid), (r) => r.health === 'Collecting');
    await api('POST', `/collectors/${uuid}/start-update`, { Version: '1.2.0' });
    await waitFor(row(uuid), (r) => r.update_version === null && r.health === 'Collecting');
    expect(agent.snapshot().version).toBe('1.0.0');
    expect(await h.healthHistory(uuid)).toContain('Unstable');
    expect(lines.some((line) => line.startsWith('update to 1.2.0 refused: checksum mismatch'))).toBe(true);
  });

  it('reports Unstable after the server could not be reached, then how it is again', async () => {
    let failures = 2;
    const flaky = (client: CollectorClient): CollectorClient => ({
      ...client,
      async reportHealth(report) {
        if (report.Health !== 'Collector closed' && failures-- > 0) throw new Error('connect ECONNREFUSED');
        return client.reportHealth(report);
      },
    });
    const { uuid } = await startAgent({ client: flaky });
    await waitFor(row(uuid), (r) => r.health === 'Collecting');
    expect(await h.healthHistory(uuid)).toEqual(['Initializing collector', 'Unstable', 'Collecting']);
  });

  it('stops when its token is revoked by a new one', async () => {
    const collector = await h.newCollector();
    const revoked = new Promise<void>((resolve) => {
      const client = createCollectorClient({ url: h.url, token: collector.token });
      const agent = createAgent({ client, workDir: mkdtempSync(path.join(os.tmpdir(), 'historian-agent-work-')), intervalMs: INTERVAL_MS, onRevoked: resolve });
      running.push(agent);
      void agent.start();
    });
    await waitFor(row(collector.uuid), (r) => r.health === 'Collecting');
    await freshToken(collector.uuid);
    await revoked;
  });
});

async function freshToken(uuid: string): Promise<string> {
  const response = await h.t.app.inject({ method: 'GET', url: `/api/collectors/${uuid}/token`, headers: h.admin });
  return response.json<{ Token: string }>().Token;
}
