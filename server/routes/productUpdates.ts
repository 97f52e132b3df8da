import type { FastifyReply, FastifyRequest } from 'fastify';
import { removeBuildIfUnused, storeBuild } from '../collectors/productUpdateFiles';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../http/problem';
import { rethrowUniqueConflict } from '../http/uniqueConflict';
import { collectorsRepository } from '../repositories/collectors';
import { PRODUCT_UPDATE_UNIQUE_FIELDS, productUpdateJson, productUpdatesRepository } from '../repositories/productUpdates';

// GET, POST (multipart) and DELETE /product-updates: builds of a collector type for an OS and an
// architecture (SPEC §3 Product update). Installation-wide, like the product itself; collectors
// fetch them through /collector-api/update. The size limit is HISTORIAN_UPLOAD_LIMIT_BYTES,
// enforced by @fastify/multipart while the file streams in (413 past it).

interface UploadBody {
  ProductType: string;
  Product: string;
  OS: string;
  Arch: string;
  Version: string;
  File: unknown;
}

export function productUpdatesHandlers(ctx: AppContext) {
  return {
    async getProductUpdates() {
      return (await productUpdatesRepository(ctx.db).list()).map(productUpdateJson);
    },

    async createProductUpdate(request: FastifyRequest<{ Body: UploadBody }>, reply: FastifyReply) {
      const body = request.body;
      if (!(body.File instanceof Uint8Array) || body.File.byteLength === 0) throw badRequest('File must be a non-empty file', { File: ['is required'] });
      const fields = { productType: body.ProductType.trim(), product: body.Product.trim(), os: body.OS.trim(), arch: body.Arch.trim(), version: body.Version.trim() };
      const { checksum, size } = await storeBuild(ctx.config.dataDir, body.File);
      try {
        const row = await productUpdatesRepository(ctx.db).create({ ...fields, checksum, size });
        request.log.info({ productUpdate: row.uuid, checksum, size }, 'product update stored');
        return reply.code(201).send(productUpdateJson(row));
      } catch (error) {
        await removeBuildIfUnused(ctx.db, ctx.config.dataDir, checksum);
        return rethrowUniqueConflict(
          error,
          PRODUCT_UPDATE_UNIQUE_FIELDS,
          () => `Version ${fields.version} of ${fields.productType} for ${fields.os}/${fields.arch} is uploaded already; delete it first`,
          'is uploaded already for this type, OS and architecture',
        );
      }
    },

    async deleteProductUpdate(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
      const row = await ctx.db.transaction(async (tx) => {
        const deleted = await productUpdatesRepository(tx).delete(request.params.id);
        if (!deleted) throw notFound('No such product update');
        // Collectors told to install this build would ask for it forever.
        await collectorsRepository(tx).dropPendingUpdate({ productType: deleted.product_type, os: deleted.os, arch: deleted.arch, version: deleted.version });
        return deleted;
      });
      await removeBuildIfUnused(ctx.db, ctx.config.dataDir, row.checksum);
      return reply.code(204).send();
    },
  };
}
