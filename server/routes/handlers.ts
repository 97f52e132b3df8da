import type { FastifyRequest, RouteHandlerMethod } from 'fastify';
import { readAuditReason, runAsActor, AUDIT_REASON_HEADER, type AuditActor } from '../audit/auditActor';
import type { AppContext } from '../context';
import { HttpProblem } from '../http/problem';
import { assetsHandlers } from '../assets/handlers';
import { eventDefinitionsHandlers } from '../events/definitions/handlers';
import { externalDatabasesHandlers } from '../integrations/external-databases/handlers';
import { auditLogsHandlers } from './auditLogs';
import { authHandlers } from './auth';
import { calculationsHandlers } from './calculations';
import { collectorApiHandlers } from './collectorApi';
import { collectorsHandlers } from './collectors';
import { authenticationProvidersHandlers } from './authenticationProviders';
import { currentUserHandlers } from './currentUser';
import { groupPrivilegesHandlers } from './groupPrivileges';
import { jobsHandlers } from './jobs';
import { licenceHandlers } from './licence';
import { measurementsHandlers } from './measurements';
import { measurementImportHandlers } from '../measurements/import/handlers';
import { calculationBackfillHandlers } from '../calculations/backfill/handlers';
import { calculationContextHandlers } from '../calculations/live/handlers';
import { eventReevaluationHandlers } from '../events/reevaluation/handlers';
import { productUpdatesHandlers } from './productUpdates';
import { prototypesHandlers } from '../prototypes/handlers';
import { prototypeSpreadsheetHandlers } from '../prototypes/spreadsheetHandlers';
import { organizationsHandlers } from './organizations';
import { settingsHandlers } from './settings';
import { systemHandlers } from './system';
import { tableSettingsHandlers } from './tableSettings';
import { taskSchedulersHandlers } from './taskSchedulers';
import { timeseriesDatabasesHandlers } from './timeseriesDatabases';
import { timeseriesQueryHandlers } from '../timeseries/query/handler';
import { userGroupsHandlers } from './userGroups';
import { eventsHandlers } from '../events/events/handlers';
import { manualEntryEntriesHandlers } from '../manual-entry/entries/handlers';
import { usersHandlers } from './users';
import { manualEntryFormsHandlers } from '../manual-entry/forms/handlers';
import { sinksHandlers } from '../integrations/sinks/handlers';
import { llmHandlers } from '../integrations/llm/handlers';
import { forwardersHandlers } from '../integrations/forwarders/handlers';

// Every operationId of openapi/historian.yaml that the server implements, by domain. An
// operation without a handler answers 501 through fastify-openapi-glue.
export function serviceHandlers(ctx: AppContext) {
  return {
    ...systemHandlers(ctx),
    ...authHandlers(ctx),
    ...currentUserHandlers(ctx),
    ...settingsHandlers(ctx),
    ...licenceHandlers(ctx),
    ...tableSettingsHandlers(ctx),
    ...collectorsHandlers(ctx),
    ...collectorApiHandlers(ctx),
    ...productUpdatesHandlers(ctx),
    ...organizationsHandlers(ctx),
    ...usersHandlers(ctx),
    ...userGroupsHandlers(ctx),
    ...groupPrivilegesHandlers(ctx),
    ...authenticationProvidersHandlers(ctx),
    ...timeseriesDatabasesHandlers(ctx),
    ...timeseriesQueryHandlers(ctx),
    ...auditLogsHandlers(ctx),
    ...taskSchedulersHandlers(ctx),
    ...jobsHandlers(ctx),
    ...measurementsHandlers(ctx),
    ...measurementImportHandlers(ctx),
    ...calculationsHandlers(ctx),
    ...calculationBackfillHandlers(ctx),
    ...calculationContextHandlers(ctx),
    ...eventReevaluationHandlers(ctx),
    ...assetsHandlers(ctx),
    ...prototypeSpreadsheetHandlers(ctx),
    ...prototypesHandlers(ctx),
    ...eventDefinitionsHandlers(ctx),
    ...eventsHandlers(ctx),
    ...manualEntryEntriesHandlers(ctx),
    ...manualEntryFormsHandlers(ctx),
    ...sinksHandlers(ctx),
    ...llmHandlers(ctx),
    ...forwardersHandlers(ctx),
    ...externalDatabasesHandlers(ctx),
  };
}

/**
 * Resolves an operationId to its handler; an operation of the contract that no handler implements
 * yet answers 501 problem+json instead of an unexplained 500.
 */
export function resolveOperations(handlers: object) {
  return (operationId: string): RouteHandlerMethod => {
    const handler: unknown = Reflect.get(handlers, operationId);
    if (typeof handler === 'function') {
      return (request, reply) => {
        const actor = actorOf(request);
        const run = () => Reflect.apply(handler, handlers, [request, reply]);
        return actor ? runAsActor(actor, run) : run();
      };
    }
    return async () => {
      throw new HttpProblem(501, 'Not Implemented', { detail: `${operationId} is not implemented by this server yet.` });
    };
  };
}

/**
 * The author of the changes a request makes, for the audit trail: the signed-in user (in the
 * organization the call names) or the calling collector. Calls made before sign-in (a first LDAP
 * or OIDC sign-in creating its user) have none: the triggers record those as made by "system".
 */
function actorOf(request: FastifyRequest): AuditActor | undefined {
  const reason = readAuditReason(request.headers[AUDIT_REASON_HEADER]);
  if (request.caller) {
    const { userUuid, userName, organizationUuid } = request.caller;
    return { userUuid, userName, organizationUuid, reason };
  }
  if (request.collector) {
    const { collectorUuid, collectorName, organizationUuid } = request.collector;
    return { userUuid: null, userName: `collector ${collectorName ?? collectorUuid}`, organizationUuid, reason };
  }
  return undefined;
}
