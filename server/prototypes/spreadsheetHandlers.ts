import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { organizationOf } from '../http/caller';
import { badRequest, HttpProblem } from '../http/problem';
import { buildPlanWorkbook, PLAN_CONTENT_TYPE, planDisposition, readPlanChoices, type PlanRow } from './spreadsheet';

// GET and POST /prototype-plans/{id}/spreadsheet (README.md, "The spreadsheet"): the plan's rows
// written to .xlsx, and the Choice column of a filled-in copy read back; nothing changes. A plan of
// another organization is a 404 like one that does not exist.

type ById = { Params: { id: string } };

export function prototypeSpreadsheetHandlers(ctx: AppContext) {
  const planOf = async (request: FastifyRequest<ById>) => {
    const { rows } = await ctx.db.query<{ rows: PlanRow[]; prototype_name: string }>(
      `SELECT pl.rows, p.name AS prototype_name
         FROM prototype_plans pl JOIN prototypes p ON p.uuid = pl.prototype_uuid
        WHERE pl.organization_uuid = $1 AND pl.uuid = $2`,
      [organizationOf(request), request.params.id],
    );
    if (!rows[0]) throw new HttpProblem(404, 'No such plan', { code: 'prototype_plan.errors.not_found' });
    return rows[0];
  };

  return {
    async exportPrototypePlan(request: FastifyRequest<ById>, reply: FastifyReply) {
      const plan = await planOf(request);
      const bytes = await buildPlanWorkbook(plan.rows);
      return reply.type(PLAN_CONTENT_TYPE).header('content-disposition', planDisposition(plan.prototype_name)).send(bytes);
    },

    async importPrototypePlan(request: FastifyRequest<ById & { Body: { File?: unknown } }>) {
      const plan = await planOf(request);
      const file = request.body.File;
      if (!(file instanceof Uint8Array) || file.byteLength === 0) throw badRequest('File must be a non-empty file', { File: ['is required'] }, 'prototype_plan.spreadsheet.no_file');
      return readPlanChoices(file, plan.rows);
    },
  };
}
