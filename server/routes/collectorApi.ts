import { createReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { assignmentJson } from '../collectors/collectorJson';
import { buildFile } from '../collectors/productUpdateFiles';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { collectorOf } from '../http/collectorCaller';
import { conflict, notFound, unauthorized } from '../http/problem';
import { collectorsRepository, type CollectorRow, type JsonMap } from '../repositories/collectors';
import { productUpdatesRepository, type ProductUpdateRow } from '../repositories/productUpdates';
import { measurementsVersion } from '../ingestion/measurements';
import { collectorIngestionHandlers } from './collectorIngestion';

// The calls collectors make with their token (x-historian-access: collector). None takes an id:
// the token names the collector, so a token of one organization reaches nothing of another.
//
//   POST /collector-api/register    at start and after switching builds: type, build, schemas
//   POST /collector-api/health      every few seconds; answers status, settings version, update
//   GET  /collector-api/settings    when the settings version changed (secure settings included)
//   GET  /collector-api/update      the build it was told to install; /download for its bytes
//   and the data path in collectorIngestion.ts (measurements, discovery, points)

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
  return productUpdatesRepository(db).find({ productType: row.collector_type, os: row.build_os, arch: row.build_arch, version: row.update_version });
}

/** The collector a token resolved to; it exists (the token lookup just found it) unless deleted since. */
async function collectorByUuid(db: Db, uuid: string): Promise<CollectorRow> {
  const row = await collectorsRepository(db).byUuid(uuid);
  if (!row) throw notFound('No such collector');
  return row;
}

export function collectorApiHandlers(ctx: AppContext) {
  const { db } = ctx;
  return {
    ...collectorIngestionHandlers(ctx),
    async registerCollector(request: FastifyRequest<{ Body: RegistrationBody }>) {
      const { collectorUuid } = collectorOf(request);
      const body = request.body;
      const row = await db.transaction(async (tx) => {
        const current = await collectorByUuid(tx, collectorUuid);
        if (current.collector_type !== '' && current.collector_type !== body.CollectorType) {
          throw conflict(`This token belongs to a collector of type ${current.collector_type}, not ${body.CollectorType}`);
        }
        const collectors = collectorsRepository(tx);
        const registered = await collectors.register(collectorUuid, {
          collectorType: body.CollectorType,
          buildVersion: body.BuildVersion,
          buildOs: body.BuildOs,
          buildArch: body.BuildArch,
          settingsSchema: body.SettingsSchema,
          measurementSettingsSchema: body.MeasurementSettingsSchema ?? {},
        });
        if (!registered) throw notFound('No such collector');
        await collectors.recordHealth(collectorUuid, INITIALIZING);
        return registered;
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
        const collectors = collectorsRepository(tx);
        await collectors.recordHealth(collectorUuid, body.Health);
        const acknowledged = await collectors.acknowledge(collectorUuid, body.AppliedSettingsVersion ?? null, body.FailedUpdateVersion ?? null);
        // Deleted between the token check and now: the token no longer counts.
        if (!acknowledged) throw unauthorized('The collector token is unknown or revoked');
        return acknowledged;
      });
      if (body.FailedUpdateVersion !== undefined) request.log.warn({ collector: collectorUuid, version: body.FailedUpdateVersion }, 'collector could not install an update');
      return {
        Status: row.status,
        SettingsVersion: row.settings_version,
        ...(row.update_version === null ? {} : { UpdateVersion: row.update_version }),
        MeasurementsVersion: await measurementsVersion(db, collectorUuid),
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
