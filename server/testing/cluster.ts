import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../db/db';
import { openDatabase } from '../db/open';
import { startPostgres, type PostgresServer } from '../db/testing/postgresServer';
import { exited, startServerProcess } from './serverProcess';

// Several real server processes on one PostgreSQL behind a small round-robin reverse proxy, all on
// loopback (server/reliability/README.md, "Several servers"): what a plant runs behind a load
// balancer, for tests and the `servers` reliability suite. Each server has its own data directory;
// the proxy spreads requests without sticky sessions, forwards X-Forwarded-For (the servers trust
// 127.0.0.1, HISTORIAN_TRUST_PROXY) and skips a server that refuses connections (a killed one), as a
// load balancer's health check would. A server can be killed (SIGKILL) and started again.

export interface ClusterServer {
  index: number;
  url: string;
  child: ChildProcess;
  dataDir: string;
  /** False between kill() and restart(). */
  alive: boolean;
}

export interface Cluster {
  /** The proxy's URL: what users and collectors use. */
  url: string;
  /** The shared database's URL (DATABASE_URL of every server). */
  databaseUrl: string;
  /** The shared database, migrated and seeded, for fixtures and for counting rows. */
  db: Db;
  servers: ClusterServer[];
  /** The server (by index) whose process id holds a lease in service_leases, if any. */
  leaseHolder(name: string): Promise<ClusterServer | undefined>;
  /** SIGKILL, and waits until the process has ended. */
  kill(index: number): Promise<void>;
  /** Starts a killed server again on its own data directory. */
  restart(index: number): Promise<void>;
  /** Requests the proxy forwarded, by server index (for tests that check both servers answered). */
  forwarded(): number[];
  stop(): Promise<void>;
}

export interface ClusterOptions {
  servers?: number;
  /** Extra environment for every server (e.g. HISTORIAN_TEST_JOB_TYPES, HISTORIAN_LEASE_TTL_MS). */
  env?: Record<string, string>;
  /** An already running PostgreSQL (a database is created in it); one is started (and stopped) when absent. */
  postgres?: PostgresServer;
}

/** The answer header naming the server that answered (added by the proxy). */
export const CLUSTER_SERVER_HEADER = 'x-cluster-server';

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.servers ?? 2;
  const ownPostgres = options.postgres === undefined;
  const postgres = options.postgres ?? (await startPostgres());
  const work = await mkdtemp(path.join(tmpdir(), 'historian-cluster-'));
  const clientDir = path.join(work, 'client');
  await mkdir(clientDir);
  // The built client is not needed: a stub page satisfies the static client's check.
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>cluster</title>');
  const databaseUrl = await postgres.createDatabase();
  // Migrated and seeded once here, so that the servers start on a ready database (they would also
  // take turns under the start-up lock).
  const db = await openDatabase({ databaseUrl, dataDir: path.join(work, 'fixtures') });

  const env = {
    DATABASE_URL: databaseUrl,
    HISTORIAN_TRUST_PROXY: '127.0.0.1',
    ...options.env,
  };
  const servers: ClusterServer[] = [];
  const launch = async (index: number) => {
    const dataDir = path.join(work, `server-${index}`);
    await mkdir(dataDir, { recursive: true });
    const { child, url } = await startServerProcess({ dataDir, clientDir, env });
    return { index, url, child, dataDir, alive: true };
  };
  try {
    // Started together, as a deployment does (the database is migrated already).
    const started = await Promise.allSettled(Array.from({ length: count }, (_, index) => launch(index)));
    for (const outcome of started) if (outcome.status === 'fulfilled') servers.push(outcome.value);
    const failed = started.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    for (const server of servers) server.child.kill('SIGKILL');
    await db.close();
    if (ownPostgres) await postgres.stop();
    throw error;
  }

  const answered: number[] = [];
  let next = 0;
  const proxy = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
      // Round robin over the live servers; a refused connection (a server just killed) goes to the next.
      const attempt = (tries: number) => {
        const alive = servers.filter((server) => server.alive);
        if (alive.length === 0 || tries >= servers.length) {
          response.writeHead(502, { 'content-type': 'text/plain' }).end('no server');
          return;
        }
        const server = alive[next++ % alive.length];
        const target = new URL(server.url);
        const upstream = http.request(
          {
            host: target.hostname,
            port: target.port,
            method: request.method,
            path: request.url,
            headers: { ...request.headers, 'x-forwarded-for': forwardedFor, host: request.headers.host ?? target.host, connection: 'close' },
          },
          (answer) => {
            answered.push(server.index);
            response.writeHead(answer.statusCode ?? 502, { ...answer.headers, [CLUSTER_SERVER_HEADER]: String(server.index) });
            answer.pipe(response);
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (response.headersSent) {
            response.destroy();
            return;
          }
          // Nothing was sent to a server that refused the connection: another one may take it.
          if (error.code === 'ECONNREFUSED') attempt(tries + 1);
          else response.writeHead(502, { 'content-type': 'text/plain' }).end('upstream failed');
        });
        upstream.end(body);
      };
      attempt(0);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  return {
    url,
    databaseUrl,
    db,
    servers,
    forwarded: () => [...answered],
    async leaseHolder(name) {
      const { rows } = await db.query<{ holder: string }>('SELECT holder FROM service_leases WHERE name = $1 AND expires_at > now()', [name]);
      const pid = Number(rows[0]?.holder.split(':')[0]);
      return servers.find((server) => server.alive && server.child.pid === pid);
    },
    async kill(index) {
      const server = servers[index];
      server.alive = false;
      server.child.kill('SIGKILL');
      await exited(server.child);
    },
    async restart(index) {
      const server = servers[index];
      if (server.alive) return;
      const started = await launch(index);
      server.child = started.child;
      server.url = started.url;
      server.alive = true;
    },
    async stop() {
      const closed = new Promise<void>((resolve) => proxy.close(() => resolve()));
      proxy.closeAllConnections();
      await closed;
      for (const server of servers) {
        server.alive = false;
        server.child.kill('SIGKILL');
        await exited(server.child);
      }
      await db.close();
      if (ownPostgres) await postgres.stop();
      await rm(work, { recursive: true, force: true });
    },
  };
}
