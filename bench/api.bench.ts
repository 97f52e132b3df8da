// `npm run bench -- api`: what a signed-in call costs. The real server runs in-process, once on
// the embedded PGlite and once on a throw-away PostgreSQL 15, with 100 collectors in one
// organization; a bare Fastify route runs in the same process beside it. autocannon (in a worker
// thread, so it does not share the server's event loop) drives each for BENCH_API_SECONDS (10 s)
// at 20 and 100 connections on 127.0.0.1, and the bench prints req/s, p50, p99 and max of the bare
// route, GET /collectors and GET /current-user side by side, the ratio of GET /collectors to the
// bare route, and the server process's RSS. Each backend runs in a child process of its own, so
// the RSS of one does not carry into the other. Figures only, never pass/fail; on a machine that
// others share, read the ratios rather than the absolute numbers.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { createTestOrganization, createTestUser, sessionHeaders } from '../server/auth/testing/testUsers';
import { insertCollector } from '../server/collectors/testing/collectorFixtures';
import { loadConfig } from '../server/config';
import type { Db } from '../server/db/db';
import { openDatabase } from '../server/db/open';
import { startPostgres, type PostgresServer } from '../server/db/testing/postgresServer';

type Backend = 'pglite' | 'postgres';
const BACKENDS: readonly Backend[] = ['pglite', 'postgres'];
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const CONNECTIONS = [20, 100];
const COLLECTORS = 100;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

interface Target {
  label: string;
  url: string;
  headers: Record<string, string>;
}

interface Figures {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
}

async function load(target: Target, connections: number, seconds: number): Promise<Figures> {
  const result = await autocannon({
    url: target.url,
    headers: target.headers,
    connections,
    duration: seconds,
    // A worker thread: the load generator does not steal the server's event loop.
    workers: 1,
  });
  return {
    label: target.label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

function printTable(rows: Figures[]): void {
  console.log(`  ${'call'.padEnd(20)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'failed'.padStart(7)}`);
  for (const row of rows) {
    console.log(
      `  ${row.label.padEnd(20)} ${row.rps.toFixed(0).padStart(8)} ${row.p50.toFixed(1).padStart(8)} ${row.p99.toFixed(1).padStart(8)} ${row.max.toFixed(0).padStart(8)} ${String(row.failed).padStart(7)}`,
    );
  }
}

async function seed(db: Db, ctx: Parameters<typeof sessionHeaders>[0]) {
  const organization = await createTestOrganization(db, 'Bench plant');
  for (let i = 0; i < COLLECTORS; i += 1) {
    await insertCollector(db, organization, { name: `Collector ${String(i).padStart(3, '0')}`, status: ['Initial', 'Paused', 'Active', 'Deleted'][i % 4] });
  }
  const user = await createTestUser(db, { privileges: { [organization]: ['READ_COLLECTORS'] } });
  return { ...(await sessionHeaders(ctx, user.uuid)), 'x-organization-uuid': organization };
}

async function runBackend(backend: Backend): Promise<void> {
  const rssAtStart = process.memoryUsage().rss;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'historian-bench-api-'));
  let postgres: PostgresServer | undefined;
  let db: Db | undefined;
  try {
    if (backend === 'postgres') postgres = await startPostgres();
    const env: Record<string, string> = { NODE_ENV: 'production', HISTORIAN_DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    if (postgres) env.DATABASE_URL = await postgres.createDatabase();
    const config = loadConfig(env);
    db = await openDatabase(config);
    const ctx = { db, config, version: '0.0.0-bench' };
    const app = await buildApp(ctx, { strictResponses: false, logLevel: 'silent' });
    const headers = await seed(db, ctx);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const bare = Fastify({ logger: false });
    bare.get('/bare', async () => ({ ok: true }));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const portOf = (server: typeof bare.server) => {
      const address = server.address();
      return typeof address === 'object' && address ? address.port : 0;
    };
    const api = `http://127.0.0.1:${portOf(app.server)}/api`;
    const targets: Target[] = [
      { label: 'bare Fastify', url: `http://127.0.0.1:${portOf(bare.server)}/bare`, headers: {} },
      { label: 'GET /collectors', url: `${api}/collectors?Limit=${COLLECTORS}`, headers },
      { label: 'GET /current-user', url: `${api}/current-user`, headers },
    ];
    const check = await fetch(targets[1].url, { headers });
    const list: unknown = await check.json();
    if (check.status !== 200 || !Array.isArray(list) || list.length !== COLLECTORS) throw new Error(`GET /collectors answered ${check.status}`);
    const rssReady = process.memoryUsage().rss;

    let rssPeak = rssReady;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 200);
    for (const target of targets) await load(target, 10, 1); // warm-up: JIT, plans, caches
    for (const connections of CONNECTIONS) {
      const rows: Figures[] = [];
      for (const target of targets) rows.push(await load(target, connections, SECONDS));
      console.log(`\n${backend}, ${connections} connections, ${SECONDS} s each:`);
      printTable(rows);
      console.log(`  GET /collectors: ${(rows[0].rps / rows[1].rps).toFixed(1)}× slower than the bare route (req/s ratio)`);
    }
    clearInterval(sampler);
    const where = backend === 'postgres' ? ' (the PostgreSQL server processes not counted)' : '';
    console.log(`  server process RSS${where}: ${mib(rssAtStart)} at start, ${mib(rssReady)} once open and seeded, ${mib(rssPeak)} at the peak under load`);
    await bare.close();
    await app.close();
  } finally {
    await db?.close();
    await postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function main(): void {
  const only = process.env.BENCH_API_BACKEND;
  if (only === 'pglite' || only === 'postgres') {
    runBackend(only).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
    return;
  }
  console.log(`cores: ${os.availableParallelism()}, load average ${os.loadavg()[0].toFixed(1)} (other work on the machine lowers every figure; compare ratios)`);
  for (const backend of BACKENDS) {
    const tsx = path.join(__dirname, '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');
    const child = spawnSync(process.execPath, [tsx, __filename], { stdio: 'inherit', env: { ...process.env, BENCH_API_BACKEND: backend } });
    if (child.status !== 0) console.log(`(${backend} run exited with ${child.status})`);
  }
}

main();
