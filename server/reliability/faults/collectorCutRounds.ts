import { createServer, connect, type Server, type Socket } from 'node:net';
import { baseBuild } from '../../collector/builds';
import { createCollectorClient } from '../../collector/collectorClient';
import { createMeasurementCollector } from '../../collector/measurementCollector';
import { openAgentHarness } from '../../collector/testing/agentHarness';
import { insertBuiltinDatabase, insertMeasurement } from '../../ingestion/testing/fixtures';

// A collector cut off from the server (issue 22, item 2): the reference collector's data path
// (server/collector/measurementCollector.ts, its real HTTP client) talks to a real server on
// loopback through a TCP proxy that can be cut: every connection dropped at once, new ones refused.
// Each round cuts the link, half the time in the middle of a send (the batch may be stored with
// its answer lost), keeps sampling while cut, then restores the link: the buffer drains, and every
// sampled point is stored, none twice. The collector's clock is stepped, so the points are known.
// (measurementCollector.test.ts proves the buffer against a server in memory; this is the same
// through a real socket and the real ingestion.) Used by collectorCut.test.ts and the faults suite.

export interface CollectorCutOptions {
  rounds: number;
  /** Seconds of samples while the link is up and while it is cut, per round. */
  secondsUp?: number;
  secondsCut?: number;
  measurements?: number;
  log?: (line: string) => void;
}

export interface CollectorCutResult {
  rounds: number;
  /** Rounds in which a send failed because of the cut (the collector noticed it). */
  roundsNoticed: number;
  sampled: number;
  /** Points stored for the collector's measurements, and distinct (measurement, time) among them. */
  stored: number;
  distinct: number;
  /** Points still in the collector's buffer at the end, and points it dropped for its bound. */
  buffered: number;
  dropped: number;
  /** Per round: flushes it took after the link returned until the buffer was empty. */
  drainFlushes: number[];
}

interface CuttableProxy {
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/** A loopback TCP proxy to `target`; cut() drops every connection and refuses new ones until restore(). */
export async function startCuttableProxy(targetPort: number): Promise<CuttableProxy> {
  const sockets = new Set<Socket>();
  let cut = false;
  const server: Server = createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const T0 = Date.UTC(2026, 10, 4, 0, 0, 0);

export async function runCollectorCutRounds(options: CollectorCutOptions): Promise<CollectorCutResult> {
  const { rounds, secondsUp = 20, secondsCut = 40, measurements: measurementCount = 3, log = () => undefined } = options;
  const harness = await openAgentHarness();
  const proxy = await startCuttableProxy(Number(new URL(harness.url).port));
  let collector: ReturnType<typeof createMeasurementCollector> | undefined;
  try {
    const { uuid: collectorUuid, token } = await harness.newCollector('Cut off');
    await harness.t.db.query("UPDATE collectors SET status = 'Active' WHERE uuid = $1", [collectorUuid]);
    const database = await insertBuiltinDatabase(harness.t.db, harness.plant);
    const uuids: string[] = [];
    for (let m = 0; m < measurementCount; m += 1) {
      uuids.push(
        await insertMeasurement(harness.t.db, {
          organizationUuid: harness.plant,
          collectorUuid,
          databaseUuid: database,
          settings: { Signal: 'ramp', SampleIntervalMs: 1000 },
        }),
      );
    }
    let clock = T0;
    collector = createMeasurementCollector({
      client: createCollectorClient({ url: proxy.url, token, timeoutMs: 5_000 }),
      build: () => baseBuild(),
      now: () => clock,
      random: () => 0.5,
      flushIntervalMs: 1e9,
      tickMs: 1e9,
      maxBatchPoints: 25,
    });
    await collector.refresh();
    collector.start();
    const active = collector;
    const samples = async (seconds: number, flushEvery: number) => {
      for (let second = 1; second <= seconds; second += 1) {
        clock += 1000;
        active.sample();
        if (second % flushEvery === 0) await active.flush();
      }
    };
    const result: CollectorCutResult = { rounds, roundsNoticed: 0, sampled: 0, stored: 0, distinct: 0, buffered: 0, dropped: 0, drainFlushes: [] };

    for (let round = 0; round < rounds; round += 1) {
      await samples(secondsUp, 5);
      if (round % 2 === 1) {
        // Cut in the middle of a send: the batch may have been stored with its answer lost.
        clock += 1000;
        collector.sample();
        const sending = collector.flush();
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
        proxy.cut();
        await sending;
      } else proxy.cut();
      await samples(secondsCut, 5);
      if (collector.buffering) result.roundsNoticed += 1;
      proxy.restore();
      let flushes = 0;
      const deadline = Date.now() + 60_000;
      while (collector.snapshot().buffered > 0 && Date.now() < deadline) {
        await collector.flush();
        flushes += 1;
      }
      result.drainFlushes.push(flushes);
      log(`collector cut ${round + 1}/${rounds}: ${collector.buffering ? 'still buffering' : 'buffer drained'} after ${flushes} sends`);
    }
    const snapshot = collector.snapshot();
    result.sampled = snapshot.sampled;
    result.buffered = snapshot.buffered;
    result.dropped = snapshot.dropped;
    const { rows } = await harness.t.db.query<{ points: number; distinct: number }>(
      'SELECT count(*)::int AS points, count(DISTINCT (measurement_uuid, time))::int AS distinct FROM timeseries_points WHERE measurement_uuid = ANY($1::uuid[])',
      [uuids],
    );
    result.stored = rows[0].points;
    result.distinct = rows[0].distinct;
    return result;
  } finally {
    await collector?.close().catch(() => undefined);
    await proxy.close();
    await harness.close();
  }
}
