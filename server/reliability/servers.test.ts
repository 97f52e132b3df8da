import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../auth/sessions';
import { MAX_FAILURES_PER_USER_AND_ADDRESS } from '../auth/loginThrottle';
import type { MqttClient } from 'mqtt';
import { CLUSTER_SERVER_HEADER, startCluster, type Cluster } from '../testing/cluster';
import { startMosquitto, subscribeTo, type MosquittoServer } from '../testing/mosquittoServer';
import { clusterFixtures, runServersRounds, type ClusterFixtures } from './serversRounds';

// Two real servers on one PostgreSQL behind a round-robin proxy on loopback (server/testing/
// cluster.ts), used as a user and a collector would (README.md in this folder, "Several servers"):
// a session and its XSRF token work through either server, sign-in throttling counts across both,
// and with one server killed (SIGKILL) under ingestion and jobs, the other takes over the leases:
// no acknowledged point lost, no job run twice or missed, no calculation window doubled or missed,
// no event doubled or missed, every acknowledged point forwarded to a Mosquitto consumer once.

let cluster: Cluster;
let fixtures: ClusterFixtures;
let work: string;
let broker: MosquittoServer;
const consumers: MqttClient[] = [];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'historian-servers-'));
  broker = await startMosquitto({ persistence: true });
  cluster = await startCluster({
    servers: 2,
    env: { HISTORIAN_TEST_JOB_TYPES: '1', HISTORIAN_LEASE_TTL_MS: '4000', HISTORIAN_LEASE_RENEW_MS: '1000', HISTORIAN_JOB_LEASE_MS: '3000', HISTORIAN_CALCULATION_TIME_LIMIT_MS: '5000' },
  });
  fixtures = await clusterFixtures(cluster, {
    url: broker.url,
    subscribe: async (topic) => {
      const { client, received } = await subscribeTo(broker.url, topic);
      consumers.push(client);
      return received;
    },
  });
}, 180_000);

afterAll(async () => {
  await Promise.all(consumers.map((client) => client.endAsync(true)));
  await cluster?.stop();
  await broker?.close();
  await rm(work, { recursive: true, force: true });
}, 60_000);

interface Answer {
  status: number;
  server: number;
  body: string;
  cookies: Map<string, string>;
}

async function call(method: string, url: string, headers: Record<string, string> = {}, body?: unknown): Promise<Answer> {
  const response = await fetch(`${cluster.url}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const cookies = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return { status: response.status, server: Number(response.headers.get(CLUSTER_SERVER_HEADER)), body: await response.text(), cookies };
}

const login = (name: string, password: string, address: string) =>
  call('POST', '/api/auth/local/login', { 'x-forwarded-for': address }, { Name: name, Password: password });

describe('several servers behind a load balancer without sticky sessions', () => {
  it('keeps a session and its XSRF token through either server, and refuses a change without the token on both', async () => {
    const signedIn = await login(fixtures.user.name, fixtures.user.password, '198.51.100.1');
    expect(signedIn.status).toBe(200);
    const session = signedIn.cookies.get(SESSION_COOKIE)!;
    const xsrf = signedIn.cookies.get(XSRF_COOKIE)!;
    const browser = { cookie: `${SESSION_COOKIE}=${session}; ${XSRF_COOKIE}=${xsrf}`, 'x-organization-uuid': fixtures.organization };

    const reads = [];
    for (let i = 0; i < 4; i += 1) reads.push(await call('GET', '/api/current-user', browser));
    expect(reads.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(reads.map((answer) => answer.server))).toEqual(new Set([0, 1]));

    // A change with the token signed by the server that signed in, through both servers.
    const changes = [];
    for (let i = 0; i < 2; i += 1) changes.push(await call('POST', '/api/user-groups', { ...browser, [XSRF_HEADER]: xsrf }, { Name: `Cluster group ${i}` }));
    expect(changes.map((answer) => answer.status)).toEqual([201, 201]);
    expect(new Set(changes.map((answer) => answer.server)).size).toBe(2);
    // And without it, refused by both.
    const refused = [await call('POST', '/api/user-groups', browser, { Name: 'No token 1' }), await call('POST', '/api/user-groups', browser, { Name: 'No token 2' })];
    expect(refused.map((answer) => answer.status)).toEqual([403, 403]);
    expect(new Set(refused.map((answer) => answer.server)).size).toBe(2);
  }, 60_000);

  it('counts wrong passwords spread over both servers as one: the same attempt is refused with 429 as on one server', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i <= MAX_FAILURES_PER_USER_AND_ADDRESS; i += 1) answers.push(await login(fixtures.user.name, 'wrong password', '198.51.100.2'));
    expect(answers.map((answer) => answer.status)).toEqual([...Array<number>(MAX_FAILURES_PER_USER_AND_ADDRESS).fill(401), 429]);
    expect(new Set(answers.map((answer) => answer.server)).size).toBe(2);
    expect(JSON.parse(answers[answers.length - 1].body)).toMatchObject({ code: 'users.errors.too_many_attempts' });
    // Another address is not held back (X-Forwarded-For through the trusted proxy).
    expect((await login(fixtures.user.name, fixtures.user.password, '198.51.100.3')).status).toBe(200);
  }, 60_000);

  it('loses nothing and does nothing twice when the server holding the leases is killed under ingestion and jobs', async () => {
    const lines: string[] = [];
    const result = await runServersRounds(cluster, fixtures, { rounds: 1, steadyMs: 3_000, jobsPerRound: 2, workDir: work, restart: false, forwarding: true, log: (line) => lines.push(line) });
    expect(lines.filter((line) => line.includes('last error'))).toEqual([]);
    expect(result.acknowledgedPoints).toBeGreaterThan(0);
    // Batches landed through both servers.
    expect(result.batchesByServer.every((n) => n > 0)).toBe(true);
    expect(result).toMatchObject({ acknowledgedLost: 0, jobs: 4, jobsRunTwice: 0, jobsMissed: 0, calculationWindowsDoubled: 0, calculationWindowsMissed: 0, forwardedDoubled: 0, forwardedMissed: 0, eventsDoubled: 0, eventsMissed: 0 });
    // The trigger rose from 0 to 1 before and after the kill: an event at each rise, once.
    expect(result.eventsExpected).toBeGreaterThan(3);
    expect(result.events).toBe(result.eventsExpected);
    // The calculation ran before and after the kill (each window of the run, once).
    expect(result.calculationWindows).toBeGreaterThan(5);
    expect(result.takeoverSeconds).toHaveLength(1);
    expect(result.leasesTakenOver).toContain('calculations');
  }, 240_000);
});
