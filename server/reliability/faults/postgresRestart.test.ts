import { runPostgresRestartRounds } from './postgresRestartRounds';

// PostgreSQL stopped and started again under a collector's batches and a user's GETs to a real
// server process on DATABASE_URL: while it is down every answer is a quick 503 problem+json with
// `transport.database_unavailable` (no stack, no connection string); once it is back the same
// process answers 2xx again by itself, its background loops survived, and every acknowledged batch
// is stored once. The long version is `npm run bench -- reliability faults`.

it('PostgreSQL stopped under load: clear 503s while down, recovery without a restart, nothing acknowledged lost or doubled', async () => {
  const result = await runPostgresRestartRounds({ rounds: 1, downMs: 3_000, upMs: 1_500, recoveryLimitMs: 30_000 });
  // The stop really hit traffic: answers came while it was down, and all of them were clear.
  expect(result.downAnswers).toBeGreaterThan(0);
  expect(result.unclear).toEqual([]);
  expect(result.clearDownAnswers).toBe(result.downAnswers);
  expect(result.hangs).toBe(0);
  expect(result.serverErrorsWhileUp).toBe(0);
  expect(result.recoverySeconds).toHaveLength(1);
  expect(Number.isFinite(result.recoverySeconds[0])).toBe(true);
  // Nothing acknowledged lost, nothing twice, nothing left unacknowledged.
  expect(result.acknowledged).toBeGreaterThan(0);
  expect(result.unacknowledged).toBe(0);
  expect(result.points).toBe(result.expectedPoints);
  expect(result.distinctPoints).toBe(result.points);
  expect(result.batchKeys).toBe(result.acknowledged);
  // The process (its job runner, event processor, calculations, schedulers, forwarding) stayed up.
  expect(result.serverAlive).toBe(true);
  expect(result.crashLines).toEqual([]);
  expect(result.leakingLines).toEqual([]);
}, 120_000);
