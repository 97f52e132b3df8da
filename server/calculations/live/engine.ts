import type { Write } from '../../../domain/contract';
import { CALCULATION_COLLECTOR_TYPE } from '../../collectors/defaults';
import type { Db } from '../../db/db';
import { maskUrlCredentials } from '../../http/errorSerializer';
import { createBatchIngestion } from '../../ingestion/batches';
import { onIngested, type IngestedEvent } from '../../ingestion/events';
import { measurementsVersion } from '../../ingestion/measurements';
import { createServiceLease, type ServiceLease } from '../../events/processor/lease';
import type { TimeseriesStores } from '../../timeseries/stores';
import { downstreamOrder, graphOf } from '../dependencies';
import { loadCalculations } from '../engine/definition';
import { evaluateRange, windowStarts } from '../engine/evaluate';
import type { CalculatedPoint, CalculationDefinition, CalculationState, RangeOutcome } from '../engine/types';
import { createSandbox, type Sandbox, type SandboxOptions } from '../sandbox/sandbox';
import { loadStates, markSkipped, saveLiveState, type StoredState } from './state';

// The live calculation collector (README.md in this folder, DOMAIN.md §2): one per installation,
// for every organization. Every server process starts one; only the holder of the `calculations`
// lease (service_leases) loads and evaluates, the others wait to take over. It evaluates the Active calculations (with a database) as their windows
// close (sampled, simulation) or their input's points arrive (raw, through the ingestion event),
// writes the results through the collectors' durable path (createBatchIngestion, as the
// organization's calculation collector) and then saves each calculation's state.

export interface EngineLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface CalculationEngineOptions {
  db: Db;
  timeseries: TimeseriesStores;
  log: EngineLog;
  now?: () => number;
  /** Whether the organization's licence has the Calculations feature; all organizations when absent. */
  licensed?: (organizationUuid: string) => Promise<boolean>;
  /** How often the calculation collectors' measurement versions are compared (default 2 s). */
  pollMs?: number;
  /**
   * How long after a window's end it is evaluated, for points still in flight (default 2 s: the
   * reference collector sends what it sampled every second, then the write takes its time).
   */
  settleMs?: number;
  /** The scheduler's beat (default 250 ms). */
  tickMs?: number;
  /** The lease (tests pass two engines' own); one named `calculations` on `db` when absent. */
  lease?: ServiceLease;
  /** The sandbox's limits (tests on a loaded machine give scripts more time); its defaults when absent. */
  sandbox?: SandboxOptions;
}

/** The lease under which one server of an installation runs the live calculations. */
export const CALCULATIONS_LEASE = 'calculations';

export interface CalculationEngine {
  stop(): Promise<void>;
  /** Whether this engine holds the lease (and so evaluates). */
  working(): boolean;
  /** Reloads the calculations now and runs what is due; resolves when that work is done. */
  refresh(): Promise<void>;
}

/** Missed windows (and raw points) older than this are left to a backfill (README.md). */
export const MAX_CATCH_UP_MS = 60 * 60 * 1000;
/** Everything is reloaded at least this often (licences, input databases), versions or not. */
const FULL_RELOAD_MS = 60 * 1000;
/** A calculation whose write or state failed (a store down) is tried again after this. */
const RETRY_MS = 5 * 1000;
/**
 * Windows of one calculation per round: a catch-up goes on in the next rounds, so a slow script
 * (each evaluation up to the sandbox's time limit) delays the others by one slice, not by an hour.
 */
export const WINDOWS_PER_ROUND = 100;
/** How often a server that does not hold the lease tries to take it. */
const STANDBY_TRY_MS = 1_000;
/** Points per batch written (the ingestion's limit is 50,000). */
const BATCH_POINTS = 10_000;

type BatchPoints = Write<'CollectorPointBatch'>['Points'];

interface Running {
  calc: CalculationDefinition;
  uuid: string;
  state: CalculationState;
  /** ms: everything before it is evaluated. */
  processedUntil: number;
  /** Raw: evaluate the input's points up to here (exclusive), set by the ingestion event. */
  rawTarget: number | null;
  retryAt: number;
  /** The last failure logged, so a failure that repeats every interval is logged once. */
  logged: string | null;
}

const messageOf = (error: unknown) => maskUrlCredentials(error instanceof Error ? error.message : String(error));

/** A result value as the contract's batch carries it: raw bytes as base64. */
const wireValue = (point: CalculatedPoint) => (point.value instanceof Uint8Array ? Buffer.from(point.value).toString('base64') : point.value);

export function startCalculationEngine(options: CalculationEngineOptions): CalculationEngine {
  const { db, timeseries, log } = options;
  const now = options.now ?? Date.now;
  const pollMs = options.pollMs ?? 2_000;
  const settleMs = options.settleMs ?? 2_000;
  const licensed = options.licensed ?? (async () => true);
  const ingestion = createBatchIngestion(db, timeseries, now);
  const lease = options.lease ?? createServiceLease(db, { name: CALCULATIONS_LEASE, now });
  /** Whether the last round held the lease: a lease taken (again) reloads everything from the database. */
  let holding = false;
  let triedAt = -Infinity;

  let sandbox: Promise<Sandbox> | null = null;
  /** Aborted by stop(): an evaluation under way ends at its next step. */
  const stopping = new AbortController();
  /** Running calculations in dependency order (B after A when B reads A). */
  let running: Running[] = [];
  const byUuid = new Map<string, Running>();
  /** Input measurement → the raw calculations reading it. */
  let rawReaders = new Map<string, Running[]>();
  /** Each calculation's status at the last load, to see a Paused one become Active. */
  let statuses: Map<string, string> | null = null;
  let versions = new Map<string, string>();
  let lastPoll = 0;
  let lastLoad = 0;
  let reloadWanted = true;
  let stopped = false;
  let busy: Promise<void> | null = null;
  let again = false;

  // ---- loading --------------------------------------------------------------------------------

  /** True when a calculation collector's measurements moved since the last look. */
  async function versionsMoved(): Promise<boolean> {
    const { rows } = await db.query<{ uuid: string }>('SELECT uuid FROM collectors WHERE collector_type = $1', [CALCULATION_COLLECTOR_TYPE]);
    const next = new Map<string, string>();
    for (const { uuid } of rows) next.set(uuid, await measurementsVersion(db, uuid));
    const moved = next.size !== versions.size || [...next].some(([uuid, version]) => versions.get(uuid) !== version);
    versions = next;
    return moved;
  }

  /**
   * Raw calculations whose input got points through another server (no in-process event there):
   * the input's last point (measurement_last_points) beyond what was evaluated sets the target.
   */
  async function pollRawInputs() {
    const inputs = [...rawReaders.keys()];
    if (inputs.length === 0) return;
    const { rows } = await db.query<{ measurement_uuid: string; t: number }>(
      `SELECT measurement_uuid, (extract(epoch FROM time) * 1000)::float8 AS t FROM measurement_last_points WHERE measurement_uuid = ANY($1::uuid[])`,
      [inputs],
    );
    for (const { measurement_uuid: measurementUuid, t } of rows) {
      const to = Number(t) + 1;
      for (const r of rawReaders.get(measurementUuid) ?? []) {
        if (to > r.processedUntil && to > (r.rawTarget ?? 0)) r.rawTarget = to;
      }
    }
  }

  /** Forgets everything loaded when the lease is lost: the next holder goes on from the saved state. */
  function forget() {
    running = [];
    byUuid.clear();
    rawReaders = new Map();
    statuses = null;
    versions = new Map();
    reloadWanted = true;
  }

  async function load() {
    const at = now();
    const all = await loadCalculations(db);
    const licence = new Map<string, boolean>();
    for (const organizationUuid of new Set(all.map((calc) => calc.organizationUuid))) licence.set(organizationUuid, await licensed(organizationUuid).catch(() => false));
    const runs = (calc: CalculationDefinition): calc is CalculationDefinition & { uuid: string } =>
      calc.uuid !== null && calc.status === 'Active' && calc.databaseUuid !== null && licence.get(calc.organizationUuid) === true;
    const active = all.filter(runs);
    const idle = all.filter((calc) => !runs(calc) && calc.status !== 'Deleted' && calc.uuid !== null);

    // Paused (or otherwise not running): its processing restarts at the next interval once it
    // runs again, so the period it did not run stays empty (DOMAIN.md §2).
    await markSkipped(db, idle.map((calc) => calc.uuid!), at);
    const previous = statuses;
    statuses = new Map(all.flatMap((calc) => (calc.uuid ? [[calc.uuid, runs(calc) ? 'running' : calc.status] as const] : [])));
    const resumed = previous === null ? [] : active.filter((calc) => previous.has(calc.uuid) && previous.get(calc.uuid) !== 'running').map((calc) => calc.uuid);
    await markSkipped(db, resumed, at);

    const stored = await loadStates(db, active.map((calc) => calc.uuid));
    // A calculation seen running for the first time starts at the next interval, also after a reload.
    const fresh = active.filter((calc) => stored.get(calc.uuid)?.processedUntil == null).map((calc) => calc.uuid);
    await markSkipped(db, fresh, at);
    const next = active.map((calc): Running => {
      const row: StoredState | undefined = stored.get(calc.uuid);
      const old = byUuid.get(calc.uuid);
      // Taken up again (a start of the engine): missed windows of the last hour at most.
      const processedUntil = old ? (row?.processedUntil ?? old.processedUntil) : Math.max(row?.processedUntil ?? at, at - MAX_CATCH_UP_MS);
      return {
        calc,
        uuid: calc.uuid,
        state: row?.state ?? { local: {}, previousResult: null, previousTimestamp: null },
        processedUntil,
        // A raw calculation catches up on the points that came while it was not running here.
        rawTarget: calc.type !== 'raw' ? null : (old?.rawTarget ?? (row?.processedUntil == null ? null : at)),
        retryAt: old?.retryAt ?? 0,
        logged: old?.logged ?? null,
      };
    });

    // Dependency order: simulations read nothing; every other calculation reads something.
    const graph = graphOf(next.map((r) => ({ uuid: r.uuid, name: r.calc.name, inputs: r.calc.inputs.map((input) => input.measurementUuid) })));
    const ordered = downstreamOrder(graph, [...new Set(next.flatMap((r) => r.calc.inputs.map((input) => input.measurementUuid)))]);
    const position = new Map(ordered.map((uuid, index) => [uuid, index]));
    next.sort((a, b) => (position.get(a.uuid) ?? -1) - (position.get(b.uuid) ?? -1) || a.calc.name.localeCompare(b.calc.name));

    running = next;
    byUuid.clear();
    for (const r of next) byUuid.set(r.uuid, r);
    rawReaders = new Map();
    for (const r of next) {
      if (r.calc.type !== 'raw') continue;
      for (const input of r.calc.inputs) rawReaders.set(input.measurementUuid, [...(rawReaders.get(input.measurementUuid) ?? []), r]);
    }
    lastLoad = at;
    const added = next.filter((r) => !previous?.has(r.uuid) || previous.get(r.uuid) !== 'running').length;
    if (added > 0 || previous === null) log.info({ calculations: next.length }, 'calculation engine loaded its calculations');
  }

  // ---- evaluating -----------------------------------------------------------------------------

  async function write(r: Running, points: readonly CalculatedPoint[]) {
    for (let start = 0; start < points.length; start += BATCH_POINTS) {
      const chunk = points.slice(start, start + BATCH_POINTS);
      const series: BatchPoints[number] = {
        MeasurementUUID: r.uuid,
        T: chunk.map((point) => point.time),
        V: chunk.map(wireValue) as BatchPoints[number]['V'],
        Q: chunk.map((point) => point.quality),
      };
      // Deterministic: the same evaluation repeated (after a crash before the state was saved)
      // is answered as a duplicate; a longer one rewrites the same times, which replaces them.
      const key = `calc:${r.uuid}:${chunk[0].time}:${chunk[chunk.length - 1].time}:${chunk.length}`;
      await ingestion.ingest(r.calc.collectorUuid, { BatchKey: key, Points: [series] });
    }
  }

  const errorText = (outcome: RangeOutcome): string | null => {
    const last = outcome.errors[outcome.errors.length - 1];
    if (!last) return null;
    const where = last.line === undefined ? '' : ` (line ${last.line})`;
    return `${last.code}: ${last.message}${where} at ${new Date(last.time).toISOString()}`;
  };

  /** The engine's one sandbox, made on first use; made again after a failed start. */
  function sandboxOf(): Promise<Sandbox> {
    sandbox ??= createSandbox(options.sandbox).catch((error: unknown) => {
      sandbox = null;
      throw error;
    });
    return sandbox;
  }

  /** Evaluates [from, to[ of one calculation; a failure stays with it (README.md). */
  async function evaluate(r: Running, range: { from: number; to: number }) {
    try {
      const outcome = await evaluateRange({ timeseries, sandbox: await sandboxOf() }, r.calc, range, { state: r.state, signal: stopping.signal });
      await write(r, outcome.points);
      const lastError = errorText(outcome);
      // Saved after the write: a crash in between evaluates the range again rather than losing it.
      await saveLiveState(db, r.uuid, { state: outcome.state, processedUntil: range.to, evaluatedAt: now(), lastError });
      r.state = outcome.state;
      r.processedUntil = range.to;
      if (lastError !== null && r.logged === null) log.warn({ calculation: r.uuid, name: r.calc.name, error: lastError }, 'calculation evaluation failed');
      r.logged = lastError;
    } catch (error) {
      if (stopped) return; // stop() aborted it: the range is evaluated again at the next start
      // The store is down, the state could not be saved, …: the range is tried again later.
      const message = messageOf(error);
      r.retryAt = now() + RETRY_MS;
      await saveLiveState(db, r.uuid, { lastError: message }).catch(() => undefined);
      if (r.logged !== message) log.warn({ calculation: r.uuid, name: r.calc.name, error: message }, 'calculation failed; it is tried again');
      r.logged = message;
    }
  }

  async function runDue() {
    for (const r of running) {
      // Renewed between calculations, so a long catch-up does not let the lease lapse; a lease
      // lost (another server took it after we could not renew) stops the round at once.
      if (stopped || !(await lease.ensure())) return;
      const at = now();
      if (r.retryAt > at) continue;
      // The catch-up limit applies when the engine (re)loads a calculation, not here: a
      // calculation waiting for a slower one it reads must not lose windows to it.
      const floor = r.processedUntil;
      if (r.calc.type === 'raw') {
        if (r.rawTarget === null) continue;
        const to = r.rawTarget;
        r.rawTarget = null;
        if (to > floor) await evaluate(r, { from: floor, to });
        // Tried again after a failure: the target is kept until the range is evaluated.
        if (r.processedUntil < to) r.rawTarget = Math.max(r.rawTarget ?? 0, to);
        continue;
      }
      // A window is evaluated once it closed and the calculations it reads have evaluated it:
      // those with windows no longer than its own (a raw one moves with its input's points, and
      // waiting for a longer window would hold this one back a whole such window; README.md).
      let end = at - settleMs;
      for (const input of r.calc.inputs) {
        const upstream = byUuid.get(input.measurementUuid);
        if (upstream && upstream.calc.type !== 'raw' && upstream.calc.intervalMs <= r.calc.intervalMs) end = Math.min(end, upstream.processedUntil);
      }
      if (floor + r.calc.intervalMs > end) continue;
      const all = windowStarts(r.calc, floor, end);
      if (all.length === 0) continue;
      const starts = all.slice(0, WINDOWS_PER_ROUND);
      await evaluate(r, { from: starts[0], to: starts[starts.length - 1] + r.calc.intervalMs });
      if (all.length > starts.length) again = true;
    }
  }

  async function work() {
    // A standby server asks for the lease once a second, not at every beat.
    if (!holding && now() - triedAt < STANDBY_TRY_MS) return;
    triedAt = now();
    if (!(await lease.ensure())) {
      if (holding) log.info({}, 'calculation engine: another server holds the calculations lease; this one stops evaluating');
      holding = false;
      forget();
      return;
    }
    if (!holding) {
      // Taken (again): what another holder evaluated meanwhile is in calculation_state.
      holding = true;
      forget();
      lastPoll = -Infinity;
    }
    const at = now();
    let polled = false;
    if (at - lastPoll >= pollMs) {
      lastPoll = at;
      polled = true;
      if ((await versionsMoved()) || at - lastLoad >= FULL_RELOAD_MS) reloadWanted = true;
    }
    if (reloadWanted) {
      reloadWanted = false;
      await load();
    }
    if (polled) await pollRawInputs();
    await runDue();
  }

  /** Runs work() now, or once more after the run under way. */
  function kick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (busy) {
      again = true;
      return busy;
    }
    busy = (async () => {
      do {
        again = false;
        try {
          await work();
        } catch (error) {
          // Loading failed (the database is restarting?): the next beat tries again.
          reloadWanted = true;
          log.warn({ error: messageOf(error) }, 'calculation engine: a round failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      busy = null;
    });
    return busy;
  }

  function ingested(event: IngestedEvent) {
    let due = false;
    for (const { measurementUuid, to } of event.series) {
      for (const r of rawReaders.get(measurementUuid) ?? []) {
        if (r.calc.organizationUuid !== event.organizationUuid) continue;
        r.rawTarget = Math.max(r.rawTarget ?? 0, to);
        due = true;
      }
    }
    if (due) void kick();
  }

  const unsubscribe = onIngested(ingested);
  const timer = setInterval(() => void kick(), options.tickMs ?? 250);
  timer.unref?.();
  void kick();

  return {
    working: () => holding && lease.held(),
    async refresh() {
      reloadWanted = true;
      await kick();
      // A run that was under way when asked has run once more (again): wait for that too.
      while (busy) await busy;
    },
    async stop() {
      stopped = true;
      stopping.abort();
      clearInterval(timer);
      unsubscribe();
      while (busy) await busy;
      await sandbox?.then((made) => made.dispose()).catch(() => undefined);
      sandbox = null;
      // Given up, so that another server takes over at once rather than at the lease's expiry.
      await lease.release();
    },
  };
}
