import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Read } from '../../domain/contract';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { callerOf, organizationOf } from '../http/caller';
import { badRequest, conflict, HttpProblem } from '../http/problem';
import { rethrowUniqueConflict } from '../http/uniqueConflict';
import { refreshLinkStatus } from '../prototypes/linkStatus';
import { keywordOf } from '../repositories/keyword';
import { checkAsset } from './assetRules';
import { ASSET_UNIQUE_FIELDS, assetsRepository, type AssetRow } from './assetsRepository';

// /assets (DOMAIN.md §3; server/prototypes/README.md, "The tree"): one level or a search, sorted by
// path with x-total-count; create, rename and move keep the path and depth of the whole subtree;
// delete is soft and refused (409 AssetInUse) while something depends on the asset, unless
// Cascade. An asset of another organization is a 404 like one that does not exist.

type AssetJson = Read<'Asset'>;
type ById = { Params: { id: string } };
type OneOrMany = string | string[];
interface AssetBody {
  Name?: string;
  Description?: string;
  ParentUUID?: string | null;
  Metadata?: Record<string, unknown>;
}
interface ListQuery {
  Querystring: {
    Limit?: number;
    Page?: number;
    Keyword?: string;
    Path?: string;
    Roots?: boolean;
    ParentUUIDs?: OneOrMany;
    UUIDs?: OneOrMany;
    PrototypeUUIDs?: OneOrMany;
    LinkStatuses?: OneOrMany;
    Statuses?: OneOrMany;
  };
}

const list = (value: OneOrMany | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

export function assetJson(row: AssetRow): AssetJson {
  return {
    UUID: row.uuid,
    Name: row.name,
    Description: row.description,
    ParentUUID: row.parent_uuid,
    AssetPath: row.path,
    Status: row.status,
    Metadata: row.metadata,
    PrototypeUUID: row.prototype_uuid,
    PrototypeName: row.prototype_name,
    LinkStatus: row.link_status,
    ChildCount: row.child_count,
    CreatedAt: row.created_at.toISOString(),
    UpdatedAt: row.updated_at.toISOString(),
  };
}

const noSuchAsset = () => new HttpProblem(404, 'No such asset', { code: 'assets.errors.not_found' });
const noSuchParent = () => new HttpProblem(404, 'No such parent asset', { code: 'assets.errors.parent_not_found', errors: { ParentUUID: ['is not an asset of this organization'] } });

const nameTaken = (error: unknown, field: 'Name' | 'ParentUUID' = 'Name'): never =>
  rethrowUniqueConflict(error, field === 'Name' ? ASSET_UNIQUE_FIELDS : { assets_sibling_name: field }, () => 'An asset of this name exists under this parent', 'already holds an asset of this name');

/** The active asset of the organization, its tree locked for the change; 404 otherwise (409 when deleted). */
async function activeAsset(tx: Db, organizationUuid: string, uuid: string): Promise<AssetRow> {
  await assetsRepository(tx).lockTree(organizationUuid);
  const asset = await assetsRepository(tx).find(organizationUuid, uuid, true);
  if (!asset) throw noSuchAsset();
  if (asset.status !== 'Active') throw conflict('The asset is deleted', 'assets.errors.deleted');
  return asset;
}

async function parentOf(tx: Db, organizationUuid: string, parentUuid: string | null | undefined): Promise<AssetRow | null> {
  if (!parentUuid) return null;
  const parent = await assetsRepository(tx).find(organizationUuid, parentUuid);
  if (!parent || parent.status !== 'Active') throw noSuchParent();
  return parent;
}

export function assetHandlers(ctx: AppContext) {
  const reread = async (tx: Db, organizationUuid: string, uuid: string) => {
    const row = await assetsRepository(tx).find(organizationUuid, uuid);
    if (!row) throw noSuchAsset();
    return assetJson(row);
  };

  return {
    async getAssets(request: FastifyRequest<ListQuery>, reply: FastifyReply) {
      const query = request.query;
      const { rows, total } = await assetsRepository(ctx.db).list(organizationOf(request), {
        roots: query.Roots === true,
        parentUuids: list(query.ParentUUIDs),
        uuids: list(query.UUIDs),
        keyword: keywordOf(query.Keyword),
        path: query.Path?.trim().replace(/\/+$/, '') || null,
        prototypeUuids: list(query.PrototypeUUIDs),
        linkStatuses: list(query.LinkStatuses),
        statuses: list(query.Statuses),
        limit: query.Limit ?? 100,
        page: query.Page ?? 1,
      });
      reply.header('x-total-count', String(total));
      return rows.map(assetJson);
    },

    async getAsset(request: FastifyRequest<ById>) {
      const row = await assetsRepository(ctx.db).find(organizationOf(request), request.params.id);
      if (!row) throw noSuchAsset();
      return assetJson(row);
    },

    async createAsset(request: FastifyRequest<{ Body: AssetBody }>, reply: FastifyReply) {
      const organizationUuid = organizationOf(request);
      const input = checkAsset(request.body);
      const actor = callerOf(request).userUuid;
      const created = await ctx.db.transaction(async (tx) => {
        await assetsRepository(tx).lockTree(organizationUuid);
        const parent = await parentOf(tx, organizationUuid, request.body.ParentUUID);
        const uuid = await assetsRepository(tx).create(organizationUuid, parent, input, actor).catch((error: unknown) => nameTaken(error));
        return reread(tx, organizationUuid, uuid);
      });
      return reply.code(201).send(created);
    },

    /** Name, description and metadata; a new name rewrites the paths below. The parent changes only through moveAsset. */
    async updateAsset(request: FastifyRequest<ById & { Body: AssetBody }>) {
      const organizationUuid = organizationOf(request);
      const input = checkAsset(request.body);
      const actor = callerOf(request).userUuid;
      return ctx.db.transaction(async (tx) => {
        const asset = await activeAsset(tx, organizationUuid, request.params.id);
        if (request.body.ParentUUID !== undefined && request.body.ParentUUID !== asset.parent_uuid) {
          throw badRequest('A move is PATCH /assets/{id}/parent', { ParentUUID: ['changes only through a move'] }, 'assets.errors.parent_fixed');
        }
        const repository = assetsRepository(tx);
        try {
          await repository.update(asset, input, actor);
        } catch (error) {
          nameTaken(error);
        }
        if (input.name !== asset.name) {
          const path = asset.path.slice(0, asset.path.length - asset.name.length) + input.name;
          await repository.rewriteSubtree(asset, { path, depth: asset.depth }, actor);
        }
        if (asset.prototype_uuid !== null && JSON.stringify(input.metadata) !== JSON.stringify(asset.metadata)) {
          await refreshLinkStatus(tx, { assetUuids: [asset.uuid] });
        }
        return reread(tx, organizationUuid, asset.uuid);
      });
    },

    /** Under another parent or to the top, with its subtree; never under itself or below itself (400). */
    async moveAsset(request: FastifyRequest<ById & { Body: { ParentUUID: string | null } }>) {
      const organizationUuid = organizationOf(request);
      const actor = callerOf(request).userUuid;
      return ctx.db.transaction(async (tx) => {
        const asset = await activeAsset(tx, organizationUuid, request.params.id);
        const parentUuid = request.body.ParentUUID;
        if (parentUuid === asset.uuid) throw badRequest('An asset cannot be its own parent', { ParentUUID: ['is the asset itself'] }, 'assets.errors.cycle');
        const parent = await parentOf(tx, organizationUuid, parentUuid);
        if (parent && parent.path.startsWith(`${asset.path}/`)) {
          throw badRequest('An asset cannot move below itself', { ParentUUID: ['is below the asset'] }, 'assets.errors.cycle');
        }
        if ((parent?.uuid ?? null) === asset.parent_uuid) return reread(tx, organizationUuid, asset.uuid);
        const path = parent ? `${parent.path}/${asset.name}` : asset.name;
        try {
          await assetsRepository(tx).rewriteSubtree(asset, { path, depth: parent ? parent.depth + 1 : 0, parentUuid: parent?.uuid ?? null }, actor);
        } catch (error) {
          nameTaken(error, 'ParentUUID');
        }
        return reread(tx, organizationUuid, asset.uuid);
      });
    },

    /** Soft; 409 AssetInUse with the dependants unless Cascade deletes the subtree and removes its properties and event configurations. */
    async deleteAsset(request: FastifyRequest<ById & { Querystring: { Cascade?: boolean } }>, reply: FastifyReply) {
      const organizationUuid = organizationOf(request);
      const actor = callerOf(request).userUuid;
      const inUse = await ctx.db.transaction(async (tx) => {
        await assetsRepository(tx).lockTree(organizationUuid);
        const asset = await assetsRepository(tx).find(organizationUuid, request.params.id, true);
        if (!asset || asset.status !== 'Active') throw noSuchAsset();
        const repository = assetsRepository(tx);
        if (request.query.Cascade !== true) {
          const dependants = await repository.dependants(asset);
          if (dependants.children > 0 || dependants.properties > 0 || dependants.eventConfigurations > 0) return dependants;
        }
        await repository.deleteSubtree(asset, actor);
        return null;
      });
      if (inUse) {
        return reply
          .code(409)
          .type('application/problem+json')
          .send({
            title: 'Conflict',
            status: 409,
            detail: `The asset has ${inUse.children} active children, ${inUse.properties} properties and ${inUse.eventConfigurations} event configurations; delete with Cascade to delete them with it`,
            code: 'assets.errors.in_use',
            Dependants: { Children: inUse.children, Properties: inUse.properties, EventConfigurations: inUse.eventConfigurations },
          });
      }
      return reply.code(204).send();
    },
  };
}
