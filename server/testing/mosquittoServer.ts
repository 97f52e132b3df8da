import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { connect as mqttConnect, type MqttClient } from 'mqtt';
import { aptInstall, freePort } from './services';

// A real Mosquitto (Debian's) on 127.0.0.1 and a free port for the sink tests: a config file in a
// temp dir, anonymous access, or users from a password file made with mosquitto_passwd. Start it
// once per test file; stop() and restart() play a broker outage on the same port.

const run = promisify(execFile);
const MOSQUITTO = '/usr/sbin/mosquitto';
const MOSQUITTO_PASSWD = '/usr/bin/mosquitto_passwd';

export interface MosquittoOptions {
  /** When given, only these users may connect (allow_anonymous false). */
  users?: Record<string, string>;
  /**
   * Keep sessions (clean: false subscribers) and their queued messages across stop() and
   * restart(): a subscriber then misses nothing published while it reconnects.
   */
  persistence?: boolean;
}

export interface MosquittoServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Stops (when running) and starts again on the same port. */
  restart(): Promise<void>;
  /** Starts again after stop(). */
  start(): Promise<void>;
  /** Stops for good and removes the config directory (afterAll). */
  close(): Promise<void>;
}

function untilListening(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`mosquitto did not listen on ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

export async function startMosquitto(options: MosquittoOptions = {}): Promise<MosquittoServer> {
  if (!existsSync(MOSQUITTO)) await aptInstall(['mosquitto']);
  const dir = await mkdtemp(path.join(tmpdir(), 'mosquitto-'));
  const port = await freePort();
  const lines = [`listener ${port} 127.0.0.1`, 'log_dest stderr', 'log_type error'];
  lines.push(...(options.persistence ? ['persistence true', `persistence_location ${dir}/`, 'max_queued_messages 0'] : ['persistence false']));
  // Run as root (CI containers), mosquitto would drop to its own user, who cannot read this temp dir.
  if (process.getuid?.() === 0) lines.push('user root');
  if (options.users) {
    const passwordFile = path.join(dir, 'passwords');
    await writeFile(passwordFile, '', { mode: 0o600 });
    for (const [user, password] of Object.entries(options.users)) await run(MOSQUITTO_PASSWD, ['-b', passwordFile, user, password]);
    lines.push('allow_anonymous false', `password_file ${passwordFile}`);
  } else {
    lines.push('allow_anonymous true');
  }
  const configFile = path.join(dir, 'mosquitto.conf');
  await writeFile(configFile, `${lines.join('\n')}\n`);

  let child: ChildProcess | undefined;
  const start = async () => {
    if (child) return;
    const started = spawn(MOSQUITTO, ['-c', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    started.stderr?.on('data', (chunk: Buffer) => {
      errors = `${errors}${chunk.toString()}`.slice(-2000);
    });
    child = started;
    started.once('exit', () => {
      if (child === started) child = undefined;
    });
    await untilListening(port).catch((error: Error) => {
      throw new Error(`${error.message}: ${errors}`);
    });
  };
  const stop = async () => {
    const running = child;
    if (!running) return;
    child = undefined;
    // SIGTERM: mosquitto saves its sessions (persistence) before it exits.
    await new Promise<void>((resolve) => {
      const kill = setTimeout(() => running.kill('SIGKILL'), 3000);
      running.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      running.kill('SIGTERM');
    });
  };
  await start();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    start,
    stop: async () => {
      await stop();
    },
    restart: async () => {
      await stop();
      await start();
    },
    close: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface ReceivedMessage {
  topic: string;
  payload: Buffer;
}

/**
 * A consumer subscribed at QoS 1 whose session outlives broker restarts (clean: false, with a
 * broker started with persistence), as a plant's consumer runs: it misses nothing while it reconnects.
 * End `client` in afterEach/afterAll.
 */
export async function subscribeTo(url: string, topic: string, clientId = `sub-${Math.random().toString(16).slice(2)}`): Promise<{ client: MqttClient; received: ReceivedMessage[] }> {
  const received: ReceivedMessage[] = [];
  const client = mqttConnect(url, { clientId, clean: false, reconnectPeriod: 100, protocolVersion: 4 });
  client.on('message', (t, payload) => received.push({ topic: t, payload }));
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  await client.subscribeAsync(topic, { qos: 1 });
  return { client, received };
}
