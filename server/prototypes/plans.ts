import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Read } from '../../domain/contract';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { callerOf, organizationOf } from '../http/caller';
import { badRequest, HttpProblem } from '../http/problem';
import { enqueueJob } from '../jobs/queue';
import { registerJobType } from '../jobs/registry';
import { PROTOTYPE_APPLY, PROTOTYPE_UNDO, prototypeApplyJobType, prototypeUndoJobType, type ApplyPayload } from './apply';
import { mayManageMeasurements, calculationTarget } from './calculations';
import { prototypeNotFound } from './definitions';
import { isRecord } from './diff';
import { changedSince, isEntry } from './journal';
import { fingerprintOf, planRows, rowJson, summaryOf, type PlanRow } from './plan';
import { loadPrototype } from './state';

// /prototypes/{id}/plans and /prototype-plans/{id} (README.md, "The plan"): a plan is made, kept a
// day, applied once as a prototype_apply job (400 for conflicts without a choice, 409 when an
// instance changed since) and undone once as a prototype_undo job (409 when an item changed since
// the apply). Another organization's plan is a 404.

type PlanJson = Read<'PrototypePlan'>;
type ById = { Params: { id: string } };
type Choice = 'keep' | 'update';

interface PlanRecord {
  uuid: string;
  prototype_uuid: string;
  state: PlanJson['State'];
  rows: PlanRow[];
  fingerprints: Record<string, string>;
  journal: { entries?: unknown[]; undone?: number } | null;
  apply_job_uuid: string | null;
  undo_job_uuid: string | null;
  created_at: Date;
  expires_at: Date;
}

const planNotFound = () => new HttpProblem(404, 'No such plan', { code: 'prototypes.errors.plan_not_found' });

function planJson(plan: PlanRecord): PlanJson {
  const rows = plan.rows.map(rowJson);
  return {
    UUID: plan.uuid,
    PrototypeUUID: plan.prototype_uuid,
    State: plan.state,
    CreatedAt: plan.created_at.toISOString(),
    ExpiresAt: plan.expires_at.toISOString(),
    ApplyJobUUID: plan.apply_job_uuid,
    UndoJobUUID: plan.undo_job_uuid,
    Rows: rows,
    Summary: summaryOf(rows),
  };
}

/** The plan of the organization; a planned one past its day is expired first. */
async function loadPlan(db: Db, organizationUuid: string, uuid: string): Promise<PlanRecord> {
  await db.query("UPDATE prototype_plans SET state = 'expired' WHERE uuid = $1 AND state = 'planned' AND expires_at < now()", [uuid]);
  const { rows } = await db.query<PlanRecord>(
    `SELECT uuid, prototype_uuid, state, rows, fingerprints, journal, apply_job_uuid, undo_job_uuid, created_at, expires_at
       FROM prototype_plans WHERE uuid = $1 AND organization_uuid = $2`,
    [uuid, organizationUuid],
  );
  if (!rows[0]) throw planNotFound();
  return rows[0];
}

const stateConflict = (plan: PlanRecord, wanted: string) =>
  new HttpProblem(409, 'Conflict', { detail: `The plan is ${plan.state}; it must be ${wanted}`, code: plan.state === 'expired' ? 'prototypes.errors.plan_expired' : 'prototypes.errors.plan_state' });

export function prototypePlanHandlers(ctx: AppContext) {
  registerJobType(PROTOTYPE_APPLY, prototypeApplyJobType);
  registerJobType(PROTOTYPE_UNDO, prototypeUndoJobType);

  return {
    async planPrototype(request: FastifyRequest<ById & { Body: { AssetUUIDs: string[] } }>, reply: FastifyReply) {
      const organizationUuid = organizationOf(request);
      const prototype = await loadPrototype(ctx.db, organizationUuid, request.params.id);
      if (!prototype) throw prototypeNotFound();
      const wanted = [...new Set(request.body.AssetUUIDs)];
      const { rows: linked } = await ctx.db.query<{ uuid: string }>(
        "SELECT uuid FROM assets WHERE uuid = ANY($1::uuid[]) AND organization_uuid = $2 AND prototype_uuid = $3 AND status = 'Active'",
        [wanted, organizationUuid, prototype.uuid],
      );
      const found = new Set(linked.map((row) => row.uuid));
      const strays = wanted.filter((uuid) => !found.has(uuid));
      if (strays.length > 0) {
        throw badRequest(`Assets not linked to this prototype: ${strays.join(', ')}`, { AssetUUIDs: strays.map((uuid) => `${uuid} is not an instance of this prototype`) }, 'prototypes.errors.not_instances');
      }
      const target = await calculationTarget(ctx, ctx.db, organizationUuid, prototype.default_database_uuid, mayManageMeasurements(request));
      const rows = await planRows(ctx.db, prototype, wanted, target);
      const fingerprints = Object.fromEntries(rows.map((row) => [row.RowID, fingerprintOf(row)]));
      const { rows: inserted } = await ctx.db.query<Pick<PlanRecord, 'uuid' | 'created_at' | 'expires_at'>>(
        `INSERT INTO prototype_plans (organization_uuid, prototype_uuid, user_uuid, rows, fingerprints, expires_at)
         VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, now() + interval '1 day') RETURNING uuid, created_at, expires_at`,
        [organizationUuid, prototype.uuid, callerOf(request).userUuid, JSON.stringify(rows), JSON.stringify(fingerprints)],
      );
      const plan: PlanRecord = { ...inserted[0], prototype_uuid: prototype.uuid, state: 'planned', rows, fingerprints, journal: null, apply_job_uuid: null, undo_job_uuid: null };
      return reply.code(201).send(planJson(plan));
    },

    async getPrototypePlan(request: FastifyRequest<ById>) {
      return planJson(await loadPlan(ctx.db, organizationOf(request), request.params.id));
    },

    async applyPrototypePlan(request: FastifyRequest<ById & { Body: { Choices: Record<string, Choice> } }>, reply: FastifyReply) {
      const organizationUuid = organizationOf(request);
      const plan = await loadPlan(ctx.db, organizationUuid, request.params.id);
      if (plan.state !== 'planned') throw stateConflict(plan, 'planned');
      const choices = request.body.Choices;
      const known = new Set(plan.rows.map((row) => row.RowID));
      const errors: Record<string, string[]> = {};
      for (const rowId of Object.keys(choices)) if (!known.has(rowId)) errors[`Choices.${rowId}`] = ['is not a row of the plan'];
      for (const row of plan.rows) if (row.Conflict && choices[row.RowID] === undefined) errors[`Choices.${row.RowID}`] = ['is a conflict: choose keep or update'];
      if (Object.keys(errors).length > 0) throw badRequest(`Rows without a valid choice: ${Object.keys(errors).map((key) => key.slice(8)).join(', ')}`, errors, 'prototypes.errors.choice_required');

      const prototype = await loadPrototype(ctx.db, organizationUuid, plan.prototype_uuid);
      if (!prototype) throw prototypeNotFound();
      const target = await calculationTarget(ctx, ctx.db, organizationUuid, prototype.default_database_uuid, mayManageMeasurements(request));
      const now = new Map((await planRows(ctx.db, prototype, [...new Set(plan.rows.map((row) => row.AssetUUID))], target)).map((row) => [row.RowID, fingerprintOf(row)]));
      const changed = plan.rows.filter((row) => now.get(row.RowID) !== plan.fingerprints[row.RowID]).map((row) => row.RowID);
      if (changed.length > 0) {
        throw new HttpProblem(409, 'Conflict', {
          detail: `Instances changed since the plan; plan again: ${changed.slice(0, 20).join(', ')}`,
          code: 'prototypes.errors.instance_changed',
          errors: Object.fromEntries(changed.map((rowId) => [rowId, ['changed since the plan']])),
        });
      }
      const caller = callerOf(request);
      const payload: ApplyPayload = { PlanUUID: plan.uuid, Calculation: target };
      const job = await ctx.db.transaction(async (tx) => {
        const claimed = await tx.query("UPDATE prototype_plans SET state = 'applying', choices = $2::jsonb WHERE uuid = $1 AND state = 'planned'", [plan.uuid, JSON.stringify(choices)]);
        if (claimed.rowCount === 0) throw stateConflict(plan, 'planned');
        const started = await enqueueJob(tx, { type: PROTOTYPE_APPLY, organizationUuid, payload, createdBy: { uuid: caller.userUuid, name: caller.userName } });
        await tx.query('UPDATE prototype_plans SET apply_job_uuid = $2 WHERE uuid = $1', [plan.uuid, started.uuid]);
        return started;
      });
      return reply.code(202).send({ JobUUID: job.uuid });
    },

    async undoPrototypePlan(request: FastifyRequest<ById>, reply: FastifyReply) {
      const organizationUuid = organizationOf(request);
      const plan = await loadPlan(ctx.db, organizationUuid, request.params.id);
      if (plan.state !== 'applied') throw stateConflict(plan, 'applied');
      const all = (isRecord(plan.journal) && Array.isArray(plan.journal.entries) ? plan.journal.entries : []).filter(isEntry);
      // An undo that failed part way has put back the last entries already: check the others.
      const undone = isRecord(plan.journal) && typeof plan.journal.undone === 'number' ? plan.journal.undone : 0;
      const entries = all.slice(0, all.length - undone);
      // Undo deletes the calculations the plan made and puts back the settings it changed: that
      // is managing measurements, whoever applied the plan.
      if (entries.some((entry) => entry.table === 'measurements') && !mayManageMeasurements(request)) {
        throw new HttpProblem(403, 'Forbidden', { detail: 'Undoing this plan changes calculations: it needs MANAGE_MEASUREMENTS', code: 'prototypes.errors.undo_needs_measurements' });
      }
      const changed = [...new Set((await changedSince(ctx.db, entries)).map((entry) => entry.RowID))];
      if (changed.length > 0) {
        throw new HttpProblem(409, 'Conflict', {
          detail: `Items changed since the plan was applied: ${changed.slice(0, 20).join(', ')}`,
          code: 'prototypes.errors.changed_since_apply',
          errors: Object.fromEntries(changed.map((rowId) => [rowId, ['changed since the apply']])),
        });
      }
      const caller = callerOf(request);
      const job = await ctx.db.transaction(async (tx) => {
        const claimed = await tx.query("UPDATE prototype_plans SET state = 'undoing' WHERE uuid = $1 AND state = 'applied'", [plan.uuid]);
        if (claimed.rowCount === 0) throw stateConflict(plan, 'applied');
        const started = await enqueueJob(tx, { type: PROTOTYPE_UNDO, organizationUuid, payload: { PlanUUID: plan.uuid }, createdBy: { uuid: caller.userUuid, name: caller.userName } });
        await tx.query('UPDATE prototype_plans SET undo_job_uuid = $2 WHERE uuid = $1', [plan.uuid, started.uuid]);
        return started;
      });
      return reply.code(202).send({ JobUUID: job.uuid });
    },
  };
}
