import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Write } from '../../domain/contract';
import { collectorListJson, consoleCollectorJson, withLiveHealth } from '../collectors/collectorJson';
import { issueCollectorToken } from '../collectors/collectorTokens';
import { SYSTEM_COLLECTOR_TYPES } from '../collectors/defaults';
import { changeStatus } from '../collectors/lifecycle';
import { assertSettingsFit, mergeSettings } from '../collectors/settingsRules';
import { buildTemplate, TEMPLATE_CONTENT_TYPE, templateDisposition } from '../collectors/template';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { organizationOf } from '../http/caller';
import { assertBodyNamesPathItem } from '../http/pathUuid';
import { JSON_TYPE, markPreserialized } from '../http/responseValidation';
import { listETag, matchesETag } from '../http/etag';
import { badRequest, conflict, notFound } from '../http/problem';
import { rethrowUniqueConflict } from '../http/uniqueConflict';
import { keywordOf } from '../repositories/keyword';
import { COLLECTOR_UNIQUE_FIELDS, collectorsRepository, type CollectorRow, type CollectorStatus } from '../repositories/collectors';
import { productUpdatesRepository } from '../repositories/productUpdates';

// The management calls of SPEC §7 for collectors, always within the caller's organization
// (x-organization-uuid): another organization's collector answers 404 like a missing one.

type CollectorBody = Write<'Collector'>;

type Paged = { Querystring: { Limit?: number; Page?: number; Keyword?: string } };
type ById = { Params: { id: string } };

const COLLECTOR_TYPE = /^[a-z0-9][a-z0-9._-]{0,62}$/;

const UNIQUE_DETAILS = {
  Name: 'Another collector of this organization has this name',
  CollectorType: 'This organization has its own collector of this type already',
} as const;

const uniqueConflict = (error: unknown): never => rethrowUniqueConflict(error, COLLECTOR_UNIQUE_FIELDS, (field) => UNIQUE_DETAILS[field]);

/**
 * A collector of the organization, or 404: ids of another organization answer exactly like ids
 * that do not exist (ARCHITECTURE "Security model").
 */
async function findCollector(db: Db, organizationUuid: string, uuid: string): Promise<CollectorRow> {
  const row = await collectorsRepository(db).find(organizationUuid, uuid);
  if (!row) throw notFound('No such collector');
  return row;
}

const consoleJson = consoleCollectorJson;

function checkType(type: string | undefined): string {
  const value = (type ?? '').trim();
  if (value === '') return '';
  if (!COLLECTOR_TYPE.test(value)) throw badRequest('CollectorType must be lower case letters, digits, ".", "_" or "-"', { CollectorType: ['is not a valid type'] });
  if (SYSTEM_COLLECTOR_TYPES.includes(value)) {
    throw badRequest(`Every organization has exactly one ${value} collector already`, { CollectorType: ['is reserved'] });
  }
  return value;
}

/** Answers of GET /collectors kept by their ETag: the most recent ones, up to this many bytes. */
export const LIST_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * The pages of the collectors list this server wrote, by ETag. The ETag is read from the database
 * on every call (collectorsRepository.listVersion, moved by every change to a collector), so a kept
 * answer is served only while it is still what the database would give, on any number of servers;
 * the answer is the same for every reader of the organization (who may read it is checked before).
 */
class ListCache {
  readonly #entries = new Map<string, { body: string; total: number }>();
  #bytes = 0;

  get(etag: string): { body: string; total: number } | undefined {
    const entry = this.#entries.get(etag);
    if (entry) {
      // The most recently used go last, the oldest first out.
      this.#entries.delete(etag);
      this.#entries.set(etag, entry);
    }
    return entry;
  }

  set(etag: string, entry: { body: string; total: number }): void {
    if (entry.body.length > LIST_CACHE_BYTES) return;
    const old = this.#entries.get(etag);
    if (old) this.#bytes -= old.body.length;
    this.#entries.delete(etag);
    this.#entries.set(etag, entry);
    this.#bytes += entry.body.length;
    for (const [key, value] of this.#entries) {
      if (this.#bytes <= LIST_CACHE_BYTES) break;
      this.#entries.delete(key);
      this.#bytes -= value.body.length;
    }
  }
}

export function collectorsHandlers(ctx: AppContext) {
  const { db } = ctx;
  const written = new ListCache();
  return {
    async getCollectors(request: FastifyRequest<Paged>, reply: FastifyReply) {
      const organizationUuid = organizationOf(request);
      const limit = request.query.Limit ?? 100;
      const page = request.query.Page ?? 1;
      const keyword = keywordOf(request.query.Keyword);
      const collectors = collectorsRepository(db);
      // A console polls this list every few seconds: a browser that holds the current answer asks
      // with If-None-Match and gets 304 without a body. no-cache (not no-store) lets it keep the
      // answer to ask so; private keeps it out of shared caches.
      const etag = listETag(organizationUuid, await collectors.listVersion(organizationUuid), { limit, page, keyword });
      // The organization comes in a header: a browser keeps one answer per organization asked for.
      reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'x-organization-uuid');
      if (matchesETag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      let answer = written.get(etag);
      if (!answer) {
        const { rows, total } = await collectors.list(organizationUuid, limit, page, keyword);
        answer = { body: collectorListJson(rows), total };
        written.set(etag, answer);
      }
      // Already JSON text: with a JSON content type, Fastify sends a string as it is.
      return reply.header('x-total-count', String(answer.total)).type(JSON_TYPE).send(markPreserialized(reply, answer.body));
    },

    async createCollector(request: FastifyRequest<{ Body: CollectorBody }>, reply: FastifyReply) {
      const body = request.body;
      const name = body.Name.trim();
      if (name === '') throw badRequest('Name must not be blank', { Name: ['is required'] });
      const settings = mergeSettings({ settings: {}, secureSettings: {} }, body.Settings, body.SecureSettings);
      const collectorType = checkType(body.CollectorType);
      try {
        const row = await collectorsRepository(db).create({
          organizationUuid: organizationOf(request),
          name,
          description: body.Description ?? '',
          collectorType,
          settings: settings.settings,
          secureSettings: settings.secureSettings,
        });
        return reply.code(201).send(consoleJson(row));
      } catch (error) {
        return uniqueConflict(error);
      }
    },

    async updateCollector(request: FastifyRequest<ById & { Body: CollectorBody }>) {
      const row = await findCollector(db, organizationOf(request), request.params.id);
      const body = request.body;
      assertBodyNamesPathItem(body, row.uuid);
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
        const updated = await collectorsRepository(db).update(row.uuid, {
          name,
          description: body.Description ?? row.description,
          collectorType: type,
          settings: next.settings,
          secureSettings: next.secureSettings,
          settingsChanged: changed,
        });
        if (!updated) throw notFound('No such collector');
        return consoleJson(updated);
      } catch (error) {
        return uniqueConflict(error);
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
      const { rows, total } = await collectorsRepository(db).healthHistory(row.uuid, request.query.Limit ?? 100, request.query.Page ?? 1);
      reply.header('x-total-count', String(total));
      return rows.map((record) => ({ CollectorUUID: row.uuid, Health: record.health, Timestamp: record.recorded_at.toISOString() }));
    },

    async startCollectorUpdate(request: FastifyRequest<ById & { Body: { Version: string } }>, reply: FastifyReply) {
      const row = await findCollector(db, organizationOf(request), request.params.id);
      const version = request.body.Version.trim();
      if (row.status === 'Deleted') throw conflict('A deleted collector cannot be updated');
      if (row.registered_at === null) throw conflict('The collector has not registered yet, so its platform is unknown');
      if (version === row.build_version) throw conflict(`${row.name} runs version ${version} already`);
      const build = await productUpdatesRepository(db).find({ productType: row.collector_type, os: row.build_os, arch: row.build_arch, version });
      if (!build) {
        throw badRequest(`No product update ${version} exists for ${row.collector_type} on ${row.build_os}/${row.build_arch}`, { Version: ['has no product update'] });
      }
      await collectorsRepository(db).setUpdateVersion(row.uuid, version);
      request.log.info({ collector: row.uuid, version }, 'collector told to update');
      return reply.code(204).send();
    },
  };
}
