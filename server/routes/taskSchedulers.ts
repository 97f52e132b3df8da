import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Write } from '../../domain/contract';
import { exportRootOf } from '../config';
import type { AppContext } from '../context';
import { enqueueJob } from '../jobs/queue';
import { callerOf, organizationOf } from '../http/caller';
import { badRequest, notFound } from '../http/problem';
import { rethrowUniqueConflict } from '../http/uniqueConflict';
import { exportPointsRepository } from '../repositories/exportPoints';
import { keywordOf } from '../repositories/keyword';
import { TASK_SCHEDULER_UNIQUE_FIELDS, taskSchedulersRepository, type TaskSchedulerRow } from '../repositories/taskSchedulers';
import { unknownMeasurements } from '../schedulers/parquetExport';
import { nextOccurrence, nextOccurrences, parseRecurrence, RecurrenceError, type Recurrence } from '../schedulers/recurrence';
import { checkTaskSettings, isTaskType, jobPayloadOf, registerTaskJobTypes } from '../schedulers/taskTypes';

// /task-schedulers (DOMAIN §8): recurring tasks of an organization whose runs are jobs. The rule
// and zone are checked on save and in the preview with field errors RRule and Timezone; the next
// run is computed on save, so stopping a scheduler (State stopped, next run cleared) stops its
// future runs at once. Ids of another organization answer 404, like ids that do not exist.

type SchedulerBody = Write<'TaskScheduler'>;
type ById = { Params: { id: string } };
type ListQuery = { Querystring: { Limit?: number; Page?: number; Keyword?: string } };
type PreviewQuery = { Querystring: { RRule: string; Timezone: string; Count?: number } };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const toJson = (row: TaskSchedulerRow) => ({
  UUID: row.uuid,
  OrganizationUUID: row.organization_uuid,
  Name: row.name,
  Description: row.description,
  RRule: row.rrule,
  Timezone: row.timezone,
  TaskType: row.task_type,
  State: row.state,
  Settings: row.settings,
  NextRunAt: iso(row.next_run_at),
  LastRunAt: iso(row.last_run_at),
  CreatedAt: row.created_at.toISOString(),
  UpdatedAt: row.updated_at.toISOString(),
});

const nameTaken = (error: unknown): never =>
  rethrowUniqueConflict(error, TASK_SCHEDULER_UNIQUE_FIELDS, () => 'A task scheduler of this name exists in the organization');

function recurrenceOf(rrule: string, timezone: string): Recurrence {
  try {
    return parseRecurrence(rrule, timezone);
  } catch (error) {
    if (error instanceof RecurrenceError) throw badRequest('The schedule is not valid', error.errors);
    throw error;
  }
}

export function taskSchedulersHandlers(ctx: AppContext) {
  // Run now enqueues a job of the task type, which must be known by then.
  registerTaskJobTypes(exportRootOf(ctx.config));
  const findRow = async (request: FastifyRequest, uuid: string): Promise<TaskSchedulerRow> => {
    const row = await taskSchedulersRepository(ctx.db).find(organizationOf(request), uuid);
    if (!row) throw notFound('No such task scheduler');
    return row;
  };

  /** The values to store, every field checked; all field errors at once. */
  const valuesOf = async (request: FastifyRequest, body: SchedulerBody) => {
    const errors: Record<string, string[]> = {};
    const name = body.Name.trim();
    if (name === '') errors.Name = ['is required'];
    let recurrence: Recurrence | undefined;
    try {
      recurrence = parseRecurrence(body.RRule, body.Timezone);
    } catch (error) {
      if (!(error instanceof RecurrenceError)) throw error;
      Object.assign(errors, error.errors);
    }
    if (!isTaskType(body.TaskType)) errors.TaskType = ['is not a known task type'];
    const checked = checkTaskSettings('parquet_export', { ...body.Settings });
    Object.assign(errors, checked.errors);
    const uuids = body.Settings.MeasurementUUIDs ?? [];
    const unknown = await unknownMeasurements(ctx.db, organizationOf(request), uuids);
    if (unknown.length > 0) errors['Settings.MeasurementUUIDs'] = [`holds measurements that do not exist: ${unknown.slice(0, 3).join(', ')}`];
    if (Object.keys(errors).length > 0 || !recurrence) throw badRequest('The task scheduler is not valid', errors);
    const running = body.State === 'running';
    const next = running ? nextOccurrence(recurrence, Date.now()) : null;
    // A running scheduler that would never run again is a mistake in its rule.
    if (running && !next) throw badRequest('The schedule never runs', { RRule: ['has no run ahead'] });
    return {
      name,
      description: body.Description?.trim() ?? '',
      rrule: body.RRule.trim(),
      timezone: body.Timezone,
      taskType: body.TaskType,
      state: body.State,
      settings: checked.settings,
      nextRunAt: next?.at ?? null,
    };
  };

  return {
    async getTaskSchedulers(request: FastifyRequest<ListQuery>, reply: FastifyReply) {
      const { Limit: limit = 100, Page: page = 1, Keyword: keyword } = request.query;
      const { rows, total } = await taskSchedulersRepository(ctx.db).list(organizationOf(request), limit, page, keywordOf(keyword));
      reply.header('x-total-count', String(total));
      return rows.map(toJson);
    },

    async getTaskScheduler(request: FastifyRequest<ById>) {
      return toJson(await findRow(request, request.params.id));
    },

    async createTaskScheduler(request: FastifyRequest<{ Body: SchedulerBody }>, reply: FastifyReply) {
      const values = await valuesOf(request, request.body);
      try {
        const row = await taskSchedulersRepository(ctx.db).create(organizationOf(request), values);
        return reply.code(201).send(toJson(row));
      } catch (error) {
        return nameTaken(error);
      }
    },

    async updateTaskScheduler(request: FastifyRequest<ById & { Body: SchedulerBody }>) {
      const stored = await findRow(request, request.params.id);
      const values = await valuesOf(request, request.body);
      try {
        const row = await taskSchedulersRepository(ctx.db).update(stored.organization_uuid, stored.uuid, values);
        if (!row) throw notFound('No such task scheduler');
        return toJson(row);
      } catch (error) {
        return nameTaken(error);
      }
    },

    async deleteTaskScheduler(request: FastifyRequest<ById>, reply: FastifyReply) {
      const row = await findRow(request, request.params.id);
      await taskSchedulersRepository(ctx.db).delete(row.organization_uuid, row.uuid);
      return reply.code(204).send();
    },

    async getTaskSchedulerPreview(request: FastifyRequest<PreviewQuery>) {
      const recurrence = recurrenceOf(request.query.RRule, request.query.Timezone);
      const occurrences = nextOccurrences(recurrence, Date.now(), request.query.Count ?? 10);
      return { Occurrences: occurrences.map((o) => ({ At: o.at.toISOString(), Local: o.local, Dst: o.dst })) };
    },

    async getTaskSchedulerMeasurements(request: FastifyRequest) {
      return (await exportPointsRepository(ctx.db).exportableMeasurements(organizationOf(request))).map((m) => ({ UUID: m.uuid, Name: m.name }));
    },

    /** Runs the task now as a job, whatever the state; the scheduled runs go on as they were. */
    async runTaskScheduler(request: FastifyRequest<ById>, reply: FastifyReply) {
      const row = await findRow(request, request.params.id);
      const caller = callerOf(request);
      const now = new Date();
      const job = await ctx.db.transaction(async (tx) => {
        const enqueued = await enqueueJob(tx, {
          type: row.task_type,
          organizationUuid: row.organization_uuid,
          payload: jobPayloadOf(row, now),
          createdBy: { uuid: caller.userUuid, name: caller.userName },
          taskSchedulerUuid: row.uuid,
        });
        await taskSchedulersRepository(tx).markRun(row.uuid, now);
        return enqueued;
      });
      return reply.code(202).send({ JobUUID: job.uuid, Created: job.created });
    },
  };
}
