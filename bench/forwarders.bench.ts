// `npm run bench -- forwarders`: forwarder throughput to a real Mosquitto on loopback, the whole
// path (server/integrations/README.md, "Runtime"): a collector's batches through the collector API
// (queued in the transaction that records them), the worker under the integrations lease rendering
// each point with the forwarder's templates, the sink hub publishing at QoS 1 and waiting for each
// PUBACK, and a subscriber counting arrivals. Prints, for a JSON (MQTT) and a SparkplugB forwarder,
// the median of 3 runs of messages per second from the first batch sent to the last message
// received, and the ingestion rate of the same batches with no forwarder for comparison.
// BENCH_FWD_POINTS=2000 for a quick check that the bench still runs. Figures only, never pass/fail.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectAsync } from 'mqtt';
import { buildApp } from '../server/app';
import { createTestOrganization } from '../server/auth/testing/testUsers';
import { collectorWithToken, bearer } from '../server/collectors/testing/collectorFixtures';
import { loadConfig } from '../server/config';
import type { AppContext } from '../server/context';
import { openTestDatabase } from '../server/db/testing/testDatabase';
import { insertBuiltinDatabase, insertMeasurement } from '../server/ingestion/testing/fixtures';
import { startIntegrations } from '../server/integrations/forwarders/runtime/worker';
import { sparkplugPayloads } from '../server/integrations/sinks/sparkplug';
import { startMosquitto } from '../server/testing/mosquittoServer';
import { createTimeseriesStores } from '../server/timeseries/stores';

const RUNS = 3;
const POINTS = Number(process.env.BENCH_FWD_POINTS ?? 20_000);
const MEASUREMENTS = 10;
const PER_BATCH = 2_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const log = { info: () => undefined, warn: () => undefined };

async function main() {
  const [database, broker, dataDir] = await Promise.all([openTestDatabase(), startMosquitto(), mkdtemp(path.join(tmpdir(), 'bench-forwarders-'))]);
  const db = database.db;
  const timeseries = createTimeseriesStores(db);
  const ctx: AppContext = { db, config: loadConfig({ NODE_ENV: 'test' }), version: 'bench', timeseries };
  const app = await buildApp(ctx, { strictResponses: false, logLevel: 'silent' });
  const integrations = startIntegrations({ db, log, dataDir, pollMs: 200 });
  const subscriber = await connectAsync(broker.url, { clientId: 'bench-consumer', protocolVersion: 4 });
  try {
    const plant = await createTestOrganization(db);
    const store = await insertBuiltinDatabase(db, plant);
    const collector = await collectorWithToken(db, plant);
    const one = async (sql: string, params: unknown[]) => (await db.query<{ uuid: string }>(sql, params)).rows[0].uuid;
    let arrived = 0;
    subscriber.on('message', (_topic, payload, packet) => {
      arrived += packet.topic.includes('/NDATA/') ? (sparkplugPayloads!.decodePayload(payload).metrics ?? []).length : packet.topic.includes('/NBIRTH/') ? 0 : 1;
    });
    await subscriber.subscribeAsync(['bench/#', 'spBv1.0/#'], { qos: 1 });

    let keys = 0;
    let time = Date.UTC(2026, 0, 1);
    /** Sends POINTS points over the measurements in batches; answers the ms until every batch was acknowledged. */
    const ingest = async (measurements: string[]) => {
      const started = performance.now();
      for (let sent = 0; sent < POINTS; sent += PER_BATCH) {
        const perMeasurement = PER_BATCH / measurements.length;
        const points = measurements.map((uuid) => {
          const T = Array.from({ length: perMeasurement }, (_, i) => time + i * 1000);
          return { MeasurementUUID: uuid, T, V: T.map((_, i) => i / 10) };
        });
        time += perMeasurement * 1000;
        keys += 1;
        const response = await app.inject({ method: 'POST', url: '/api/collector-api/points', headers: bearer(collector.token), payload: { BatchKey: `bench-${keys}`, Points: points } });
        if (response.statusCode !== 200) throw new Error(`ingestion ${response.statusCode}: ${response.body}`);
      }
      return performance.now() - started;
    };
    const measurementsLabelled = async (label: string) => {
      const uuids: string[] = [];
      for (let i = 0; i < MEASUREMENTS; i += 1) {
        const uuid = await insertMeasurement(db, { organizationUuid: plant, collectorUuid: collector.uuid, databaseUuid: store, name: `${label}.${i}` });
        await db.query('UPDATE measurements SET labels = $2 WHERE uuid = $1', [uuid, [label]]);
        uuids.push(uuid);
      }
      return uuids;
    };

    const baseline: number[] = [];
    const unforwarded = await measurementsLabelled('none');
    for (let run = 0; run < RUNS; run += 1) baseline.push((POINTS / (await ingest(unforwarded))) * 1000);

    const rows: string[] = [];
    for (const [format, type, settings] of [
      ['json', 'MQTT', {}],
      ['sparkplugb', 'SparkplugB', { GroupID: 'Bench', NodeID: 'Historian' }],
    ] as const) {
      const measurements = await measurementsLabelled(format);
      const sink = await one("INSERT INTO sinks (organization_uuid, name, sink_type, state, settings) VALUES ($1, $2, $3, 'running', $4) RETURNING uuid", [
        plant,
        `${format} sink`,
        type,
        JSON.stringify({ BrokerURL: broker.url, BufferProcessInterval: 100, ...settings }),
      ]);
      const forwarder = await one(
        "INSERT INTO forwarders (organization_uuid, sink_uuid, name, state, selection, format, templates, reload_interval) VALUES ($1, $2, $3, 'running', $4, $5, $6, '5m') RETURNING uuid",
        [plant, sink, `${format} forwarder`, JSON.stringify({ Labels: [format] }), format, JSON.stringify({ MeasurementTopic: 'bench/{{.MeasurementUUID}}' })],
      );
      // The worker resolves the new forwarder's selection within its poll.
      while ((await db.query('SELECT 1 FROM forwarder_selections WHERE forwarder_uuid = $1', [forwarder])).rows.length < MEASUREMENTS) await new Promise((r) => setTimeout(r, 50));
      const rates: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        arrived = 0;
        const started = performance.now();
        await ingest(measurements);
        while (arrived < POINTS) await new Promise((r) => setTimeout(r, 10));
        rates.push((POINTS / (performance.now() - started)) * 1000);
      }
      await db.query("UPDATE forwarders SET state = 'stopped', updated_at = now() WHERE uuid = $1", [forwarder]);
      rows.push(`${format.padEnd(10)} ${Math.round(median(rates)).toLocaleString('en').padStart(8)} messages/s   (runs: ${rates.map((r) => Math.round(r)).join(', ')})`);
    }
    console.log(`${POINTS.toLocaleString('en')} points a run in batches of ${PER_BATCH.toLocaleString('en')} over ${MEASUREMENTS} measurements, PGlite, Mosquitto on loopback, QoS 1; median of ${RUNS}:`);
    console.log(`ingestion without forwarder ${Math.round(median(baseline)).toLocaleString('en')} points/s (batches acknowledged)`);
    console.log('forwarded, first batch sent to last message received:');
    for (const row of rows) console.log(`  ${row}`);
  } finally {
    await subscriber.endAsync(true);
    await integrations.stop();
    await app.close();
    await timeseries.close();
    await database.cleanup();
    await broker.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
