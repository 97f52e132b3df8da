import type { Db } from '../../db/db';
import type { JobContext, JobTypeDefinition } from '../../jobs/registry';
import { createTimeseriesStores, type TimeseriesStores } from '../../timeseries/stores';
import {
  computeEventProperties,
  findParentEvent,
  loadPropertyConfigs,
  loadValues,
  sameValue,
  saveValues,
  statusAfter,
  type ComputedValue,
  type StoredValue,
} from '../processor/compute';
import { writeEventLog } from '../definitions/logs';

// The event_reevaluation job (server/events/README.md, "Re-evaluation"): recomputes the
// properties (all of a configuration, or one property configuration's) of the closed events that
// start in [From, To[, in batches of 100 with progress and a checkpoint, with the processor's own
// computation (processor/compute.ts). Manual values are kept; the status is set again by the
// processor's rules. A dry run writes nothing and tells what would change. It never detects events.

export const EVENT_REEVALUATION = 'event_reevaluation';
export const REEVALUATION_BATCH = 100;
export const MAX_SAMPLES = 20;

export interface EventReevaluationPayload {
  ConfigurationUUID: string;
  /** Only this property configuration; null: every property of the configuration. */
  PropertyConfigurationUUID: string | null;
  /** ISO 8601, inclusive. */
  From: string;
  /** ISO 8601, exclusive. */
  To: string;
  DryRun: boolean;
}

export interface ReevaluationSample {
  EventUUID: string;
  StartTime: string;
  Property: string;
  Before: unknown;
  After: unknown;
}

export interface EventReevaluationResult {
  DryRun: boolean;
  /** Events recomputed. */
  Events: number;
  /** Property values that changed (or would). */
  Changed: number;
  /** Manual values kept. */
  Kept: number;
  Samples: ReevaluationSample[];
}

interface Checkpoint {
  after: { start: number; uuid: string } | null;
  total: number;
  result: EventReevaluationResult;
}

const isPayload = (value: unknown): value is EventReevaluationPayload =>
  typeof value === 'object' &&
  value !== null &&
  typeof Reflect.get(value, 'ConfigurationUUID') === 'string' &&
  typeof Reflect.get(value, 'From') === 'string' &&
  typeof Reflect.get(value, 'To') === 'string' &&
  typeof Reflect.get(value, 'DryRun') === 'boolean';

const isCheckpoint = (value: unknown): value is Checkpoint => typeof value === 'object' && value !== null && typeof Reflect.get(value, 'total') === 'number' && typeof Reflect.get(value, 'result') === 'object';

const shown = (value: StoredValue | ComputedValue | null | undefined) => (value ? (value.series ?? value.value ?? null) : null);

interface EventRow {
  uuid: string;
  parent_uuid: string | null;
  start: number;
  stop: number;
}

export async function runEventReevaluation(ctx: JobContext, deps: { timeseries: TimeseriesStores; now?: () => number }): Promise<EventReevaluationResult> {
  if (!isPayload(ctx.job.payload)) throw new Error('The job has no valid re-evaluation payload');
  const payload = ctx.job.payload;
  const db: Db = ctx.db;
  const now = deps.now ?? Date.now;
  const from = new Date(Date.parse(payload.From));
  const to = new Date(Date.parse(payload.To));
  const { rows: found } = await db.query<{ uuid: string; parent_configuration_uuid: string | null }>(
    'SELECT uuid, parent_configuration_uuid FROM event_configurations WHERE uuid = $1 AND organization_uuid = $2',
    [payload.ConfigurationUUID, ctx.job.organizationUuid],
  );
  const configuration = found[0];
  if (!configuration) throw new Error('The event configuration no longer exists');
  const properties = (await loadPropertyConfigs(db, [configuration.uuid])).get(configuration.uuid) ?? [];
  const asked = payload.PropertyConfigurationUUID;
  if (asked && !properties.some((property) => property.uuid === asked)) throw new Error('The property configuration no longer exists');
  const only = asked ? (property: { uuid: string }) => property.uuid === asked : undefined;
  const names = new Map(properties.map((property) => [property.propertyUuid, property.name]));

  const saved = isCheckpoint(ctx.checkpointState) ? ctx.checkpointState : null;
  const range = 'configuration_uuid = $1 AND start_time >= $2 AND start_time < $3 AND stop_time IS NOT NULL';
  const total =
    saved?.total ?? Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM events WHERE ${range}`, [configuration.uuid, from, to])).rows[0].n);
  const result: EventReevaluationResult = saved?.result ?? { DryRun: payload.DryRun, Events: 0, Changed: 0, Kept: 0, Samples: [] };
  let after = saved?.after ?? null;
  if (!saved) await ctx.log('info', `${payload.DryRun ? 'Dry run of a re-evaluation' : 'Re-evaluation'} of ${total} events from ${from.toISOString()} to ${to.toISOString()}`);

  for (;;) {
    const { rows: batch } = await db.query<EventRow>(
      `SELECT uuid, parent_uuid, (extract(epoch FROM start_time) * 1000)::float8 AS start, (extract(epoch FROM stop_time) * 1000)::float8 AS stop
         FROM events WHERE ${range} AND ($4::timestamptz IS NULL OR (start_time, uuid) > ($4::timestamptz, $5::uuid))
        ORDER BY start_time, uuid LIMIT ${REEVALUATION_BATCH}`,
      [configuration.uuid, from, to, after ? new Date(after.start) : null, after?.uuid ?? null],
    );
    if (batch.length === 0) break;
    for (const event of batch) {
      const at = now();
      const parentUuid = configuration.parent_configuration_uuid && !event.parent_uuid ? await findParentEvent(db, configuration.parent_configuration_uuid, event.start) : event.parent_uuid;
      const existing = await loadValues(db, event.uuid);
      const outcome = await computeEventProperties(
        { db, timeseries: deps.timeseries },
        { event: { uuid: event.uuid, start: event.start, stop: event.stop, parentUuid }, properties, existing, now: at, only },
      );
      result.Events += 1;
      result.Kept += outcome.kept;
      for (const [propertyUuid, value] of outcome.values) {
        const before = existing.get(propertyUuid);
        if (sameValue(before, value)) continue;
        result.Changed += 1;
        if (result.Samples.length < MAX_SAMPLES) {
          result.Samples.push({ EventUUID: event.uuid, StartTime: new Date(event.start).toISOString(), Property: names.get(propertyUuid) ?? '', Before: shown(before), After: shown(value) });
        }
      }
      if (payload.DryRun) continue;
      const status = statusAfter(event.stop, properties, existing, outcome.values, at);
      await db.transaction(async (tx) => {
        await saveValues(tx, event.uuid, outcome.values);
        // A pending event keeps its evaluate_at: the processor closes it when its CloseAfter has passed.
        await tx.query(
          `UPDATE events SET status = $2, parent_uuid = $3, updated_at = now(),
             evaluate_at = CASE WHEN $2 = 'pending' THEN evaluate_at ELSE NULL END WHERE uuid = $1`,
          [event.uuid, status, parentUuid],
        );
      });
      for (const failure of outcome.failures) await writeEventLog(db, configuration.uuid, 'warning', 'events.log.property_failed', { ...failure }, event.uuid);
    }
    const last = batch[batch.length - 1];
    after = { start: last.start, uuid: last.uuid };
    await ctx.progress(total === 0 ? 1 : Math.min(1, result.Events / total), `${result.Events} of ${total} events`);
    await ctx.checkpoint({ after, total, result } satisfies Checkpoint);
  }

  const summary = { Events: result.Events, Changed: result.Changed, Kept: result.Kept };
  if (!payload.DryRun) await writeEventLog(db, configuration.uuid, 'info', 'events.log.reevaluated', summary);
  await ctx.log('info', `${result.Events} events, ${result.Changed} values ${payload.DryRun ? 'would change' : 'changed'}, ${result.Kept} manual values kept`);
  return result;
}

export const eventReevaluationJobType: JobTypeDefinition = {
  resumable: true,
  managePrivilege: 'MANAGE_EVENT_CONFIGURATIONS',
  async run(ctx) {
    // The job has the app's Db only: it opens its own stores, and closes them.
    const timeseries = createTimeseriesStores(ctx.db);
    try {
      return await runEventReevaluation(ctx, { timeseries });
    } finally {
      await timeseries.close();
    }
  },
};
