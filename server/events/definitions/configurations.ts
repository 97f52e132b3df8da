import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Read } from '../../../domain/contract';
import { EXTERNAL_POLL_INTERVAL_DEFAULT } from '../../../domain/externalEvents';
import type { AppContext } from '../../context';
import type { Db } from '../../db/db';
import { callerOf, organizationOf } from '../../http/caller';
import { badRequest, conflict } from '../../http/problem';
import { rethrowUniqueConflict } from '../../http/uniqueConflict';
import { containsPattern, keywordOf } from '../../repositories/keyword';
import { parseRecurrence, RecurrenceError } from '../../schedulers/recurrence';
import { requireEventsLicence, requireExternalDatabaseRunning } from '../access';
import { durationField, FieldErrors, isoOf, listOf, missingReference, notFoundOf, pageOf, type OneOrMany } from './common';
import { readEventLogs, writeEventLog } from './logs';
import { atOrBelow, namedAsset, namedExternalDatabase, namedMeasurement, UNAVAILABLE_DATABASE_KINDS } from './references';
import { findType } from './types';

// Event configurations (server/events/README.md, "Definitions"): one per asset and event type, on
// an active asset, with the part of its start source and no other; created stopped, changed only
// while stopped, started and stopped with a log line; deleted only while stopped and while no child
// configuration names it, its events with it only with Cascade.

type ConfigurationJson = Read<'EventConfiguration'>;
type LogJson = Read<'EventConfigurationLog'>;
type ById = { Params: { id: string } };
type StartSource = 'historian' | 'schedule' | 'manual' | 'external_database';

interface TriggerBody {
  MeasurementUUID: string;
  GracePeriod?: string;
  RefreshInterval?: string;
}
interface ScheduleBody {
  Rule: string;
  Timezone: string;
  Duration?: string;
}
interface ExternalBody {
  ExternalDatabaseUUID: string;
  Query: string;
  PollInterval?: string;
}
interface ConfigurationBody {
  AssetUUID: string;
  EventTypeUUID: string;
  ParentEventConfigurationUUID?: string | null;
  StartSource: StartSource;
  Trigger?: TriggerBody | null;
  Schedule?: ScheduleBody | null;
  ExternalSource?: ExternalBody | null;
}
interface Settings {
  Trigger?: Required<TriggerBody>;
  Schedule?: ScheduleBody;
  ExternalSource?: ExternalBody;
}

export interface ConfigurationRow {
  uuid: string;
  organization_uuid: string;
  asset_uuid: string;
  asset_path: string;
  event_type_uuid: string;
  event_type_name: string;
  type_parent_uuid: string | null;
  parent_configuration_uuid: string | null;
  start_source: StartSource;
  settings: Settings;
  state: 'running' | 'stopped';
  processed_until: number | null;
  last_error: string | null;
  open_event_uuid: string | null;
  event_counts: Record<string, number>;
  property_configuration_count: number;
  created_at: Date;
  updated_at: Date;
}

export const GRACE_PERIOD_DEFAULT = '0s';
export const REFRESH_INTERVAL_DEFAULT = '10s';
const EVENT_STATUSES = ['processed', 'open', 'pending', 'incomplete'] as const;
/** The parts of the start sources, by the source that needs each. */
const PARTS = { Trigger: 'historian', Schedule: 'schedule', ExternalSource: 'external_database' } as const;

const SELECT = `
  SELECT c.uuid, c.organization_uuid, c.asset_uuid, a.path AS asset_path, c.event_type_uuid, t.name AS event_type_name,
         t.parent_uuid AS type_parent_uuid, c.parent_configuration_uuid, c.start_source, c.settings, c.state,
         s.processed_until, s.last_error, c.created_at, c.updated_at,
         (SELECT e.uuid FROM events e WHERE e.configuration_uuid = c.uuid AND e.stop_time IS NULL LIMIT 1) AS open_event_uuid,
         (SELECT coalesce(jsonb_object_agg(x.status, x.n), '{}'::jsonb)
            FROM (SELECT e.status, count(*)::int AS n FROM events e WHERE e.configuration_uuid = c.uuid GROUP BY e.status) x) AS event_counts,
         (SELECT count(*)::int FROM event_property_configurations pc WHERE pc.configuration_uuid = c.uuid) AS property_configuration_count
    FROM event_configurations c
    JOIN assets a ON a.uuid = c.asset_uuid
    JOIN event_types t ON t.uuid = c.event_type_uuid
    LEFT JOIN event_configuration_state s ON s.configuration_uuid = c.uuid`;

export function configurationJson(row: ConfigurationRow): ConfigurationJson {
  return {
    UUID: row.uuid,
    AssetUUID: row.asset_uuid,
    AssetPath: row.asset_path,
    EventTypeUUID: row.event_type_uuid,
    EventTypeName: row.event_type_name,
    ParentEventConfigurationUUID: row.parent_configuration_uuid,
    StartSource: row.start_source,
    Trigger: row.settings.Trigger ?? null,
    Schedule: row.settings.Schedule ?? null,
    ExternalSource: row.settings.ExternalSource ?? null,
    State: row.state,
    ProcessedUntil: isoOf(row.processed_until),
    LastError: row.last_error,
    OpenEventUUID: row.open_event_uuid,
    EventCounts: Object.fromEntries(EVENT_STATUSES.map((status) => [status, row.event_counts[status] ?? 0])),
    PropertyConfigurationCount: row.property_configuration_count,
    CreatedAt: row.created_at.toISOString(),
    UpdatedAt: row.updated_at.toISOString(),
  };
}

/** The configuration of the organization, or undefined; `lock` holds its row until the transaction ends. */
export async function findConfiguration(db: Db, organizationUuid: string, uuid: string, lock = false): Promise<ConfigurationRow | undefined> {
  if (lock) await db.query('SELECT 1 FROM event_configurations WHERE uuid = $1 AND organization_uuid = $2 FOR UPDATE', [uuid, organizationUuid]);
  const { rows } = await db.query<ConfigurationRow>(`${SELECT} WHERE c.organization_uuid = $1 AND c.uuid = $2`, [organizationUuid, uuid]);
  return rows[0];
}

const pairTaken = (error: unknown): never =>
  rethrowUniqueConflict(error, { event_configurations_asset_type: 'EventTypeUUID' }, () => 'The asset has a configuration of this event type', 'already has a configuration on this asset');

/**
 * The start source's settings: its own part required and checked, the others null (400 naming the
 * field); a trigger measurement of the organization readable by the caller.
 */
async function settingsOf(request: FastifyRequest, db: Db, organizationUuid: string, body: ConfigurationBody): Promise<Settings> {
  const errors = new FieldErrors();
  for (const [part, source] of Object.entries(PARTS) as [keyof typeof PARTS, StartSource][]) {
    const value = body[part];
    const present = value !== undefined && value !== null;
    if (source === body.StartSource && !present) errors.add(part, `is required for the ${source} start source`);
    if (source !== body.StartSource && present) errors.add(part, `must be null for the ${body.StartSource} start source`);
  }
  errors.throwIfAny('configuration');
  switch (body.StartSource) {
    case 'historian': {
      const trigger = body.Trigger as TriggerBody;
      durationField(errors, 'Trigger.GracePeriod', trigger.GracePeriod);
      durationField(errors, 'Trigger.RefreshInterval', trigger.RefreshInterval, { min: 1000 });
      errors.throwIfAny('trigger');
      const measurement = await namedMeasurement(request, db, organizationUuid, trigger.MeasurementUUID, 'Trigger.MeasurementUUID');
      if (!['number', 'boolean', 'string'].includes(measurement.datatype)) {
        throw badRequest('A trigger is a number, boolean or string measurement', { 'Trigger.MeasurementUUID': [`is a ${measurement.datatype} measurement; a trigger is number, boolean or string`] });
      }
      return {
        Trigger: {
          MeasurementUUID: measurement.uuid,
          GracePeriod: trigger.GracePeriod || GRACE_PERIOD_DEFAULT,
          RefreshInterval: trigger.RefreshInterval || REFRESH_INTERVAL_DEFAULT,
        },
      };
    }
    case 'schedule': {
      const schedule = body.Schedule as ScheduleBody;
      try {
        parseRecurrence(schedule.Rule, schedule.Timezone);
      } catch (error) {
        if (!(error instanceof RecurrenceError)) throw error;
        for (const [field, messages] of Object.entries(error.errors)) {
          for (const message of messages) errors.add(field === 'Timezone' ? 'Schedule.Timezone' : 'Schedule.Rule', message);
        }
      }
      durationField(errors, 'Schedule.Duration', schedule.Duration, { min: 1000 });
      errors.throwIfAny('schedule');
      return { Schedule: { Rule: schedule.Rule, Timezone: schedule.Timezone, ...(schedule.Duration ? { Duration: schedule.Duration } : {}) } };
    }
    case 'external_database': {
      const source = body.ExternalSource as ExternalBody;
      if (!source.Query?.trim()) errors.add('ExternalSource.Query', 'is required for the external_database start source');
      durationField(errors, 'ExternalSource.PollInterval', source.PollInterval, { min: 1000 });
      errors.throwIfAny('external source');
      // The privilege first, so that a caller without it learns nothing about the id.
      const database = await namedExternalDatabase(request, db, organizationUuid, source.ExternalDatabaseUUID, 'ExternalSource.ExternalDatabaseUUID');
      return {
        ExternalSource: { ExternalDatabaseUUID: database.uuid, Query: source.Query, PollInterval: source.PollInterval || EXTERNAL_POLL_INTERVAL_DEFAULT },
      };
    }
    default:
      return {};
  }
}

/**
 * The parent configuration: of the organization, not this one, on the same asset or one above it,
 * and of the parent type of this one's type (400 events.errors.parent_type_mismatch).
 */
async function parentOf(db: Db, organizationUuid: string, body: ConfigurationBody, assetPath: string, typeParentUuid: string | null, self: string | null): Promise<string | null> {
  const uuid = body.ParentEventConfigurationUUID;
  if (!uuid) return null;
  const field = 'ParentEventConfigurationUUID';
  if (uuid === self) throw badRequest('A configuration cannot be its own parent', { [field]: ['is the configuration itself'] });
  const parent = await findConfiguration(db, organizationUuid, uuid);
  if (!parent) throw missingReference(field, 'an event configuration');
  if (!atOrBelow(assetPath, parent.asset_path)) {
    throw badRequest('The parent configuration is on another branch of the tree', { [field]: ['must be on the same asset or an asset above it'] });
  }
  if (parent.event_type_uuid !== typeParentUuid) {
    throw badRequest("The parent configuration's type is not the parent type of this one's type", { [field]: ["is not of the parent type of this configuration's event type"] }, 'events.errors.parent_type_mismatch');
  }
  return parent.uuid;
}

function sendInUse(reply: FastifyReply, children: number, events: number) {
  return reply
    .code(409)
    .type('application/problem+json')
    .send({
      title: 'Conflict',
      status: 409,
      detail: `${children} child configurations name it and it has ${events} events; delete the children first, and its events with Cascade`,
      code: 'events.errors.configuration_in_use',
      Dependants: { Children: children, Events: events },
    });
}

export function eventConfigurationHandlers(ctx: AppContext) {
  const licensed = async (request: FastifyRequest) => {
    const organizationUuid = organizationOf(request);
    await requireEventsLicence(ctx, organizationUuid);
    return organizationUuid;
  };
  const answer = async (db: Db, organizationUuid: string, uuid: string) => {
    const row = await findConfiguration(db, organizationUuid, uuid);
    if (!row) throw notFoundOf('event configuration');
    return configurationJson(row);
  };

  /** The checked columns of a configuration: an active asset, a type of the organization, the start source's settings, the parent. */
  const checked = async (request: FastifyRequest, tx: Db, organizationUuid: string, body: ConfigurationBody, self: string | null) => {
    const asset = await namedAsset(request, tx, organizationUuid, body.AssetUUID, 'AssetUUID');
    if (asset.status !== 'Active') throw badRequest('The asset is deleted', { AssetUUID: ['is a deleted asset'] });
    const type = await findType(tx, organizationUuid, body.EventTypeUUID);
    if (!type) throw missingReference('EventTypeUUID', 'an event type');
    const settings = await settingsOf(request, tx, organizationUuid, body);
    const parent = await parentOf(tx, organizationUuid, body, asset.path, type.parent_uuid, self);
    return { settings, parent };
  };

  return {
    async getEventConfigurations(
      request: FastifyRequest<{
        Querystring: { Limit?: number; Page?: number; AssetUUIDs?: OneOrMany; EventTypeUUIDs?: OneOrMany; StartSources?: OneOrMany; States?: OneOrMany; Keyword?: string };
      }>,
      reply: FastifyReply,
    ) {
      const organizationUuid = await licensed(request);
      const query = request.query;
      const params: unknown[] = [organizationUuid];
      const conditions = ['c.organization_uuid = $1'];
      const bind = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      const filters: [OneOrMany | undefined, string, string][] = [
        [query.AssetUUIDs, 'c.asset_uuid', 'uuid'],
        [query.EventTypeUUIDs, 'c.event_type_uuid', 'uuid'],
        [query.StartSources, 'c.start_source', 'text'],
        [query.States, 'c.state', 'text'],
      ];
      for (const [value, column, type] of filters) {
        const values = listOf(value);
        if (values.length) conditions.push(`${column} = ANY(${bind(values)}::${type}[])`);
      }
      const keyword = keywordOf(query.Keyword);
      if (keyword) {
        const pattern = bind(containsPattern(keyword));
        conditions.push(`(a.path ILIKE ${pattern} ESCAPE '\\' OR t.name ILIKE ${pattern} ESCAPE '\\')`);
      }
      const where = conditions.join(' AND ');
      const { limit, offset } = pageOf(query);
      const total = (
        await ctx.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM event_configurations c JOIN assets a ON a.uuid = c.asset_uuid JOIN event_types t ON t.uuid = c.event_type_uuid WHERE ${where}`,
          params,
        )
      ).rows[0].n;
      const { rows } = await ctx.db.query<ConfigurationRow>(`${SELECT} WHERE ${where} ORDER BY a.path, lower(t.name), c.uuid LIMIT ${limit} OFFSET ${offset}`, params);
      reply.header('x-total-count', String(total));
      return rows.map(configurationJson);
    },

    async getEventConfiguration(request: FastifyRequest<ById>) {
      return answer(ctx.db, await licensed(request), request.params.id);
    },

    /** Created stopped. */
    async createEventConfiguration(request: FastifyRequest<{ Body: ConfigurationBody }>, reply: FastifyReply) {
      const organizationUuid = await licensed(request);
      const body = request.body;
      const created = await ctx.db.transaction(async (tx) => {
        const { settings, parent } = await checked(request, tx, organizationUuid, body, null);
        const { rows } = await tx
          .query<{ uuid: string }>(
            `INSERT INTO event_configurations (organization_uuid, asset_uuid, event_type_uuid, parent_configuration_uuid, start_source, settings)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING uuid`,
            [organizationUuid, body.AssetUUID, body.EventTypeUUID, parent, body.StartSource, JSON.stringify(settings)],
          )
          .catch(pairTaken);
        return answer(tx, organizationUuid, rows[0].uuid);
      });
      return reply.code(201).send(created);
    },

    /** The start source and the parent, only while stopped (409 events.errors.configuration_running); the asset and the type are fixed. */
    async updateEventConfiguration(request: FastifyRequest<ById & { Body: ConfigurationBody }>) {
      const organizationUuid = await licensed(request);
      const body = request.body;
      return ctx.db.transaction(async (tx) => {
        const configuration = await findConfiguration(tx, organizationUuid, request.params.id, true);
        if (!configuration) throw notFoundOf('event configuration');
        if (configuration.state === 'running') throw conflict('Stop the configuration before changing it', 'events.errors.configuration_running');
        const fixed = new FieldErrors();
        if (body.AssetUUID !== configuration.asset_uuid) fixed.add('AssetUUID', 'cannot change; create a configuration on the other asset');
        if (body.EventTypeUUID !== configuration.event_type_uuid) fixed.add('EventTypeUUID', 'cannot change; create a configuration of the other type');
        fixed.throwIfAny('configuration');
        const { settings, parent } = await checked(request, tx, organizationUuid, body, configuration.uuid);
        await tx.query('UPDATE event_configurations SET parent_configuration_uuid = $2, start_source = $3, settings = $4, updated_at = now() WHERE uuid = $1', [
          configuration.uuid,
          parent,
          body.StartSource,
          JSON.stringify(settings),
        ]);
        return answer(tx, organizationUuid, configuration.uuid);
      });
    },

    /**
     * Only while stopped; refused (409 events.errors.configuration_in_use with Dependants) while a
     * child configuration names it, or while it has events unless Cascade deletes them too.
     */
    async deleteEventConfiguration(request: FastifyRequest<ById & { Querystring: { Cascade?: boolean } }>, reply: FastifyReply) {
      const organizationUuid = await licensed(request);
      const inUse = await ctx.db.transaction(async (tx) => {
        const configuration = await findConfiguration(tx, organizationUuid, request.params.id, true);
        if (!configuration) throw notFoundOf('event configuration');
        if (configuration.state === 'running') throw conflict('Stop the configuration before deleting it', 'events.errors.configuration_running');
        const { rows } = await tx.query<{ children: number }>('SELECT count(*)::int AS children FROM event_configurations WHERE parent_configuration_uuid = $1', [configuration.uuid]);
        const children = rows[0].children;
        const events = Object.values(configuration.event_counts).reduce((sum, n) => sum + n, 0);
        if (children > 0 || (events > 0 && request.query.Cascade !== true)) return { children, events };
        await tx.query('DELETE FROM event_configurations WHERE uuid = $1', [configuration.uuid]);
        return null;
      });
      if (inUse) return sendInUse(reply, inUse.children, inUse.events);
      return reply.code(204).send();
    },

    /**
     * running or stopped, with the log line events.log.started or events.log.stopped; a manual one
     * has no state (409). Starting an external_database one needs MANAGE_EXTERNAL_DATABASES (403)
     * and a database of the organization whose driver this server has (409).
     */
    async setEventConfigurationState(request: FastifyRequest<ById & { Body: { State: 'running' | 'stopped' } }>) {
      const organizationUuid = await licensed(request);
      const state = request.body.State;
      return ctx.db.transaction(async (tx) => {
        const configuration = await findConfiguration(tx, organizationUuid, request.params.id, true);
        if (!configuration) throw notFoundOf('event configuration');
        if (configuration.start_source === 'manual') throw conflict('A manual configuration has no state to change', 'events.errors.manual_has_no_state');
        if (state === 'running' && configuration.state !== 'running') {
          // Its external_database property configurations run their queries once it runs.
          const { rows } = await tx.query("SELECT 1 FROM event_property_configurations WHERE configuration_uuid = $1 AND mode = 'external_database' LIMIT 1", [configuration.uuid]);
          if (rows.length > 0) requireExternalDatabaseRunning(request);
        }
        if (state === 'running' && configuration.start_source === 'external_database') {
          requireExternalDatabaseRunning(request);
          const uuid = configuration.settings.ExternalSource?.ExternalDatabaseUUID ?? '';
          const { rows } = await tx.query<{ kind: string }>('SELECT kind FROM external_databases WHERE organization_uuid = $1 AND uuid = $2', [organizationUuid, uuid]);
          if (!rows[0]) throw conflict('The external database of the configuration no longer exists', 'events.errors.source_unavailable');
          if (UNAVAILABLE_DATABASE_KINDS.includes(rows[0].kind)) {
            throw conflict(`This server has no driver for ${rows[0].kind} databases`, 'external_databases.errors.driver_unavailable');
          }
        }
        if (configuration.state !== state) {
          await tx.query('UPDATE event_configurations SET state = $2, updated_at = now() WHERE uuid = $1', [configuration.uuid, state]);
          if (state === 'stopped') {
            // The open event stops with its configuration; the processor closes it as any other.
            await tx.query(
              "UPDATE events SET stop_time = greatest(now(), start_time + interval '1 millisecond'), status = 'pending', evaluate_at = now(), updated_at = now() WHERE configuration_uuid = $1 AND stop_time IS NULL",
              [configuration.uuid],
            );
          } else {
            // Detection resumes at the start: the stopped period stays without events, and the
            // trigger's first value after it starts one if it is not zero.
            await tx.query(
              'UPDATE event_configuration_state SET processed_until = (extract(epoch FROM now()) * 1000)::bigint, last_value = NULL, updated_at = now() WHERE configuration_uuid = $1',
              [configuration.uuid],
            );
          }
          await writeEventLog(tx, configuration.uuid, 'info', state === 'running' ? 'events.log.started' : 'events.log.stopped', { User: callerOf(request).userName });
        }
        return answer(tx, organizationUuid, configuration.uuid);
      });
    },

    async getEventConfigurationLogs(request: FastifyRequest<ById & { Querystring: { Limit?: number; Page?: number; Levels?: OneOrMany } }>, reply: FastifyReply) {
      const organizationUuid = await licensed(request);
      const configuration = await findConfiguration(ctx.db, organizationUuid, request.params.id);
      if (!configuration) throw notFoundOf('event configuration');
      const { limit } = pageOf(request.query);
      const { rows, total } = await readEventLogs(ctx.db, configuration.uuid, listOf(request.query.Levels), limit, request.query.Page ?? 1);
      reply.header('x-total-count', String(total));
      return rows.map(
        (row): LogJson => ({ ID: row.id, At: row.at.toISOString(), Level: row.level, Code: row.code, Values: row.values, EventUUID: row.event_uuid }),
      );
    },
  };
}
