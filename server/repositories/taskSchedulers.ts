import { sql } from 'kysely';
import type { Db } from '../db/db';
import { kyselyOf } from '../db/kysely';
import { matchesKeyword } from './keyword';

// Task schedulers of an organization (migration 061) and the loop's claim on those due. Ids of
// another organization find nothing, like ids that do not exist.

/** Unique indexes of migration 061 by the contract field they guard. */
export const TASK_SCHEDULER_UNIQUE_FIELDS = { task_schedulers_name_ci: 'Name' } as const;

export type SchedulerState = 'running' | 'stopped';

export interface TaskSchedulerRow {
  uuid: string;
  organization_uuid: string;
  name: string;
  description: string;
  rrule: string;
  timezone: string;
  task_type: string;
  state: SchedulerState;
  settings: Record<string, unknown>;
  next_run_at: Date | null;
  last_run_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface TaskSchedulerValues {
  name: string;
  description: string;
  rrule: string;
  timezone: string;
  taskType: string;
  state: SchedulerState;
  settings: Record<string, unknown>;
  nextRunAt: Date | null;
}

const COLUMNS = [
  'uuid',
  'organization_uuid',
  'name',
  'description',
  'rrule',
  'timezone',
  'task_type',
  'state',
  'settings',
  'next_run_at',
  'last_run_at',
  'created_at',
  'updated_at',
] as const;

const columnsOf = (values: TaskSchedulerValues) => ({
  name: values.name,
  description: values.description,
  rrule: values.rrule,
  timezone: values.timezone,
  task_type: values.taskType,
  state: values.state,
  settings: JSON.stringify(values.settings),
  next_run_at: values.nextRunAt,
});

export function taskSchedulersRepository(db: Db) {
  const q = kyselyOf(db);

  return {
    async list(organizationUuid: string, limit: number, page: number, keyword: string | null): Promise<{ rows: TaskSchedulerRow[]; total: number }> {
      const matching = () =>
        q
          .selectFrom('task_schedulers')
          .where('organization_uuid', '=', organizationUuid)
          .$if(keyword !== null, (query) => query.where(matchesKeyword(keyword ?? '', ['name', 'description'])));
      const { n } = await matching().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      const rows = await matching()
        .select(COLUMNS)
        .orderBy(sql`lower(name)`)
        .orderBy('uuid')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      return { rows, total: n };
    },

    async find(organizationUuid: string, uuid: string): Promise<TaskSchedulerRow | undefined> {
      return q.selectFrom('task_schedulers').select(COLUMNS).where('uuid', '=', uuid).where('organization_uuid', '=', organizationUuid).executeTakeFirst();
    },

    /** Throws the database's unique violation for a name in use (see TASK_SCHEDULER_UNIQUE_FIELDS). */
    async create(organizationUuid: string, values: TaskSchedulerValues): Promise<TaskSchedulerRow> {
      return q
        .insertInto('task_schedulers')
        .values({ organization_uuid: organizationUuid, ...columnsOf(values) })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
    },

    /** Undefined when the scheduler is gone; throws the database's unique violation for a name in use. */
    async update(organizationUuid: string, uuid: string, values: TaskSchedulerValues): Promise<TaskSchedulerRow | undefined> {
      return q
        .updateTable('task_schedulers')
        .set({ ...columnsOf(values), updated_at: sql<Date>`now()` })
        .where('uuid', '=', uuid)
        .where('organization_uuid', '=', organizationUuid)
        .returning(COLUMNS)
        .executeTakeFirst();
    },

    async delete(organizationUuid: string, uuid: string): Promise<void> {
      await q.deleteFrom('task_schedulers').where('uuid', '=', uuid).where('organization_uuid', '=', organizationUuid).execute();
    },

    /**
     * Running schedulers due by `now`, locked for the caller's transaction; rows another server's
     * loop holds are skipped (it is running them), so one occurrence is claimed once.
     */
    async claimDue(now: Date, limit: number): Promise<TaskSchedulerRow[]> {
      return q
        .selectFrom('task_schedulers')
        .select(COLUMNS)
        .where('state', '=', 'running')
        .where('next_run_at', '<=', now)
        .orderBy('next_run_at')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
    },

    /** After a claim: the next occurrence (null: the rule has ended) and, when one ran, its time. */
    async advance(uuid: string, nextRunAt: Date | null, lastRunAt: Date | null): Promise<void> {
      await q
        .updateTable('task_schedulers')
        .set({ next_run_at: nextRunAt, ...(lastRunAt ? { last_run_at: lastRunAt } : {}) })
        .where('uuid', '=', uuid)
        .execute();
    },

    async markRun(uuid: string, at: Date): Promise<void> {
      await q.updateTable('task_schedulers').set({ last_run_at: at }).where('uuid', '=', uuid).execute();
    },
  };
}
