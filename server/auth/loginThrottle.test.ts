import type { Db } from '../db/db';
import { runMigrations } from '../db/migrate';
import { openPostgresDb } from '../db/postgres';
import { startPostgres, type PostgresServer } from '../db/testing/postgresServer';
import { MAX_FAILURES_PER_USER_AND_ADDRESS, reserveAttempt } from './loginThrottle';

// The brake against several server processes on one PostgreSQL: each "server" is its own pool, so
// the attempts race on separate connections, as they do behind a load balancer.

const START_TIMEOUT_MS = 180_000;
let postgres: PostgresServer;
let servers: Db[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
  const url = await postgres.createDatabase();
  servers = await Promise.all([1, 2, 3].map(() => openPostgresDb(url, { max: 4 })));
  await runMigrations(servers[0]);
}, START_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await postgres?.stop();
});

describe('sign-in slots across servers', () => {
  it('grants at most 5 slots per name and address when 30 attempts race on three servers', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, index) => reserveAttempt(servers[index % servers.length], 'Operator', '10.9.9.9')),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(MAX_FAILURES_PER_USER_AND_ADDRESS);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => (outcome as PromiseRejectedResult).reason.status)).toEqual(
      Array.from({ length: 30 - MAX_FAILURES_PER_USER_AND_ADDRESS }, () => 429),
    );
  });
});
