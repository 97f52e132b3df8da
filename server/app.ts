import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import openapiGlue from 'fastify-openapi-glue';
import qs from 'qs';
import { findCollectorByToken } from './collectors/collectorTokens';
import { withAuditActor } from './audit/auditActor';
import type { AppContext } from './context';
import { createTimeseriesStores } from './timeseries/stores';
import { registerAuth } from './http/authPlugin';
import { redactAuthQuery } from './http/authRedaction';
import { loadContract } from './http/contract';
import { serializeError } from './http/errorSerializer';
import { serializersOnFirstUse } from './http/lazySchemas';
import { problemErrorHandler, sendProblem } from './http/problem';
import { readRequestLimits, registerRequestLimits } from './http/requestLimits';
import { registerStrictResponseValidation } from './http/responseValidation';
import { registerSecurityHeaders } from './http/securityHeaders';
import { registerStaticClient } from './http/staticClient';
import { registerContractValidators } from './http/validators';
import { startJobRunner, type JobRunnerOptions } from './jobs/runner';
import { resolveOperations, serviceHandlers } from './routes/handlers';

export { CONTRACT_FILE } from './http/contract';

export interface BuildAppOptions {
  /** Check every JSON answer against the contract (tests). */
  strictResponses?: boolean;
  /** Serve the built client from this folder (production); omit for API-only tests. */
  clientDir?: string;
  logLevel?: string;
  /** Where log lines go (tests capture them); standard output by default. */
  logStream?: { write(line: string): void };
  /**
   * Run background jobs in this process (server/jobs/README.md): `true` or runner options. Off by
   * default, so that tests of other areas get no runner; the app's close stops it.
   */
  jobRunner?: boolean | JobRunnerOptions;
  /**
   * Compile every operation's validators and serializers when the app starts; by default each is
   * compiled on its first use (server/http/lazySchemas.ts).
   */
  compileSchemasAtStart?: boolean;
}

// Secrets never reach the logs: cookies, tokens and the XSRF value are redacted by pino, and
// errors are logged through an allowlist (no SQL, parameters or quoted values; errorSerializer.ts).
const redact = ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]'];

export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info', redact, serializers: { req: redactAuthQuery, err: serializeError }, ...(options.logStream ? { stream: options.logStream } : {}) },
    routerOptions: { querystringParser: (query: string) => qs.parse(query) },
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
    ...(options.compileSchemasAtStart ? {} : { schemaController: { compilersFactory: { buildSerializer: serializersOnFirstUse() } } }),
  });

  const contract = loadContract();
  registerContractValidators(app, { atStart: options.compileSchemasAtStart ?? false });
  registerSecurityHeaders(app);
  app.setErrorHandler(problemErrorHandler);
  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, { title: 'Not Found', status: 404, detail: `No route ${request.method} ${request.url.split('?')[0]}` }),
  );

  await app.register(cookie);
  // Before the contract's routes: it checks every route's declared access as they are added.
  registerAuth(app, ctx, { collectorResolver: findCollectorByToken });
  await app.register(formbody);
  await registerRequestLimits(app, readRequestLimits(contract), async () => {
    await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { fileSize: ctx.config.uploadLimitBytes } });
  });
  if (options.strictResponses) registerStrictResponseValidation(app);

  const timeseries = ctx.timeseries ?? createTimeseriesStores(ctx.db);
  if (!ctx.timeseries) app.addHook('onClose', () => timeseries.close());
  await app.register(openapiGlue, {
    specification: contract,
    // Handlers change data through a Db that names the request's author to the audit triggers.
    operationResolver: resolveOperations(serviceHandlers({ ...ctx, db: withAuditActor(ctx.db), timeseries })),
    prefix: 'api',
  });

  if (options.clientDir) await registerStaticClient(app, options.clientDir);
  if (options.jobRunner) {
    const runner = startJobRunner(ctx.db, {
      recoverAllAtStart: ctx.db.kind === 'pglite',
      onError: (error) => app.log.error({ err: error }, 'job runner'),
      ...(options.jobRunner === true ? {} : options.jobRunner),
    });
    app.addHook('onClose', () => runner.stop());
  }
  return app;
}
