import path from 'node:path';
import { buildApp } from './app';
import { startAuditRetention } from './audit/retention';
import { startCalculationEngine } from './calculations/live/engine';
import { EVENTS_FEATURE } from './events/access';
import { startEventProcessor } from './events/processor/engine';
import { startIntegrations } from './integrations/forwarders/runtime/worker';
import { loadConfig } from './config';
import { openDatabase } from './db/open';
import { HistorianDataDirLockedError } from './db/dataDirLock';
import { CALCULATIONS_FEATURE, organizationHasFeature } from './measurements/licence';
import { registerTestJobTypes } from './jobs/testJobTypes';
import { maskUrlCredentials } from './http/errorSerializer';
import { startTaskSchedulers } from './schedulers/start';
import { createTimeseriesStores } from './timeseries/stores';
import { readVersion } from './version';

/**
 * The job runner's defaults, or for tests of several servers a shorter claim (HISTORIAN_JOB_LEASE_MS),
 * so that a killed server's jobs are taken over in seconds rather than after 30 s.
 */
function jobRunnerOptions(env: NodeJS.ProcessEnv) {
  const leaseMs = Number(env.HISTORIAN_JOB_LEASE_MS);
  if (!Number.isInteger(leaseMs) || leaseMs <= 0) return true;
  return { leaseMs, heartbeatMs: Math.max(100, Math.floor(leaseMs / 4)), recoverEveryMs: Math.max(200, Math.floor(leaseMs / 2)), pollMs: 250 };
}

// `npm start` / `npm run server`: one process serving the built client and /api on one port.
async function main() {
  const config = loadConfig(process.env);
  // Test-only job types (server/jobs/testJobTypes.ts) for tests that kill and restart a server.
  if (process.env.HISTORIAN_TEST_JOB_TYPES === '1') registerTestJobTypes();
  let db;
  try {
    db = await openDatabase(config);
  } catch (error) {
    if (error instanceof HistorianDataDirLockedError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  // One set of time-series stores for the app and the live calculation collector.
  const timeseries = createTimeseriesStores(db);
  const ctx = { db, config, version: readVersion(), timeseries };
  const app = await buildApp(
    ctx,
    {
      clientDir: config.clientDir ?? path.resolve(__dirname, '../dist'),
      strictResponses: config.strictResponses,
      logLevel: config.logLevel,
      jobRunner: jobRunnerOptions(process.env),
    },
  );
  const stopRetention = startAuditRetention(db, (message) => app.log.info(message));
  const stopSchedulers = startTaskSchedulers(ctx, app.log);
  // HISTORIAN_CALCULATION_TIME_LIMIT_MS: tests of several servers on a loaded machine give scripts more time.
  const timeLimitMs = Number(process.env.HISTORIAN_CALCULATION_TIME_LIMIT_MS);
  const calculations = startCalculationEngine({
    db,
    timeseries,
    log: app.log,
    licensed: (organizationUuid) => organizationHasFeature(ctx, organizationUuid, CALCULATIONS_FEATURE),
    ...(Number.isInteger(timeLimitMs) && timeLimitMs > 0 ? { sandbox: { timeLimitMs } } : {}),
  });
  const events = startEventProcessor({ db, timeseries, log: app.log, licensed: (organizationUuid) => organizationHasFeature(ctx, organizationUuid, EVENTS_FEATURE) });
  // Forwarders and sinks: delivered by the one server holding the integrations lease.
  const integrations = startIntegrations({ db, timeseries, log: app.log, dataDir: config.dataDir });
  const close = async () => {
    stopRetention();
    await stopSchedulers();
    await calculations.stop();
    await events.stop();
    await integrations.stop();
    await app.close();
    await timeseries.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  const where = db.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`Historian Console listening on http://localhost:${config.port} with ${where}`);
}

// A failed start may quote DATABASE_URL (pg's connection errors do): never print its password.
main().catch((error: unknown) => {
  console.error(maskUrlCredentials(error instanceof Error ? error.message : String(error)));
  process.exit(1);
});
