import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { hashPassword } from '../auth/password';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../auth/sessions';
import { issueCollectorToken } from '../collectors/collectorTokens';
import { insertCollector } from '../collectors/testing/collectorFixtures';
import type { Db } from '../db/db';
import { openDatabase } from '../db/open';
import { openTestDatabase } from '../db/testing/testDatabase';
import { insertBuiltinDatabase, insertMeasurement } from '../ingestion/testing/fixtures';
import { exited, startServerProcess } from '../testing/serverProcess';

// Load (issue 22 item 5; server/reliability/README.md, suite `soak`): a real server process
// (server/main.ts on loopback; PGlite, or PostgreSQL when a databaseUrl is given) seeded with an
// organization, a built-in time-series database, a collector with its measurements and a day of
// their history, then mixed traffic from a few concurrent virtual users doing what the console
// and a collector do:
// - browse: the GETs a page makes when it opens (current user, organizations, privileges, the
//   measurements list with filters, collectors, assets, events, the audit log);
// - ingest: a collector's batches (POST /api/collector-api/points) at a steady rate;
// - query: trend and data queries (POST /api/timeseries/query), raw and aggregated;
// - sign-in: a browsing user signs in again now and then (a new visitor).
// Every latency is kept per class (p50, p95, p99, max), every status >= 500 and every request
// without an answer is counted, and the server's memory (RSS from /proc, V8 heap from a diagnostic
// report the server writes on SIGUSR2) is read before the traffic, after a warm-up and at the end.
// Shared by server/reliability/soak.test.ts (seconds, asserted) and
// bench/reliability/soak.suite.ts (minutes, figures).

export const CALL_CLASSES = ['browse', 'ingest', 'query', 'sign-in'] as const;
export type CallClass = (typeof CALL_CLASSES)[number];

export interface SoakOptions {
  /** Measured traffic, after the warm-up. */
  seconds: number;
  /** Traffic before the measured part, not counted in the latencies (default: a fifth, at most 30 s). */
  warmUpSeconds?: number;
  /** Measurements of the collector (default 20). */
  measurements?: number;
  /** Hours of one-a-minute history per measurement, written before the traffic (default 24). */
  historyHours?: number;
  /** Virtual users browsing pages (default 2). */
  browsers?: number;
  /** Virtual users running trend queries (default 2). */
  queriers?: number;
  /** One collector batch every so many milliseconds (default 1000). */
  ingestIntervalMs?: number;
  /** Points per measurement in one batch (default 10). */
  pointsPerBatch?: number;
  /** A browsing or querying user's pause between two pages or queries (default 250 ms). */
  thinkMs?: number;
  /** A browsing user signs in again after so many pages (default 25). */
  pagesPerSession?: number;
  /** PostgreSQL instead of PGlite (the database is migrated and seeded, then served). */
  databaseUrl?: string;
  /** A progress line at least this often (default 30 s). */
  progressSeconds?: number;
  log?: (line: string) => void;
}

export interface LatencyFigures {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface ClassFigures extends LatencyFigures {
  /** Answers with a status >= 500. */
  serverErrors: number;
  /** Requests without an answer (connection refused or reset, or no answer in time). */
  failures: number;
  /** Answers 4xx where the call is right (a sign the soak is not testing what it thinks). */
  refused: number;
}

export interface MemorySample {
  rssMiB: number;
  /** V8 heap in use, from the server's diagnostic report; undefined when none came. */
  heapUsedMiB?: number;
}

export interface SoakResult {
  /** Measured seconds (without the warm-up). */
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  classes: Record<CallClass, ClassFigures>;
  serverErrors: number;
  failures: number;
  refused: number;
  /** The first few 5xx, failures and refusals, as "POST /api/x → 500 …". */
  problems: string[];
  /** Points acknowledged by the server during the whole run (history and traffic). */
  pointsWritten: number;
  /** Latencies per route ("GET /api/measurements"), measured part only, slowest p99 first. */
  routes: Array<{ route: string } & LatencyFigures>;
  memory: {
    beforeTraffic: MemorySample;
    afterWarmUp: MemorySample;
    end: MemorySample;
    peakRssMiB: number;
    /** Least-squares slopes over the samples of the measured part (one per progress line), MiB per minute. */
    rssSlopeMiBPerMinute: number;
    heapSlopeMiBPerMinute: number;
    samples: number;
  };
}

/** Least-squares slope of y over x; 0 for fewer than two points. */
export function slope(points: ReadonlyArray<{ x: number; y: number }>): number {
  if (points.length < 2) return 0;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / points.length;
  const sxx = points.reduce((sum, p) => sum + (p.x - meanX) ** 2, 0);
  if (sxx === 0) return 0;
  return points.reduce((sum, p) => sum + (p.x - meanX) * (p.y - meanY), 0) / sxx;
}

/** Nearest-rank percentile (p in 0..100] of values (any order); 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return percentileOfSorted(sorted, p);
}

function percentileOfSorted(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((Math.min(100, Math.max(0, p)) / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** Count, p50, p95, p99 and max of latencies (ms). */
export function latencyFigures(values: readonly number[]): LatencyFigures {
  const sorted = Float64Array.from(values).sort();
  const list = Array.from(sorted);
  return {
    count: list.length,
    p50: percentileOfSorted(list, 50),
    p95: percentileOfSorted(list, 95),
    p99: percentileOfSorted(list, 99),
    max: list.length === 0 ? 0 : list[list.length - 1],
  };
}

const MiB = 1024 * 1024;
const REQUEST_TIMEOUT_MS = 60_000;
const PASSWORD = `soak-${randomUUID()}`;

/** VmRSS of a process, in MiB, from /proc/<pid>/status. */
export async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`No VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

/** Asks the server (started with --report-on-signal) for a diagnostic report; its V8 heap in use. */
async function heapUsedMiB(child: ChildProcess, reportDir: string): Promise<number | undefined> {
  const before = new Set(await readdir(reportDir));
  child.kill('SIGUSR2');
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    await sleep(100);
    const fresh = (await readdir(reportDir)).filter((file) => !before.has(file) && file.endsWith('.json'));
    if (fresh.length === 0) continue;
    const file = path.join(reportDir, fresh[0]);
    try {
      const report = JSON.parse(await readFile(file, 'utf8')) as { javascriptHeap?: { usedMemory?: number } };
      // The report holds the server's environment too: it is read for the heap and deleted at once.
      await rm(file, { force: true });
      const used = report.javascriptHeap?.usedMemory;
      return typeof used === 'number' ? used / MiB : undefined;
    } catch {
      // Still being written: read it again on the next turn.
    }
  }
  return undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Recorder {
  record(callClass: CallClass, route: string, ms: number): void;
  serverError(callClass: CallClass, what: string): void;
  failure(callClass: CallClass, what: string): void;
  refused(callClass: CallClass, what: string): void;
}

interface Seed {
  organization: string;
  collector: string;
  token: string;
  measurements: string[];
  userName: string;
}

async function seed(db: Db, measurementCount: number): Promise<Seed> {
  const organization = (await db.query<{ uuid: string }>('SELECT uuid FROM organizations WHERE is_root')).rows[0].uuid;
  const collector = await insertCollector(db, organization, { name: `Soak collector ${randomUUID().slice(0, 6)}`, status: 'Active' });
  const token = await issueCollectorToken(db, organization, collector);
  if (token === undefined) throw new Error('No collector token');
  const database = await insertBuiltinDatabase(db, organization, `Soak points ${randomUUID().slice(0, 6)}`);
  const measurements: string[] = [];
  for (let i = 0; i < measurementCount; i += 1) {
    measurements.push(await insertMeasurement(db, { organizationUuid: organization, collectorUuid: collector, databaseUuid: database, name: `soak_${i}` }));
  }
  // A user of the console with every privilege in the organization, signing in with a password.
  const userName = `soak-${randomUUID().slice(0, 8)}`;
  const user = await db.query<{ uuid: string }>(
    `INSERT INTO users (name, password_hash, provider_uuid, must_change_password)
     SELECT $1, $2, uuid, false FROM authentication_providers WHERE provider_type = 'local' ORDER BY is_system DESC LIMIT 1
     RETURNING uuid`,
    [userName, await hashPassword(PASSWORD)],
  );
  const group = await db.query<{ uuid: string }>('INSERT INTO user_groups (organization_uuid, name) VALUES ($1, $2) RETURNING uuid', [
    organization,
    `Soak ${randomUUID().slice(0, 8)}`,
  ]);
  await db.query('INSERT INTO user_group_users (user_group_uuid, user_uuid) VALUES ($1, $2)', [group.rows[0].uuid, user.rows[0].uuid]);
  await db.query('INSERT INTO user_group_privileges (user_group_uuid, privilege_uuid) SELECT $1, uuid FROM privileges', [group.rows[0].uuid]);
  return { organization, collector, token, measurements, userName };
}

/** One call, timed and classified; answers the response body as text (undefined when none came). */
async function call(
  url: string,
  recorder: Recorder,
  callClass: CallClass,
  method: 'GET' | 'POST',
  route: string,
  headers: Record<string, string>,
  body?: unknown,
  expected: readonly number[] = [200],
  /** How the call is named in the figures per route; method and path by default. */
  label?: string,
): Promise<{ status: number; text: string; response: Response } | undefined> {
  const began = performance.now();
  const what = label ?? `${method} ${route.split('?')[0]}`;
  try {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    recorder.record(callClass, what, performance.now() - began);
    if (response.status >= 500) recorder.serverError(callClass, `${what} → ${response.status} ${text.slice(0, 200)}`);
    else if (!expected.includes(response.status)) recorder.refused(callClass, `${what} → ${response.status} ${text.slice(0, 200)}`);
    return { status: response.status, text, response };
  } catch (error) {
    recorder.failure(callClass, `${what}: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

/** Signs in through the real endpoint; the headers a browser sends afterwards (undefined on failure). */
async function signIn(url: string, recorder: Recorder, seeded: Seed): Promise<Record<string, string> | undefined> {
  const answer = await call(url, recorder, 'sign-in', 'POST', '/api/auth/local/login', {}, { Name: seeded.userName, Password: PASSWORD });
  if (!answer || answer.status !== 200) return undefined;
  const cookies = new Map<string, string>();
  for (const header of answer.response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const index = pair.indexOf('=');
    cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
  }
  const session = cookies.get(SESSION_COOKIE);
  const xsrf = cookies.get(XSRF_COOKIE);
  if (!session || !xsrf) {
    recorder.refused('sign-in', 'POST /api/auth/local/login → 200 without session cookies');
    return undefined;
  }
  return { cookie: `${SESSION_COOKIE}=${session}; ${XSRF_COOKIE}=${xsrf}`, [XSRF_HEADER]: xsrf, 'x-organization-uuid': seeded.organization };
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

/** The GETs of one page as it opens, in turn over the console's main pages. */
function pageCalls(page: number, seeded: Seed): string[] {
  const now = Date.now();
  const since = new Date(now - 7 * 86_400_000).toISOString();
  const until = new Date(now + 3_600_000).toISOString();
  const shell = ['/api/current-user', '/api/current-user/organizations', '/api/current-user/privileges'];
  const pages = [
    ['/api/measurements?Limit=50&Page=1&Sort=Name', `/api/measurements?Limit=50&Page=1&Statuses[]=Active&CollectorUUIDs[]=${seeded.collector}&Sort=-UpdatedAt`],
    [`/api/measurements?Limit=25&Page=1&Keyword=${encodeURIComponent(`soak_${Math.floor(Math.random() * seeded.measurements.length)}`)}`, '/api/collectors?Limit=50&Page=1'],
    ['/api/assets?Limit=100&Page=1&Roots=true', '/api/measurements?Limit=100&Page=1&Datatypes[]=number'],
    [`/api/events?Limit=100&Page=1&StartTime=${encodeURIComponent(since)}&StopTime=${encodeURIComponent(until)}`, '/api/event-types?Limit=100&Page=1'],
    [`/api/audit-logs?Limit=50&Page=1&From=${encodeURIComponent(since)}`],
    ['/api/collectors?Limit=50&Page=1', '/api/timeseries-databases?Limit=50&Page=1'],
  ];
  return [...shell, ...pages[page % pages.length]];
}

export const QUERY_KINDS = ['latest points', 'day trend 5m', 'live trend 10s', 'raw filtered 6h'] as const;

/** The trend and data queries of a querying user, in turn (QUERY_KINDS, in this order). */
function queryBody(turn: number, seeded: Seed, historyHours: number): unknown {
  const now = Date.now();
  const some = (n: number) => Array.from({ length: Math.min(n, seeded.measurements.length) }, () => pick(seeded.measurements));
  const distinct = (n: number) => [...new Set(some(n))];
  switch (turn % 4) {
    case 0: // a measurement's latest points, newest first (the data table)
      return { MeasurementUUIDs: [pick(seeded.measurements)], Start: now - 3_600_000, End: now + 60_000, Desc: true, Limit: 500 };
    case 1: // a trend over the whole history, windows of 5 minutes with an envelope
      return {
        MeasurementUUIDs: distinct(5),
        Start: new Date(now - historyHours * 3_600_000).toISOString(),
        End: new Date(now + 60_000).toISOString(),
        Aggregation: { Name: 'mean', Period: '5m', Fill: 'null', WithMinMax: true },
      };
    case 2: // a live trend of the last quarter hour with the point before it
      return {
        MeasurementUUIDs: distinct(3),
        Start: now - 15 * 60_000,
        End: now + 60_000,
        Aggregation: { Name: 'last', Period: '10s', Fill: 'previous' },
        IncludeLastKnownPoint: true,
      };
    default: // raw points of a few hours, a value filter
      return {
        MeasurementUUIDs: distinct(2),
        Start: now - 6 * 3_600_000,
        End: now,
        ValueFilters: [{ Value: 0, Operator: '>=' }],
      };
  }
}

/** A batch of the collector: `pointsPerBatch` points of each measurement over the last interval. */
function batchBody(measurements: readonly string[], times: readonly number[], key: string) {
  return {
    BatchKey: key,
    Points: measurements.map((uuid, m) => ({ MeasurementUUID: uuid, T: times, V: times.map((t) => Math.sin(t / 600_000 + m) * 100 + m) })),
  };
}

export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const {
    seconds,
    measurements: measurementCount = 20,
    historyHours = 24,
    browsers = 2,
    queriers = 2,
    ingestIntervalMs = 1000,
    pointsPerBatch = 10,
    thinkMs = 250,
    pagesPerSession = 25,
    databaseUrl,
    progressSeconds = 30,
    log = () => undefined,
  } = options;
  const warmUpSeconds = options.warmUpSeconds ?? Math.min(30, seconds / 5);
  const work = await mkdtemp(path.join(tmpdir(), 'historian-soak-'));
  const reportDir = path.join(work, 'reports');
  await mkdir(path.join(work, 'client'));
  await mkdir(reportDir);
  await writeFile(path.join(work, 'client', 'index.html'), '<!doctype html><title>soak</title>');
  let dataDir = path.join(work, 'data');
  let server: ChildProcess | undefined;
  try {
    let db: Db;
    if (databaseUrl) {
      await mkdir(dataDir);
      db = await openDatabase({ dataDir, databaseUrl }, { onWarning: () => undefined });
    } else {
      const template = await openTestDatabase();
      dataDir = template.dataDir;
      db = template.db;
    }
    let seeded: Seed;
    try {
      seeded = await seed(db, measurementCount);
    } finally {
      await db.close();
    }
    log(`seeded ${measurementCount} measurements, a collector and a user; starting the server`);
    const started = await startServerProcess({
      dataDir,
      clientDir: path.join(work, 'client'),
      env: {
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        NODE_OPTIONS: `--report-on-signal --report-signal=SIGUSR2 --report-directory=${reportDir} --report-compact`,
      },
    });
    server = started.child;
    const child = started.child;
    const { url } = started;
    if (child.pid === undefined) throw new Error('The server has no process id');
    const pid = child.pid;
    // One diagnostic report at a time (each is found as the new file in reportDir).
    let sampling: Promise<unknown> = Promise.resolve();
    const sample = (): Promise<MemorySample> => {
      const next = sampling.then(async () => ({ rssMiB: await rssMiB(pid), heapUsedMiB: await heapUsedMiB(child, reportDir) }));
      sampling = next.catch(() => undefined);
      return next;
    };
    const beforeTraffic = await sample();
    log(`server up at ${url} (pid ${pid}, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}); RSS ${beforeTraffic.rssMiB.toFixed(0)} MiB`);

    // Everything counted from the start: 5xx and failures count in the warm-up too; latencies
    // only in the measured part.
    let measuring = false;
    let phase = 'warming up';
    let answered = 0;
    const routeLatencies = new Map<string, number[]>();
    const latencies = Object.fromEntries(CALL_CLASSES.map((c) => [c, [] as number[]])) as Record<CallClass, number[]>;
    const counts = Object.fromEntries(CALL_CLASSES.map((c) => [c, { serverErrors: 0, failures: 0, refused: 0 }])) as Record<
      CallClass,
      { serverErrors: number; failures: number; refused: number }
    >;
    const problems: string[] = [];
    const note = (line: string) => {
      if (problems.length < 20) problems.push(line);
    };
    const recorder: Recorder = {
      record: (callClass, route, ms) => {
        answered += 1;
        if (!measuring) return;
        latencies[callClass].push(ms);
        const list = routeLatencies.get(route) ?? [];
        list.push(ms);
        routeLatencies.set(route, list);
      },
      serverError: (callClass, what) => {
        counts[callClass].serverErrors += 1;
        note(what);
      },
      failure: (callClass, what) => {
        counts[callClass].failures += 1;
        note(what);
      },
      refused: (callClass, what) => {
        counts[callClass].refused += 1;
        note(what);
      },
    };

    // History: one point a minute per measurement over historyHours, before any traffic.
    let pointsWritten = 0;
    const historyTimes = Array.from({ length: historyHours * 60 }, (_, i) => Date.now() - (historyHours * 60 - i) * 60_000);
    const perBatch = Math.max(1, Math.floor(40_000 / Math.max(1, historyTimes.length)));
    for (let first = 0; first < seeded.measurements.length; first += perBatch) {
      const chunk = seeded.measurements.slice(first, first + perBatch);
      const headers = { authorization: `Bearer ${seeded.token}` };
      const answer = await call(url, recorder, 'ingest', 'POST', '/api/collector-api/points', headers, batchBody(chunk, historyTimes, `history-${first}`));
      if (answer?.status === 200) pointsWritten += chunk.length * historyTimes.length;
    }
    log(`history written: ${pointsWritten} points of ${seeded.measurements.length} measurements over ${historyHours} h`);

    let stopping = false;
    const browser = async () => {
      let headers: Record<string, string> | undefined;
      for (let page = Math.floor(Math.random() * 6); !stopping; page += 1) {
        if (headers === undefined || page % pagesPerSession === 0) {
          headers = await signIn(url, recorder, seeded);
          if (headers === undefined) {
            await sleep(1000);
            continue;
          }
        }
        // A page's calls go out together, as RTK Query sends them.
        await Promise.all(pageCalls(page, seeded).map((route) => call(url, recorder, 'browse', 'GET', route, headers ?? {})));
        await sleep(thinkMs * (0.5 + Math.random()));
      }
    };
    // Querying users start apart in QUERY_KINDS, so that a short run still asks every kind.
    const querier = async (_: unknown, index: number) => {
      const headers = await signIn(url, recorder, seeded);
      if (headers === undefined) return;
      for (let turn = index * 2; !stopping; turn += 1) {
        const kind = QUERY_KINDS[turn % QUERY_KINDS.length];
        await call(url, recorder, 'query', 'POST', '/api/timeseries/query', headers, queryBody(turn, seeded, historyHours), [200], `POST /api/timeseries/query (${kind})`);
        await sleep(thinkMs * (0.5 + Math.random()));
      }
    };
    const ingester = async () => {
      const headers = { authorization: `Bearer ${seeded.token}` };
      const began = Date.now();
      for (let n = 0; !stopping; n += 1) {
        // A steady rate: batch n leaves at began + n intervals, or at once when the last one was late.
        const due = began + n * ingestIntervalMs;
        if (due > Date.now()) await sleep(due - Date.now());
        if (stopping) break;
        const end = Date.now();
        const times = Array.from({ length: pointsPerBatch }, (_, i) => end - ingestIntervalMs + Math.floor(((i + 1) * ingestIntervalMs) / pointsPerBatch));
        const answer = await call(url, recorder, 'ingest', 'POST', '/api/collector-api/points', headers, batchBody(seeded.measurements, times, `soak-${n}`));
        if (answer?.status === 200) pointsWritten += seeded.measurements.length * times.length;
      }
    };

    const total = () => CALL_CLASSES.reduce((sum, c) => sum + latencies[c].length, 0);
    const trouble = (key: 'serverErrors' | 'failures' | 'refused') => CALL_CLASSES.reduce((sum, c) => sum + counts[c][key], 0);
    let peakRssMiB = beforeTraffic.rssMiB;
    // Without a warm-up the measured part starts with the traffic (its first sign-ins included).
    measuring = warmUpSeconds <= 0;
    if (measuring) phase = 'measuring';
    const trafficBegan = Date.now();
    const users = [
      ...Array.from({ length: browsers }, browser),
      ...Array.from({ length: queriers }, querier),
      ingester(),
    ];
    const trend: Array<{ minute: number; rss: number; heap?: number }> = [];
    let measureBegan = Date.now();
    const progress = setInterval(
      () => {
        void sample()
          .then((memory) => {
            peakRssMiB = Math.max(peakRssMiB, memory.rssMiB);
            if (measuring) trend.push({ minute: (Date.now() - measureBegan) / 60_000, rss: memory.rssMiB, heap: memory.heapUsedMiB });
            const elapsed = (Date.now() - trafficBegan) / 1000;
            log(
              `${phase} ${elapsed.toFixed(0)} s: ${answered} answers (${total()} measured), ` +
                `${trouble('serverErrors')} 5xx, ${trouble('failures')} failed, ${trouble('refused')} refused, ` +
                `RSS ${memory.rssMiB.toFixed(0)} MiB, heap ${memory.heapUsedMiB?.toFixed(0) ?? '?'} MiB`,
            );
          })
          .catch(() => undefined);
      },
      Math.max(1, Math.min(progressSeconds, 30)) * 1000,
    );
    let afterWarmUp: MemorySample;
    let measuredSeconds: number;
    try {
      await sleep(warmUpSeconds * 1000);
      const warmUpEnded = Date.now();
      afterWarmUp = await sample();
      peakRssMiB = Math.max(peakRssMiB, afterWarmUp.rssMiB);
      log(`warm-up done: RSS ${afterWarmUp.rssMiB.toFixed(0)} MiB, heap ${afterWarmUp.heapUsedMiB?.toFixed(0) ?? '?'} MiB; measuring ${seconds} s`);
      measuring = true;
      phase = 'measuring';
      measureBegan = warmUpSeconds <= 0 ? trafficBegan : warmUpEnded;
      trend.push({ minute: 0, rss: afterWarmUp.rssMiB, heap: afterWarmUp.heapUsedMiB });
      await sleep(Math.max(0, measureBegan + seconds * 1000 - Date.now()));
      measuring = false;
      phase = 'stopping';
      measuredSeconds = (Date.now() - measureBegan) / 1000;
      stopping = true;
      await Promise.all(users);
    } finally {
      stopping = true;
      clearInterval(progress);
    }
    const end = await sample();
    peakRssMiB = Math.max(peakRssMiB, end.rssMiB);
    trend.push({ minute: (Date.now() - measureBegan) / 60_000, rss: end.rssMiB, heap: end.heapUsedMiB });
    child.kill('SIGTERM');
    await exited(child);
    server = undefined;

    const classes = Object.fromEntries(CALL_CLASSES.map((c) => [c, { ...latencyFigures(latencies[c]), ...counts[c] }])) as Record<CallClass, ClassFigures>;
    const requests = total();
    return {
      seconds: measuredSeconds,
      requests,
      requestsPerSecond: measuredSeconds > 0 ? requests / measuredSeconds : 0,
      classes,
      serverErrors: trouble('serverErrors'),
      failures: trouble('failures'),
      refused: trouble('refused'),
      problems,
      pointsWritten,
      routes: [...routeLatencies]
        .map(([route, values]) => ({ route, ...latencyFigures(values) }))
        .sort((a, b) => b.p99 - a.p99),
      memory: {
        beforeTraffic,
        afterWarmUp,
        end,
        peakRssMiB,
        rssSlopeMiBPerMinute: slope(trend.map((t) => ({ x: t.minute, y: t.rss }))),
        heapSlopeMiBPerMinute: slope(trend.flatMap((t) => (t.heap === undefined ? [] : [{ x: t.minute, y: t.heap }]))),
        samples: trend.length,
      },
    };
  } finally {
    if (server) {
      server.kill('SIGKILL');
      await exited(server);
    }
    await rm(work, { recursive: true, force: true });
    if (!databaseUrl) await rm(dataDir, { recursive: true, force: true });
  }
}
