import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Write } from '../../../domain/contract';
import { AUDIT_REASON_MAX, currentActor, runAsActor } from '../../audit/auditActor';
import type { AppContext } from '../../context';
import type { Db } from '../../db/db';
import { callerOf, organizationOf } from '../../http/caller';
import { badRequest, conflict, HttpProblem } from '../../http/problem';
import { requireEventsLicence } from '../access';
import { eventsRepository, type EventJson, type EventSort } from './eventsRepository';
import { checkValues, completeIfFilled, typePropertiesOf, writeValues } from './manualValues';
import { parsePropertyFilter } from './propertyFilter';

// The events calls (server/events/README.md, "Events calls"; contract tag Events): the list with
// its filters and sorts, one event, a manual event, an edit, delete, merge with the previous
// event, split, and a property's distinct values. Every call needs the Events licence feature;
// an event or configuration of another organization is a 404 as if absent. Changes go through
// the request's Db, so the audit trigger records them with the caller (and the Reason).

type ById = { Params: { id: string } };
type EventWrite = Write<'EventWrite'>;
interface ListQuery {
  Querystring: {
    Limit?: number;
    Page?: number;
    StartTime?: string;
    StopTime?: string;
    AssetUUIDs?: string[];
    EventTypeUUIDs?: string[];
    EventConfigurationUUIDs?: string[];
    Statuses?: string[];
    PropertyFilter?: string;
    ExcludeManualEvents?: boolean;
    PreloadProperties?: boolean;
    Sort?: EventSort;
    Ascending?: boolean;
  };
}

interface LockedEvent {
  uuid: string;
  organization_uuid: string;
  configuration_uuid: string;
  asset_uuid: string;
  event_type_uuid: string;
  parent_uuid: string | null;
  start_time: Date;
  stop_time: Date | null;
  status: string;
  source: string;
}

const noSuchEvent = () => new HttpProblem(404, 'No such event');
const noSuchConfiguration = () =>
  new HttpProblem(404, 'No such event configuration', { errors: { EventConfigurationUUID: ['is not an event configuration of this organization'] } });

/** Runs `fn` with the body's Reason as the audit reason of its changes (the x-audit-reason header otherwise). */
function withReason<T>(reason: string | undefined, fn: () => Promise<T>): Promise<T> {
  const actor = currentActor();
  const text = reason?.trim();
  return actor && text ? runAsActor({ ...actor, reason: text.slice(0, AUDIT_REASON_MAX) }, fn) : fn();
}

/** Start and stop of a write: the stop after the start (400 on StopTime). */
function timesOf(startTime: string, stopTime: string | null): { start: Date; stop: Date | null } {
  const start = new Date(startTime);
  const stop = stopTime === null ? null : new Date(stopTime);
  if (stop && stop.getTime() <= start.getTime()) throw badRequest('The event must stop after it starts', { StopTime: ['must be after StartTime'] });
  return { start, stop };
}

async function lockEvent(tx: Db, organizationUuid: string, uuid: string): Promise<LockedEvent> {
  const { rows } = await tx.query<LockedEvent>('SELECT * FROM events WHERE uuid = $1 AND organization_uuid = $2 FOR UPDATE', [uuid, organizationUuid]);
  if (rows.length === 0) throw noSuchEvent();
  return rows[0];
}

/** 409 events.errors.overlap when another event of the configuration shares a moment with [start, stop[ (open: to the end of time). */
async function refuseOverlap(tx: Db, configurationUuid: string, start: Date, stop: Date | null, except: string | null): Promise<void> {
  const { rows } = await tx.query(
    `SELECT 1 FROM events
      WHERE configuration_uuid = $1 AND ($2::uuid IS NULL OR uuid <> $2::uuid)
        AND (stop_time IS NULL OR stop_time > $3::timestamptz) AND ($4::timestamptz IS NULL OR start_time < $4::timestamptz)
      LIMIT 1`,
    [configurationUuid, except, start.toISOString(), stop?.toISOString() ?? null],
  );
  if (rows.length > 0) throw conflict('Another event of this configuration runs at that time', 'events.errors.overlap');
}

export function eventsHandlers(ctx: AppContext) {
  const licensed = async (request: FastifyRequest) => {
    const organizationUuid = organizationOf(request);
    await requireEventsLicence(ctx, organizationUuid);
    return organizationUuid;
  };
  const reread = async (db: Db, organizationUuid: string, uuid: string): Promise<EventJson> => {
    const event = await eventsRepository(db).find(organizationUuid, uuid);
    if (!event) throw noSuchEvent();
    return event;
  };

  return {
    async getEvents(request: FastifyRequest<ListQuery>, reply: FastifyReply) {
      const organizationUuid = await licensed(request);
      const query = request.query;
      const { rows, total } = await eventsRepository(ctx.db).list(organizationUuid, {
        startTime: query.StartTime,
        stopTime: query.StopTime,
        assetUuids: query.AssetUUIDs ?? [],
        eventTypeUuids: query.EventTypeUUIDs ?? [],
        configurationUuids: query.EventConfigurationUUIDs ?? [],
        statuses: query.Statuses ?? [],
        excludeManual: query.ExcludeManualEvents === true,
        properties: parsePropertyFilter(query.PropertyFilter),
        sort: query.Sort ?? 'StartTime',
        ascending: query.Ascending === true,
        preloadProperties: query.PreloadProperties === true,
        limit: query.Limit ?? 1000,
        page: query.Page ?? 1,
      });
      reply.header('x-total-count', String(total));
      return rows;
    },

    async getEvent(request: FastifyRequest<ById>) {
      return reread(ctx.db, await licensed(request), request.params.id);
    },

    /** A manual event on a configuration of the organization; its typed values are manual, the processor computes the rest. */
    async createEvent(request: FastifyRequest<{ Body: EventWrite }>, reply: FastifyReply) {
      const organizationUuid = await licensed(request);
      const body = request.body;
      const { start, stop } = timesOf(body.StartTime, body.StopTime ?? null);
      const userUuid = callerOf(request).userUuid;
      const created = await withReason(body.Reason, () =>
        ctx.db.transaction(async (tx) => {
          const { rows } = await tx.query<{ uuid: string; asset_uuid: string; event_type_uuid: string }>(
            'SELECT uuid, asset_uuid, event_type_uuid FROM event_configurations WHERE uuid = $1 AND organization_uuid = $2 FOR UPDATE',
            [body.EventConfigurationUUID, organizationUuid],
          );
          if (rows.length === 0) throw noSuchConfiguration();
          const configuration = rows[0];
          const values = checkValues(body.Properties, await typePropertiesOf(tx, configuration.uuid, configuration.event_type_uuid));
          await refuseOverlap(tx, configuration.uuid, start, stop, null);
          const inserted = await tx.query<{ uuid: string }>(
            `INSERT INTO events (organization_uuid, configuration_uuid, asset_uuid, event_type_uuid, start_time, stop_time, status, source, evaluate_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, 'manual', now()) RETURNING uuid`,
            [organizationUuid, configuration.uuid, configuration.asset_uuid, configuration.event_type_uuid, start.toISOString(), stop?.toISOString() ?? null, stop ? 'pending' : 'open'],
          );
          const uuid = inserted.rows[0].uuid;
          await writeValues(tx, uuid, { set: values.set, cleared: [] }, userUuid);
          return reread(tx, organizationUuid, uuid);
        }),
      );
      return reply.code(201).send(created);
    },

    /** Start, stop and values; a changed start or stop, or a value given back, makes the event dirty. */
    async updateEvent(request: FastifyRequest<ById & { Body: EventWrite }>) {
      const organizationUuid = await licensed(request);
      const body = request.body;
      const userUuid = callerOf(request).userUuid;
      return withReason(body.Reason, () =>
        ctx.db.transaction(async (tx) => {
          const event = await lockEvent(tx, organizationUuid, request.params.id);
          if (body.EventConfigurationUUID !== event.configuration_uuid) {
            throw badRequest('An event stays on its configuration', { EventConfigurationUUID: ['cannot change'] });
          }
          const { start, stop } = timesOf(body.StartTime, body.StopTime === undefined ? (event.stop_time?.toISOString() ?? null) : body.StopTime);
          const values = checkValues(body.Properties, await typePropertiesOf(tx, event.configuration_uuid, event.event_type_uuid));
          const timesChanged = start.getTime() !== event.start_time.getTime() || (stop?.getTime() ?? null) !== (event.stop_time?.getTime() ?? null);
          if (timesChanged) {
            await refuseOverlap(tx, event.configuration_uuid, start, stop, event.uuid);
            await tx.query(
              `UPDATE events SET start_time = $2, stop_time = $3, evaluate_at = now(), updated_at = now(),
                      status = CASE WHEN $3::timestamptz IS NULL THEN 'open' WHEN status = 'open' THEN 'pending' ELSE status END
                WHERE uuid = $1`,
              [event.uuid, start.toISOString(), stop?.toISOString() ?? null],
            );
          }
          const valuesChanged = await writeValues(tx, event.uuid, values, userUuid);
          if (values.cleared.length > 0 && valuesChanged) {
            await tx.query('UPDATE events SET evaluate_at = now() WHERE uuid = $1', [event.uuid]);
          }
          if (values.set.size > 0) await completeIfFilled(tx, event.uuid);
          return reread(tx, organizationUuid, event.uuid);
        }),
      );
    },

    /** Its children lose their parent (the foreign key sets it to null: ParentState missing). */
    async deleteEvent(request: FastifyRequest<ById>, reply: FastifyReply) {
      const organizationUuid = await licensed(request);
      const { rowCount } = await ctx.db.query('DELETE FROM events WHERE uuid = $1 AND organization_uuid = $2', [request.params.id, organizationUuid]);
      if (rowCount === 0) throw noSuchEvent();
      return reply.code(204).send();
    },

    /**
     * Into the previous event of the configuration (the latest start before this one's): it takes
     * this one's stop and children; this one's manual values move where the previous has none.
     */
    async mergeEvent(request: FastifyRequest<ById>) {
      const organizationUuid = await licensed(request);
      const userUuid = callerOf(request).userUuid;
      return ctx.db.transaction(async (tx) => {
        const event = await lockEvent(tx, organizationUuid, request.params.id);
        const { rows } = await tx.query<{ uuid: string }>(
          `SELECT uuid FROM events WHERE configuration_uuid = $1 AND start_time < $2 AND uuid <> $3
            ORDER BY start_time DESC, uuid DESC LIMIT 1 FOR UPDATE`,
          [event.configuration_uuid, event.start_time.toISOString(), event.uuid],
        );
        if (rows.length === 0) throw conflict('The event has no previous event to merge with', 'events.errors.no_previous_event');
        const previous = rows[0].uuid;
        await tx.query('UPDATE events SET parent_uuid = $1, updated_at = now() WHERE parent_uuid = $2', [previous, event.uuid]);
        await tx.query(
          `INSERT INTO event_property_values (event_uuid, event_type_property_uuid, value, series, manual, updated_by)
           SELECT $1, v.event_type_property_uuid, v.value, v.series, true, $3 FROM event_property_values v WHERE v.event_uuid = $2 AND v.manual
           ON CONFLICT (event_uuid, event_type_property_uuid) DO UPDATE
             SET value = EXCLUDED.value, series = EXCLUDED.series, manual = true, defaulted = false, updated_at = now(), updated_by = EXCLUDED.updated_by
           WHERE NOT event_property_values.manual`,
          [previous, event.uuid, userUuid],
        );
        await tx.query('DELETE FROM events WHERE uuid = $1', [event.uuid]);
        await tx.query(
          `UPDATE events SET stop_time = $2, status = CASE WHEN $2::timestamptz IS NULL THEN 'open' ELSE 'pending' END, evaluate_at = now(), updated_at = now()
            WHERE uuid = $1`,
          [previous, event.stop_time?.toISOString() ?? null],
        );
        return reread(tx, organizationUuid, previous);
      });
    },

    /** At a time strictly inside the event (before now for an open one): it stops there and a second event runs on; both dirty. */
    async splitEvent(request: FastifyRequest<ById & { Body: Write<'EventSplit'> }>) {
      const organizationUuid = await licensed(request);
      const at = new Date(request.body.At);
      return ctx.db.transaction(async (tx) => {
        const event = await lockEvent(tx, organizationUuid, request.params.id);
        const end = event.stop_time?.getTime() ?? Date.now();
        if (!(at.getTime() > event.start_time.getTime() && at.getTime() < end)) {
          throw badRequest('The split time must lie inside the event', { At: ['events.errors.split_outside'] }, 'events.errors.split_outside');
        }
        await tx.query("UPDATE events SET stop_time = $2, status = 'pending', evaluate_at = now(), updated_at = now() WHERE uuid = $1", [event.uuid, at.toISOString()]);
        const { rows } = await tx.query<{ uuid: string }>(
          `INSERT INTO events (organization_uuid, configuration_uuid, asset_uuid, event_type_uuid, parent_uuid, start_time, stop_time, status, source, evaluate_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now()) RETURNING uuid`,
          [
            organizationUuid,
            event.configuration_uuid,
            event.asset_uuid,
            event.event_type_uuid,
            event.parent_uuid,
            at.toISOString(),
            event.stop_time?.toISOString() ?? null,
            event.stop_time ? 'pending' : 'open',
            event.source,
          ],
        );
        return [await reread(tx, organizationUuid, event.uuid), await reread(tx, organizationUuid, rows[0].uuid)];
      });
    },

    async getEventTypePropertyValues(request: FastifyRequest<ById & { Querystring: { Limit?: number } }>) {
      const organizationUuid = await licensed(request);
      const values = await eventsRepository(ctx.db).distinctValues(organizationUuid, request.params.id, request.query.Limit ?? 100);
      if (!values) throw new HttpProblem(404, 'No such event type property');
      return values;
    },
  };
}
