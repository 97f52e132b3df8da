import type { FastifyReply, FastifyRequest } from 'fastify';
import { issueCollectorToken } from '../collectors/collectorTokens';
import {
  collectorJson,
  COLLECTOR_COLUMNS,
  findCollector,
  isUniqueViolation,
  listCollectors,
  type CollectorRow,
  type CollectorStatus,
  type JsonMap,
} from '../collectors/collectorStore';
import { SYSTEM_COLLECTOR_TYPES } from '../collectors/defaults';
import { changeStatus } from '../collectors/lifecycle';
import { assertSettingsFit, mergeSettings } from '../collectors/settingsRules';
import { buildTemplate, TEMPLATE_CONTENT_TYPE, templateDisposition } from '../collectors/template';
import type { AppContext } from '../context';
import { organizationOf } from '../http/caller';
import { badRequest, conflict, HttpProblem } from '../http/problem';
import { findProductUpdate } from './productUpdates';

// The management calls of SPEC §7 for collectors, always within the caller's organization
// (x-organization-uuid): another organization's collector answers 404 like a missing one.

interface CollectorBody {
  UUID?: string;
  Name: string;
  Description?: string;
  CollectorType?: string;
  Settings?: JsonMap;
  SecureSettings?: JsonMap;
}

type Paged = { Querystring: { Limit?: number; Page?: number } };
type ById = { Params: { id: string } };

const COLLECTOR_TYPE = /^[a-z0-9][a-z0-9._-]{0,62}$/;

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new HttpProblem(409, 'Conflict', { detail: 'Another collector of this organization has this name', errors: { Name: ['is already in use'] } });
  }
  throw error;
}

/**
 * A deleted collector is shut out (its token is revoked), so the health it last reported is not live:
 * the console gets none for it, and the timeline (collector-health-history) keeps what it was.
 */
function withLiveHealth(json: ReturnType<typeof collectorJson>): ReturnType<typeof collectorJson> {
  return json.Status === 'Deleted' ? { ...json, Health: '', HealthUpdatedAt: null } : json;
}

const consoleJson = (row: CollectorRow) => withLiveHealth(collectorJson(row));

function checkType(type: string | undefined): string {
  const value = (type ?? '').trim();
  if (value === '') return '';
  if (!COLLECTOR_TYPE.test(value)) throw badRequest('CollectorType must be lower case letters, digits, ".", "_" or "-"', { CollectorType: ['is not a valid type'] });
  if (SYSTEM_COLLECTOR_TYPES.includes(value)) {
    throw badRequest(`Every organization has exactly one ${value} collector already`, { CollectorType: ['is reserved'] });
  }
  return value;
}

export function collectorsHandlers(ctx: AppContext) {
  const { db } = ctx;
  return {
    async getCollectors(request: FastifyRequest<Paged>, reply: FastifyReply) {
      const { rows, total } = await listCollectors(db, organizationOf(request), request.query.Limit ?? 100, request.query.Page ?? 1);
      reply.header('x-total-count', String(total));
      return rows.map(consoleJson);
    },

    async createCollector(request: FastifyRequest<{ Body: CollectorBody }>, reply: FastifyReply) {
      const body = request.body;
      const name = body.Name.trim();
      if (name === '') throw badRequest('Name must not be blank', { Name: ['is required'] });
      const settings = mergeSettings({ settings: {}, secureSettings: {} }, body.Settings, body.SecureSettings);
      try {
        const { rows } = await db.query<CollectorRow>(
          `INSERT INTO collectors (organization_uuid, name, description, collector_type, settings, secure_settings)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLLECTOR_COLUMNS}`,
          [organizationOf(request), name, body.Description ?? '', checkType(body.CollectorType), JSON.stringify(settings.settings), JSON.stringify(settings.secureSettings)],
        );
        return reply.code(201).send(consoleJson(rows[0]));
      } catch (error) {
        return nameTaken(error);
      }
    },

    async updateCollector(request: FastifyRequest<ById & { Body: CollectorBody }>) {
      const row = await findCollector(db, organizationOf(request), request.params.id);
      const body = request.body;
      if (body.UUID !== undefined && body.UUID.toLowerCase() !== row.uuid) throw badRequest('UUID does not match the path', { UUID: ['does not match'] });
      const name = body.Name.trim();
      if (name === '') throw badRequest('Name must not be blank', { Name: ['is required'] });
      let type = row.collector_type;
      if (body.CollectorType !== undefined && body.CollectorType !== row.collector_type) {
        // Once an agent registered, or for the organization's own collectors, the type is a fact.
        if (row.registered_at !== null || row.is_system) throw badRequest('The type is set by the collector when it registers', { CollectorType: ['cannot change'] });
        type = checkType(body.CollectorType);
      }
      const stored = { settings: row.settings, secureSettings: row.secure_settings };
      const next = mergeSettings(stored, body.Settings, body.SecureSettings);
      assertSettingsFit(row.settings_schema, next, Object.keys(body.SecureSettings ?? {}));
      const changed = JSON.stringify(next) !== JSON.stringify(stored);
      try {
        const { rows } = await db.query<CollectorRow>(
          `UPDATE collectors SET name = $2, description = $3, collector_type = $4, settings = $5, secure_settings = $6,
                  settings_version = settings_version + $7, updated_at = now()
            WHERE uuid = $1 RETURNING ${COLLECTOR_COLUMNS}`,
          [row.uuid, name, body.Description ?? row.description, type, JSON.stringify(next.settings), JSON.stringify(next.secureSettings), changed ? 1 : 0],
        );
        return consoleJson(rows[0]);
      } catch (error) {
        return nameTaken(error);
      }
    },

    async updateCollectorStatus(request: FastifyRequest<ById & { Body: { Status: CollectorStatus } }>) {
      const row = await findCollector(db, organizationOf(request), request.params.id);
      return withLiveHealth(await changeStatus(db, row, request.body.Status));
    },

    async deleteCollector(request: FastifyRequest<ById>, reply: FastifyReply) {
      const row = await findCollector(db, organizationOf(request), request.params.id);
      if (row.status !== 'Deleted') await changeStatus(db, row, 'Deleted');
      return reply.code(204).send();
    },

    async getCollectorToken(request: FastifyRequest<ById>) {
      const row = await findCollector(db, organizationOf(request), request.params.id);
      if (row.status === 'Deleted') throw conflict('A deleted collector gets no token; restore it first');
      const token = await issueCollectorToken(db, row.organization_uuid, row.uuid);
      if (token === undefined) throw conflict('The collector was deleted meanwhile');
      request.log.info({ collector: row.uuid }, 'collector token issued; the previous one is revoked');
      return { Token: token };
    },

    async getCollectorTemplate(request: FastifyRequest<ById>, reply: FastifyReply) {
      const row = await findCollector(db, organizationOf(request), request.params.id);
      const bytes = await buildTemplate(row);
      return reply.type(TEMPLATE_CONTENT_TYPE).header('content-disposition', templateDisposition(row.name)).send(bytes);
    },

    async getCollectorHealthHistory(request: FastifyRequest<ById & Paged>, reply: FastifyReply) {
      const row = await findCollector(db, organizationOf(request), request.params.id);
      const limit = request.query.Limit ?? 100;
      const page = request.query.Page ?? 1;
      const total = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM collector_health WHERE collector_uuid = $1', [row.uuid]);
      const { rows } = await db.query<{ health: string; recorded_at: Date }>(
        `SELECT health, recorded_at FROM collector_health WHERE collector_uuid = $1
          ORDER BY recorded_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [row.uuid, limit, (page - 1) * limit],
      );
      reply.header('x-total-count', String(total.rows[0].n));
      return rows.map((record) => ({ CollectorUUID: row.uuid, Health: record.health, Timestamp: record.recorded_at.toISOString() }));
    },

    async startCollectorUpdate(request: FastifyRequest<ById & { Body: { Version: string } }>, reply: FastifyReply) {
      const row = await findCollector(db, organizationOf(request), request.params.id);
      const version = request.body.Version.trim();
      if (row.status === 'Deleted') throw conflict('A deleted collector cannot be updated');
      if (row.registered_at === null) throw conflict('The collector has not registered yet, so its platform is unknown');
      if (version === row.build_version) throw conflict(`${row.name} runs version ${version} already`);
      const build = await findProductUpdate(db, row.collector_type, row.build_os, row.build_arch, version);
      if (!build) {
        throw badRequest(`No product update ${version} exists for ${row.collector_type} on ${row.build_os}/${row.build_arch}`, { Version: ['has no product update'] });
      }
      await db.query('UPDATE collectors SET update_version = $2, updated_at = now() WHERE uuid = $1', [row.uuid, version]);
      request.log.info({ collector: row.uuid, version }, 'collector told to update');
      return reply.code(204).send();
    },
  };
}
