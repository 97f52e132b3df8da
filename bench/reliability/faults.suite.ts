import type { ReliabilityFigure, ReliabilitySuite } from '../../server/reliability/suite';
import { runCrashRounds } from '../../server/ingestion/testing/crashRounds';
import { runBulkApplyRounds } from '../../server/reliability/faults/bulkApplyRounds';
import { runCollectorCutRounds } from '../../server/reliability/faults/collectorCutRounds';
import { runPostgresRestartRounds } from '../../server/reliability/faults/postgresRestartRounds';

// `npm run bench -- reliability faults`: the long version of the fault tests (server/ingestion/
// crash.test.ts, server/reliability/faults/*.test.ts). SIGKILL rounds during ingestion (concurrent
// collector batches) and during a bulk apply (a measurement import job, resumed from its
// checkpoint), and PostgreSQL stopped and started again under a collector's batches and a user's
// GETs. At scale 1: 10 ingestion kills, 3 imports of 2,000 rows killed twice each, 10 PostgreSQL
// restarts of 5 s, 10 collector
// cut-offs (a real socket through a loopback proxy that drops every connection).

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)];
};

export const suite: ReliabilitySuite = {
  name: 'faults',
  description: 'SIGKILL during ingestion and a bulk apply, PostgreSQL stopped under load: nothing acknowledged lost or doubled, clear 503s, recovery by itself',
  async run({ scale, log }) {
    const at = (full: number) => Math.max(1, Math.round(full * scale));

    const crashRounds = at(10);
    log(`ingestion: ${crashRounds} SIGKILL rounds`);
    const crash = await runCrashRounds({ rounds: crashRounds });
    const expected = crash.acknowledged * crash.pointsPerSeries;
    const crashLost = crash.series.reduce((sum, s) => sum + Math.max(0, expected - s.times), 0) + crash.unacknowledged.length * crash.pointsPerSeries;
    const crashDoubled = crash.series.reduce((sum, s) => sum + (s.points - s.times), 0) + Math.max(0, crash.batchKeys - crash.acknowledged);
    log(`ingestion: ${crash.acknowledged} batches acknowledged, lost ${crashLost} points, doubled ${crashDoubled}`);

    const applies = at(3);
    const killsPerApply = scale >= 0.5 ? 2 : 1;
    log(`bulk apply: ${applies} measurement imports, ${killsPerApply} SIGKILL each`);
    const bulk = await runBulkApplyRounds({ applies, killsPerApply, rows: scale >= 0.5 ? 2_000 : 1_000, log });

    const pgRounds = at(10);
    log(`PostgreSQL: ${pgRounds} stops under load`);
    const pg = await runPostgresRestartRounds({ rounds: pgRounds, downMs: 5_000, upMs: 3_000, log });
    const pgLost = Math.max(0, pg.expectedPoints - pg.distinctPoints) + pg.unacknowledged;
    const pgDoubled = pg.points - pg.distinctPoints + Math.max(0, pg.batchKeys - pg.acknowledged);
    for (const answer of pg.unclear) log(`unclear answer (${answer.phase}) ${answer.what}: ${answer.status} ${answer.body}`);
    for (const line of [...pg.crashLines, ...pg.leakingLines]) log(`server output: ${line}`);

    const cutRounds = at(10);
    log(`collector: ${cutRounds} cut-offs`);
    const cut = await runCollectorCutRounds({ rounds: cutRounds, log });

    const figures: ReliabilityFigure[] = [
      { label: 'SIGKILL rounds during ingestion', value: crashRounds, unit: 'rounds' },
      { label: 'SIGKILL rounds during a bulk apply (measurement import job)', value: bulk.killsMidway, unit: 'rounds' },
      { label: 'PostgreSQL stop/start rounds under load', value: pg.rounds, unit: 'rounds' },
      { label: 'collector cut-offs (the collector noticed)', value: `${cut.rounds} (${cut.roundsNoticed})`, unit: 'rounds' },
      { label: 'acknowledged batches (ingestion + PostgreSQL rounds)', value: crash.acknowledged + pg.acknowledged },
      { label: 'acknowledged points lost', value: crashLost + pgLost, goal: 0 },
      { label: 'points or batches stored twice', value: crashDoubled + pgDoubled, goal: 0 },
      { label: 'answers other than 200 to batches (PGlite kill rounds)', value: crash.unexpectedStatuses.length, goal: 0 },
      { label: 'collector: points sampled', value: cut.sampled },
      { label: 'collector: sampled points not stored (or still buffered, or dropped)', value: Math.max(0, cut.sampled - cut.distinct), goal: 0 },
      { label: 'collector: points stored twice', value: cut.stored - cut.distinct, goal: 0 },
      { label: 'bulk apply: rows imported', value: bulk.rows },
      { label: 'bulk apply: rows missing', value: bulk.rows - bulk.stored, goal: 0 },
      { label: 'bulk apply: rows stored twice', value: bulk.duplicates, goal: 0 },
      { label: 'bulk apply: imports not ending done', value: bulk.applies - bulk.done, goal: 0 },
      { label: 'bulk apply: rows the job did not account for', value: bulk.rows - bulk.reported, goal: 0 },
      { label: 'bulk apply: rows not reported as created (redone after a kill)', value: bulk.rows - bulk.created, goal: 0 },
      { label: 'answers while PostgreSQL was down', value: pg.downAnswers },
      { label: 'answers while down that were not a clear 503 problem', value: pg.downAnswers - pg.clearDownAnswers, goal: 0 },
      { label: '5xx while PostgreSQL was up', value: pg.serverErrorsWhileUp, goal: 0 },
      { label: 'requests without an answer in 30 s', value: pg.hangs, goal: 0 },
      { label: 'slowest answer while PostgreSQL was down', value: pg.slowestDownMs, unit: 'ms' },
      { label: 'seconds to recover after PostgreSQL returns (median)', value: median(pg.recoverySeconds), unit: 's' },
      { label: 'seconds to recover after PostgreSQL returns (max)', value: Math.max(...pg.recoverySeconds), unit: 's' },
      { label: 'server process crashed or printed an unhandled error', value: (pg.serverAlive ? 0 : 1) + pg.crashLines.length, goal: 0 },
      { label: 'server output lines quoting the connection string', value: pg.leakingLines.length, goal: 0 },
      { label: 'server start (median, PGlite kill rounds)', value: median([...crash.startMs, ...bulk.startMs]), unit: 'ms' },
    ];
    return figures;
  },
};
