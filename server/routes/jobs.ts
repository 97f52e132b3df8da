import type { FastifyReply, FastifyRequest } from 'fastify';
import { PRIVILEGES } from '../../domain/privilegeNames';
import type { AppContext } from '../context';
import { callerOf, organizationOf, type Caller } from '../http/caller';
import { conflict, forbidden, notFound } from '../http/problem';
import { jobsRepository, type JobLogRow, type JobRow } from '../jobs/jobsRepository';
import { notifyJobControl } from '../jobs/queue';
import { jobType } from '../jobs/registry';

// GET /jobs, /jobs/{id}, /jobs/{id}/logs; POST /jobs/{id}/pause|resume|cancel (server/jobs/README.md).
// Who sees a job: the user who started it, and holders of READ_LOGS at root level (the privilege
// means nothing in another organization: domain/privilegeNames.ts) for every job of the
// organization they act in. Who acts on it: the one who sees it, holding the privilege that manages
// its type in the organization; least privilege, so also its starter, who needed it to start the job.

export interface JobJson {
  UUID: string;
  Type: string;
  TaskSchedulerUUID: string | null;
  State: JobRow['state'];
  Progress: number;
  ProgressMessage: string | null;
  CreatedByUUID: string | null;
  CreatedByName: string;
  CreatedAt: string;
  StartedAt: string | null;
  FinishedAt: string | null;
  Error: string | null;
  Result: Record<string, unknown> | null;
  Pausable: boolean;
  PauseRequested: boolean;
  CancelRequested: boolean;
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

function resultJson(result: unknown): Record<string, unknown> | null {
  if (result === null || result === undefined) return null;
  if (typeof result === 'object' && !Array.isArray(result)) return Object.fromEntries(Object.entries(result));
  return { Value: result };
}

export const jobJson = (row: JobRow): JobJson => ({
  UUID: row.uuid,
  Type: row.type,
  TaskSchedulerUUID: row.task_scheduler_uuid,
  State: row.state,
  Progress: row.progress,
  ProgressMessage: row.progress_message,
  CreatedByUUID: row.created_by_uuid,
  CreatedByName: row.created_by_name,
  CreatedAt: row.created_at.toISOString(),
  StartedAt: iso(row.started_at),
  FinishedAt: iso(row.finished_at),
  Error: row.error,
  Result: resultJson(row.result),
  Pausable: row.resumable,
  PauseRequested: row.pause_requested,
  CancelRequested: row.cancel_requested,
});

const logJson = (row: JobLogRow) => ({ ID: Number(row.id), At: row.at.toISOString(), Level: row.level, Message: row.message });

/** Sees every job of the organization, not only their own. */
const seesAll = (caller: Caller) => caller.rootPrivileges.has(PRIVILEGES.ReadLogs);
const isOwn = (caller: Caller, row: JobRow) => row.created_by_uuid !== null && row.created_by_uuid === caller.userUuid;

const list = (value: string | string[] | undefined): string[] | undefined => (value === undefined ? undefined : Array.isArray(value) ? value : [value]);

type ById = FastifyRequest<{ Params: { id: string } }>;
type Action = 'pause' | 'resume' | 'cancel';

const notAllowed = (action: Action, row: JobRow) =>
  conflict(`A ${row.state} job cannot be ${action === 'pause' ? 'paused' : action === 'resume' ? 'resumed' : 'canceled'}.`, 'jobs.errors.not_allowed');

export function jobsHandlers(ctx: AppContext) {
  const repo = jobsRepository(ctx.db);

  /** The job as this caller may see it; 404 for a job of another organization or one they may not see. */
  async function visibleJob(request: ById): Promise<JobRow> {
    const caller = callerOf(request);
    const row = await repo.get(request.params.id, organizationOf(request));
    if (!row || !(isOwn(caller, row) || seesAll(caller))) throw notFound('No such job');
    return row;
  }

  /** 403 unless the caller may act on the job: what manages its type, held in the organization. */
  function assertMayAct(caller: Caller, row: JobRow): void {
    const definition = jobType(row.type);
    // A type this server does not know cannot say what manages it: only its starter acts on it.
    if (!definition) {
      if (!isOwn(caller, row)) throw forbidden(`Acting on a ${row.type} job of another user is not possible on this server`);
      return;
    }
    const needed = definition.managePrivilege;
    if (needed !== undefined && !caller.privileges.has(needed)) throw forbidden(`Missing privilege: ${needed}`);
    // Seeing other users' jobs (READ_LOGS) is no licence to stop them: a type that names no manage
    // privilege is acted on by its starter alone.
    if (needed === undefined && !isOwn(caller, row)) throw forbidden(`Only the user who started a ${row.type} job may act on it`);
  }

  async function act(request: ById, action: Action): Promise<JobJson> {
    const caller = callerOf(request);
    const row = await visibleJob(request);
    assertMayAct(caller, row);
    const changed =
      action === 'pause' ? await repo.requestPause(row.uuid) : action === 'resume' ? await repo.resume(row.uuid) : (await repo.cancel(row.uuid)) !== false;
    if (!changed) {
      if (action === 'pause' && row.state === 'running' && !row.resumable) {
        throw conflict(`A ${row.type} job cannot be paused: it cannot continue where it stopped.`, 'jobs.errors.not_pausable');
      }
      throw notAllowed(action, (await repo.get(row.uuid, row.organization_uuid)) ?? row);
    }
    notifyJobControl(row.uuid);
    const after = await repo.get(row.uuid, row.organization_uuid);
    if (!after) throw notFound('No such job');
    return jobJson(after);
  }

  return {
    async getJobs(
      request: FastifyRequest<{ Querystring: { States?: string | string[]; Types?: string | string[]; TaskSchedulerUUID?: string; Mine?: boolean; Limit?: number; Page?: number } }>,
      reply: FastifyReply,
    ): Promise<JobJson[]> {
      const caller = callerOf(request);
      const { query } = request;
      const limit = query.Limit ?? 100;
      const page = query.Page ?? 1;
      const mineOnly = query.Mine === true || !seesAll(caller);
      const { rows, total } = await repo.list({
        organizationUuid: organizationOf(request),
        createdByUuid: mineOnly ? caller.userUuid : undefined,
        states: list(query.States),
        types: list(query.Types),
        taskSchedulerUuid: query.TaskSchedulerUUID,
        limit,
        offset: (page - 1) * limit,
      });
      reply.header('x-total-count', String(total));
      return rows.map(jobJson);
    },

    async getJob(request: ById): Promise<JobJson> {
      return jobJson(await visibleJob(request));
    },

    async getJobLogs(request: ById) {
      const row = await visibleJob(request);
      return (await repo.logs(row.uuid)).map(logJson);
    },

    pauseJob: (request: ById) => act(request, 'pause'),
    resumeJob: (request: ById) => act(request, 'resume'),
    cancelJob: (request: ById) => act(request, 'cancel'),
  };
}
