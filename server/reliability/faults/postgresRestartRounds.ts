import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { issueCollectorToken } from '../../collectors/collectorTokens';
import { insertCollector } from '../../collectors/testing/collectorFixtures';
import { openDatabase } from '../../db/open';
import { startPostgres, type PostgresServer } from '../../db/testing/postgresServer';
import { insertBuiltinDatabase, insertMeasurement } from '../../ingestion/testing/fixtures';
import { exited, startServerProcess } from '../../testing/serverProcess';
import { adminSession } from './adminSession';

// PostgreSQL stopped and started again under load (issue 22, item 2). A real server process
// (server/main.ts on DATABASE_URL) takes a collector's numbered batches (POST /collector-api/points)
// and a signed-in user's GETs without pause; each round stops PostgreSQL ('fast' and 'immediate' by
// turns), keeps it down a while and starts it again on the same port. While it is down every
// answer must be a quick 503 problem+json with a translated code and nothing of the server's
// insides; once it is back the same server answers 2xx again by itself; the collector sends every
// batch not acknowledged again under its BatchKey, so in the end every acknowledged batch is stored,
// once. Used by server/reliability/faults/postgresRestart.test.ts (one round, asserted) and by
// bench/reliability/faults.suite.ts (more rounds, figures).

export interface PostgresRestartOptions {
  rounds: number;
  /** How long PostgreSQL stays down per round. */
  downMs?: number;
  /** How long traffic flows between rounds. */
  upMs?: number;
  writers?: number;
  readers?: number;
  pointsPerBatch?: number;
  /** How long a round waits for the server to answer 2xx again, and the traffic to end; default 120 s. */
  recoveryLimitMs?: number;
  log?: (line: string) => void;
}

export interface UnclearAnswer {
  phase: 'down' | 'up';
  what: string;
  status: number;
  body: string;
}

export interface PostgresRestartResult {
  rounds: number;
  /** Batches acknowledged (200) and the ones never acknowledged by the end (should be none). */
  acknowledged: number;
  unacknowledged: number;
  /** Answers while PostgreSQL was down (or stopping or starting): all, and the clear 503s among them. */
  downAnswers: number;
  clearDownAnswers: number;
  /** Answers while PostgreSQL was down that were not a clear 503 problem, and refusals while it was up (first few kept). */
  unclear: UnclearAnswer[];
  /** 5xx answered while PostgreSQL was up the whole time of the request. */
  serverErrorsWhileUp: number;
  /** Requests without an answer within 30 s. */
  hangs: number;
  /** Longest answer while PostgreSQL was down, ms. */
  slowestDownMs: number;
  /** Per round: seconds from PostgreSQL taking connections again to the first 2xx of both a batch and a GET. */
  recoverySeconds: number[];
  /** Points stored, distinct times, expected (acknowledged × points per batch), and batch keys stored. */
  points: number;
  distinctPoints: number;
  expectedPoints: number;
  batchKeys: number;
  /** Whether the server process was still running at the end, and what it printed that looks like a crash. */
  serverAlive: boolean;
  crashLines: string[];
  /** Output lines that quote the connection string or a password. */
  leakingLines: string[];
}

const T0 = Date.UTC(2026, 10, 3, 0, 0, 0);
const ANSWER_TIMEOUT_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A body a user or a collector may see: a problem+json with a translated code, no stack, no URL, no driver text. */
function isClearUnavailable(status: number, contentType: string, body: string): boolean {
  if (status !== 503 || !contentType.startsWith('application/problem+json')) return false;
  if (/postgres(ql)?:\/\/|\n\s+at |ECONNREFUSED|password/i.test(body)) return false;
  try {
    const parsed = JSON.parse(body) as { code?: unknown; status?: unknown };
    return parsed.code === 'transport.database_unavailable' && parsed.status === 503;
  } catch {
    return false;
  }
}

export async function runPostgresRestartRounds(options: PostgresRestartOptions): Promise<PostgresRestartResult> {
  const { rounds, downMs = 3_000, upMs = 2_000, writers = 2, readers = 2, pointsPerBatch = 50, recoveryLimitMs = 120_000, log = () => undefined } = options;
  const work = await mkdtemp(path.join(tmpdir(), 'historian-pg-restart-'));
  const clientDir = path.join(work, 'client');
  await mkdir(clientDir);
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>test</title>');
  let postgres: PostgresServer | undefined;
  let server: ChildProcess | undefined;
  try {
    // Durable commits, as in production: the immediate stops must not lose what PostgreSQL answered.
    postgres = await startPostgres({ durableCommits: true });
    const databaseUrl = await postgres.createDatabase();
    const dataDir = path.join(work, 'data');
    await mkdir(dataDir);
    // Migrated and seeded before the server starts, with the collector and its measurements.
    const setup = await openDatabase({ dataDir, databaseUrl }, { onWarning: () => undefined });
    const organization = (await setup.query<{ uuid: string }>('SELECT uuid FROM organizations WHERE is_root')).rows[0].uuid;
    const collector = await insertCollector(setup, organization, { status: 'Active' });
    const token = await issueCollectorToken(setup, organization, collector);
    if (token === undefined) throw new Error('no collector token');
    const database = await insertBuiltinDatabase(setup, organization);
    const measurement = await insertMeasurement(setup, { organizationUuid: organization, collectorUuid: collector, databaseUuid: database });
    await setup.close();

    const started = await startServerProcess({ dataDir, clientDir, env: { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' } });
    server = started.child;
    const { url } = started;
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const call = await adminSession(url, true);

    // Phase bookkeeping: a request counts as "while up" only if PostgreSQL was up when it was sent
    // and when it was answered, with no stop in between.
    let up = true;
    let transitions = 0;
    const result: PostgresRestartResult = {
      rounds,
      acknowledged: 0,
      unacknowledged: 0,
      downAnswers: 0,
      clearDownAnswers: 0,
      unclear: [],
      serverErrorsWhileUp: 0,
      hangs: 0,
      slowestDownMs: 0,
      recoverySeconds: [],
      points: 0,
      distinctPoints: 0,
      expectedPoints: 0,
      batchKeys: 0,
      serverAlive: false,
      crashLines: [],
      leakingLines: [],
    };
    let lastBatchOk = 0;
    let lastGetOk = 0;
    const observe = async (what: string, send: (signal: AbortSignal) => Promise<Response>): Promise<number | undefined> => {
      const sentUp = up;
      const sentAt = transitions;
      const began = Date.now();
      let response: Response;
      let body: string;
      try {
        response = await send(AbortSignal.timeout(ANSWER_TIMEOUT_MS));
        body = await response.text();
      } catch (error) {
        if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) result.hangs += 1;
        return undefined;
      }
      const whileUp = sentUp && up && sentAt === transitions;
      if (whileUp) {
        if (response.status >= 500) result.serverErrorsWhileUp += 1;
        else if (!response.ok && result.unclear.length < 10) result.unclear.push({ phase: 'up', what, status: response.status, body: body.slice(0, 300) });
        return response.status;
      }
      if (response.ok) return response.status;
      result.downAnswers += 1;
      result.slowestDownMs = Math.max(result.slowestDownMs, Date.now() - began);
      if (isClearUnavailable(response.status, response.headers.get('content-type') ?? '', body)) result.clearDownAnswers += 1;
      else if (result.unclear.length < 10) result.unclear.push({ phase: 'down', what, status: response.status, body: body.slice(0, 300) });
      return response.status;
    };

    // The collector: batches in order, each sent again under its key until acknowledged.
    const acknowledged = new Set<number>();
    let next = 0;
    let stopping = false;
    // Set when the traffic had its time to end: a writer whose server is gone gives up its batch.
    let abandoned = false;
    const batch = (n: number) => {
      const times = Array.from({ length: pointsPerBatch }, (_, i) => T0 + (n * pointsPerBatch + i) * 1000);
      return { BatchKey: `pg-restart-${n}`, Points: [{ MeasurementUUID: measurement, T: times, V: times.map((_, i) => n * 1000 + i) }] };
    };
    const writer = async () => {
      while (!stopping) {
        const n = next++;
        while (!abandoned) {
          const status = await observe('POST /collector-api/points', (signal) =>
            fetch(`${url}/api/collector-api/points`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify(batch(n)),
              signal,
            }),
          );
          if (status === 200) {
            acknowledged.add(n);
            lastBatchOk = Date.now();
            break;
          }
          await sleep(200);
        }
      }
    };
    const reader = async (index: number) => {
      const paths = ['/measurements', '/current-user', '/collectors', '/timeseries-databases'];
      for (let i = index; !stopping; i += 1) {
        const where = paths[i % paths.length];
        const status = await observe(`GET ${where}`, (signal) => call('GET', where, { organization, signal }));
        if (status !== undefined && status >= 200 && status < 300) lastGetOk = Date.now();
        await sleep(50);
      }
    };
    const traffic = Promise.all([...Array.from({ length: writers }, writer), ...Array.from({ length: readers }, (_, i) => reader(i))]);

    for (let round = 0; round < rounds; round += 1) {
      await sleep(upMs);
      up = false;
      transitions += 1;
      const mode = round % 2 === 0 ? 'fast' : 'immediate';
      await postgres.halt(mode);
      log(`round ${round + 1}/${rounds}: PostgreSQL stopped (${mode}); ${acknowledged.size} batches acknowledged so far`);
      await sleep(downMs);
      await postgres.resume();
      const back = Date.now();
      // Recovered: a batch and a GET both answered 2xx after PostgreSQL took connections again.
      // A server that ended will not recover: no point waiting for it.
      const deadline = back + recoveryLimitMs;
      const running = () => server?.exitCode === null && server.signalCode === null;
      while ((lastBatchOk < back || lastGetOk < back) && Date.now() < deadline && running()) await sleep(50);
      const recovered = lastBatchOk >= back && lastGetOk >= back;
      result.recoverySeconds.push(recovered ? (Math.max(lastBatchOk, lastGetOk) - back) / 1000 : Number.POSITIVE_INFINITY);
      log(`round ${round + 1}/${rounds}: PostgreSQL back; ${recovered ? `answers 2xx again after ${result.recoverySeconds.at(-1)?.toFixed(2)} s` : `NO recovery${running() ? ` within ${recoveryLimitMs / 1000} s` : ': the server ended'}`}`);
      up = true;
      transitions += 1;
      if (!recovered) break;
    }
    await sleep(upMs);
    stopping = true;
    // Every writer ends with its batch acknowledged (or the server gone); bounded all the same.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([traffic, new Promise((resolve) => (timer = setTimeout(resolve, recoveryLimitMs)))]);
    clearTimeout(timer);
    abandoned = true;

    result.serverAlive = server.exitCode === null && server.signalCode === null;
    server.kill('SIGTERM');
    await exited(server);
    server = undefined;
    const lines = output.split('\n');
    // A crash line with the few after it, which name what was not handled.
    result.crashLines = lines.flatMap((line, i) => (/unhandled|uncaught|triggerUncaughtException/i.test(line) ? lines.slice(i, i + 4) : [])).slice(0, 12);
    result.leakingLines = lines.filter((line) => /postgres(ql)?:\/\/|password=/i.test(line)).slice(0, 10);

    const check = await openDatabase({ dataDir, databaseUrl }, { onWarning: () => undefined });
    try {
      const { rows } = await check.query<{ points: number; times: number }>(
        'SELECT count(*)::int AS points, count(DISTINCT time)::int AS times FROM timeseries_points WHERE measurement_uuid = $1',
        [measurement],
      );
      const keys = await check.query<{ n: number }>('SELECT count(*)::int AS n FROM collector_batches WHERE collector_uuid = $1', [collector]);
      result.points = rows[0].points;
      result.distinctPoints = rows[0].times;
      result.batchKeys = keys.rows[0].n;
    } finally {
      await check.close();
    }
    result.acknowledged = acknowledged.size;
    result.unacknowledged = next - acknowledged.size;
    result.expectedPoints = acknowledged.size * pointsPerBatch;
    return result;
  } finally {
    server?.kill('SIGKILL');
    if (server) await exited(server);
    await postgres?.stop();
    await rm(work, { recursive: true, force: true });
  }
}
