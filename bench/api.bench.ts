// `npm run bench -- api`: what a signed-in call costs. The real server runs in-process, once on
// the embedded PGlite and once on a throw-away PostgreSQL 15, with 100 collectors in one
// organization; a bare Fastify route runs in the same process beside it. autocannon (in a worker
// thread, so it does not share the server's event loop) drives each for BENCH_API_SECONDS (10 s)
// at 20 and 100 connections on 127.0.0.1, and the bench prints req/s, p50, p99 and max of the bare
// route, the bare route sending the same 100 collectors from memory, GET /collectors and GET
// /current-user side by side, the ratios of GET /collectors to both bare routes, whether the goals of "every signed-in call fast" are met, and the server process's
// RSS. Each backend runs in a child process of its own, so the RSS of one does not carry into the
// other; PGlite's first start (initdb) gets one more, and the load runs against the reopened
// directory. Figures only, never pass/fail; on a machine that others share, read the ratios.
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

const READER = 'bench-reader';
const PLANT = 'Bench plant';

/** The organization with its collectors and a user who may read them; made once per database. */
async function seed(db: Db): Promise<void> {
  const organization = await createTestOrganization(db, PLANT);
  for (let i = 0; i < COLLECTORS; i += 1) {
    await insertCollector(db, organization, { name: `Collector ${String(i).padStart(3, '0')}`, status: ['Initial', 'Paused', 'Active', 'Deleted'][i % 4] });
  }
  await createTestUser(db, { name: READER, privileges: { [organization]: ['READ_COLLECTORS'] } });
}

async function readerHeaders(db: Db, ctx: Parameters<typeof sessionHeaders>[0]): Promise<Record<string, string>> {
  const { rows } = await db.query<{ user: string; organization: string }>(
    'SELECT u.uuid AS user, o.uuid AS organization FROM users u, organizations o WHERE u.name = $1 AND o.name = $2',
    [READER, PLANT],
  );
  return { ...(await sessionHeaders(ctx, rows[0].user)), 'x-organization-uuid': rows[0].organization };
}

function openConfig(dataDir: string, databaseUrl: string | undefined) {
  const env: Record<string, string> = { NODE_ENV: 'production', HISTORIAN_DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return loadConfig(env);
}

/** PGlite's first start (initdb, migrations) in a process of its own: what a new installation costs. */
async function preparePglite(dataDir: string): Promise<void> {
  const rssAtStart = process.memoryUsage().rss;
  const db = await openDatabase(openConfig(dataDir, undefined));
  await seed(db);
  console.log(`\npglite first start (initdb, migrations, seed): server process RSS ${mib(rssAtStart)} before, ${mib(process.memoryUsage().rss)} after`);
  await db.close();
}

async function measure(backend: Backend, dataDir: string): Promise<void> {
  const rssAtStart = process.memoryUsage().rss;
  let postgres: PostgresServer | undefined;
  let db: Db | undefined;
  try {
    if (backend === 'postgres') postgres = await startPostgres();
    const config = openConfig(dataDir, await postgres?.createDatabase());
    db = await openDatabase(config);
    if (postgres) await seed(db);
    const ctx = { db, config, version: '0.0.0-bench' };
    const app = await buildApp(ctx, { strictResponses: false, logLevel: 'silent' });
    const headers = await readerHeaders(db, ctx);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const bare = Fastify({ logger: false });
    bare.get('/bare', async () => ({ ok: true }));
    // The same answer as GET /collectors, from memory: what sending 100 collectors costs by itself,
    // so the ratio to it is what the session, the caller, the query and the mapping add.
    let sameAnswer: unknown = [];
    bare.get('/bare-collectors', async () => sameAnswer);
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
    sameAnswer = list;
    targets.splice(1, 0, { label: 'bare, same answer', url: `http://127.0.0.1:${portOf(bare.server)}/bare-collectors`, headers: {} });
    const rssReady = process.memoryUsage().rss;

    let rssPeak = rssReady;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 200);
    for (const target of targets) await load(target, 10, 1); // warm-up: JIT, plans, caches
    const goals: string[] = [];
    for (const connections of CONNECTIONS) {
      const rows: Figures[] = [];
      for (const target of targets) rows.push(await load(target, connections, SECONDS));
      console.log(`\n${backend}, ${connections} connections, ${SECONDS} s each:`);
      printTable(rows);
      const [bareRow, sameRow, collectorsRow, currentUserRow] = rows;
      const ratio = bareRow.rps / collectorsRow.rps;
      const sameRatio = sameRow.rps / collectorsRow.rps;
      console.log(`  GET /collectors: ${ratio.toFixed(1)}× fewer req/s than the bare route, ${sameRatio.toFixed(1)}× fewer than the bare route with the same answer`);
      goals.push(`GET /collectors within 10× of the bare route at ${connections} connections: ${ratio <= 10 ? 'met' : 'not met'} (${ratio.toFixed(1)}×; ${sameRatio.toFixed(1)}× of the same answer from memory)`);
      if (backend === 'postgres' && connections === 20) goals.push(`p99 ≤ 25 ms at 20 connections: ${collectorsRow.p99 <= 25 ? 'met' : 'not met'} (${collectorsRow.p99.toFixed(1)} ms)`);
      if (backend === 'pglite' && connections === 100) {
        const slowest = Math.max(collectorsRow.max, currentUserRow.max);
        goals.push(`no request over 1 s at 100 connections: ${slowest <= 1000 ? 'met' : 'not met'} (slowest ${slowest.toFixed(0)} ms)`);
      }
    }
    clearInterval(sampler);
    const where = backend === 'postgres' ? ' (the PostgreSQL server processes not counted)' : '';
    console.log(`\n${backend} server process RSS${where}: ${mib(rssAtStart)} at start, ${mib(rssReady)} once open, ${mib(rssPeak)} at the peak under load`);
    console.log(`${backend} goals (figures taken under whatever else the machine runs):\n${goals.map((goal) => `  ${goal}`).join('\n')}`);
    await bare.close();
    await app.close();
  } finally {
    await db?.close();
    await postgres?.stop();
  }
}

function runChild(env: Record<string, string>): void {
  const tsx = path.join(__dirname, '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const child = spawnSync(process.execPath, [tsx, __filename], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (child.status !== 0) console.log(`(${env.BENCH_API_STEP} ${env.BENCH_API_BACKEND} exited with ${child.status})`);
}

function main(): void {
  const { BENCH_API_STEP: step, BENCH_API_BACKEND: backend, BENCH_API_DATA_DIR: dataDir } = process.env;
  if (step && (backend === 'pglite' || backend === 'postgres') && dataDir) {
    (step === 'prepare' ? preparePglite(dataDir) : measure(backend, dataDir)).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
    return;
  }
  console.log(`cores: ${os.availableParallelism()}, load average ${os.loadavg()[0].toFixed(1)} (other work on the machine lowers every figure; compare ratios)`);
  for (const each of BACKENDS) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'historian-bench-api-'));
    try {
      // PGlite is measured reopened, as a running server is after its first start.
      if (each === 'pglite') runChild({ BENCH_API_STEP: 'prepare', BENCH_API_BACKEND: each, BENCH_API_DATA_DIR: dir });
      runChild({ BENCH_API_STEP: 'measure', BENCH_API_BACKEND: each, BENCH_API_DATA_DIR: dir });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

main();
