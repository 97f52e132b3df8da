import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { aptInstall, freePort } from '../../testing/services';

// A throw-away InfluxDB 1.x (Debian's influxdb package) for integration tests: start once per
// test file, stop in afterAll. Loopback only, authentication on, one admin made through the
// first-user flow (1.x lets an unauthenticated caller create the first user, and only that).

const INFLUXD = '/usr/bin/influxd';
const START_TIMEOUT_MS = 30_000;

export interface InfluxServer {
  url: string;
  adminUser: string;
  adminPassword: string;
  /** Stops the server and deletes its files. */
  stop(): Promise<void>;
}


async function ensureInfluxd(): Promise<string> {
  if (existsSync(INFLUXD)) return INFLUXD;
  await aptInstall(['influxdb']);
  if (!existsSync(INFLUXD)) throw new Error(`apt-get installed influxdb but ${INFLUXD} is missing`);
  return INFLUXD;
}

function config(root: string, rpcPort: number, httpPort: number): string {
  return `reporting-disabled = true
bind-address = "127.0.0.1:${rpcPort}"
[meta]
  dir = "${root}/meta"
[data]
  dir = "${root}/data"
  wal-dir = "${root}/wal"
  query-log-enabled = false
  wal-fsync-delay = "100ms"
[http]
  bind-address = "127.0.0.1:${httpPort}"
  auth-enabled = true
  log-enabled = false
[logging]
  level = "warn"
[monitor]
  store-enabled = false
[continuous_queries]
  enabled = false
[[udp]]
  enabled = false
`;
}

async function waitForPing(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`influxd exited with ${child.exitCode}: ${(await readFile(logFile, 'utf8')).slice(-2000)}`);
    const status = await fetch(`${url}/ping`).then((r) => r.status, () => 0);
    if (status === 204) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`influxd did not answer /ping within ${START_TIMEOUT_MS} ms`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function startOnce(binary: string, root: string): Promise<{ child: ChildProcess; url: string }> {
  const [rpcPort, httpPort] = [await freePort(), await freePort()];
  const configFile = path.join(root, 'influxdb.conf');
  await writeFile(configFile, config(root, rpcPort, httpPort));
  const logFile = path.join(root, 'influxd.log');
  const log = await open(logFile, 'a');
  const child = spawn(binary, ['-config', configFile], { stdio: ['ignore', log.fd, log.fd] });
  await log.close();
  const url = `http://127.0.0.1:${httpPort}`;
  try {
    await waitForPing(url, child, logFile);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { child, url };
}

export async function startInfluxDb(): Promise<InfluxServer> {
  const binary = await ensureInfluxd();
  const root = await mkdtemp(path.join(tmpdir(), 'historian-influx-'));
  let started: { child: ChildProcess; url: string } | undefined;
  let lastError: unknown;
  // Another process may take a probed port before influxd binds it: retry with new ports.
  for (let attempt = 0; attempt < 3 && !started; attempt += 1) {
    started = await startOnce(binary, root).catch((error: unknown) => {
      lastError = error;
      return undefined;
    });
  }
  if (!started) {
    await rm(root, { recursive: true, force: true });
    throw new Error(`InfluxDB did not start: ${lastError instanceof Error ? lastError.message : String(lastError)}`);
  }
  const { child, url } = started;
  // If the test process dies without afterAll, do not leave a server running.
  const onExit = () => child.kill('SIGKILL');
  process.once('exit', onExit);

  const adminUser = 'admin';
  const adminPassword = randomBytes(12).toString('hex');
  const body = new URLSearchParams({ q: `CREATE USER "${adminUser}" WITH PASSWORD '${adminPassword}' WITH ALL PRIVILEGES` });
  const created = await fetch(`${url}/query`, { method: 'POST', body });
  if (!created.ok) {
    const reason = `${created.status} ${await created.text()}`;
    process.removeListener('exit', onExit);
    await stopChild(child);
    await rm(root, { recursive: true, force: true });
    throw new Error(`Could not create the InfluxDB admin: ${reason}`);
  }

  let stopped = false;
  return {
    url,
    adminUser,
    adminPassword,
    async stop() {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', onExit);
      try {
        await stopChild(child);
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    },
  };
}
