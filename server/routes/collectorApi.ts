import { createReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { assignmentJson, COLLECTOR_COLUMNS, collectorByUuid, recordHealth, type CollectorRow, type JsonMap } from '../collectors/collectorStore';
import { buildFile } from '../collectors/productUpdateFiles';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { collectorOf } from '../http/collectorCaller';
import { conflict, notFound, unauthorized } from '../http/problem';
import { findProductUpdate, type ProductUpdateRow } from './productUpdates';

// The calls collectors make with their token (x-historian-access: collector). None takes an id:
// the token names the collector, so a token of one organization reaches nothing of another.
//
//   POST /collector-api/register    at start and after switching builds: type, build, schemas
//   POST /collector-api/health      every few seconds; answers status, settings version, update
//   GET  /collector-api/settings    when the settings version changed (secure settings included)
//   GET  /collector-api/update      the build it was told to install; /download for its bytes

export const INITIALIZING = 'Initializing collector';

interface RegistrationBody {
  CollectorType: string;
  BuildVersion: string;
  BuildOs: string;
  BuildArch: string;
  SettingsSchema: JsonMap;
  MeasurementSettingsSchema?: JsonMap;
}

interface HealthBody {
  Health: string;
  AppliedSettingsVersion?: number;
  FailedUpdateVersion?: string;
}

async function pendingBuild(db: Db, row: CollectorRow): Promise<ProductUpdateRow | undefined> {
  if (row.update_version === null) return undefined;
  return findProductUpdate(db, row.collector_type, row.build_os, row.build_arch, row.update_version);
}

export function collectorApiHandlers(ctx: AppContext) {
  const { db } = ctx;
  return {
    async registerCollector(request: FastifyRequest<{ Body: RegistrationBody }>) {
      const { collectorUuid } = collectorOf(request);
      const body = request.body;
      const row = await db.transaction(async (tx) => {
        const current = await collectorByUuid(tx, collectorUuid);
        if (current.collector_type !== '' && current.collector_type !== body.CollectorType) {
          throw conflict(`This token belongs to a collector of type ${current.collector_type}, not ${body.CollectorType}`);
        }
        const { rows } = await tx.query<CollectorRow>(
          `UPDATE collectors SET collector_type = $2, build_version = $3, build_os = $4, build_arch = $5,
                  settings_schema = $6, measurement_settings_schema = $7, registered_at = now(), updated_at = now(),
                  status = CASE WHEN status = 'Initial' THEN 'Active' ELSE status END,
                  -- Running the version it was told to install completes the update.
                  update_version = CASE WHEN update_version = $3 THEN NULL ELSE update_version END
            WHERE uuid = $1 RETURNING ${COLLECTOR_COLUMNS}`,
          [
            collectorUuid,
            body.CollectorType,
            body.BuildVersion,
            body.BuildOs,
            body.BuildArch,
            JSON.stringify(body.SettingsSchema),
            JSON.stringify(body.MeasurementSettingsSchema ?? {}),
          ],
        );
        await recordHealth(tx, collectorUuid, INITIALIZING);
        return rows[0];
      });
      request.log.info({ collector: collectorUuid, version: body.BuildVersion }, 'collector registered');
      return assignmentJson(row);
    },

    async getCollectorAssignment(request: FastifyRequest) {
      return assignmentJson(await collectorByUuid(db, collectorOf(request).collectorUuid));
    },

    async reportCollectorHealth(request: FastifyRequest<{ Body: HealthBody }>) {
      const { collectorUuid } = collectorOf(request);
      const body = request.body;
      const row = await db.transaction(async (tx) => {
        await recordHealth(tx, collectorUuid, body.Health);
        const { rows } = await tx.query<CollectorRow>(
          `UPDATE collectors SET
                  applied_settings_version = CASE WHEN $2::int IS NOT NULL AND $2::int <= settings_version THEN $2::int
                                                  ELSE applied_settings_version END,
                  -- A build the collector could not install is not asked for again.
                  update_version = CASE WHEN $3::text IS NOT NULL AND update_version = $3::text THEN NULL ELSE update_version END
            WHERE uuid = $1 RETURNING ${COLLECTOR_COLUMNS}`,
          [collectorUuid, body.AppliedSettingsVersion ?? null, body.FailedUpdateVersion ?? null],
        );
        // Deleted between the token check and now: the token no longer counts.
        if (!rows[0]) throw unauthorized('The collector token is unknown or revoked');
        return rows[0];
      });
      if (body.FailedUpdateVersion !== undefined) request.log.warn({ collector: collectorUuid, version: body.FailedUpdateVersion }, 'collector could not install an update');
      return {
        Status: row.status,
        SettingsVersion: row.settings_version,
        ...(row.update_version === null ? {} : { UpdateVersion: row.update_version }),
      };
    },

    async getCollectorUpdateOffer(request: FastifyRequest, reply: FastifyReply) {
      const row = await collectorByUuid(db, collectorOf(request).collectorUuid);
      if (row.update_version === null) return reply.code(204).send();
      const build = await pendingBuild(db, row);
      if (!build) throw notFound(`No product update ${row.update_version} exists for this collector's platform any more`);
      return {
        UUID: build.uuid,
        ProductType: build.product_type,
        Product: build.product,
        OS: build.os,
        Arch: build.arch,
        Version: build.version,
        Checksum: build.checksum,
        Size: build.size,
      };
    },

    async downloadCollectorUpdate(request: FastifyRequest, reply: FastifyReply) {
      const row = await collectorByUuid(db, collectorOf(request).collectorUuid);
      const build = await pendingBuild(db, row);
      if (!build) throw notFound('No update is asked of this collector');
      return reply
        .type('application/octet-stream')
        .header('content-length', String(build.size))
        .header('x-checksum-sha256', build.checksum)
        .send(createReadStream(buildFile(ctx.config.dataDir, build.checksum)));
    },
  };
}
