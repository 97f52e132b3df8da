import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { SinkUnavailableError, type OutgoingMessage, type SinkHub, type SinkHubOptions, type SparkplugMetricDefinition } from '../hub';
import { sinkConfig } from '../kinds';
import { allSinks, type SinkRow } from '../repository';
import { SinkBuffer } from './buffer';
import { SinkConnection } from './connection';

// The sink hub of the server holding the integrations lease (server/integrations/README.md,
// "Runtime"; the seam is ../hub.ts). One SinkConnection per running sink; reload() (and a poll
// every POLL_MS, for changes made through another server) connects new and started sinks,
// reconnects changed ones (updated_at) and disconnects stopped and deleted ones. Statistics go to
// sink_statistics every STATISTICS_MS and on stop; any server answers them from there.
//
// Over a buffer limit, messages are dropped and counted (Dropped), never refused: see buffer.ts.

export const POLL_MS = 2000;
export const STATISTICS_MS = 2000;

export function sinkBufferDir(dataDir: string, sinkUuid: string): string {
  return path.join(dataDir, 'sink-buffers', sinkUuid);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The buffers of deleted sinks can never be sent: removed. A stopped sink keeps its buffer. */
async function removeOrphanBuffers(dataDir: string, known: ReadonlySet<string>): Promise<void> {
  const root = path.join(dataDir, 'sink-buffers');
  const entries = await readdir(root).catch(() => [] as string[]);
  for (const name of entries) {
    if (UUID.test(name) && !known.has(name.toLowerCase())) await rm(path.join(root, name), { recursive: true, force: true });
  }
}

export function createSinkHub(options: SinkHubOptions): SinkHub {
  const { db, dataDir, log } = options;
  const connections = new Map<string, SinkConnection>();
  const stoppedSinks = new Set<string>();
  const declared = new Map<string, Map<string, readonly SparkplugMetricDefinition[]>>();
  /** Connections being opened: a publish waits for the reload that opens its sink. */
  let reloading: Promise<void> = Promise.resolve();
  let closed = false;

  const unionOf = (sinkUuid: string): SparkplugMetricDefinition[] => {
    const byName = new Map<string, SparkplugMetricDefinition>();
    for (const metrics of declared.get(sinkUuid)?.values() ?? []) for (const metric of metrics) if (!byName.has(metric.name)) byName.set(metric.name, metric);
    return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  };

  async function writeStatistics(uuid: string, connection: SinkConnection): Promise<void> {
    const s = connection.statistics();
    await db.query(
      `INSERT INTO sink_statistics (sink_uuid, connected, sent, buffered, buffered_bytes, dropped, last_error, last_error_at, connected_since, updated_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, now() WHERE EXISTS (SELECT 1 FROM sinks WHERE uuid = $1)
       ON CONFLICT (sink_uuid) DO UPDATE SET connected = EXCLUDED.connected, sent = EXCLUDED.sent, buffered = EXCLUDED.buffered,
         buffered_bytes = EXCLUDED.buffered_bytes, dropped = EXCLUDED.dropped, last_error = EXCLUDED.last_error,
         last_error_at = EXCLUDED.last_error_at, connected_since = EXCLUDED.connected_since, updated_at = now()`,
      [uuid, s.connected, s.sent, s.buffered, s.bufferedBytes, s.dropped, s.lastError, s.lastErrorAt, s.connectedSince],
    );
  }

  async function flushStatistics(): Promise<void> {
    for (const [uuid, connection] of connections) {
      await writeStatistics(uuid, connection).catch((error: unknown) => log.warn({ err: error, sinkUuid: uuid }, 'writing sink statistics failed'));
    }
  }

  async function open(row: SinkRow): Promise<void> {
    const config = sinkConfig(row.sink_type, row.settings, row.secure_settings);
    const { maxBatchSize, maxBatches, disk, minFreeDiskBytes, maxDiskBytes } = config.buffer;
    const buffer = new SinkBuffer(sinkBufferDir(dataDir, row.uuid), { maxBatchSize, maxBatches, disk, minFreeDiskBytes, maxDiskBytes });
    await buffer.open();
    const connection = new SinkConnection(row.uuid, config, new Date(row.updated_at).getTime(), buffer, log);
    connections.set(row.uuid, connection);
    connection.start(unionOf(row.uuid));
  }

  async function close(uuid: string): Promise<void> {
    const connection = connections.get(uuid);
    if (!connection) return;
    connections.delete(uuid);
    await connection.stop();
    await writeStatistics(uuid, connection).catch(() => undefined);
  }

  async function reloadNow(): Promise<void> {
    if (closed) return;
    const rows = await allSinks(db);
    const running = new Map(rows.filter((row) => row.state === 'running').map((row) => [row.uuid, row]));
    stoppedSinks.clear();
    for (const row of rows) if (row.state !== 'running') stoppedSinks.add(row.uuid);
    for (const uuid of [...connections.keys()]) {
      const row = running.get(uuid);
      if (!row || new Date(row.updated_at).getTime() !== connections.get(uuid)!.updatedAt) await close(uuid);
    }
    await removeOrphanBuffers(dataDir, new Set(rows.map((row) => row.uuid.toLowerCase())));
    for (const row of running.values()) {
      if (closed) return;
      if (!connections.has(row.uuid)) {
        await open(row).catch((error: unknown) => log.warn({ err: error, sinkUuid: row.uuid }, 'opening the sink failed'));
      }
    }
  }

  const reload = (): Promise<void> => {
    const next = reloading.then(reloadNow, reloadNow);
    reloading = next.catch(() => undefined);
    return next;
  };

  const poll = setInterval(() => {
    reload().catch((error: unknown) => log.warn({ err: error }, 'reading the sinks failed'));
  }, POLL_MS);
  poll.unref();
  const statistics = setInterval(() => void flushStatistics(), STATISTICS_MS);
  statistics.unref();
  reload().catch((error: unknown) => log.warn({ err: error }, 'reading the sinks failed'));

  return {
    async publish(sinkUuid: string, messages: readonly OutgoingMessage[]): Promise<void> {
      await reloading;
      const connection = connections.get(sinkUuid);
      if (!connection) {
        if (stoppedSinks.has(sinkUuid)) throw new SinkUnavailableError(sinkUuid, 'stopped', 'the sink is stopped');
        throw new SinkUnavailableError(sinkUuid, 'not_found', 'no running sink of this UUID');
      }
      if (messages.length === 0) return;
      await connection.publish(messages);
    },

    declareMetrics(sinkUuid: string, sourceId: string, metrics: readonly SparkplugMetricDefinition[]): void {
      const before = JSON.stringify(unionOf(sinkUuid));
      const sources = declared.get(sinkUuid) ?? new Map<string, readonly SparkplugMetricDefinition[]>();
      if (metrics.length === 0) sources.delete(sourceId);
      else sources.set(sourceId, [...metrics]);
      declared.set(sinkUuid, sources);
      const after = unionOf(sinkUuid);
      if (JSON.stringify(after) !== before) connections.get(sinkUuid)?.declare(after);
    },

    reload,

    async stop(): Promise<void> {
      clearInterval(poll);
      clearInterval(statistics);
      await reloading;
      closed = true;
      await Promise.all([...connections.keys()].map((uuid) => close(uuid)));
    },
  };
}
