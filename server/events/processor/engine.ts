import type { Db } from '../../db/db';
import { parseDuration } from '../../../domain/duration';
import { maskUrlCredentials } from '../../http/errorSerializer';
import { onIngested, type IngestedEvent } from '../../ingestion/events';
import { forEachOccurrence, parseRecurrence } from '../../schedulers/recurrence';
import type { TimeseriesStores } from '../../timeseries/stores';
import type { PointValue, ValueType } from '../../timeseries/types';
import { closeAtOf, computeEventProperties, type ComputedValue, findParentEvent, isGood, loadPropertyConfigs, loadValues, saveValues, statusAfter, type PropertyConfig } from './compute';
import { createServiceLease, type ServiceLease } from './lease';
import { writeEventLog } from '../definitions/logs';
import {
  EXTERNAL_POLL_INTERVAL_DEFAULT_MS,
  EXTERNAL_QUERY_TIMEOUT_MS,
  EXTERNAL_ROWS_PER_POLL,
  extractExternalEvents,
  type ExternalDatatype,
  type ExternalEventRow,
} from '../../../domain/externalEvents';
import { ExternalQueryError, type RunReadOnlyQuery } from '../../integrations/external-databases/drivers/types';
import { externalDatabaseConnection, runReadOnlyQuery } from '../../integrations/external-databases/query';

// The event processor (server/events/README.md, "The processor"): one per installation, under the
// `event-processor` lease. Each round (every second, and at once after a batch that names a
// trigger measurement) detects the running configurations' events from their start source, then
// computes the properties and statuses of the events that are due (events.evaluate_at ≤ now: new,
// stopped, pending until their close, open ones with preview properties, and those a person made
// dirty). A configuration's failure is its own: it is saved as its last_error and the others go on.

export interface ProcessorLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface EventProcessorOptions {
  db: Db;
  timeseries: TimeseriesStores;
  log: ProcessorLog;
  now?: () => number;
  /** Whether the organization's licence has the Events feature; all organizations when absent. */
  licensed?: (organizationUuid: string) => Promise<boolean>;
  /** The round's beat (default 1 s). */
  tickMs?: number;
  /** The lease (tests pass two processors' own); one made on `db` when absent. */
  lease?: ServiceLease;
  /** Runs the external_database start sources' and properties' queries (tests pass a fake); the drivers' by default. */
  runQuery?: RunReadOnlyQuery;
}

export interface EventProcessor {
  stop(): Promise<void>;
  /** Runs a round now; resolves when it (and any round it asked for) is done. */
  refresh(): Promise<void>;
  /** Whether this processor holds the lease (and so works). */
  working(): boolean;
}

/** Points still in flight: as the calculations' settle delay. */
export const SETTLE_MS = 2_000;
/** Trigger points read per configuration and round; a longer catch-up goes on in the next rounds. */
export const TRIGGER_POINTS_PER_ROUND = 100_000;
/** Schedule occurrences per configuration and round. */
export const OCCURRENCES_PER_ROUND = 1_000;
/** Due events computed per round. */
export const EVENTS_PER_ROUND = 500;
export const DEFAULT_REFRESH_MS = 10_000;
/** A configuration whose events could not be computed (a store down) is tried again after this. */
export const RETRY_MS = 5_000;

interface ConfigurationRow {
  uuid: string;
  organization_uuid: string;
  asset_uuid: string;
  event_type_uuid: string;
  parent_configuration_uuid: string | null;
  start_source: 'historian' | 'schedule' | 'manual' | 'external_database';
  settings: {
    Trigger?: { MeasurementUUID: string; GracePeriod?: string | null; RefreshInterval?: string | null } | null;
    Schedule?: { Rule: string; Timezone: string; Duration?: string | null } | null;
    ExternalSource?: { ExternalDatabaseUUID: string; Query: string; PollInterval?: string | null } | null;
  };
  state: 'running' | 'stopped';
  processed_until: string | number | null;
  last_value: unknown;
}

interface DueEvent {
  uuid: string;
  configuration_uuid: string;
  parent_uuid: string | null;
  start: number;
  stop: number | null;
  evaluate_at: Date | null;
}

class TriggerMissing extends Error {}
/** The external source's query failed: logged once per message while it lasts, tried again at the next poll. */
class ExternalSourceFailed extends Error {}

const messageOf = (error: unknown) => maskUrlCredentials(error instanceof Error ? error.message : String(error));
const isZero = (value: unknown) => value === false || value === 0 || value === '';
const durationOf = (text: string | null | undefined, fallback: number) => (text ? (parseDuration(text) ?? fallback) : fallback);

/** How often an open event's preview properties are computed again. */
export const refreshMsOf = (settings: ConfigurationRow['settings']) => Math.max(1_000, durationOf(settings.Trigger?.RefreshInterval, DEFAULT_REFRESH_MS));

const CONFIGURATION_COLUMNS = `c.uuid, c.organization_uuid, c.asset_uuid, c.event_type_uuid, c.parent_configuration_uuid, c.start_source, c.settings, c.state,
  s.processed_until, s.last_value`;

export function startEventProcessor(options: EventProcessorOptions): EventProcessor {
  const { db, timeseries, log } = options;
  const now = options.now ?? Date.now;
  const licensed = options.licensed ?? (async () => true);
  const lease = options.lease ?? createServiceLease(db, { now });
  const runQuery = options.runQuery ?? runReadOnlyQuery;

  let stopped = false;
  let busy: Promise<void> | null = null;
  let again = false;
  /** Trigger measurements of the running configurations: an ingestion naming one starts a round. */
  let triggers = new Set<string>();
  /** Lines written once while a condition lasts (unlicensed, trigger missing), by configuration. */
  const unlicensedLogged = new Set<string>();
  const missingLogged = new Set<string>();
  /** Property failures already logged (event:property:reason), so a preview every 10 s logs once. */
  const failuresLogged = new Set<string>();
  /** The last error saved per configuration, so a success clears it once. */
  const erred = new Set<string>();
  /** When each external source last ran its query (a failed poll is tried again a PollInterval later; -Infinity: at once). */
  const polledAt = new Map<string, number>();
  /** The external source's failure last logged, by configuration, so a failure that lasts is logged once. */
  const externalLogged = new Map<string, string>();

  async function saveError(configurationUuid: string, message: string | null) {
    if (message === null && !erred.has(configurationUuid)) return;
    await db.query(
      `INSERT INTO event_configuration_state (configuration_uuid, last_error) VALUES ($1, $2)
       ON CONFLICT (configuration_uuid) DO UPDATE SET last_error = EXCLUDED.last_error, updated_at = now()`,
      [configurationUuid, message],
    );
    if (message === null) erred.delete(configurationUuid);
    else erred.add(configurationUuid);
  }

  async function saveProgress(tx: Db, configurationUuid: string, processedUntil: number, lastValue: unknown) {
    await tx.query(
      `INSERT INTO event_configuration_state (configuration_uuid, processed_until, last_value, last_error) VALUES ($1, $2, $3, NULL)
       ON CONFLICT (configuration_uuid) DO UPDATE SET processed_until = EXCLUDED.processed_until, last_value = EXCLUDED.last_value,
         last_error = NULL, updated_at = now()`,
      [configurationUuid, processedUntil, lastValue === undefined || lastValue === null ? null : JSON.stringify(lastValue)],
    );
  }

  // ---- detection ------------------------------------------------------------------------------

  interface Open {
    uuid: string;
    start: number;
  }

  async function openEventOf(tx: Db, configurationUuid: string): Promise<Open | null> {
    const { rows } = await tx.query<{ uuid: string; start: number }>(
      'SELECT uuid, (extract(epoch FROM start_time) * 1000)::float8 AS start FROM events WHERE configuration_uuid = $1 AND stop_time IS NULL',
      [configurationUuid],
    );
    return rows[0] ?? null;
  }

  async function stopEvent(tx: Db, cfg: ConfigurationRow, open: Open, at: number, round: number) {
    await tx.query(`UPDATE events SET stop_time = $2, status = 'pending', evaluate_at = $3, updated_at = now() WHERE uuid = $1`, [open.uuid, new Date(at), new Date(round)]);
    await writeEventLog(tx, cfg.uuid, 'info', 'events.log.event_stopped', { EventUUID: open.uuid, At: new Date(at).toISOString() }, open.uuid);
  }

  async function startEvent(tx: Db, cfg: ConfigurationRow, at: number, round: number): Promise<Open> {
    const { rows } = await tx.query<{ uuid: string }>(
      `INSERT INTO events (organization_uuid, configuration_uuid, asset_uuid, event_type_uuid, start_time, status, source, evaluate_at)
       VALUES ($1, $2, $3, $4, $5, 'open', 'auto', $6) RETURNING uuid`,
      [cfg.organization_uuid, cfg.uuid, cfg.asset_uuid, cfg.event_type_uuid, new Date(at), new Date(round)],
    );
    await writeEventLog(tx, cfg.uuid, 'info', 'events.log.event_started', { EventUUID: rows[0].uuid, At: new Date(at).toISOString() }, rows[0].uuid);
    return { uuid: rows[0].uuid, start: at };
  }

  async function detectHistorian(cfg: ConfigurationRow, round: number) {
    const trigger = cfg.settings.Trigger;
    if (!trigger?.MeasurementUUID) throw new TriggerMissing('The configuration has no trigger');
    const { rows } = await db.query<{ datatype: ValueType; database_uuid: string | null; status: string }>(
      'SELECT datatype, database_uuid, status FROM measurements WHERE uuid = $1 AND organization_uuid = $2',
      [trigger.MeasurementUUID, cfg.organization_uuid],
    );
    const measurement = rows[0];
    if (!measurement || measurement.status === 'Deleted' || !measurement.database_uuid) throw new TriggerMissing('The trigger measurement no longer exists');
    const grace = durationOf(trigger.GracePeriod, 0);
    const from = cfg.processed_until === null ? round : Number(cfg.processed_until);
    const horizon = round - SETTLE_MS - grace;
    if (cfg.processed_until === null || horizon <= from) {
      // First start: detection begins now (README.md).
      if (cfg.processed_until === null) await db.transaction((tx) => saveProgress(tx, cfg.uuid, from, cfg.last_value));
      return;
    }
    const store = await timeseries.forDatabase(measurement.database_uuid);
    // Up to horizon + grace: a change just before the horizon may flip back within the grace period.
    const raw = await store.readRaw(trigger.MeasurementUUID, measurement.datatype, { from, to: horizon + grace, limit: TRIGGER_POINTS_PER_ROUND });
    let until = horizon;
    if (raw.length === TRIGGER_POINTS_PER_ROUND) {
      const lastTime = raw[raw.length - 1].time.getTime();
      until = Math.max(from + 1, Math.min(horizon, lastTime - grace));
      again = true;
    }
    const points = raw.filter((point) => isGood(point.quality)).map((point) => ({ time: point.time.getTime(), value: point.value as PointValue }));
    let last: unknown = cfg.last_value ?? undefined;
    const changes: { time: number; value: unknown }[] = [];
    for (let i = 0; i < points.length && points[i].time < until; i += 1) {
      const point = points[i];
      if (last !== undefined && point.value === last) continue;
      if (last !== undefined && grace > 0) {
        // A value that returns to the last one within the grace period: both are ignored.
        let j = i + 1;
        while (j < points.length && points[j].time <= point.time + grace && points[j].value !== last) j += 1;
        if (j < points.length && points[j].time <= point.time + grace) {
          i = j;
          continue;
        }
      }
      changes.push(point);
      last = point.value;
    }
    await db.transaction(async (tx) => {
      let open = await openEventOf(tx, cfg.uuid);
      for (const change of changes) {
        if (open) await stopEvent(tx, cfg, open, change.time, round);
        open = isZero(change.value) ? null : await startEvent(tx, cfg, change.time, round);
      }
      await saveProgress(tx, cfg.uuid, until, last);
    });
  }

  async function detectSchedule(cfg: ConfigurationRow, round: number) {
    const schedule = cfg.settings.Schedule;
    if (!schedule) throw new Error('The configuration has no schedule');
    const recurrence = parseRecurrence(schedule.Rule, schedule.Timezone);
    const durationMs = schedule.Duration ? (parseDuration(schedule.Duration) ?? null) : null;
    const from = cfg.processed_until === null ? round : Number(cfg.processed_until);
    const occurrences: number[] = [];
    if (cfg.processed_until !== null) {
      forEachOccurrence(recurrence, from - 1, (occurrence) => {
        const at = occurrence.at.getTime();
        if (at >= round) return false;
        occurrences.push(at);
        return occurrences.length < OCCURRENCES_PER_ROUND;
      });
    }
    const capped = occurrences.length === OCCURRENCES_PER_ROUND;
    const until = capped ? occurrences[occurrences.length - 1] + 1 : round;
    if (capped) again = true;
    await db.transaction(async (tx) => {
      let open = await openEventOf(tx, cfg.uuid);
      // With a Duration an event stops at start + Duration, or at the next occurrence if that is sooner.
      const ended = async (at: number) => {
        if (open && durationMs !== null && open.start + durationMs <= at) {
          await stopEvent(tx, cfg, open, open.start + durationMs, round);
          open = null;
        }
      };
      for (const at of occurrences) {
        await ended(at);
        if (open) await stopEvent(tx, cfg, open, at, round);
        open = await startEvent(tx, cfg, at, round);
      }
      await ended(until);
      await saveProgress(tx, cfg.uuid, until, null);
    });
  }

  /**
   * external_database: every PollInterval the query runs over [end of the last window, now[; each
   * row with a StartTime starts an event (one per ExternalID, else per StartTime: a row seen again is
   * the same event), its StopTime stops it, its columns named like properties fill them.
   */
  async function detectExternal(cfg: ConfigurationRow, round: number) {
    const source = cfg.settings.ExternalSource;
    if (!source?.ExternalDatabaseUUID || !source.Query) throw new ExternalSourceFailed('The configuration has no external source');
    const pollMs = Math.max(1_000, durationOf(source.PollInterval, EXTERNAL_POLL_INTERVAL_DEFAULT_MS));
    const from = cfg.processed_until === null ? round - pollMs : Number(cfg.processed_until);
    // This processor's last poll (a failed one too), else the end of the last window saved.
    const last = polledAt.get(cfg.uuid) ?? (cfg.processed_until === null ? -Infinity : from);
    if (round - last < pollMs) return;
    polledAt.set(cfg.uuid, round);
    // The first window is saved before the query, so that a failing first poll is read again whole.
    if (cfg.processed_until === null) await db.transaction((tx) => saveProgress(tx, cfg.uuid, from, null));
    const connection = await externalDatabaseConnection(db, cfg.organization_uuid, source.ExternalDatabaseUUID);
    if (!connection) throw new ExternalSourceFailed('The external database no longer exists');
    let result;
    try {
      result = await runQuery(connection, source.Query, {
        params: { StartTime: new Date(from), StopTime: new Date(round) },
        limit: EXTERNAL_ROWS_PER_POLL,
        timeoutMs: EXTERNAL_QUERY_TIMEOUT_MS,
      });
    } catch (error) {
      // The drivers' messages never carry a secure setting (drivers/types.ts).
      if (error instanceof ExternalQueryError) throw new ExternalSourceFailed(`The query failed (${error.step}): ${error.message}`);
      throw error;
    }
    // Row columns fill the simple properties that have no property configuration (one that has
    // is computed by it).
    const { rows: properties } = await db.query<{ uuid: string; name: string; datatype: ExternalDatatype }>(
      `SELECT p.uuid, p.name, p.datatype FROM event_type_properties p
        WHERE p.event_type_uuid = $1 AND p.type = 'simple'
          AND NOT EXISTS (SELECT 1 FROM event_property_configurations pc WHERE pc.configuration_uuid = $2 AND pc.event_type_property_uuid = p.uuid)`,
      [cfg.event_type_uuid, cfg.uuid],
    );
    const extraction = extractExternalEvents(result.columns, result.rows, properties);
    if (extraction.missingStart) throw new ExternalSourceFailed('The query answers no StartTime column');
    const propertyUuid = new Map(properties.map((property) => [property.name, property.uuid]));
    // More rows than a poll reads: the next poll starts at the last start read (rows read again are
    // recognised), at once.
    let until = round;
    if (result.truncated && extraction.events.length > 0) {
      const lastStart = extraction.events[extraction.events.length - 1].start;
      if (lastStart > from) {
        until = lastStart;
        polledAt.set(cfg.uuid, -Infinity);
        again = true;
      }
    }
    await db.transaction(async (tx) => {
      for (const row of extraction.events) await applyExternalRow(tx, cfg, row, propertyUuid, round);
      await saveProgress(tx, cfg.uuid, until, null);
    });
    externalLogged.delete(cfg.uuid);
  }

  async function applyExternalRow(tx: Db, cfg: ConfigurationRow, row: ExternalEventRow, propertyUuid: ReadonlyMap<string, string>, round: number) {
    const { rows: known } = await tx.query<{ uuid: string; start: number; stop: number | null }>(
      `SELECT uuid, (extract(epoch FROM start_time) * 1000)::float8 AS start, (extract(epoch FROM stop_time) * 1000)::float8 AS stop
         FROM events WHERE configuration_uuid = $1 AND external_id = $2`,
      [cfg.uuid, row.externalId],
    );
    let event = known[0];
    if (event) {
      // A row seen before: its StopTime stops the open event; nothing else changes its times.
      if (event.stop === null && row.stop !== null && row.stop > event.start) await stopEvent(tx, cfg, event, row.stop, round);
    } else {
      // At most one open event per configuration: a later row stops the open one at its start; an
      // earlier open row ends where the open one starts.
      const open = await openEventOf(tx, cfg.uuid);
      let stop = row.stop;
      if (open && open.start < row.start) await stopEvent(tx, cfg, open, row.start, round);
      else if (open && (stop === null || stop > open.start)) {
        if (open.start <= row.start) return; // the same start under another id: the open event is it
        stop = open.start;
      }
      const { rows } = await tx.query<{ uuid: string }>(
        `INSERT INTO events (organization_uuid, configuration_uuid, asset_uuid, event_type_uuid, start_time, stop_time, status, source, evaluate_at, external_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'auto', $8, $9) RETURNING uuid`,
        [cfg.organization_uuid, cfg.uuid, cfg.asset_uuid, cfg.event_type_uuid, new Date(row.start), stop === null ? null : new Date(stop), stop === null ? 'open' : 'pending', new Date(round), row.externalId],
      );
      event = { uuid: rows[0].uuid, start: row.start, stop };
      await writeEventLog(tx, cfg.uuid, 'info', 'events.log.event_started', { EventUUID: event.uuid, At: new Date(row.start).toISOString() }, event.uuid);
      if (stop !== null) await writeEventLog(tx, cfg.uuid, 'info', 'events.log.event_stopped', { EventUUID: event.uuid, At: new Date(stop).toISOString() }, event.uuid);
    }
    const values = new Map<string, ComputedValue | null>();
    for (const [name, value] of Object.entries(row.values)) {
      const uuid = propertyUuid.get(name);
      if (uuid) values.set(uuid, value === null ? null : { value, series: null, defaulted: false });
    }
    await saveValues(tx, event.uuid, values);
  }

  // ---- properties and statuses ----------------------------------------------------------------

  async function logFailures(cfg: ConfigurationRow, eventUuid: string, failures: { Property: string; Reason: string }[], cut: string[]) {
    if (failuresLogged.size > 10_000) failuresLogged.clear();
    for (const failure of failures) {
      const key = `${eventUuid}:${failure.Property}:${failure.Reason}`;
      if (failuresLogged.has(key)) continue;
      failuresLogged.add(key);
      await writeEventLog(db, cfg.uuid, 'warning', 'events.log.property_failed', { ...failure }, eventUuid);
    }
    for (const property of cut) {
      const key = `${eventUuid}:${property}:cut`;
      if (failuresLogged.has(key)) continue;
      failuresLogged.add(key);
      await writeEventLog(db, cfg.uuid, 'warning', 'events.log.series_cut', { Property: property }, eventUuid);
    }
  }

  async function evaluateEvent(cfg: ConfigurationRow, properties: readonly PropertyConfig[], event: DueEvent, round: number) {
    const closeAt = closeAtOf(event.stop, properties);
    const final = closeAt !== null && round >= closeAt;
    const parentUuid = cfg.parent_configuration_uuid && !event.parent_uuid ? await findParentEvent(db, cfg.parent_configuration_uuid, event.start) : event.parent_uuid;
    const existing = await loadValues(db, event.uuid);
    const outcome = await computeEventProperties(
      { db, timeseries, runQuery },
      { event: { uuid: event.uuid, start: event.start, stop: event.stop, parentUuid }, properties, existing, now: round, only: final ? undefined : (p) => p.preview },
    );
    const status = statusAfter(event.stop, properties, existing, outcome.values, round);
    const preview = properties.some((p) => p.preview);
    const refreshAt = round + refreshMsOf(cfg.settings);
    const next = status === 'open' ? (preview ? refreshAt : null) : status === 'pending' ? (preview ? Math.min(refreshAt, closeAt!) : closeAt) : null;
    await db.transaction(async (tx) => {
      await saveValues(tx, event.uuid, outcome.values);
      // A person's change while this ran (a new evaluate_at) is kept for the next round.
      await tx.query(
        `UPDATE events SET status = $2, parent_uuid = $3, updated_at = now(),
           evaluate_at = CASE WHEN evaluate_at IS NOT DISTINCT FROM $4 THEN $5 ELSE evaluate_at END
         WHERE uuid = $1`,
        [event.uuid, status, parentUuid, event.evaluate_at, next === null ? null : new Date(next)],
      );
    });
    await logFailures(cfg, event.uuid, outcome.failures, outcome.cut);
  }

  // ---- rounds ---------------------------------------------------------------------------------

  async function round() {
    if (!(await lease.ensure())) return;
    const at = now();
    const licence = new Map<string, boolean>();
    const isLicensed = async (organizationUuid: string) => {
      let known = licence.get(organizationUuid);
      if (known === undefined) {
        known = await licensed(organizationUuid).catch(() => false);
        licence.set(organizationUuid, known);
      }
      return known;
    };
    const skipped = async (cfg: ConfigurationRow) => {
      if (await isLicensed(cfg.organization_uuid)) {
        unlicensedLogged.delete(cfg.uuid);
        return false;
      }
      if (!unlicensedLogged.has(cfg.uuid)) {
        unlicensedLogged.add(cfg.uuid);
        await writeEventLog(db, cfg.uuid, 'warning', 'events.log.unlicensed', {});
      }
      return true;
    };

    const { rows: running } = await db.query<ConfigurationRow>(
      `SELECT ${CONFIGURATION_COLUMNS} FROM event_configurations c LEFT JOIN event_configuration_state s ON s.configuration_uuid = c.uuid
        WHERE c.state = 'running' AND c.start_source IN ('historian', 'schedule', 'external_database') ORDER BY c.created_at, c.uuid`,
    );
    triggers = new Set(running.flatMap((cfg) => (cfg.settings.Trigger?.MeasurementUUID ? [cfg.settings.Trigger.MeasurementUUID] : [])));
    for (const cfg of running) {
      if (stopped || !lease.held()) return;
      if (await skipped(cfg)) continue;
      try {
        if (cfg.start_source === 'historian') await detectHistorian(cfg, at);
        else if (cfg.start_source === 'schedule') await detectSchedule(cfg, at);
        else await detectExternal(cfg, at);
        missingLogged.delete(cfg.uuid);
        await saveError(cfg.uuid, null);
      } catch (error) {
        const message = messageOf(error);
        if (error instanceof TriggerMissing && !missingLogged.has(cfg.uuid)) {
          missingLogged.add(cfg.uuid);
          await writeEventLog(db, cfg.uuid, 'error', 'events.log.trigger_missing', {}).catch(() => undefined);
        }
        if (error instanceof ExternalSourceFailed && externalLogged.get(cfg.uuid) !== message) {
          externalLogged.set(cfg.uuid, message);
          await writeEventLog(db, cfg.uuid, 'error', 'events.log.external_query_failed', { Reason: message }).catch(() => undefined);
        }
        if (!erred.has(cfg.uuid)) log.warn({ configuration: cfg.uuid, error: message }, 'event detection failed; it is tried again');
        await saveError(cfg.uuid, message).catch(() => undefined);
      }
    }

    // A value typed into an incomplete event: computed again (it may be complete now).
    await db.query(
      `UPDATE events e SET evaluate_at = $1 WHERE e.status = 'incomplete' AND e.evaluate_at IS NULL AND EXISTS (
         SELECT 1 FROM event_property_values v WHERE v.event_uuid = e.uuid AND v.manual AND v.updated_at > e.updated_at)`,
      [new Date(at)],
    );
    // Only licensed organizations' events: an unlicensed one's due events wait without crowding out the others.
    const { rows: dueOrganizations } = await db.query<{ organization_uuid: string }>('SELECT DISTINCT organization_uuid FROM events WHERE evaluate_at <= $1', [new Date(at)]);
    const organizations: string[] = [];
    for (const { organization_uuid: organizationUuid } of dueOrganizations) if (await isLicensed(organizationUuid)) organizations.push(organizationUuid);
    if (organizations.length === 0) return;
    const { rows: due } = await db.query<DueEvent>(
      `SELECT uuid, configuration_uuid, parent_uuid, evaluate_at, (extract(epoch FROM start_time) * 1000)::float8 AS start,
              (extract(epoch FROM stop_time) * 1000)::float8 AS stop
         FROM events WHERE evaluate_at <= $1 AND organization_uuid = ANY($3::uuid[]) ORDER BY evaluate_at, uuid LIMIT $2`,
      [new Date(at), EVENTS_PER_ROUND, organizations],
    );
    if (due.length === EVENTS_PER_ROUND) again = true;
    if (due.length === 0) return;
    const configurationUuids = [...new Set(due.map((event) => event.configuration_uuid))];
    const { rows: configurations } = await db.query<ConfigurationRow>(
      `SELECT ${CONFIGURATION_COLUMNS} FROM event_configurations c LEFT JOIN event_configuration_state s ON s.configuration_uuid = c.uuid WHERE c.uuid = ANY($1::uuid[])`,
      [configurationUuids],
    );
    const byUuid = new Map(configurations.map((cfg) => [cfg.uuid, cfg]));
    const properties = await loadPropertyConfigs(db, configurationUuids);
    const failed = new Set<string>();
    for (const event of due) {
      if (stopped || !lease.held()) return;
      const cfg = byUuid.get(event.configuration_uuid);
      if (!cfg || failed.has(cfg.uuid) || (await skipped(cfg))) continue;
      try {
        await evaluateEvent(cfg, properties.get(cfg.uuid) ?? [], event, at);
      } catch (error) {
        const message = messageOf(error);
        failed.add(cfg.uuid);
        log.warn({ configuration: cfg.uuid, event: event.uuid, error: message }, 'event computation failed; it is tried again');
        await saveError(cfg.uuid, message).catch(() => undefined);
        // Its due events wait a while, so that they do not fill every round's share of the others.
        await db
          .query('UPDATE events SET evaluate_at = $3 WHERE configuration_uuid = $1 AND evaluate_at <= $2', [cfg.uuid, new Date(at), new Date(at + RETRY_MS)])
          .catch(() => undefined);
      }
    }
  }

  /** Runs a round now, or once more after the round under way. */
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
          await round();
        } catch (error) {
          // The database is restarting?: the next beat tries again.
          log.warn({ error: messageOf(error) }, 'event processor: a round failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      busy = null;
    });
    return busy;
  }

  function ingested(event: IngestedEvent) {
    if (event.series.some((series) => triggers.has(series.measurementUuid))) void kick();
  }

  const unsubscribe = onIngested(ingested);
  const timer = setInterval(() => void kick(), options.tickMs ?? 1_000);
  timer.unref?.();
  void kick();

  return {
    working: () => lease.held(),
    async refresh() {
      await kick();
      while (busy) await busy;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      while (busy) await busy;
      await lease.release();
    },
  };
}
