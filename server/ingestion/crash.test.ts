import { runCrashRounds } from './testing/crashRounds';

// Acknowledged means durable: a real server process (server/main.ts on a PGlite data directory)
// takes numbered batches through POST /collector-api/points from concurrent writers and is killed
// with SIGKILL at a random moment, twice; after each restart the writers send every batch not
// acknowledged again, under its key. In the end every acknowledged point is stored, with its value,
// and no time of a measurement holds two points. The long version (many rounds, figures only) is
// `npm run bench -- ingestionCrash`.

const ROUNDS = 2;

it('after SIGKILLs during ingestion and restarts, every acknowledged point is stored once', async () => {
  const result = await runCrashRounds({ rounds: ROUNDS });
  expect(result.unexpectedStatuses).toEqual([]);
  expect(result.unacknowledged).toEqual([]);
  // The kills really hit ingestion: batches were sent in every round, more than the first can hold.
  expect(result.sent).toBeGreaterThan(ROUNDS);
  const stored = result.acknowledged * result.pointsPerSeries;
  expect(result.series).toEqual([
    { points: stored, times: stored, wrong: 0 },
    { points: stored, times: stored, wrong: 0 },
  ]);
  expect(result.batchKeys).toBe(result.acknowledged);
}, 120_000);
