import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { CALCULATION_COLLECTOR_TYPE } from '../../collectors/defaults';
import { kyselyOf } from '../../db/kysely';
import { callerOf, organizationOf } from '../../http/caller';
import { badRequest, forbidden, HttpProblem } from '../../http/problem';
import { enqueueJob } from '../../jobs/queue';
import { registerJobType } from '../../jobs/registry';
import { CALCULATIONS_FEATURE, organizationHasFeature } from '../../measurements/licence';
import { CALCULATION_BACKFILL, calculationBackfillJobType, type CalculationBackfillPayload } from './backfillJob';

// POST /calculations/{id}/backfill (DOMAIN.md §2): checks the range and starts a
// calculation_backfill job. An End in the future is clamped to now (the job recomputes the past
// only; the live calculation owns what comes); a Start in the future is refused.

const DAY_MS = 86_400_000;
export const BACKFILL_MAX_DAYS = 366;

interface BackfillBody {
  Start: string;
  End: string;
  DryRun: boolean;
}

export function calculationBackfillHandlers(ctx: AppContext) {
  registerJobType(CALCULATION_BACKFILL, calculationBackfillJobType);
  return {
    async backfillCalculation(request: FastifyRequest<{ Params: { id: string }; Body: BackfillBody }>, reply: FastifyReply) {
      const organizationUuid = organizationOf(request);
      if (!(await organizationHasFeature(ctx, organizationUuid, CALCULATIONS_FEATURE))) {
        throw forbidden('Calculations are not part of the licence', 'measurements.errors.calculations_unlicensed');
      }
      const found = await kyselyOf(ctx.db)
        .selectFrom('measurements as m')
        .innerJoin('collectors as c', 'c.uuid', 'm.collector_uuid')
        .select('m.uuid')
        .where('m.uuid', '=', request.params.id)
        .where('c.organization_uuid', '=', organizationUuid)
        .where('c.collector_type', '=', CALCULATION_COLLECTOR_TYPE)
        .where('m.status', '!=', 'Deleted')
        .executeTakeFirst();
      if (!found) throw new HttpProblem(404, 'No such calculation', { code: 'measurements.errors.not_found' });

      const start = Date.parse(request.body.Start);
      const end = Math.min(Date.parse(request.body.End), Date.now());
      if (start >= Date.now()) throw badRequest('Start is in the future', { Start: ['must be in the past'] }, 'calculations.errors.backfill_future');
      if (end <= start) throw badRequest('End must be after Start', { End: ['must be after Start'] }, 'calculations.errors.backfill_end');
      if (end - start > BACKFILL_MAX_DAYS * DAY_MS) {
        throw badRequest(`A backfill covers at most ${BACKFILL_MAX_DAYS} days`, { End: [`must be at most ${BACKFILL_MAX_DAYS} days after Start`] }, 'calculations.errors.backfill_too_long');
      }

      const caller = callerOf(request);
      const payload: CalculationBackfillPayload = { CalculationUUID: found.uuid, From: new Date(start).toISOString(), To: new Date(end).toISOString(), DryRun: request.body.DryRun };
      const job = await enqueueJob(ctx.db, { type: CALCULATION_BACKFILL, organizationUuid, payload, createdBy: { uuid: caller.userUuid, name: caller.userName } });
      return reply.code(202).send({ JobUUID: job.uuid });
    },
  };
}
