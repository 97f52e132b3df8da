import type { Read } from '../../../../domain/contract';
import { parseDuration } from '../../../../domain/duration';
import type { Db } from '../../../db/db';
import { createServiceLease, type ServiceLease } from '../../../events/processor/lease';
import { maskUrlCredentials } from '../../../http/errorSerializer';
import { onIngested } from '../../../ingestion/events';
import type { TimeseriesStores } from '../../../timeseries/stores';
import { SinkUnavailableError, type OutgoingMessage, type SinkHub, type SinkHubOptions, type SparkplugDatatype, type SparkplugMetricDefinition } from '../../sinks/hub';
import { createSinkHub } from '../../sinks/runtime/hub';
import { TemplateRenderError, type ForwardedSource, type ForwarderDefinition, type ForwarderTemplates, type MessageRenderer } from '../messages';
import { createMessageRenderer } from '../render';
import { resolveSelection, type ResolvedSelection } from '../selection';

// The forwarding worker (server/integrations/README.md, "Runtime"): one per installation, under the
// `integrations` lease. While it holds the lease it runs the sink hub, keeps each running
// forwarder's resolved selection in forwarder_selections (at start, when the forwarder or its sink
// changed, and every ReloadInterval), declares the SparkplugB forwarders' metrics to the hub, and
// delivers each forwarder's queue in id order: render, hand to the hub, then delete. A sink the hub
// cannot take messages for keeps its forwarders' entries queued; an entry whose template fails is
// left out, counted and named in last_error.

export const INTEGRATIONS_LEASE = 'integrations';
/** Queue entries read, rendered and handed to the hub per forwarder and pass. */
export const DELIVERY_BATCH = 500;
/** How often forwarders and sinks are looked at for changes. */
export const POLL_MS = 2_000;
/** The shortest ReloadInterval (the contract says at least 10 s) and the one when unreadable. */
export const MIN_RELOAD_MS = 10_000;
export const DEFAULT_RELOAD_MS = 5 * 60_000;
/** A forwarder whose sink refused (or whose selection failed) is tried again after this, doubling up to the max. */
export const RETRY_MIN_MS = 1_000;
export const RETRY_MAX_MS = 30_000;
/** stop() waits this long for a pass under way (a publish to a slow broker) before it stops the hub. */
export const STOP_WAIT_MS = 10_000;

export interface IntegrationsLog {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
}

export type ResolveSelection = (db: Db, organizationUuid: string, selection: Read<'ForwarderSelection'>) => Promise<ResolvedSelection>;

export interface IntegrationsOptions {
  db: Db;
  /** Not used by the worker itself (yet); passed for symmetry with the other runtimes. */
  timeseries?: TimeseriesStores;
  log: IntegrationsLog;
  /** Where the sinks' disk buffers live (the hub's `<dataDir>/sink-buffers/`). */
  dataDir: string;
  /** Makes the hub when the lease is taken (default createSinkHub); it is stopped when the lease is lost. */
  hub?: (options: SinkHubOptions) => SinkHub;
  /** Default createMessageRenderer(db), made when the lease is first taken. */
  renderer?: MessageRenderer;
  /** Default resolveSelection (forwarders/selection.ts). */
  resolve?: ResolveSelection;
  now?: () => number;
  /** The lease (tests pass two workers' own); one named `integrations` on `db` when absent. */
  lease?: ServiceLease;
  batchSize?: number;
  pollMs?: number;
  /** Idle back-off: from idleMinMs (after work or a kick), doubling up to idleMaxMs. */
  idleMinMs?: number;
  idleMaxMs?: number;
  /** How long stop() waits for a pass under way (default STOP_WAIT_MS). */
  stopWaitMs?: number;
}

export interface Integrations {
  /** Stops delivering, stops the hub, gives the lease up. */
  stop(): Promise<void>;
  /** Something was queued: look at the queues now rather than after the idle back-off. */
  kick(): void;
  /** Whether this server holds the lease (and so delivers). */
  working(): boolean;
}

interface ForwarderRow {
  uuid: string;
  organization_uuid: string;
  sink_uuid: string;
  state: string;
  selection: Read<'ForwarderSelection'>;
  format: 'json' | 'sparkplugb';
  templates: ForwarderTemplates;
  reload_interval: string;
  updated_at: Date;
  sink_state: string;
  sink_updated_at: Date;
}

interface Active {
  definition: ForwarderDefinition;
  fingerprint: string;
  /** The next refresh of its selection (ms). */
  reloadAt: number;
  /** Delivery waits until then after the sink refused (ms). */
  retryAt: number;
  retryMs: number;
  /** The last error recorded, so that a success clears it and a repeat is not logged again. */
  error: string | null;
}

interface QueueRow {
  id: number;
  kind: 'point' | 'event';
  measurement_uuid: string | null;
  asset_property_uuid: string | null;
  time: number | null;
  value: unknown;
  quality: number | null;
  event_uuid: string | null;
  change: 'started' | 'closed' | null;
}

const messageOf = (error: unknown) => maskUrlCredentials(error instanceof Error ? error.message : String(error));

export const reloadMsOf = (text: string) => Math.max(MIN_RELOAD_MS, parseDuration(text) ?? DEFAULT_RELOAD_MS);

const fingerprintOf = (row: ForwarderRow) =>
  [new Date(row.updated_at).toISOString(), row.state, row.sink_uuid, row.sink_state, new Date(row.sink_updated_at).toISOString()].join('|');

/** A queued value as the renderer takes it: slices as their JSON text (the seam carries scalars). */
function scalarOf(value: unknown): number | string | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

export function sourceOf(row: QueueRow): ForwardedSource {
  if (row.kind === 'event') return { kind: 'event', eventUuid: row.event_uuid!, change: row.change ?? 'started' };
  return {
    kind: 'point',
    measurementUuid: row.measurement_uuid!,
    assetPropertyUuid: row.asset_property_uuid,
    time: row.time!,
    value: scalarOf(row.value),
    quality: row.quality,
  };
}

const SPARKPLUG_TYPES: Record<string, SparkplugDatatype> = { number: 'Double', boolean: 'Boolean', string: 'String' };

/** Consecutive SparkplugB messages go as one (the hub splits by MaxMetricsPerMessage); MQTT ones as they are. */
function mergeSparkplug(messages: readonly OutgoingMessage[]): OutgoingMessage[] {
  const out: OutgoingMessage[] = [];
  for (const message of messages) {
    const last = out[out.length - 1];
    if (message.kind === 'sparkplug' && last?.kind === 'sparkplug') out[out.length - 1] = { kind: 'sparkplug', metrics: [...last.metrics, ...message.metrics] };
    else out.push(message);
  }
  return out;
}

export function startIntegrations(options: IntegrationsOptions): Integrations {
  const { db, log, dataDir } = options;
  const now = options.now ?? Date.now;
  const makeHub = options.hub ?? createSinkHub;
  const resolve = options.resolve ?? resolveSelection;
  const lease = options.lease ?? createServiceLease(db, { name: INTEGRATIONS_LEASE, now });
  const batchSize = options.batchSize ?? DELIVERY_BATCH;
  const pollMs = options.pollMs ?? POLL_MS;
  const idleMinMs = options.idleMinMs ?? 200;
  const idleMaxMs = options.idleMaxMs ?? 1_000;

  let renderer: MessageRenderer | null = options.renderer ?? null;
  let hub: SinkHub | null = null;
  /** The running forwarders (whose sink runs too), by UUID. */
  const active = new Map<string, Active>();
  let sinksFingerprint: string | null = null;
  let lastPoll = -Infinity;
  let stopped = false;
  let idleMs = idleMinMs;
  let kicked = false;
  let wake: (() => void) | null = null;
  /** Worker-level failures already logged (activation, a failed pass), so a repeat every second logs once. */
  let lastFailure: string | null = null;

  // ---- statistics ---------------------------------------------------------------------------------

  async function recordError(target: Active, message: string | null) {
    if (message === target.error) return;
    if (message !== null) log.warn({ forwarder: target.definition.uuid, error: message }, 'forwarder: delivery problem');
    await db.query(
      `INSERT INTO forwarder_statistics (forwarder_uuid, last_error) SELECT uuid, $2 FROM forwarders WHERE uuid = $1
       ON CONFLICT (forwarder_uuid) DO UPDATE SET last_error = EXCLUDED.last_error, updated_at = now()`,
      [target.definition.uuid, message],
    );
    target.error = message;
  }

  // ---- the lease ----------------------------------------------------------------------------------

  async function activate() {
    renderer ??= createMessageRenderer(db);
    const made = makeHub({ db, dataDir, log });
    try {
      await made.reload();
    } catch (error) {
      await made.stop().catch(() => undefined);
      throw error;
    }
    hub = made;
    active.clear();
    sinksFingerprint = null;
    lastPoll = -Infinity;
    log.info({}, 'integrations: this server forwards (it holds the integrations lease)');
  }

  async function deactivate() {
    const was = hub;
    hub = null;
    active.clear();
    sinksFingerprint = null;
    renderer?.invalidate();
    if (was) {
      await was.stop().catch((error: unknown) => log.warn({ error: messageOf(error) }, 'integrations: the sink hub did not stop cleanly'));
      log.info({}, 'integrations: this server no longer forwards');
    }
  }

  // ---- forwarders and their selections --------------------------------------------------------

  async function storeSelection(forwarderUuid: string, resolved: ResolvedSelection) {
    const byMeasurement = new Map<string, string | null>();
    for (const { measurementUuid, assetPropertyUuid } of resolved.measurements) if (!byMeasurement.has(measurementUuid)) byMeasurement.set(measurementUuid, assetPropertyUuid);
    const measurements = [...byMeasurement.keys()];
    await db.transaction(async (tx) => {
      await tx.query('DELETE FROM forwarder_selections WHERE forwarder_uuid = $1 AND NOT (measurement_uuid = ANY($2::uuid[]))', [forwarderUuid, measurements]);
      await tx.query(
        `INSERT INTO forwarder_selections (forwarder_uuid, measurement_uuid, asset_property_uuid)
         SELECT $1, m, p FROM unnest($2::uuid[], $3::uuid[]) AS x (m, p)
         ON CONFLICT (forwarder_uuid, measurement_uuid) DO UPDATE SET asset_property_uuid = EXCLUDED.asset_property_uuid
          WHERE forwarder_selections.asset_property_uuid IS DISTINCT FROM EXCLUDED.asset_property_uuid`,
        [forwarderUuid, measurements, measurements.map((uuid) => byMeasurement.get(uuid))],
      );
      await tx.query(
        `INSERT INTO forwarder_statistics (forwarder_uuid, selected_measurements) VALUES ($1, $2)
         ON CONFLICT (forwarder_uuid) DO UPDATE SET selected_measurements = EXCLUDED.selected_measurements, updated_at = now()`,
        [forwarderUuid, measurements.length],
      );
    });
    return [...byMeasurement].map(([measurementUuid, assetPropertyUuid]) => ({ measurementUuid, assetPropertyUuid }));
  }

  /** SparkplugB: every metric the forwarder may send, named as its topic template renders it. */
  async function declareMetrics(target: Active, measurements: readonly { measurementUuid: string; assetPropertyUuid: string | null }[]) {
    const { definition } = target;
    const { rows } = await db.query<{ uuid: string; datatype: string }>('SELECT uuid, datatype FROM measurements WHERE uuid = ANY($1::uuid[])', [measurements.map((m) => m.measurementUuid)]);
    const datatypes = new Map(rows.map((row) => [row.uuid, SPARKPLUG_TYPES[row.datatype] ?? 'String']));
    const metrics = new Map<string, SparkplugMetricDefinition>();
    let failure: string | null = null;
    for (const { measurementUuid, assetPropertyUuid } of measurements) {
      const datatype = datatypes.get(measurementUuid);
      if (!datatype) continue;
      try {
        const message = await renderer!.render(definition, { kind: 'point', measurementUuid, assetPropertyUuid, time: now(), value: null, quality: null });
        if (message.kind !== 'sparkplug') continue;
        for (const metric of message.metrics) if (!metrics.has(metric.name)) metrics.set(metric.name, { name: metric.name, datatype });
      } catch (error) {
        if (!(error instanceof TemplateRenderError)) throw error;
        failure ??= `${error.template}: ${messageOf(error)}`;
      }
    }
    hub!.declareMetrics(definition.sinkUuid, definition.uuid, [...metrics.values()]);
    if (failure !== null) await recordError(target, failure);
  }

  async function refreshForwarder(row: ForwarderRow, previous: Active | undefined, at: number) {
    const target: Active = {
      definition: { uuid: row.uuid, organizationUuid: row.organization_uuid, sinkUuid: row.sink_uuid, format: row.format, templates: row.templates ?? {} },
      fingerprint: fingerprintOf(row),
      reloadAt: at + reloadMsOf(row.reload_interval),
      retryAt: previous?.retryAt ?? 0,
      retryMs: previous?.retryMs ?? RETRY_MIN_MS,
      error: previous?.error ?? null,
    };
    active.set(row.uuid, target);
    renderer!.invalidate(row.uuid);
    // A sink changed under a SparkplugB forwarder: its metrics leave the old sink's birth.
    if (previous && previous.definition.sinkUuid !== row.sink_uuid && previous.definition.format === 'sparkplugb') hub!.declareMetrics(previous.definition.sinkUuid, row.uuid, []);
    try {
      const measurements = await storeSelection(row.uuid, await resolve(db, row.organization_uuid, row.selection ?? {}));
      if (row.format === 'sparkplugb') await declareMetrics(target, measurements);
      else if (previous?.definition.format === 'sparkplugb') hub!.declareMetrics(row.sink_uuid, row.uuid, []);
    } catch (error) {
      // Its old selection stays; tried again soon.
      target.reloadAt = at + RETRY_MIN_MS * 5;
      await recordError(target, `selection: ${messageOf(error)}`).catch(() => undefined);
    }
  }

  /** Forwarders (and sinks) that started, stopped, changed or are due for a reload. */
  async function refresh(at: number) {
    const { rows: sinks } = await db.query<{ uuid: string; state: string; updated_at: Date }>('SELECT uuid, state, updated_at FROM sinks ORDER BY uuid');
    const sinksNow = sinks.map((s) => `${s.uuid}:${s.state}:${new Date(s.updated_at).toISOString()}`).join(',');
    if (sinksFingerprint !== null && sinksNow !== sinksFingerprint) await hub!.reload();
    sinksFingerprint = sinksNow;

    const { rows } = await db.query<ForwarderRow>(
      `SELECT f.uuid, f.organization_uuid, f.sink_uuid, f.state, f.selection, f.format, f.templates, f.reload_interval, f.updated_at,
              s.state AS sink_state, s.updated_at AS sink_updated_at
         FROM forwarders f JOIN sinks s ON s.uuid = f.sink_uuid
        WHERE f.state = 'running' AND s.state = 'running'
        ORDER BY f.uuid`,
    );
    const running = new Set(rows.map((row) => row.uuid));
    for (const [uuid, gone] of active) {
      if (running.has(uuid)) continue;
      active.delete(uuid);
      renderer!.invalidate(uuid);
      if (gone.definition.format === 'sparkplugb') hub!.declareMetrics(gone.definition.sinkUuid, uuid, []);
    }
    for (const row of rows) {
      if (stopped || !lease.held()) return;
      const known = active.get(row.uuid);
      if (known && known.fingerprint === fingerprintOf(row) && known.reloadAt > at) continue;
      await refreshForwarder(row, known, at);
    }
  }

  // ---- delivery -------------------------------------------------------------------------------

  /** Delivers one batch of a forwarder's queue; true when something left the queue. */
  async function deliver(target: Active): Promise<boolean> {
    const { definition } = target;
    const { rows } = await db.query<QueueRow>(
      `SELECT id, kind, measurement_uuid, asset_property_uuid, (extract(epoch FROM time) * 1000)::float8 AS time, value, quality, event_uuid, change
         FROM forwarder_queue WHERE forwarder_uuid = $1 ORDER BY id LIMIT $2`,
      [definition.uuid, batchSize],
    );
    if (rows.length === 0) return false;
    const messages: OutgoingMessage[] = [];
    const done: number[] = [];
    let skipped = 0;
    let renderError: string | null = null;
    let stoppedBy: string | null = null;
    for (const row of rows) {
      try {
        messages.push(await renderer!.render(definition, sourceOf(row)));
        done.push(row.id);
      } catch (error) {
        if (error instanceof TemplateRenderError) {
          // The template cannot render this entry: it would never render; left out and counted.
          skipped += 1;
          done.push(row.id);
          renderError = `${error.template}: ${messageOf(error)}`;
        } else {
          // Something else (the database away): this entry and those after it wait.
          stoppedBy = `render: ${messageOf(error)}`;
          break;
        }
      }
    }
    if (messages.length > 0) {
      try {
        await hub!.publish(definition.sinkUuid, mergeSparkplug(messages));
      } catch (error) {
        const text = error instanceof SinkUnavailableError ? `sink unavailable (${error.reason}): ${messageOf(error)}` : `sink: ${messageOf(error)}`;
        target.retryAt = now() + target.retryMs;
        target.retryMs = Math.min(target.retryMs * 2, RETRY_MAX_MS);
        await recordError(target, text);
        return false;
      }
    }
    target.retryMs = RETRY_MIN_MS;
    target.retryAt = 0;
    if (done.length > 0) {
      const error = stoppedBy ?? renderError;
      await db.transaction(async (tx) => {
        await tx.query('DELETE FROM forwarder_queue WHERE id = ANY($1::bigint[])', [done]);
        // A forwarder deleted meanwhile has no statistics any more (and its queue went with it).
        await tx.query(
          `INSERT INTO forwarder_statistics (forwarder_uuid, forwarded, skipped, last_forwarded_at, last_error)
           SELECT uuid, $2, $3, $4, $5 FROM forwarders WHERE uuid = $1
           ON CONFLICT (forwarder_uuid) DO UPDATE SET forwarded = forwarder_statistics.forwarded + EXCLUDED.forwarded,
             skipped = forwarder_statistics.skipped + EXCLUDED.skipped,
             last_forwarded_at = coalesce(EXCLUDED.last_forwarded_at, forwarder_statistics.last_forwarded_at),
             last_error = EXCLUDED.last_error, updated_at = now()`,
          [definition.uuid, messages.length, skipped, messages.length > 0 ? new Date(now()) : null, error],
        );
      });
      if (error !== null && error !== target.error) log.warn({ forwarder: definition.uuid, error }, 'forwarder: entries could not be rendered');
      target.error = error;
    } else if (stoppedBy !== null) {
      await recordError(target, stoppedBy);
    }
    if (stoppedBy !== null) {
      target.retryAt = now() + target.retryMs;
      target.retryMs = Math.min(target.retryMs * 2, RETRY_MAX_MS);
    }
    return done.length > 0;
  }

  // ---- the loop -------------------------------------------------------------------------------

  /** One pass; true when something was delivered (so the next pass comes at once). */
  async function pass(): Promise<boolean> {
    if (!(await lease.ensure())) {
      if (hub) await deactivate();
      return false;
    }
    if (!hub) await activate();
    const at = now();
    if (at - lastPoll >= pollMs) {
      lastPoll = at;
      await refresh(at);
    }
    let worked = false;
    for (const target of [...active.values()]) {
      if (stopped || !lease.held()) break;
      if (target.retryAt > now()) continue;
      if (await deliver(target)) worked = true;
    }
    return worked;
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake = done;
    });
  }

  async function loop() {
    while (!stopped) {
      let worked = false;
      try {
        worked = await pass();
        lastFailure = null;
      } catch (error) {
        const message = messageOf(error);
        if (message !== lastFailure) log.warn({ error: message }, 'integrations: a pass failed; it is tried again');
        lastFailure = message;
        // A hub that failed to start is made again on the next pass; one whose lease ran out is stopped.
        if (hub && !lease.held()) await deactivate();
      }
      if (stopped) break;
      if (worked || kicked) {
        kicked = false;
        idleMs = idleMinMs;
        // Let the event loop breathe between batches.
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      await sleep(idleMs);
      idleMs = Math.min(idleMs * 2, idleMaxMs);
    }
  }

  function kick() {
    if (stopped) return;
    kicked = true;
    idleMs = idleMinMs;
    wake?.();
  }

  // The lease is renewed beside the loop too, so a slow broker under a long publish does not let it lapse.
  const heartbeat = setInterval(() => {
    if (hub && !stopped) void lease.ensure();
  }, 1_000);
  heartbeat.unref?.();
  const unsubscribe = onIngested(() => {
    if (hub) kick();
  });
  const running = loop();

  return {
    kick,
    working: () => hub !== null && lease.held(),
    async stop() {
      stopped = true;
      clearInterval(heartbeat);
      unsubscribe();
      wake?.();
      // A publish hanging on a broker must not hold the server's shutdown: the hub is stopped anyway.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((resolve) => (timer = setTimeout(resolve, options.stopWaitMs ?? STOP_WAIT_MS)))]);
      clearTimeout(timer);
      await deactivate();
      await lease.release();
    },
  };
}
