import type { FastifyReply, FastifyRequest } from 'fastify';
import { settingsSchemaOf } from '../../collectors/settingsRules';
import { BASE_COLUMNS } from '../../collectors/template';
import type { AppContext } from '../../context';
import { callerOf, organizationOf } from '../../http/caller';
import { badRequest, notFound } from '../../http/problem';
import { enqueueJob } from '../../jobs/queue';
import { registerJobType } from '../../jobs/registry';
import { collectorsRepository } from '../../repositories/collectors';
import { CALCULATIONS_FEATURE, organizationHasFeature } from '../licence';
import { MEASUREMENT_IMPORT, measurementImportJobType, type MeasurementImportPayload } from './importJob';
import { attachJob, findImport, pruneImports, storeImport } from './importStore';
import { parseWorkbook } from './parseWorkbook';
import { databasesOf, planRows, summaryOf } from './plan';

// POST /measurements/import/dry-run (multipart: File, CollectorUUID) and POST /measurements/import
// ({Token}): the import of a filled-in collector template (DOMAIN.md §1, SPEC §3 import actions).

interface DryRunBody {
  CollectorUUID: string;
  File: unknown;
}

export function measurementImportHandlers(ctx: AppContext) {
  registerJobType(MEASUREMENT_IMPORT, measurementImportJobType);
  return {
    async importMeasurementsDryRun(request: FastifyRequest<{ Body: DryRunBody }>) {
      const organizationUuid = organizationOf(request);
      const caller = callerOf(request);
      const { File: file, CollectorUUID: collectorUuid } = request.body;
      if (!(file instanceof Uint8Array) || file.byteLength === 0) throw badRequest('File must be a non-empty file', { File: ['is required'] }, 'measurement_import.no_file');
      const collector = await collectorsRepository(ctx.db).find(organizationUuid, collectorUuid);
      if (!collector) throw notFound('No such collector');
      const sheet = await parseWorkbook(file);
      const schema = settingsSchemaOf(collector.measurement_settings_schema);
      const known = new Set<string>([...BASE_COLUMNS, ...Object.keys(schema.properties ?? {})]);
      const planned = await planRows(
        ctx.db,
        {
          organizationUuid,
          collectorUuid: collector.uuid,
          schema,
          databases: await databasesOf(ctx.db, organizationUuid),
          letters: new Map(sheet.columns.map((column) => [column.header, column.letter])),
          calculationsLicensed: await organizationHasFeature(ctx, organizationUuid, CALCULATIONS_FEATURE),
        },
        sheet.rows,
      );
      await pruneImports(ctx.db);
      const { token, expiresAt } = await storeImport(ctx.db, { organizationUuid, userUuid: caller.userUuid, collectorUuid: collector.uuid, sheet });
      return {
        Rows: planned.map(({ Row, Name, Action, Changes, Errors }) => ({ Row, Name, Action, Changes, Errors })),
        Summary: summaryOf(planned),
        UnknownColumns: sheet.columns.map((column) => column.header).filter((header) => !known.has(header)),
        Token: token,
        ExpiresAt: expiresAt.toISOString(),
      };
    },

    async importMeasurements(request: FastifyRequest<{ Body: { Token: string } }>, reply: FastifyReply) {
      const organizationUuid = organizationOf(request);
      const caller = callerOf(request);
      // Read before the transaction: inside it only `tx` may be used.
      const calculationsLicensed = await organizationHasFeature(ctx, organizationUuid, CALCULATIONS_FEATURE);
      const jobUuid = await ctx.db.transaction(async (tx) => {
        const stored = await findImport(tx, request.body.Token, organizationUuid, caller.userUuid);
        if (!stored || (stored.job_uuid === null && stored.expires_at.getTime() < Date.now())) throw notFound('No such dry run: it has expired, or it is not yours');
        // Applying the same dry run twice starts one job.
        if (stored.job_uuid !== null) return stored.job_uuid;
        const payload: MeasurementImportPayload = { Token: stored.token, CalculationsLicensed: calculationsLicensed };
        const job = await enqueueJob(tx, { type: MEASUREMENT_IMPORT, organizationUuid, payload, createdBy: { uuid: caller.userUuid, name: caller.userName } });
        await attachJob(tx, stored.token, job.uuid);
        return job.uuid;
      });
      return reply.code(202).send({ JobUUID: jobUuid });
    },
  };
}
