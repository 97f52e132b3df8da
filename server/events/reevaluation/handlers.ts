import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { callerOf, organizationOf } from '../../http/caller';
import { badRequest, HttpProblem } from '../../http/problem';
import { enqueueJob } from '../../jobs/queue';
import { registerJobType } from '../../jobs/registry';
import { requireEventsLicence } from '../access';
import { EVENT_REEVALUATION, eventReevaluationJobType, type EventReevaluationPayload } from './reevaluationJob';

// POST /event-configurations/{id}/re-evaluate and /event-property-configurations/{id}/re-evaluate
// (server/events/README.md, "Re-evaluation"): the licence, the organization's configuration (of
// another organization: 404), End after Start and at most 366 days later; then an
// event_reevaluation job.

const DAY_MS = 86_400_000;
export const REEVALUATION_MAX_DAYS = 366;

interface ReevaluationBody {
  Start: string;
  End: string;
  DryRun?: boolean;
}

type ReevaluationRequest = FastifyRequest<{ Params: { id: string }; Body: ReevaluationBody }>;

export function eventReevaluationHandlers(ctx: AppContext) {
  registerJobType(EVENT_REEVALUATION, eventReevaluationJobType);

  async function start(request: ReevaluationRequest, reply: FastifyReply, configurationUuid: string, propertyConfigurationUuid: string | null) {
    const start = Date.parse(request.body.Start);
    const end = Date.parse(request.body.End);
    if (!(end > start)) throw badRequest('End must be after Start', { End: ['must be after Start'] });
    if (end - start > REEVALUATION_MAX_DAYS * DAY_MS) throw badRequest(`A re-evaluation covers at most ${REEVALUATION_MAX_DAYS} days`, { End: [`must be at most ${REEVALUATION_MAX_DAYS} days after Start`] });
    const caller = callerOf(request);
    const payload: EventReevaluationPayload = {
      ConfigurationUUID: configurationUuid,
      PropertyConfigurationUUID: propertyConfigurationUuid,
      From: new Date(start).toISOString(),
      To: new Date(end).toISOString(),
      DryRun: request.body.DryRun ?? false,
    };
    const job = await enqueueJob(ctx.db, { type: EVENT_REEVALUATION, organizationUuid: organizationOf(request), payload, createdBy: { uuid: caller.userUuid, name: caller.userName } });
    return reply.code(202).send({ JobUUID: job.uuid });
  }

  return {
    async reevaluateEventConfiguration(request: ReevaluationRequest, reply: FastifyReply) {
      const organizationUuid = organizationOf(request);
      await requireEventsLicence(ctx, organizationUuid);
      const { rows } = await ctx.db.query<{ uuid: string }>('SELECT uuid FROM event_configurations WHERE uuid = $1 AND organization_uuid = $2', [request.params.id, organizationUuid]);
      if (!rows[0]) throw new HttpProblem(404, 'No such event configuration');
      return start(request, reply, rows[0].uuid, null);
    },
    async reevaluateEventPropertyConfiguration(request: ReevaluationRequest, reply: FastifyReply) {
      const organizationUuid = organizationOf(request);
      await requireEventsLicence(ctx, organizationUuid);
      const { rows } = await ctx.db.query<{ uuid: string; configuration_uuid: string }>(
        `SELECT p.uuid, p.configuration_uuid FROM event_property_configurations p JOIN event_configurations c ON c.uuid = p.configuration_uuid
          WHERE p.uuid = $1 AND c.organization_uuid = $2`,
        [request.params.id, organizationUuid],
      );
      if (!rows[0]) throw new HttpProblem(404, 'No such property configuration');
      return start(request, reply, rows[0].configuration_uuid, rows[0].uuid);
    },
  };
}
